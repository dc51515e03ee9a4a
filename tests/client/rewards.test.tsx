/**
 * The reward history on the engine: the list's "Settle referral rewards" asks for the period's first and
 * last day and sends them, the count made in a toast; a pending reward's page pays it after a before →
 * after confirmation; a role that only reads sees Pay disabled with the reason.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeApi } from './support/fake-api';
import { freshBrowserState, renderApp } from './support/render-app';
import { pagedList, signedInWithAbilities } from './support/resource-rows';

const AL = '/api/v2/applogic/admin';
const REWARD = {
  id: 3, uid: 'ID00000000C2', email: 'c2@customer.test', member_id: 102, kind: 'referral', currency: 'usdt', amount: '0.25', campaign: null,
  reason: null, state: 'pending', source_uid: 'ID00000000C3', source_id: 103, referral_rule_id: 1, referral_rule: 'Direct referrals', tier: 1,
  settlement_id: 2, period_from: '2026-11-01T00:00:00Z', period_to: '2026-11-08T00:00:00Z', fee_amount: '1.25', trades: 4,
  creator_uid: 'ID00000000AA', payer_uid: null, paid_at: null, canceled_at: null, created_at: '2026-11-08T09:00:00Z', updated_at: '2026-11-08T09:00:00Z',
};

let api: FakeApi;
beforeEach(() => { freshBrowserState(); api = fakeApi(); });
afterEach(() => vi.unstubAllGlobals());

describe('reward history', () => {
  it('settles a period from the list and says how many rewards it made', async () => {
    signedInWithAbilities(api, {}, { manage: ['Reward'] });
    api.on('GET', `${AL}/rewards`, pagedList([REWARD]));
    api.on('POST', `${AL}/rewards/settle`, { status: 201, body: { settlement_id: 5, period_from: '2026-11-09T00:00:00.000Z', period_to: '2026-11-16T00:00:00.000Z', created: 4, existing: 0 } });
    renderApp('/reward-history');
    const user = userEvent.setup();
    // The first screen of the file loads the list's code: give it the time a loaded machine needs.
    await screen.findByText('c2@customer.test', undefined, { timeout: 20_000 });
    await user.click(await screen.findByRole('button', { name: 'Settle referral rewards' }));
    const dialog = await screen.findByRole('dialog', { name: 'Settle referral rewards' });
    fireEvent.change(within(dialog).getByLabelText(/^From/), { target: { value: '2026-11-09' } });
    fireEvent.change(within(dialog).getByLabelText(/^To/), { target: { value: '2026-11-15' } });
    await user.click(within(dialog).getByRole('button', { name: 'Settle' }));
    expect(await screen.findByText('Settled: 4 new pending rewards')).toBeTruthy();
    expect(api.callsTo('POST', `${AL}/rewards/settle`)[0]!.body).toEqual({ from: '2026-11-09', to: '2026-11-15' });
  });

  it('pays a pending reward on its page after a before → after confirmation', async () => {
    signedInWithAbilities(api, {}, { manage: ['Reward'] });
    api.on('GET', `${AL}/rewards/3`, { body: REWARD });
    api.on('POST', `${AL}/rewards/action`, { status: 201, body: { ...REWARD, state: 'paid', paid_at: '2026-11-20T10:00:00Z', payer_uid: 'ID00000000AA' } });
    renderApp('/reward-history/3');
    const user = userEvent.setup();
    expect(await screen.findByText('Direct referrals')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Pay' }));
    const confirm = await screen.findByRole('alertdialog', { name: /^Pay reward 3\?/ });
    expect(confirm.textContent).toContain('Pending → Paid');
    expect(api.callsTo('POST', `${AL}/rewards/action`)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(api.callsTo('POST', `${AL}/rewards/action`)).toHaveLength(1));
    expect(api.callsTo('POST', `${AL}/rewards/action`)[0]!.body).toEqual({ id: 3, action: 'pay' });
    expect(await screen.findByText('Reward paid')).toBeTruthy();
  });

  it('shows Pay disabled, with the reason, to a role that only reads rewards', async () => {
    signedInWithAbilities(api, {}, { read: ['Reward'] });
    api.on('GET', `${AL}/rewards`, pagedList([REWARD]));
    api.on('GET', `${AL}/rewards/3`, { body: REWARD });
    renderApp('/reward-history/3');
    expect(await screen.findByText('Direct referrals')).toBeTruthy();
    const pay = screen.getByRole('button', { name: 'Pay' }) as HTMLButtonElement;
    expect(pay.disabled).toBe(true);
    expect(pay.title).toBe('Your role cannot manage state of Reward.');
  });
});
