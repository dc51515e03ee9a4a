/**
 * Keyboard review of approval queues (issue 17 item 3; ListDecl.review): j/k move, Enter shows the row
 * beside the list, `a` accepts and `r` rejects (a call's reason typed inline) through the detail page's own
 * calls; each decision is held ~5 s with "Accepted #N — u to undo" and sent when the window ends or the
 * next decision is made; `u` drops it unsent; the next row is focused after each decision; four-eyes and
 * abilities refuse before anything is held.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeApi } from './support/fake-api';
import { EXCHANGE } from './support/fixtures';
import { freshBrowserState, renderApp } from './support/render-app';
import { pagedList, signedInWithAbilities } from './support/resource-rows';
import { RESOURCES, resourceNamed } from '../../src/shared/resources';
import { REVIEW_HOLD_MS } from '../../src/client/resource-ui/use-review';
import { toasts } from '../../src/client/state/toasts';

let api: FakeApi;
beforeEach(() => { freshBrowserState(); api = fakeApi(); });
afterEach(() => vi.unstubAllGlobals());

const ME = 'ID00000000AA';
const ADJ = {
  id: 7, reason: 'Wire without reference', description: 'Bank wire 4411', category: 'refund', amount: '1.25', currency: 'btc',
  asset_account_code: 102, receiving_account_code: '202', counterpart_code: 202, receiving_member_uid: 'ID1234567890',
  creator_uid: 'ID99999999ZZ', validator_uid: null, state: 'pending', created_at: '2026-11-20T10:00:00Z', updated_at: '2026-11-20T10:00:00Z',
};
const ACTION = `${EXCHANGE}/admin/adjustments/action`;
const focused = () => document.activeElement?.closest('[row-index]')?.getAttribute('row-id');

describe('review keys on an approval queue', () => {
  it('declares only actions and calls that exist', () => {
    const reviewed = RESOURCES.filter((r) => r.list.review);
    expect(reviewed.map((r) => r.name).sort()).toEqual(['adjustments', 'coin-applications', 'pending-applications', 'pending-withdraws']);
    for (const r of reviewed) {
      const d = r.list.review!;
      const owner = d.from ? resourceNamed(d.from) : r;
      for (const name of [d.accept, d.reject]) {
        expect(owner.actions?.some((a) => a.name === name && a.kind === 'set') || owner.calls?.some((c) => c.name === name && c.kind === 'write'), `${r.name}: ${name}`).toBe(true);
      }
    }
  });

  it('j/k, a, r and u on pending adjustments: held with a countdown, undone unsent, sent when the next decision comes or the window ends', async () => {
    signedInWithAbilities(api, {}, { manage: ['Adjustment'], read: ['Currency'] });
    api.on('GET', `${EXCHANGE}/admin/adjustments`, pagedList([ADJ, { ...ADJ, id: 8 }, { ...ADJ, id: 9 }]));
    api.on('POST', ACTION, (req) => ({ status: 201, body: { ...ADJ, id: (req.body as { id: number }).id, state: 'accepted' } }));
    renderApp('/adjustments?state=pending');
    await screen.findAllByText('Unvalidated', {}, { timeout: 15_000 });
    const user = userEvent.setup();
    await user.keyboard('j');
    await waitFor(() => expect(focused()).toBe('7'));
    // Enter shows the row beside the list, and the panel follows j/k.
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Adjustment #7' })).toBeTruthy();
    expect(window.location.pathname).toBe('/adjustments');
    await user.keyboard('a');
    expect(await screen.findByText('Accepted #7 — u to undo')).toBeTruthy();
    await waitFor(() => expect(focused()).toBe('8'));
    expect(api.callsTo('POST', ACTION)).toHaveLength(0);
    await user.keyboard('u');
    expect(await screen.findByText('Accept of #7 undone: nothing was sent')).toBeTruthy();
    await waitFor(() => expect(focused()).toBe('7'));
    expect(screen.queryByText(/u to undo/)).toBeNull();
    // Accept #7, then reject #8: the second decision sends the first at once.
    await user.keyboard('a');
    await waitFor(() => expect(focused()).toBe('8'));
    await user.keyboard('r');
    expect(await screen.findByText('Rejected #8 — u to undo')).toBeTruthy();
    await waitFor(() => expect(api.callsTo('POST', ACTION).map((c) => c.body)).toEqual([{ id: 7, action: 'accept' }]));
    await waitFor(() => expect(focused()).toBe('9'));
    // The window ends: the reject goes out by itself, through the very call the Reject button makes.
    await waitFor(() => expect(api.callsTo('POST', ACTION).map((c) => c.body)).toEqual([{ id: 7, action: 'accept' }, { id: 8, action: 'reject' }]),
      { timeout: REVIEW_HOLD_MS + 5000 });
    await waitFor(() => expect(screen.queryByText(/u to undo/)).toBeNull());
  }, 60_000);

  it('a reload that takes decided rows away leaves the focus, and the next key, on the row the reviewer is on', async () => {
    signedInWithAbilities(api, {}, { manage: ['Adjustment'], read: ['Currency'] });
    const decided = new Set<number>();
    const rows = [7, 8, 9, 10].map((id) => ({ ...ADJ, id }));
    api.on('GET', `${EXCHANGE}/admin/adjustments`, (req) => pagedList(rows.filter((r) => !decided.has(r.id)))(req));
    api.on('POST', ACTION, (req) => {
      const { id, action } = req.body as { id: number; action: string };
      decided.add(id);
      return { status: 201, body: { ...ADJ, id, state: action === 'accept' ? 'accepted' : 'rejected' } };
    });
    renderApp('/adjustments?state=pending');
    await screen.findAllByText('Unvalidated', {}, { timeout: 15_000 });
    const user = userEvent.setup();
    await user.keyboard('ja');
    await waitFor(() => expect(focused()).toBe('8'));
    // Rejecting #8 sends the accept of #7; the queue reloads without #7, and #9 moves from the third place to
    // the second. The reviewer's `a` comes the moment AG Grid has drawn the new rows (its focus mark, kept by
    // place, lands on #10) and before its events have run: the key is for the row the reviewer is on.
    let pressed = false;
    const onRows = new MutationObserver(() => {
      if (pressed || !document.querySelector('[row-id="10"] .ag-cell-focus')) return;
      pressed = true;
      onRows.disconnect();
      expect(focused()).toBe('9');
      fireEvent.keyDown(document.activeElement!, { key: 'a', code: 'KeyA' });
    });
    onRows.observe(document.body, { attributes: true, attributeFilter: ['class'], childList: true, subtree: true });
    await user.keyboard('r');
    expect(await screen.findByText('Accepted #9 — u to undo')).toBeTruthy();
    expect(pressed).toBe(true);
    await waitFor(() => expect(focused()).toBe('10'));
  }, 60_000);

  it('a decision key acts only on a row the reviewer landed on: none after the last row (issue 29 item 7); Ctrl+End / Ctrl+Home reach the last and first rows', async () => {
    signedInWithAbilities(api, {}, { manage: ['Adjustment'], read: ['Currency'] });
    const decided = new Set<number>();
    api.on('GET', `${EXCHANGE}/admin/adjustments`, (req) => pagedList([7, 8, 9].filter((id) => !decided.has(id)).map((id) => ({ ...ADJ, id })))(req));
    api.on('POST', ACTION, (req) => {
      const id = (req.body as { id: number }).id;
      decided.add(id);
      return { status: 201, body: { ...ADJ, id, state: 'accepted' } };
    });
    const sent = () => api.callsTo('POST', ACTION).map((c) => (c.body as { id: number }).id);
    const listed = (id: string) => screen.queryAllByRole('row').some((r) => r.getAttribute('row-id') === id);
    const MOVE_FIRST = 'Move to a row first (j / k): the focus came here by itself';
    /** The last toast shown after the toast numbered `after`. */
    const toastAfter = (after: number) => toasts.items.filter((x) => x.id > after).at(-1)?.message;
    const lastToastId = () => toasts.items.at(-1)?.id ?? 0;
    renderApp('/adjustments?state=pending');
    await screen.findAllByText('Unvalidated', {}, { timeout: 15_000 });
    const user = userEvent.setup();
    await user.keyboard('j');
    await waitFor(() => expect(focused()).toBe('7'));
    await user.keyboard('{Control>}{End}{/Control}');
    await waitFor(() => expect(focused()).toBe('9'));
    await user.keyboard('ka');
    await waitFor(() => expect(focused()).toBe('9'));
    // #9 is the last row: accepting it leaves the focus there, and `a` again decides nothing (it sent #9 before).
    await user.keyboard('a');
    expect(await screen.findByText('Accepted #9 — u to undo')).toBeTruthy();
    await waitFor(() => expect(sent()).toEqual([8]));
    await waitFor(() => expect(listed('8')).toBe(false));
    expect(focused()).toBe('9');
    let before = lastToastId();
    await user.keyboard('a');
    await waitFor(() => expect(toastAfter(before)).toBe(MOVE_FIRST));
    expect(sent()).toEqual([8]);
    // k lands on #7: its accept sends #9's and moves on to #9, which leaves the page. The focus falls back to
    // #7, where the reviewer did not land: `a` decides nothing there until a move.
    await user.keyboard('ka');
    expect(await screen.findByText('Accepted #7 — u to undo')).toBeTruthy();
    await waitFor(() => expect(sent()).toEqual([8, 9]));
    await waitFor(() => expect(listed('9')).toBe(false));
    await waitFor(() => expect(focused()).toBe('7'));
    before = lastToastId();
    await user.keyboard('a');
    await waitFor(() => expect(toastAfter(before)).toBe(MOVE_FIRST));
    expect(sent()).toEqual([8, 9]);
    // Ctrl+Home is a move of the reviewer's: on #7 again, `a` is taken as meant for it (held: u to undo).
    await user.keyboard('{Control>}{Home}{/Control}a');
    expect(await screen.findByText('#7 is decided: u to undo')).toBeTruthy();
    expect(sent()).toEqual([8, 9]);
  }, 60_000);

  it('refuses the creator\'s own accept (four-eyes) before holding anything', async () => {
    signedInWithAbilities(api, {}, { manage: ['Adjustment'] });
    api.on('GET', `${EXCHANGE}/admin/adjustments`, pagedList([{ ...ADJ, creator_uid: ME }]));
    renderApp('/adjustments');
    await screen.findByText('Unvalidated', {}, { timeout: 15_000 });
    const user = userEvent.setup();
    await user.keyboard('ja');
    expect(await screen.findByText('You created this adjustment: another staff member must accept it')).toBeTruthy();
    expect(screen.queryByText(/u to undo/)).toBeNull();
    // The `?` sheet lists the review keys where they work.
    await user.keyboard('?');
    const sheet = await screen.findByRole('region', { name: 'Review' });
    expect(sheet.textContent).toContain('Accept focused row');
    expect(sheet.textContent).toContain('Undo the last decision');
  });

  it('rejects a pending withdrawal with the reason typed inline', async () => {
    const W = {
      id: 41, currency: 'btc', type: 'coin', amount: '1.5', fee: '0.0005', sum: '1.5005', rid: 'bc1qdestination', tid: 'TID0A1B2C3D4E',
      state: 'submitted', uid: 'ID1234567890', email: 'ada@customer.test', approved_by_uid: null, created_at: '2026-11-20T10:00:00Z',
    };
    signedInWithAbilities(api, {}, { read: ['Withdraw', 'Currency'], update: ['Withdraw'] });
    api.on('GET', `${EXCHANGE}/admin/withdraws`, pagedList([W, { ...W, id: 42, email: 'bob@customer.test' }]));
    api.on('POST', `${EXCHANGE}/admin/withdraws/actions`, { status: 201, body: { ...W, state: 'rejected' } });
    renderApp('/withdrawl-pending');
    await screen.findByText('ada@customer.test', {}, { timeout: 15_000 });
    const user = userEvent.setup();
    await user.keyboard('jr');
    const reason = await screen.findByLabelText('Reason for rejecting #41');
    expect(document.activeElement).toBe(reason);
    // Keys typed into the reason are text, not commands.
    await user.keyboard('Destination is a mixer{Enter}');
    expect(await screen.findByText('Rejected #41 — u to undo')).toBeTruthy();
    await waitFor(() => expect(focused()).toBe('42'));
    await user.keyboard('a');
    await waitFor(() => expect(api.callsTo('POST', `${EXCHANGE}/admin/withdraws/actions`)[0]?.body)
      .toEqual({ id: 41, action: 'reject', reason: 'Destination is a mixer' }));
  }, 60_000);
});
