/**
 * Withdrawals in the console: the queue (/withdrawl-pending) always asks for state pending and opens a
 * row at /withdrawls/{id}; a row's page offers the actions its state allows, Reject asks for a reason
 * (the dialog's Reject stays disabled until one is typed) and sends {id, action: 'reject', reason}; the
 * staff member who gave the first approval sees Accept disabled with the reason. A fiat deposit staff record is
 * created from /deposit/add.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeApi } from './support/fake-api';
import { EXCHANGE } from './support/fixtures';
import { renderApp } from './support/render-app';
import { pagedList, signedInWithAbilities } from './support/resource-rows';

let api: FakeApi;
beforeEach(() => { localStorage.clear(); api = fakeApi(); });
afterEach(() => vi.unstubAllGlobals());

const ME = 'ID00000000AA';
const W = {
  id: 41, currency: 'btc', blockchain_key: 'bitcoin', type: 'coin', amount: '1.5', fee: '0.0005', sum: '1.5005', rid: 'bc1qdestination',
  tid: 'TID0A1B2C3D4E', blockchain_txid: null, note: null, reject_reason: null, state: 'submitted', uid: 'ID1234567890',
  email: 'ada@customer.test', approved_by_uid: null, decided_by_uid: null, created_at: '2026-11-20T10:00:00Z', done_at: null,
};

describe('withdrawals', () => {
  it('lists the approval queue with state pending on every request and opens a row on its page', async () => {
    signedInWithAbilities(api, {}, { read: ['Withdraw', 'Currency'], update: ['Withdraw'] });
    api.on('GET', `${EXCHANGE}/admin/withdraws`, pagedList([W]));
    api.on('GET', `${EXCHANGE}/admin/withdraws/41`, { body: W });
    renderApp('/withdrawl-pending');
    expect(await screen.findByText('ada@customer.test')).toBeTruthy();
    expect(api.callsTo('GET', `${EXCHANGE}/admin/withdraws`).at(-1)!.query.get('state')).toBe('pending');
    // The queue's own state is not offered as a filter to change.
    expect(window.location.search).toBe('');
    const user = userEvent.setup();
    await user.dblClick(screen.getByText('ada@customer.test'));
    await waitFor(() => expect(window.location.pathname).toBe('/withdrawls/41'));
  });

  it('rejects with the reason typed in the dialog', async () => {
    signedInWithAbilities(api, {}, { read: ['Withdraw'], update: ['Withdraw'] });
    api.on('GET', `${EXCHANGE}/admin/withdraws/41`, { body: W });
    api.on('POST', `${EXCHANGE}/admin/withdraws/actions`, { status: 201, body: { ...W, state: 'rejected', reject_reason: 'Sanctioned destination' } });
    renderApp('/withdrawls/41');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject withdrawal' });
    const submit = within(dialog).getByRole('button', { name: 'Reject' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Sanctioned destination');
    await user.click(submit);
    await waitFor(() => expect(api.callsTo('POST', `${EXCHANGE}/admin/withdraws/actions`)).toHaveLength(1));
    expect(api.callsTo('POST', `${EXCHANGE}/admin/withdraws/actions`)[0]!.body).toEqual({ id: 41, action: 'reject', reason: 'Sanctioned destination' });
    expect(await screen.findByText('Withdrawal rejected: funds returned')).toBeTruthy();
  });

  it.each([
    [false, "First approval given: its amount is above the currency's review amount, so another staff member must accept it"],
    [true, "First approval given: it is over the member's withdrawal limits, so another staff member must accept it"],
  ])('says why an accepted withdrawal waits for a second approval (over the limits: %s)', async (overLimits, toast) => {
    signedInWithAbilities(api, {}, { read: ['Withdraw'], update: ['Withdraw'] });
    api.on('GET', `${EXCHANGE}/admin/withdraws/41`, { body: { ...W, over_limits: overLimits } });
    api.on('POST', `${EXCHANGE}/admin/withdraws/actions`, { status: 201, body: { ...W, over_limits: overLimits, state: 'under_review', approved_by_uid: ME } });
    renderApp('/withdrawls/41');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText(toast)).toBeTruthy();
    expect(api.callsTo('POST', `${EXCHANGE}/admin/withdraws/actions`)[0]!.body).toEqual({ id: 41, action: 'accept' });
  });

  it('says only "Withdrawal accepted" when one acceptance was enough', async () => {
    signedInWithAbilities(api, {}, { read: ['Withdraw'], update: ['Withdraw'] });
    api.on('GET', `${EXCHANGE}/admin/withdraws/41`, { body: { ...W, amount: '0.1', over_limits: false } });
    api.on('POST', `${EXCHANGE}/admin/withdraws/actions`, { status: 201, body: { ...W, amount: '0.1', over_limits: false, state: 'accepted' } });
    renderApp('/withdrawls/41');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Withdrawal accepted')).toBeTruthy();
  });

  it('shows Accept disabled to the staff member who gave the first approval', async () => {
    signedInWithAbilities(api, {}, { read: ['Withdraw'], update: ['Withdraw'] });
    api.on('GET', `${EXCHANGE}/admin/withdraws/41`, { body: { ...W, state: 'under_review', approved_by_uid: ME } });
    renderApp('/withdrawls/41');
    const accept = await screen.findByRole('button', { name: 'Accept' }) as HTMLButtonElement;
    expect(accept.disabled).toBe(true);
    expect(accept.title).toBe('You gave the first approval: another staff member must accept it');
    expect(screen.queryByRole('button', { name: 'Process' })).toBeNull();
  });

  it('finds the deposits and withdrawals of a transaction id pasted into the palette', async () => {
    signedInWithAbilities(api, {}, { read: ['Withdraw', 'Deposit'] });
    api.on('GET', `${EXCHANGE}/admin/withdraws`, pagedList([W]));
    api.on('GET', `${EXCHANGE}/admin/deposits`, pagedList([]));
    renderApp('/withdrawls');
    await screen.findByText('ada@customer.test');
    const user = userEvent.setup();
    await user.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Command palette' });
    const tx = `0x${'ab'.repeat(32)}`;
    await user.click(within(dialog).getByRole('combobox'));
    await user.paste(tx);
    const options = within(dialog).getAllByRole('option').map((o) => o.textContent);
    expect(options.slice(0, 2)).toEqual(['Find deposits with transaction 0xababababab…', 'Find withdrawals with transaction 0xababababab…']);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(window.location.pathname + window.location.search).toBe(`/deposit?txid=${tx}`));
    await waitFor(() => expect(api.callsTo('GET', `${EXCHANGE}/admin/deposits`).at(-1)?.query.get('txid')).toBe(tx));
  });

  it('rejects from the palette: the id and the reason typed inline open the dialog filled in', async () => {
    signedInWithAbilities(api, {}, { read: ['Withdraw'], update: ['Withdraw'] });
    api.on('GET', `${EXCHANGE}/admin/withdraws`, pagedList([W]));
    api.on('GET', `${EXCHANGE}/admin/withdraws/41`, { body: W });
    renderApp('/withdrawls');
    await screen.findByText('ada@customer.test');
    const user = userEvent.setup();
    await user.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Command palette' });
    await user.type(within(dialog).getByRole('combobox'), 'Reject withdrawal');
    expect(within(dialog).getAllByRole('option')[0]!.textContent).toContain('Reject withdrawal…');
    await user.keyboard('{Enter}');
    await user.type(within(dialog).getByRole('combobox'), '41 Sanctioned destination');
    await user.keyboard('{Enter}');
    const reject = await screen.findByRole('dialog', { name: 'Reject withdrawal' });
    expect((within(reject).getByRole('textbox', { name: 'Reason' }) as HTMLTextAreaElement).value).toBe('Sanctioned destination');
    expect(api.callsTo('POST', `${EXCHANGE}/admin/withdraws/actions`)).toHaveLength(0);
  });
});

describe('fiat deposits staff record', () => {
  it('records one from /deposit/add (uid, fiat currency, amount, bank reference) with an Idempotency-Key', async () => {
    signedInWithAbilities(api, {}, { manage: ['Deposit'], read: ['Currency'] });
    api.on('GET', `${EXCHANGE}/admin/currencies`, pagedList([{ code: 'usd', name: 'US Dollar' }]));
    api.on('GET', `${EXCHANGE}/admin/deposits`, pagedList([]));
    api.on('POST', `${EXCHANGE}/admin/deposits/new`, {
      status: 201, body: { id: 9, uid: 'ID1234567890', currency: 'usd', amount: '250.5', fee: '0', type: 'fiat', state: 'submitted', tid: 'BANK42' },
    });
    renderApp('/deposit/add');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'UID' }), 'ID1234567890');
    await user.type(screen.getByRole('textbox', { name: 'Amount' }), '250.5');
    await user.type(screen.getByRole('textbox', { name: 'TID (bank reference)' }), 'BANK42');
    await user.click(screen.getByRole('button', { name: / Currency$/ }));
    await user.click(await screen.findByRole('option', { name: 'usd' }));
    await user.click(screen.getByRole('button', { name: /Add Deposit|Save/ }));
    await waitFor(() => expect(api.callsTo('POST', `${EXCHANGE}/admin/deposits/new`)).toHaveLength(1));
    const [sent] = api.callsTo('POST', `${EXCHANGE}/admin/deposits/new`);
    expect(sent!.body).toMatchObject({ uid: 'ID1234567890', currency: 'usd', amount: '250.5', tid: 'BANK42' });
    expect(sent!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
  });
});
