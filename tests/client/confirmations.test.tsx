/**
 * Confirmations (issue 29 item 9): "Cancel all: 1 orders?" asked with the focus on Cancel all. A count in a
 * question takes the noun in the right number, and a destructive question opens with the focus on its safe
 * answer, so an Enter meant for the button that asked (or typed once too often) answers no. Every
 * confirmation goes through the one ConfirmDialog: the deposit refund's and the saved views' too
 * (deposit-refund.test.tsx, saved-views.test.tsx check their questions).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeApi } from './support/fake-api';
import { EXCHANGE } from './support/fixtures';
import { renderApp } from './support/render-app';
import { signedInWithAbilities } from './support/resource-rows';
import { counted } from '../../src/client/i18n';

let api: FakeApi;
beforeEach(() => { localStorage.clear(); api = fakeApi(); });
afterEach(() => vi.unstubAllGlobals());

const order = (id: number) => ({
  id, uuid: `u-${id}`, side: 'buy', ord_type: 'limit', price: '20000', avg_price: '0', state: 'wait', market: 'btcusdt',
  origin_volume: '0.5', remaining_volume: '0.5', executed_volume: '0', maker_fee: '0.001', taker_fee: '0.002', trades_count: 0,
  email: 'ada@customer.test', uid: 'ID1234567890', created_at: '2026-11-20T10:00:00Z', updated_at: '2026-11-20T10:00:00Z',
});
const BULK = `${EXCHANGE}/admin/bulk/orders_by_id`;

/** Waiting orders as the server lists them; `total: false` answers without a Total header. */
function serveOrders(n: number, { total = true } = {}) {
  let open = Array.from({ length: n }, (_, i) => order(i + 1));
  api.on('GET', `${EXCHANGE}/admin/orders`, () => {
    const headers: Record<string, string> = { Page: '1', 'Per-Page': '25' };
    if (total) headers.Total = String(open.length);
    return { body: open, headers };
  });
  api.on('POST', BULK, (req) => {
    const ids = req.body as number[];
    open = open.filter((o) => !ids.includes(o.id));
    return { status: 201, body: ids.map((id) => ({ ...order(id), state: 'cancel' })) };
  });
}

async function askCancelAll() {
  signedInWithAbilities(api, {}, { read: ['Order', 'Market'], update: ['Order'] });
  renderApp('/orders?state=wait');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Cancel all' }));
  return user;
}

describe('confirmations', () => {
  it('counts in the right number', () => {
    expect(counted(1, 'order')).toBe('1 order');
    expect(counted(0, 'order')).toBe('0 orders');
    expect(counted(1234, 'order')).toBe('1,234 orders');
    expect(counted(2, 'activity', 'activities')).toBe('2 activities');
  });

  it('asks "Cancel all: 1 order?" with the focus on Cancel, where Enter answers no', async () => {
    serveOrders(1);
    const user = await askCancelAll();
    const ask = await screen.findByRole('alertdialog', { name: 'Cancel all: 1 order?' });
    const safe = within(ask).getByRole('button', { name: 'Cancel' });
    await waitFor(() => expect(document.activeElement).toBe(safe));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.callsTo('POST', BULK)).toHaveLength(0);
    // Asked again, the destructive answer still does what it says.
    await user.click(screen.getByRole('button', { name: 'Cancel all' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Cancel all: 1 order?' })).getByRole('button', { name: 'Cancel all' }));
    await waitFor(() => expect(api.callsTo('POST', BULK)).toHaveLength(1));
  });

  it('names "every matching order" when the server does not count them', async () => {
    serveOrders(3, { total: false });
    await askCancelAll();
    expect(await screen.findByRole('alertdialog', { name: 'Cancel all: every matching order?' })).toBeTruthy();
  });
});
