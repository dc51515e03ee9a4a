/**
 * Wallet transfers in the console (issue 30 item 8): the requester sees Approve disabled with the reason
 * at any amount, so does the staff member who gave the first approval; anyone else may approve.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeApi } from './support/fake-api';
import { EXCHANGE } from './support/fixtures';
import { renderApp } from './support/render-app';
import { signedInWithAbilities } from './support/resource-rows';

let api: FakeApi;
beforeEach(() => { localStorage.clear(); api = fakeApi(); });
afterEach(() => vi.unstubAllGlobals());

const ME = 'ID00000000AA';
const T = {
  id: 7, from_wallet_id: 1, to_wallet_id: 2, from_wallet: 'hot', to_wallet: 'cold', currency: 'btc', amount: '0.01', reason: 'Sweep',
  txid: null, state: 'pending', creator_uid: 'ID0000000OTH', approved_by_uid: null, created_at: '2026-11-20T10:00:00Z', updated_at: '2026-11-20T10:00:00Z',
};

async function approveButton(row: Record<string, unknown>): Promise<HTMLButtonElement> {
  signedInWithAbilities(api, {}, { manage: ['Wallet'] });
  api.on('GET', `${EXCHANGE}/admin/wallet_transfers/7`, { body: { ...T, ...row } });
  renderApp('/wallet-transfer/7');
  return await screen.findByRole('button', { name: 'Approve' }) as HTMLButtonElement;
}

describe('wallet transfers', () => {
  it('shows Approve disabled to the requester, however small the amount', async () => {
    const approve = await approveButton({ creator_uid: ME });
    expect(approve.disabled).toBe(true);
    expect(approve.title).toBe('You requested this transfer: another staff member must approve it');
    expect((screen.getByRole('button', { name: 'Reject' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows Approve disabled to the first approver of a transfer under review', async () => {
    const approve = await approveButton({ state: 'under_review', amount: '25', approved_by_uid: ME });
    expect(approve.disabled).toBe(true);
    expect(approve.title).toBe('You gave the first approval: another staff member must approve it');
  });

  it('offers Approve to another staff member', async () => {
    const approve = await approveButton({ state: 'under_review', amount: '25', approved_by_uid: 'ID0000000SEC' });
    expect(approve.disabled).toBe(false);
  });

  it.each([
    ['under_review', "First approval given: its amount is above the currency's review amount, so another staff member must approve it"],
    ['completed', 'Transfer approved'],
  ])('says what an approval did: the transfer %s', async (state, toast) => {
    const approve = await approveButton({ amount: '25' });
    api.on('POST', `${EXCHANGE}/admin/wallet_transfers/action`, { status: 201, body: { ...T, amount: '25', state, approved_by_uid: state === 'under_review' ? ME : null } });
    const user = userEvent.setup();
    await user.click(approve);
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(toast)).toBeTruthy();
  });
});
