/**
 * A deposit's refund in the console: offered on the deposit's page only when the server says it is
 * refundable; the dialog asks for the address, then shows the change before → after and the address,
 * (the one ConfirmDialog) and only Confirm sends POST /admin/deposits/{id}/refund {address}; Back returns to the address.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeApi } from './support/fake-api';
import { EXCHANGE } from './support/fixtures';
import { renderApp } from './support/render-app';
import { signedInWithAbilities } from './support/resource-rows';

let api: FakeApi;
beforeEach(() => { localStorage.clear(); api = fakeApi(); });
afterEach(() => vi.unstubAllGlobals());

const ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const D = {
  id: 7, currency: 'btc', amount: '0.4', fee: '0', txid: 'ab'.repeat(32), txout: 0, block_number: 812345, address: 'bc1qdeposit',
  state: 'rejected', type: 'coin', transfer_type: 'crypto', tid: 'TID0000000007', member: 3, uid: 'ID1234567890', email: 'ada@customer.test',
  created_at: '2026-11-20T10:00:00Z', updated_at: '2026-11-20T10:00:00Z', completed_at: '2026-11-20T11:00:00Z', refund_address: null, refundable: true,
};

describe('deposit refund', () => {
  it('asks for the address, confirms State: Rejected → Refunding with it, then sends the refund', async () => {
    signedInWithAbilities(api, {}, { read: ['Deposit'], update: ['Deposit'] });
    api.on('GET', `${EXCHANGE}/admin/deposits/7`, { body: D });
    api.on('POST', `${EXCHANGE}/admin/deposits/7/refund`, { status: 201, body: { id: 1, address: ADDRESS, deposit: { ...D, state: 'refunding', refund_address: ADDRESS, refundable: false } } });
    renderApp('/deposit/7');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund deposit' });
    const submit = within(dialog).getByRole('button', { name: 'Refund' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    await user.type(within(dialog).getByRole('textbox', { name: 'Refund address' }), ADDRESS);
    await user.click(submit);
    // The confirmation (the one ConfirmDialog, its focus on Back): before → after and the address; nothing sent yet.
    let ask = await screen.findByRole('alertdialog', { name: 'Refund deposit?' });
    expect(within(ask).getByText('Rejected')).toBeTruthy();
    expect(within(ask).getByText('Refunding')).toBeTruthy();
    expect(within(ask).getByText(ADDRESS)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(ask).getByRole('button', { name: 'Back' })));
    expect(api.callsTo('POST', `${EXCHANGE}/admin/deposits/7/refund`)).toHaveLength(0);
    await user.click(within(ask).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect((within(dialog).getByRole('textbox', { name: 'Refund address' }) as HTMLInputElement).value).toBe(ADDRESS);
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    ask = await screen.findByRole('alertdialog', { name: 'Refund deposit?' });
    await user.click(within(ask).getByRole('button', { name: 'Confirm refund' }));
    await waitFor(() => expect(api.callsTo('POST', `${EXCHANGE}/admin/deposits/7/refund`)).toHaveLength(1));
    expect(api.callsTo('POST', `${EXCHANGE}/admin/deposits/7/refund`)[0]!.body).toEqual({ address: ADDRESS });
    expect(await screen.findByText(`Refund ordered: the deposit is refunding to ${ADDRESS}`)).toBeTruthy();
  });

  it('records the wallet side\'s answer while the refund is pending: sent with its transaction id (failed offered beside it)', async () => {
    signedInWithAbilities(api, {}, { read: ['Deposit'], update: ['Deposit'] });
    const refunding = { ...D, state: 'refunding', refund_address: ADDRESS, refund_state: 'pending', refund_txid: null, refundable: false };
    const TXID = 'cd'.repeat(32);
    api.on('GET', `${EXCHANGE}/admin/deposits/7`, { body: refunding });
    api.on('POST', `${EXCHANGE}/admin/deposits/actions`, { status: 201, body: { ...refunding, refund_state: 'processed', refund_txid: TXID } });
    renderApp('/deposit/7');
    const user = userEvent.setup();
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
    expect(await screen.findByRole('button', { name: 'Refund failed' })).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Refund sent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund sent' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Transaction ID' }), TXID);
    await user.click(within(dialog).getByRole('button', { name: 'Refund sent' }));
    // Refund state: Pending → Processed, with the transaction id, before anything is sent.
    const ask = await screen.findByRole('alertdialog', { name: 'Refund sent?' });
    expect(within(ask).getByText('Processed')).toBeTruthy();
    expect(within(ask).getByText(TXID)).toBeTruthy();
    expect(api.callsTo('POST', `${EXCHANGE}/admin/deposits/actions`)).toHaveLength(0);
    await user.click(within(ask).getByRole('button', { name: 'Confirm refund sent' }));
    await waitFor(() => expect(api.callsTo('POST', `${EXCHANGE}/admin/deposits/actions`)).toHaveLength(1));
    expect(api.callsTo('POST', `${EXCHANGE}/admin/deposits/actions`)[0]!.body).toEqual({ id: 7, action: 'refund_processed', txid: TXID });
    expect(await screen.findByText('Refund recorded as sent')).toBeTruthy();
  });

  it('is not offered on a deposit the server does not call refundable', async () => {
    signedInWithAbilities(api, {}, { read: ['Deposit'], update: ['Deposit'] });
    api.on('GET', `${EXCHANGE}/admin/deposits/7`, { body: { ...D, state: 'collected', refundable: false } });
    renderApp('/deposit/7');
    expect(await screen.findByText('ada@customer.test')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
  });
});
