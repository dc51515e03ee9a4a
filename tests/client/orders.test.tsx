/**
 * Orders in the console: Cancel all only on the list filtered to state wait, with the matching count,
 * batches until none is left, progress, then the list at state wait, page 1, limit 10, ascending; the
 * palette's "Cancel open orders of user…" landing on that confirmation; one order's Cancel on its page.
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

const order = (id: number, state = 'wait') => ({
  id, uuid: `u-${id}`, side: id % 2 ? 'sell' : 'buy', ord_type: 'limit', price: '20000', avg_price: '0', state, market: 'btcusdt',
  origin_volume: '0.5', remaining_volume: '0.5', executed_volume: '0', maker_fee: '0.001', taker_fee: '0.002', trades_count: 0,
  email: 'ada@customer.test', uid: 'ID1234567890', created_at: '2026-11-20T10:00:00Z', updated_at: '2026-11-20T10:00:00Z',
});

/** A server holding `n` waiting orders; bulk cancels remove them. */
function serveOrders(n: number) {
  let open = Array.from({ length: n }, (_, i) => order(i + 1));
  api.on('GET', `${EXCHANGE}/admin/orders`, (req) => {
    const limit = Number(req.query.get('limit') ?? 50);
    const rows = req.query.get('state') === 'wait' ? open : [...open, order(999, 'done')];
    return { body: rows.slice(0, limit), headers: { Total: String(rows.length), Page: '1', 'Per-Page': String(limit) } };
  });
  api.on('POST', `${EXCHANGE}/admin/bulk/orders_by_id`, (req) => {
    const ids = req.body as number[];
    const gone = open.filter((o) => ids.includes(o.id));
    open = open.filter((o) => !ids.includes(o.id));
    return { status: 201, body: gone.map((o) => ({ ...o, state: 'cancel' })) };
  });
  return { left: () => open.length };
}

describe('orders', () => {
  it('offers Cancel all only while the list is filtered to state wait', async () => {
    signedInWithAbilities(api, {}, { read: ['Order', 'Market'], update: ['Order'] });
    serveOrders(3);
    renderApp('/orders?state=done');
    await screen.findByText('Orders', { selector: 'h2 *, h2' });
    expect(screen.queryByRole('button', { name: 'Cancel all' })).toBeNull();
  });

  it('cancels every matching order in batches, then shows state wait, page 1, limit 10, ascending', async () => {
    signedInWithAbilities(api, {}, { read: ['Order', 'Market'], update: ['Order'] });
    const server = serveOrders(450);
    renderApp('/orders?state=wait&limit=25');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel all' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Cancel all: 450 orders?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel all' }));
    expect(await screen.findByText('Orders canceled')).toBeTruthy();
    expect(server.left()).toBe(0);
    // 450 in batches of 200: three calls, none over the batch size.
    const calls = api.callsTo('POST', `${EXCHANGE}/admin/bulk/orders_by_id`);
    expect(calls.map((c) => (c.body as number[]).length)).toEqual([200, 200, 50]);
    await waitFor(() => expect(window.location.search).toBe('?limit=10&state=wait'));
    // The confirmation gone (its opener was disabled while it ran), the focus is back on Cancel all, never on
    // <body> (issue 29 item 7).
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel all' })));
  });

  it('the palette opens the confirmation for one user\'s open orders', async () => {
    signedInWithAbilities(api, {}, { read: ['Order', 'Market'], update: ['Order'] });
    serveOrders(4);
    renderApp('/orders');
    const user = userEvent.setup();
    await screen.findAllByText('ada@customer.test');
    await user.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Command palette' });
    await user.type(within(dialog).getByRole('combobox'), 'Cancel open orders of user');
    expect(within(dialog).getAllByRole('option')[0]!.textContent).toContain('Cancel open orders of user');
    await user.keyboard('{Enter}');
    await user.type(within(dialog).getByRole('combobox'), 'id1234567890');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alertdialog', { name: 'Cancel all: 4 orders?' })).toBeTruthy();
    expect(new URLSearchParams(window.location.search).get('uid')).toBe('ID1234567890');
    expect(api.callsTo('GET', `${EXCHANGE}/admin/orders`).at(-1)!.query.get('state')).toBe('wait');
    // Confirmed by keyboard: the dialog had no opener on the page (the palette is gone), and the focus goes
    // back to where it was before the palette, never to <body> (issue 29 item 7).
    await user.keyboard('{Tab}{Enter}');
    expect(await screen.findByText('Orders canceled')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(document.activeElement?.id).toBe('main'));
  });

  it('cancels one order from its page', async () => {
    signedInWithAbilities(api, {}, { read: ['Order', 'Market'], update: ['Order'] });
    api.on('GET', `${EXCHANGE}/admin/orders/5`, { body: order(5) });
    api.on('POST', `${EXCHANGE}/admin/orders/5/cancel`, { status: 201, body: order(5, 'cancel') });
    renderApp('/orders/5');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Cancel order 5?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('Order canceled')).toBeTruthy();
    expect(api.callsTo('POST', `${EXCHANGE}/admin/orders/5/cancel`)[0]!.body).toEqual({ id: 5 });
  });
});
