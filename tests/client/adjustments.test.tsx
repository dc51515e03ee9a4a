/**
 * Adjustments on the engine: the list (Unvalidated for no validator), a row's read-only page at
 * /adjustments-details/{id} with Accept and Reject only while pending (Accept disabled, with the reason,
 * for its creator), the action's own call ({id, action}), and the create form at
 * /adjustments-details/add with the member UID only for a member account and one Idempotency-Key per body.
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

async function pick(user: ReturnType<typeof userEvent.setup>, field: RegExp, option: string) {
  await user.click(screen.getByRole('button', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
}
const ADJ = {
  id: 7, reason: 'Wire without reference', description: 'Bank wire 4411', category: 'refund', amount: '1.25', currency: 'btc',
  asset_account_code: 102, receiving_account_code: '202', counterpart_code: 202, receiving_member_uid: 'ID1234567890',
  creator_uid: 'ID99999999ZZ', validator_uid: null, state: 'pending', created_at: '2026-11-20T10:00:00Z', updated_at: '2026-11-20T10:00:00Z',
};

describe('adjustments', () => {
  it('lists adjustments with Unvalidated for those nobody validated yet', async () => {
    signedInWithAbilities(api, {}, { manage: ['Adjustment'], read: ['Currency'] });
    api.on('GET', `${EXCHANGE}/admin/adjustments`, pagedList([ADJ, { ...ADJ, id: 8, state: 'accepted', validator_uid: 'ID55555555BB' }]));
    renderApp('/adjustments');
    expect(await screen.findByText('Unvalidated')).toBeTruthy();
    expect(screen.getByText('ID55555555BB')).toBeTruthy();
  });

  it('accepts a pending adjustment through its action call after a before → after confirmation', async () => {
    signedInWithAbilities(api, {}, { manage: ['Adjustment'] });
    api.on('GET', `${EXCHANGE}/admin/adjustments/7`, { body: ADJ });
    api.on('POST', `${EXCHANGE}/admin/adjustments/action`, { status: 201, body: { ...ADJ, state: 'accepted', validator_uid: ME } });
    renderApp('/adjustments-details/7');
    expect(await screen.findByText('Wire without reference')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Accept adjustment 7?' });
    expect(confirm.textContent).toContain('State: Pending → Accepted');
    await user.click(within(confirm).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Adjustment accepted')).toBeTruthy();
    expect(api.callsTo('POST', `${EXCHANGE}/admin/adjustments/action`)[0]!.body).toEqual({ id: 7, action: 'accept' });
    // Decided: neither action is offered any more.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
  });

  it('offers its creator Reject but not Accept, and says why', async () => {
    signedInWithAbilities(api, {}, { manage: ['Adjustment'] });
    api.on('GET', `${EXCHANGE}/admin/adjustments/7`, { body: { ...ADJ, creator_uid: ME } });
    renderApp('/adjustments-details/7');
    const accept = await screen.findByRole('button', { name: 'Accept' }) as HTMLButtonElement;
    expect(accept.disabled).toBe(true);
    expect(accept.title).toBe('You created this adjustment: another staff member must accept it');
    expect((screen.getByRole('button', { name: 'Reject' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('creates from /adjustments-details/add: the member UID only for a member account, one key per body', async () => {
    signedInWithAbilities(api, {}, { manage: ['Adjustment'], read: ['Currency'] });
    api.on('GET', `${EXCHANGE}/admin/currencies`, pagedList([{ code: 'btc', name: 'Bitcoin' }]));
    let calls = 0;
    api.on('POST', `${EXCHANGE}/admin/adjustments/new`, () => {
      calls += 1;
      return calls === 1 ? { status: 503, body: { errors: ['server.unavailable'] } } : { status: 201, body: ADJ };
    });
    api.on('GET', `${EXCHANGE}/admin/adjustments`, pagedList([ADJ]));
    renderApp('/adjustments-details/add');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Reason' }), 'Wire without reference');
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Bank wire 4411');
    await user.type(screen.getByRole('textbox', { name: 'Amount' }), '1.25');
    expect(screen.queryByRole('textbox', { name: 'Receiving member UID' })).toBeNull();
    await pick(user, /Currency$/, 'btc');
    await pick(user, /Counterpart code$/, '202 · Member balance (coin)');
    await user.type(await screen.findByRole('textbox', { name: 'Receiving member UID' }), 'ID1234567890');
    await user.click(screen.getByRole('button', { name: /Add Adjustment|Save/ }));
    await waitFor(() => expect(calls).toBe(1));
    await user.click(screen.getByRole('button', { name: /Add Adjustment|Save/ }));
    await waitFor(() => expect(calls).toBe(2));
    const [first, second] = api.callsTo('POST', `${EXCHANGE}/admin/adjustments/new`);
    expect(first!.body).toMatchObject({ currency_id: 'btc', counterpart_code: '202', receiving_member_uid: 'ID1234567890', amount: '1.25' });
    const key = first!.headers.get('Idempotency-Key');
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(second!.headers.get('Idempotency-Key')).toBe(key);
    // Saved, the form gives way to the list: the focus is in the page, never on <body> (issue 29 item 7).
    await waitFor(() => expect(window.location.pathname).toBe('/adjustments'));
    await waitFor(() => expect(document.activeElement?.closest('#main')).toBeTruthy());
  });
});
