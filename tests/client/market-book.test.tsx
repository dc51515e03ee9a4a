/**
 * A market's Order Book tab against a real WebSocket server speaking Ranger (ob-snap on subscribing to
 * ob-inc, then increments in sequence): the ladder in book order, increments changing and removing
 * levels, a sequence gap answered by unsubscribe + subscribe and a fresh snapshot, the stale mark
 * while the connection is down, and the open orders under each side with Cancel (the orders page's
 * call, confirmation and toast; disabled with the reason for a role that may not cancel).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AddressInfo } from 'node:net';
import { WebSocket as NodeWebSocket, WebSocketServer, type WebSocket as ServerSocket } from 'ws';
import { closeRealtime } from '../../src/client/api/realtime';
import { orderBooks } from '../../src/client/state/order-book';
import { fakeApi, type FakeApi } from './support/fake-api';
import { EXCHANGE } from './support/fixtures';
import { renderApp } from './support/render-app';
import { pagedList, signedInWithAbilities } from './support/resource-rows';

type Snap = { asks: string[][]; bids: string[][]; sequence: number };
type Message = { event: string; streams: string[] };

let wss: WebSocketServer;
let rangerUrl = '';
let sockets: ServerSocket[] = [];
let received: Message[] = [];
/** What the next subscription to btcusdt.ob-inc is answered with. */
let snap: Snap;

beforeAll(async () => {
  wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  rangerUrl = `ws://127.0.0.1:${(wss.address() as AddressInfo).port}/api/v2/ranger`;
  wss.on('connection', (socket) => {
    sockets.push(socket);
    socket.on('message', (data) => {
      const msg = JSON.parse(String(data)) as Message;
      received.push(msg);
      socket.send(JSON.stringify({ success: { message: `${msg.event}d`, streams: msg.streams } }));
      if (msg.event === 'subscribe' && msg.streams.includes('btcusdt.ob-inc')) socket.send(JSON.stringify({ 'btcusdt.ob-snap': snap }));
    });
  });
});
afterAll(() => new Promise<void>((resolve) => wss.close(() => resolve())));

/** What the console asked about btcusdt's streams (the header may subscribe to streams of its own). */
const bookMessages = () => received.filter((m) => m.streams.some((s) => s.startsWith('btcusdt.')));
/** Sends an event to every connected console. */
const push = (event: object) => { for (const s of sockets) s.send(JSON.stringify(event)); };
const inc = (side: 'asks' | 'bids', price: string, volume: string, sequence: number) => push({ 'btcusdt.ob-inc': { [side]: [price, volume], sequence } });

const MARKET = {
  id: 'btcusdt', name: 'BTC/USDT', engine_id: 1, base_unit: 'btc', quote_unit: 'usdt', state: 'enabled', min_price: '1', max_price: '0',
  min_amount: '0.1', price_precision: 2, amount_precision: 6, position: 1, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z',
};
const order = (id: number, side: 'buy' | 'sell', price: string) => ({
  id, uuid: `u-${id}`, side, ord_type: 'limit', price, avg_price: '0', state: 'wait', market: 'btcusdt', origin_volume: '0.5',
  remaining_volume: '0.5', executed_volume: '0', maker_fee: '0.001', taker_fee: '0.002', trades_count: 0, email: `m${id}@customer.test`,
  uid: 'ID1234567890', created_at: '2026-11-20T10:00:00Z', updated_at: '2026-11-20T10:00:00Z',
});

let api: FakeApi;
let open: ReturnType<typeof order>[];

function serve(peatio: object) {
  signedInWithAbilities(api, {}, peatio);
  api.on('GET', `${EXCHANGE}/admin/markets/btcusdt`, { body: MARKET })
    .on('GET', `${EXCHANGE}/admin/engines`, pagedList([{ id: 1, name: 'Default' }]))
    .on('GET', `${EXCHANGE}/admin/currencies`, pagedList([]))
    .on('GET', `${EXCHANGE}/admin/orders`, (req) => pagedList(open.filter((o) => o.side === req.query.get('side')
      && (!req.query.get('price') || o.price === req.query.get('price'))))(req))
    .on('POST', `${EXCHANGE}/admin/orders/7/cancel`, () => {
      const gone = open.find((o) => o.id === 7)!;
      open = open.filter((o) => o.id !== 7);
      return { status: 201, body: { ...gone, state: 'cancel' } };
    });
}

const openBook = () => renderApp('/market-info/btcusdt?tab=order-book', { rangerUrl });

/** A ladder's rows as [price, volume, total]. */
function ladder(side: 'Sell' | 'Buy'): string[][] {
  const table = screen.getByRole('table', { name: `${side} price levels` });
  return within(table).getAllByRole('row').slice(1).map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent ?? ''));
}

beforeEach(() => {
  localStorage.clear();
  api = fakeApi();
  // jsdom's WebSocket is undici's, which fires events built from the global Event: jsdom's in this
  // environment, and Node's EventTarget refuses them. A real socket all the same: ws's client.
  vi.stubGlobal('WebSocket', NodeWebSocket);
  received = [];
  sockets = [];
  for (const m of Object.keys(orderBooks)) delete orderBooks[m];
  snap = { asks: [['100', '2'], ['101', '1.5']], bids: [['99', '1'], ['98', '3']], sequence: 10 };
  open = [order(7, 'sell', '101'), order(8, 'sell', '100'), order(9, 'buy', '99')];
});
afterEach(() => { closeRealtime(); vi.unstubAllGlobals(); });

describe('market order book', () => {
  it('opens on the tab and draws the snapshot: sells ascending, buys descending, with running totals and the spread', async () => {
    serve({ manage: ['Market'], read: ['Order'], update: ['Order'] });
    openBook();
    expect(await screen.findByRole('tab', { name: 'Order Book', selected: true })).toBeTruthy();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Order Book', 'Configuration']);
    await screen.findByRole('table', { name: 'Sell price levels' });
    expect(ladder('Sell')).toEqual([['100', '2', '2'], ['101', '1.5', '3.5']]);
    expect(ladder('Buy')).toEqual([['99', '1', '1'], ['98', '3', '4']]);
    expect(document.querySelector('.mb-spread')!.textContent).toBe('1');
    expect(await screen.findByText('Up to date')).toBeTruthy();
    expect(bookMessages()[0]).toEqual({ event: 'subscribe', streams: expect.arrayContaining(['btcusdt.ob-inc']) as unknown as string[] });
    // The open orders of each side, in book order (sells cheapest first), from the orders list.
    const sells = await screen.findByRole('table', { name: 'Open sell orders' });
    await waitFor(() => expect(within(sells).getAllByRole('rowheader').map((c) => c.textContent)).toEqual(['8', '7']));
    const call = api.callsTo('GET', `${EXCHANGE}/admin/orders`).find((c) => c.query.get('side') === 'sell')!;
    expect(Object.fromEntries(call.query)).toMatchObject({ market: 'btcusdt', state: 'wait', side: 'sell', limit: '50' });
  });

  it('applies increments in sequence: a new volume, a removed level, a new level; the orders refetch', async () => {
    serve({ manage: ['Market'], read: ['Order'], update: ['Order'] });
    openBook();
    await screen.findByRole('table', { name: 'Sell price levels' });
    const orderCalls = () => api.callsTo('GET', `${EXCHANGE}/admin/orders`).length;
    // Each side once on opening, and once more after the snapshot changed the book.
    await waitFor(() => expect(orderCalls()).toBe(4));
    inc('asks', '100', '0.5', 11);
    inc('bids', '99', '0', 12);
    inc('asks', '100.5', '1', 13);
    await waitFor(() => expect(ladder('Sell')).toEqual([['100', '0.5', '0.5'], ['100.5', '1', '1.5'], ['101', '1.5', '3']]));
    expect(ladder('Buy')).toEqual([['98', '3', '3']]);
    expect(document.querySelector('.mb-spread')!.textContent).toBe('2');
    // One debounced refetch per side after the burst, not one per increment.
    await waitFor(() => expect(orderCalls()).toBe(6));
  });

  it('on a sequence gap asks again (unsubscribe + subscribe) and the new snapshot replaces the book', async () => {
    serve({ manage: ['Market'], read: ['Order'], update: ['Order'] });
    openBook();
    await screen.findByRole('table', { name: 'Sell price levels' });
    snap = { asks: [['105', '4']], bids: [['95', '6']], sequence: 40 };
    const from = bookMessages().length;
    inc('asks', '100', '9', 13); // 11 and 12 never came
    await waitFor(() => expect(ladder('Sell')).toEqual([['105', '4', '4']]));
    expect(ladder('Buy')).toEqual([['95', '6', '6']]);
    const asked = bookMessages().slice(from);
    expect(asked).toEqual([{ event: 'unsubscribe', streams: ['btcusdt.ob-inc'] }, { event: 'subscribe', streams: ['btcusdt.ob-inc'] }]);
    // Increments go on from the new snapshot's sequence.
    inc('bids', '95', '2', 41);
    await waitFor(() => expect(ladder('Buy')).toEqual([['95', '2', '2']]));
  });

  it('keeps the last known book, marked stale, while the connection is down; a reconnect brings a fresh one', async () => {
    serve({ manage: ['Market'], read: ['Order'], update: ['Order'] });
    openBook();
    await screen.findByText('Up to date');
    snap = { asks: [['102', '1']], bids: [], sequence: 3 };
    for (const s of sockets) s.terminate();
    expect(await screen.findByText(/^Stale: not connected/)).toBeTruthy();
    expect(ladder('Sell')).toEqual([['100', '2', '2'], ['101', '1.5', '3.5']]);
    await waitFor(() => expect(ladder('Sell')).toEqual([['102', '1', '1']]));
    expect(screen.getByText('Up to date')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Buy' })).getByText('No Record Found')).toBeTruthy();
  });

  it('cancels an order after the confirmation, shows Order canceled and refetches the orders at once', async () => {
    serve({ manage: ['Market'], read: ['Order'], update: ['Order'] });
    openBook();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel order 7' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Cancel order 7?' });
    expect(confirm.textContent).toContain('State: Wait → Cancel');
    const before = api.callsTo('GET', `${EXCHANGE}/admin/orders`).length;
    await user.click(within(confirm).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('Order canceled')).toBeTruthy();
    expect(api.callsTo('POST', `${EXCHANGE}/admin/orders/7/cancel`)[0]!.body).toEqual({ id: 7 });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel order 7' })).toBeNull());
    expect(api.callsTo('GET', `${EXCHANGE}/admin/orders`).length).toBeGreaterThan(before);
  });

  it('selecting a level narrows the orders to its price', async () => {
    serve({ manage: ['Market'], read: ['Order'], update: ['Order'] });
    openBook();
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Cancel order 7' });
    await user.click(await screen.findByRole('button', { name: '100', pressed: false }));
    const sells = await screen.findByRole('table', { name: 'Open sell orders at 100' });
    await waitFor(() => expect(within(sells).getAllByRole('rowheader').map((c) => c.textContent)).toEqual(['8']));
    // The sell side's last call (the buy side refetches too when the book moves, unnarrowed).
    const sellCalls = api.callsTo('GET', `${EXCHANGE}/admin/orders`).filter((c) => c.query.get('side') === 'sell');
    expect(sellCalls.at(-1)!.query.get('price')).toBe('100');
  });

  it('shows Cancel disabled, with the reason, to a role that may only read orders', async () => {
    serve({ manage: ['Market'], read: ['Order'] });
    openBook();
    const cancel = await screen.findByRole('button', { name: 'Cancel order 7' });
    expect((cancel as HTMLButtonElement).disabled).toBe(true);
    expect(cancel.getAttribute('title')).toBe('Your role cannot edit state of Order.');
  });

  it('keeps Configuration the default tab and hides Order Book from a role that may not read orders', async () => {
    serve({ manage: ['Market'] });
    renderApp('/market-info/btcusdt', { rangerUrl });
    await screen.findByRole('heading', { name: /Edit Market/ });
    await screen.findByRole('textbox', { name: /Min price/i });
    expect(screen.queryByRole('tab', { name: 'Order Book' })).toBeNull();
    expect(bookMessages()).toEqual([]);
  });
});
