/**
 * The console live (issue 13 item 5): the header's connection indicator through a drop and a reconnect
 * (subscriptions sent again), the queues' pending counts in the sidebar and the palette, tickers on the
 * markets list, and new orders on a list — fetched onto page 1, counted as "1 new row" on a deeper page.
 * A real WebSocket server (package ws) stands in for Ranger. The client's socket is ws's client: jsdom's
 * WebSocket wraps undici's, which under Vitest dispatches jsdom's Event on Node's EventTarget and throws
 * on open ("The event argument must be an instance of Event"); the client code is the same either way.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import NodeWebSocket, { WebSocketServer, type WebSocket } from 'ws';
import type { AddressInfo } from 'node:net';
import { fakeApi, type FakeApi, type FakeRequest } from './support/fake-api';
import { AUTH, EXCHANGE } from './support/fixtures';
import { renderApp } from './support/render-app';
import { pagedList, signedInWithAbilities } from './support/resource-rows';
import { closeRealtime } from '../../src/client/api/realtime';

/** A stand-in for Ranger's private endpoint: records subscriptions per connection, pushes events, drops sockets. */
function fakeRanger() {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, path: '/api/v2/ranger/private' });
  /** Open sockets and the streams each has subscribed to. */
  const sockets = new Map<WebSocket, Set<string>>();
  const subscribes: string[][] = [];
  let connections = 0;
  wss.on('connection', (ws) => {
    connections += 1;
    const streams = new Set<string>();
    sockets.set(ws, streams);
    ws.on('close', () => sockets.delete(ws));
    ws.on('message', (raw) => {
      const msg = JSON.parse(String(raw)) as { event: string; streams: string[] };
      if (msg.event === 'subscribe') { subscribes.push(msg.streams); msg.streams.forEach((s) => streams.add(s)); }
      if (msg.event === 'unsubscribe') msg.streams.forEach((s) => streams.delete(s));
      ws.send(JSON.stringify({ success: { message: `${msg.event}d`, streams: [...streams] } }));
    });
  });
  const listening = (stream: string) => [...sockets].filter(([ws, streams]) => ws.readyState === ws.OPEN && streams.has(stream));
  return {
    ready: new Promise<number>((resolve) => wss.on('listening', () => resolve((wss.address() as AddressInfo).port))),
    get connections() { return connections; },
    /** Sockets still open on the server's side. */
    get open() { return sockets.size; },
    subscribes,
    /** Resolves once an open connection has subscribed to `stream`. */
    subscribed: (stream: string) => waitFor(() => expect(listening(stream).length).toBeGreaterThan(0)),
    /** An event to the connections subscribed to its stream, as Ranger sends it. */
    push: (stream: string, payload: unknown) => { for (const [ws] of listening(stream)) ws.send(JSON.stringify({ [stream]: payload })); },
    drop: () => { for (const ws of sockets.keys()) ws.terminate(); },
    close: () => new Promise<void>((resolve) => { for (const ws of sockets.keys()) ws.terminate(); wss.close(() => resolve()); }),
  };
}

let ranger: ReturnType<typeof fakeRanger>;
let port = 0;
let api: FakeApi;
beforeAll(async () => { ranger = fakeRanger(); port = await ranger.ready; });
afterAll(() => ranger.close());
beforeEach(() => { localStorage.clear(); api = fakeApi(); vi.stubGlobal('WebSocket', NodeWebSocket); });
// The next test starts with no connection: none of this one's sockets may take its events.
afterEach(async () => {
  closeRealtime();
  vi.unstubAllGlobals();
  await waitFor(() => expect(ranger.open).toBe(0));
});

const config = () => ({ rangerUrl: `ws://127.0.0.1:${port}/api/v2/ranger` });
const header = () => screen.getByRole('banner');
const order = (id: number, extra: Record<string, unknown> = {}) => ({
  id, uuid: `u-${id}`, side: 'buy', ord_type: 'limit', price: '20000', avg_price: '0', state: 'wait', market: 'btcusdt',
  origin_volume: '0.5', remaining_volume: '0.5', executed_volume: '0', maker_fee: '0.001', taker_fee: '0.002', trades_count: 0,
  email: `member${id}@customer.test`, uid: 'ID1234567890', created_at: '2026-11-20T10:00:00Z', updated_at: '2026-11-20T10:00:00Z', ...extra,
});

/** The orders list call over `rows`, honouring page, limit and ordering by id, as Peatio's does. */
function serveOrders(rows: Record<string, unknown>[]) {
  api.on('GET', `${EXCHANGE}/admin/orders`, (req: FakeRequest) => {
    const sorted = [...rows].sort((a, b) => (req.query.get('ordering') === 'desc' ? -1 : 1) * (Number(a.id) - Number(b.id)));
    return pagedList(sorted)(req);
  });
}

describe('realtime connection', () => {
  it('shows Live once the server accepts, Reconnecting… when it drops, and subscribes again on reconnect', async () => {
    signedInWithAbilities(api, {}, { read: ['Withdraw'] });
    api.on('GET', `${EXCHANGE}/admin/withdraws`, pagedList([]));
    renderApp('/withdrawl-pending', config());
    expect(await within(await screen.findByRole('banner')).findByText('Live')).toBeTruthy();
    await ranger.subscribed('admin.queues.counts');
    await ranger.subscribed('admin.withdraw.update');
    const before = ranger.connections;
    ranger.drop();
    expect(await within(header()).findByText('Reconnecting…')).toBeTruthy();
    // Ranger resumes nothing: after the 1 s wait the client opens again and sends every stream it holds.
    expect(await within(header()).findByText('Live', {}, { timeout: 5000 })).toBeTruthy();
    expect(ranger.connections).toBe(before + 1);
    await ranger.subscribed('admin.queues.counts');
    await ranger.subscribed('admin.withdraw.update');
    expect(ranger.subscribes.at(-1)).toEqual(expect.arrayContaining(['admin.queues.counts', 'admin.withdraw.update']));
  });

  it('closes the connection on sign-out', async () => {
    signedInWithAbilities(api, {}, { read: ['Withdraw'] });
    api.on('GET', `${EXCHANGE}/admin/withdraws`, pagedList([]));
    api.on('DELETE', `${AUTH}/identity/sessions`, { status: 200, body: {} });
    renderApp('/withdrawl-pending', config());
    expect(await within(await screen.findByRole('banner')).findByText('Live')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    await waitFor(() => expect(ranger.open).toBe(0));
  });
});

describe('pending counts', () => {
  it('badges the queues in the sidebar and the palette, and follows the pushed counts', async () => {
    signedInWithAbilities(api, {}, { read: ['Withdraw', 'Adjustment'] });
    api.on('GET', `${EXCHANGE}/admin/withdraws`, pagedList([]));
    renderApp('/withdrawl-pending', config());
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    await ranger.subscribed('admin.queues.counts');
    ranger.push('admin.queues.counts', { withdraws: 3, adjustments: 2 });
    expect(await within(nav).findByRole('link', { name: /^Pending Withdrawals, 3 pending$/ })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: /^Adjustments, 2 pending$/ })).toBeTruthy();
    ranger.push('admin.queues.counts', { withdraws: 4, adjustments: 2 });
    expect(await within(nav).findByRole('link', { name: /^Pending Withdrawals, 4 pending$/ })).toBeTruthy();

    const user = userEvent.setup();
    await user.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Command palette' });
    await user.type(within(dialog).getByRole('combobox'), 'Go to Pending Withdrawals');
    expect(await within(dialog).findByRole('option', { name: /Go to Pending Withdrawals, 4 pending/ })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Command palette' })).toBeNull());
  });
});

describe('live lists', () => {
  it('shows the pushed ticker of a market on the markets list', async () => {
    signedInWithAbilities(api, {}, { read: ['Market'] });
    api.on('GET', `${EXCHANGE}/admin/markets`, pagedList([
      { id: 'btcusdt', name: 'BTC/USDT', base_unit: 'btc', quote_unit: 'usdt', state: 'enabled', position: 1 },
      { id: 'ethusdt', name: 'ETH/USDT', base_unit: 'eth', quote_unit: 'usdt', state: 'enabled', position: 2 },
    ]));
    renderApp('/markets', config());
    expect(await screen.findByRole('columnheader', { name: 'Last price' })).toBeTruthy();
    await ranger.subscribed('global.tickers');
    ranger.push('global.tickers', {
      btcusdt: { at: 1, last: '64000.5', price_change_percent: '+1.23%', volume: '10' },
      ethusdt: { at: 1, last: '3100.25', price_change_percent: '-0.80%', volume: '50' },
    });
    const up = await screen.findByText('+1.23%');
    // An amount's text is its raw value; the separators between its digit groups are drawn (issue 29 item 11).
    const amount = (text: string) => (_: string, el: Element | null) => el?.classList.contains('amount') === true && el.textContent === text;
    expect(screen.getByText(amount('64000.5')).querySelector('.amount-group')!.textContent).toBe('000');
    expect(up.className).toContain('cell-change-up');
    expect(screen.getByText('-0.80%').className).toContain('cell-change-down');
    ranger.push('global.tickers', { btcusdt: { at: 2, last: '64100', price_change_percent: '+1.40%' } });
    expect(await screen.findByText(amount('64100'))).toBeTruthy();
  });

  it('updates a row on screen in place and fetches a new one onto page 1', async () => {
    signedInWithAbilities(api, {}, { read: ['Order', 'Market'] });
    const rows = [order(1), order(2), order(3)];
    serveOrders(rows);
    renderApp('/orders', config());
    await screen.findByText('member3@customer.test');
    await ranger.subscribed('admin.order.update');
    const lists = () => api.callsTo('GET', `${EXCHANGE}/admin/orders`).length;
    const before = lists();
    // A state change of a row on screen shows at once, with no call.
    rows[1] = order(2, { state: 'cancel' });
    ranger.push('admin.order.update', rows[1]);
    await waitFor(() => expect(within(screen.getByRole('row', { name: /member2@customer\.test/ })).getByText('cancel')).toBeTruthy());
    expect(lists()).toBe(before);
    // A new row: page 1 holds the list's end with room left, so the page is fetched again and the row appears.
    rows.push(order(4));
    ranger.push('admin.order.update', order(4));
    expect(await screen.findByText('member4@customer.test')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /new row/ })).toBeNull();
  });

  it('on page 2 counts the new row instead, and "1 new row" opens page 1 with it', async () => {
    signedInWithAbilities(api, {}, { read: ['Order', 'Market'] });
    const rows = Array.from({ length: 25 }, (_, i) => order(i + 1));
    serveOrders(rows);
    renderApp('/orders?ordering=desc&limit=10&page=2', config());
    await screen.findByText('member15@customer.test');
    await ranger.subscribed('admin.order.update');
    // The page does not hold the newest row: the newest id is asked once the stream is live.
    await waitFor(() => expect(api.callsTo('GET', `${EXCHANGE}/admin/orders`).some((c) => c.query.get('limit') === '1')).toBe(true));
    rows.push(order(26));
    ranger.push('admin.order.update', order(26));
    const button = await screen.findByRole('button', { name: '1 new row' });
    // Nothing moved: page 2 still shows its rows and not the new one.
    expect(screen.getByText('member15@customer.test')).toBeTruthy();
    expect(screen.queryByText('member26@customer.test')).toBeNull();
    expect(new URLSearchParams(window.location.search).get('page')).toBe('2');
    // An ordinary button: the keyboard reaches and presses it.
    const user = userEvent.setup();
    button.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('member26@customer.test')).toBeTruthy();
    expect(new URLSearchParams(window.location.search).get('page')).toBeNull();
    expect(screen.queryByRole('button', { name: /new row/ })).toBeNull();
  });
});
