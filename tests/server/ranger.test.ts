/**
 * Ranger's protocol on a listening server: subscribe/unsubscribe acknowledgements, the order book's
 * snapshot and increments against the database, private and admin streams and who may have them.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testApp, type TestApp } from '../helpers/app.js';
import { signInAs, TEST_USER_AGENT, type SignedIn } from '../helpers/auth.js';
import { createUser } from '../helpers/users.js';
import { wsConnect, type WsClient } from '../helpers/ws.js';
import { COIN, expectLedgerHolds, FIAT, fund, MARKET, setupMoney } from './money-fixtures.js';
import { cancelOrders, executeTrade, placeOrder, type MarketInfo } from '../../src/server/trading/orders.js';
import { MarketBook } from '../../src/server/realtime/book.js';
import type { OrderEvent } from '../../src/server/realtime/events.js';

let t: TestApp;
let base: string;
let market: MarketInfo;
let seller: { id: number; uid: string }, buyer: { id: number; uid: string };
const open: WsClient[] = [];

const connect = async (path: string, headers: Record<string, string> = {}) => {
  const c = await wsConnect(`${base}/api/v2/ranger/${path}`, headers);
  open.push(c);
  return c;
};
const wsHeaders = (s: SignedIn) => ({ cookie: s.cookie, 'user-agent': TEST_USER_AGENT });
const place = (member: number, side: 'buy' | 'sell', price: string, volume: string) =>
  t.db.kysely.transaction().execute((trx) => placeOrder(trx, { member, market, side, price, volume, at: new Date() }));

/** The book as the database holds it, in the snapshot's shape. */
async function dbBook() {
  const rows = (await sql<{ side: string; price: string; volume: string }>`
    SELECT side, price::text AS price, sum(remaining_volume)::text AS volume FROM orders
    WHERE market_id = ${MARKET} AND state = 'wait' GROUP BY side, price`.execute(t.db.kysely)).rows;
  const n = (s: string) => Number(s);
  return {
    asks: rows.filter((r) => r.side === 'sell').map((r) => [n(r.price), n(r.volume)]).sort((a, b) => a[0] - b[0]),
    bids: rows.filter((r) => r.side === 'buy').map((r) => [n(r.price), n(r.volume)]).sort((a, b) => b[0] - a[0]),
  };
}

/** Rebuilds a book from the frames a client got: the last snapshot, then its increments in sequence. */
function rebuild(frames: any[], m: string) {
  let book: { asks: Map<number, number>; bids: Map<number, number> } | null = null;
  let seq = 0;
  for (const f of frames) {
    const snap = f[`${m}.ob-snap`];
    if (snap) {
      book = { asks: new Map(snap.asks.map(([p, v]: string[]) => [Number(p), Number(v)])), bids: new Map(snap.bids.map(([p, v]: string[]) => [Number(p), Number(v)])) };
      seq = snap.sequence;
    }
    const inc = f[`${m}.ob-inc`];
    if (inc && book) {
      expect(inc.sequence).toBe(seq + 1);
      seq = inc.sequence;
      const side = inc.asks ? 'asks' : 'bids';
      const [p, v] = inc[side];
      if (v === '' || Number(v) === 0) book[side].delete(Number(p)); else book[side].set(Number(p), Number(v));
    }
  }
  if (!book) return null;
  return {
    asks: [...book.asks].sort((a, b) => a[0] - b[0]),
    bids: [...book.bids].sort((a, b) => b[0] - a[0]),
  };
}

beforeAll(async () => {
  t = await testApp();
  market = await setupMoney(t);
  seller = await createUser(t.db);
  buyer = await createUser(t.db);
  await fund(t, seller.id, COIN, '100', 'coin');
  await fund(t, buyer.id, FIAT, '10000000', 'fiat');
  const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = address.replace('http', 'ws');
});
afterEach(async () => {
  for (const c of open.splice(0)) c.close();
  await expectLedgerHolds(t);
});
afterAll(async () => { await t?.close(); });

describe('subscribe and unsubscribe', () => {
  it('acknowledges with every current stream, and refuses unknown ones with an error frame', async () => {
    const c = await connect('public');
    c.send({ event: 'subscribe', streams: [`${MARKET}.trades`, 'global.tickers'] });
    expect(await c.next((f) => f.success)).toEqual({ success: { message: 'subscribed', streams: [`${MARKET}.trades`, 'global.tickers'] } });
    c.send({ event: 'subscribe', streams: ['nope.nothing', `${MARKET}.kline-1m`] });
    await c.next((f) => f.success?.streams?.length === 3);
    expect(await c.next((f) => f.error)).toEqual({ error: { message: 'ranger.stream.unknown', streams: ['nope.nothing'] } });
    c.send({ event: 'unsubscribe', streams: ['global.tickers'] });
    expect(await c.next((f) => f.success?.message === 'unsubscribed')).toEqual({
      success: { message: 'unsubscribed', streams: [`${MARKET}.trades`, `${MARKET}.kline-1m`] },
    });
  });

  it('subscribes from ?stream= at connect', async () => {
    const c = await connect(`public?stream=${MARKET}.trades&stream=global.tickers`);
    expect(await c.next((f) => f.success)).toEqual({ success: { message: 'subscribed', streams: [`${MARKET}.trades`, 'global.tickers'] } });
    const tick = await c.next((f) => f['global.tickers']);
    expect(tick['global.tickers'][MARKET]).toMatchObject({ last: expect.any(String), price_change_percent: expect.stringMatching(/^[+-]\d+\.\d\d%$/) });
  });
});

describe('order book', () => {
  it('a snapshot and its increments rebuild the book the database holds, through trades and cancels', async () => {
    const a1 = await place(seller.id, 'sell', '20100', '1');
    await place(buyer.id, 'buy', '19900', '2');
    const c = await connect('public');
    c.send({ event: 'subscribe', streams: [`${MARKET}.ob-inc`] });
    const snap = await c.next((f) => f[`${MARKET}.ob-snap`]);
    expect(snap[`${MARKET}.ob-snap`]).toMatchObject({ asks: [['20100', '1']], bids: [['19900', '2']], sequence: expect.any(Number) });
    const a2 = await place(seller.id, 'sell', '20100', '0.5');
    await place(seller.id, 'sell', '20200', '3');
    const b2 = await place(buyer.id, 'buy', '20100', '1.2');
    await t.db.kysely.transaction().execute((trx) => executeTrade(trx, market, a1, b2, '20100', '1', new Date()));
    await t.db.kysely.transaction().execute((trx) => executeTrade(trx, market, a2, b2, '20100', '0.2', new Date()));
    await t.db.kysely.transaction().execute((trx) => cancelOrders(trx, [a2], new Date()));
    const want = await dbBook();
    await expect.poll(() => rebuild(c.frames, MARKET), { timeout: 10_000 }).toEqual(want);
  });

  it('coalesces a tick: a level changed several times is one increment with its final volume, and the sequence has no gaps', async () => {
    const book = new MarketBook('nobook2');
    await book.load(t.db.kysely);
    const s0 = book.snapshot().sequence;
    const event = (side: 'buy' | 'sell', price: string, d: string): OrderEvent => ({
      t: 'order', x: '999999999999', id: 1, market_id: 'nobook2', member_id: 1, side, ord_type: 'limit', price, avg_price: '0',
      state: 'wait', origin_volume: '1', remaining_volume: '1', trades_count: 0, created_at: 0, updated_at: 0, d,
    });
    for (const [side, price, d] of [['buy', '100', '1'], ['buy', '100', '2'], ['buy', '101', '1'], ['sell', '200', '3'], ['buy', '100', '-1'], ['buy', '101', '-1']] as const) {
      book.apply(event(side, price, d));
    }
    // 101 came back to where it was: nothing to send for it.
    expect(book.flush()).toEqual([{ asks: ['200', '3'], sequence: s0 + 1 }, { bids: ['100', '2'], sequence: s0 + 2 }]);
    book.apply(event('buy', '100', '-2'));
    expect(book.flush()).toEqual([{ bids: ['100', ''], sequence: s0 + 3 }]);
    expect(book.flush()).toEqual([]);
    expect(book.snapshot()).toEqual({ asks: [['200', '3']], bids: [], sequence: s0 + 3 });
  });

  it('sends one increment for a level a transaction changed several times', async () => {
    const c = await connect(`public?stream=${MARKET}.ob-inc`);
    await c.next((f) => f[`${MARKET}.ob-snap`]);
    await t.db.kysely.transaction().execute(async (trx) => {
      const at = new Date();
      const first = await placeOrder(trx, { member: buyer.id, market, side: 'buy', price: '19500', volume: '0.1', at });
      await placeOrder(trx, { member: buyer.id, market, side: 'buy', price: '19500', volume: '0.2', at });
      await placeOrder(trx, { member: buyer.id, market, side: 'buy', price: '19500', volume: '0.3', at });
      await cancelOrders(trx, [first], at);
    });
    const inc = await c.next((f) => f[`${MARKET}.ob-inc`]?.bids?.[0] === '19500');
    expect(inc[`${MARKET}.ob-inc`].bids).toEqual(['19500', '0.5']);
    // A later change, in a later tick: by then every increment of the first one has arrived.
    await place(buyer.id, 'buy', '19400', '1');
    await c.next((f) => f[`${MARKET}.ob-inc`]?.bids?.[0] === '19400');
    expect(c.frames.filter((f) => f[`${MARKET}.ob-inc`]?.bids?.[0] === '19500')).toHaveLength(1);
  });

  it('snapshot + increments equal the database\'s book under concurrent trades and cancels, for a client that joins midway too', async () => {
    const early = await connect(`public?stream=${MARKET}.ob-inc`);
    await early.next((f) => f[`${MARKET}.ob-snap`]);
    const work = async (i: number) => {
      const price = String(20300 + (i % 3) * 10);
      const ask = await place(seller.id, 'sell', price, '0.3');
      const bid = await place(buyer.id, 'buy', price, '0.2');
      await t.db.kysely.transaction().execute((trx) => executeTrade(trx, market, ask, bid, price, '0.2', new Date()));
      if (i % 2) await t.db.kysely.transaction().execute((trx) => cancelOrders(trx, [ask], new Date()));
    };
    const first = Array.from({ length: 6 }, (_, i) => work(i));
    const late = await connect(`public?stream=${MARKET}.ob-inc`);
    await Promise.all([...first, ...Array.from({ length: 6 }, (_, i) => work(i + 6))]);
    const want = await dbBook();
    await expect.poll(() => rebuild(early.frames, MARKET), { timeout: 10_000 }).toEqual(want);
    await expect.poll(() => rebuild(late.frames, MARKET), { timeout: 10_000 }).toEqual(want);
  });

  it('counts an order the book read once, however late its event arrives after the read', async () => {
    // A transaction committed before the book is read (its event's NOTIFY read late, as on a loaded node),
    // and one after: the first is in the levels already, the second is not.
    const xid = async () => (await sql<{ x: string }>`SELECT pg_current_xact_id()::text AS x`.execute(t.db.kysely)).rows[0]!.x;
    const before = await xid();
    const book = new MarketBook('nobook');
    await book.load(t.db.kysely);
    const after = await xid();
    const event = (x: string): OrderEvent => ({
      t: 'order', x, id: 1, market_id: 'nobook', member_id: 1, side: 'buy', ord_type: 'limit', price: '100', avg_price: '0',
      state: 'wait', origin_volume: '1', remaining_volume: '1', trades_count: 0, created_at: 0, updated_at: 0, d: '1',
    });
    expect(book.apply(event(before))).toBe(false);
    expect(book.apply(event(after))).toBe(true);
    expect(book.flush()).toEqual([{ bids: ['100', '1'], sequence: book.snapshot().sequence }]);
    expect(book.snapshot().bids).toEqual([['100', '1']]);
  });
});

describe('market data', () => {
  it('sends each trade on <market>.trades, the current candle on kline streams, and tickers from the trades', async () => {
    const c = await connect('public');
    c.send({ event: 'subscribe', streams: [`${MARKET}.trades`] });
    await c.next((f) => f.success);
    const ask = await place(seller.id, 'sell', '21000', '0.5');
    const bid = await place(buyer.id, 'buy', '21000', '0.5');
    const tid = await t.db.kysely.transaction().execute((trx) => executeTrade(trx, market, ask, bid, '21000', '0.5', new Date()));
    const frame = await c.next((f) => f[`${MARKET}.trades`]);
    expect(frame[`${MARKET}.trades`]).toEqual({ trades: [{ tid, taker_type: 'buy', date: expect.any(Number), price: '21000', amount: '0.5' }] });
    c.send({ event: 'subscribe', streams: [`${MARKET}.kline-1m`, 'global.tickers'] });
    const candle = (await c.next((f) => f[`${MARKET}.kline-1m`]))[`${MARKET}.kline-1m`];
    expect(candle).toEqual([expect.any(Number), expect.any(Number), expect.any(Number), expect.any(Number), 21000, expect.any(Number)]);
    expect(candle[0] % 60).toBe(0);
    const ticker = (await c.next((f) => f['global.tickers']))['global.tickers'][MARKET];
    expect(ticker).toMatchObject({ last: '21000.0', at: expect.any(String) });
    expect(Object.values(ticker).every((v) => typeof v === 'string')).toBe(true);
  });

  it('sends the trades of one tick as one frame, in the order they were made', async () => {
    const c = await connect(`public?stream=${MARKET}.trades`);
    await c.next((f) => f.success);
    const tids = await t.db.kysely.transaction().execute(async (trx) => {
      const at = new Date();
      const ask = await placeOrder(trx, { member: seller.id, market, side: 'sell', price: '21500', volume: '0.3', at });
      const bid = await placeOrder(trx, { member: buyer.id, market, side: 'buy', price: '21500', volume: '0.3', at });
      return [await executeTrade(trx, market, ask, bid, '21500', '0.1', at), await executeTrade(trx, market, ask, bid, '21500', '0.2', at)];
    });
    const frame = await c.next((f) => f[`${MARKET}.trades`]?.trades.some((x: { tid: number }) => x.tid === tids[0]));
    expect(frame[`${MARKET}.trades`].trades.map((x: { tid: number; amount: string }) => [x.tid, x.amount])).toEqual([[tids[0], '0.1'], [tids[1], '0.2']]);
  });

  it('publishes a crypto setting when it changes, as the admin API shows it', async () => {
    const c = await connect('public');
    c.send({ event: 'subscribe', streams: ['global.crypto_settings'] });
    await c.next((f) => f.success);
    await t.db.kysely.insertInto('blockchains').values({ key: 'rt-chain', name: 'Realtime chain', client: 'bitcoin', height: 1 } as never).execute();
    const { id } = await t.db.kysely.insertInto('crypto_settings').values({ currency_id: COIN, blockchain_key: 'rt-chain', status: 'enabled' } as never)
      .returning('id').executeTakeFirstOrThrow();
    await t.db.kysely.updateTable('crypto_settings').set({ status: 'disabled' } as never).where('id', '=', id).execute();
    await c.next((f) => f['global.crypto_settings']?.id === id && f['global.crypto_settings'].status === 'disabled');
  });
});

describe('who may have which stream', () => {
  it('refuses the private endpoint without a session, and with a foreign Origin', async () => {
    await expect(connect('private')).rejects.toMatchObject({ status: 401 });
    const { session } = await signInAs(t, 'admin');
    await expect(connect('private', { ...wsHeaders(session), origin: 'https://evil.example' })).rejects.toMatchObject({ status: 403 });
    const ok = await connect('private', { ...wsHeaders(session), origin: base.replace('ws', 'http') });
    ok.send({ event: 'subscribe', streams: ['order'] });
    await ok.next((f) => f.success);
  });

  it('refuses private streams on the public endpoint without a session', async () => {
    const c = await connect('public');
    c.send({ event: 'subscribe', streams: ['order', 'admin.deposit.update'] });
    expect(await c.next((f) => f.error)).toEqual({ error: { message: 'ranger.stream.forbidden', streams: ['order', 'admin.deposit.update'] } });
  });

  it('a member hears only their own orders, trades and balances', async () => {
    const me = await signInAs(t, 'member');
    const other = await signInAs(t, 'member');
    await fund(t, me.user.id, COIN, '5', 'coin');
    await fund(t, other.user.id, COIN, '5', 'coin');
    const mine = await connect('private', wsHeaders(me.session));
    mine.send({ event: 'subscribe', streams: ['order', 'balance', 'balances', 'trade'] });
    await mine.next((f) => f.success);
    const theirs = await place(other.user.id, 'sell', '30000', '1');
    const own = await place(me.user.id, 'sell', '30000', '2');
    const got = await mine.next((f) => f.order);
    expect(got.order).toMatchObject({ id: own, market: MARKET, side: 'sell', kind: 'ask', state: 'wait', origin_volume: '2', price: '30000', executed_volume: '0' });
    await mine.next((f) => f.balance?.currency === COIN);
    // baseapp's `balances`: the changed account keyed by currency, [balance, locked].
    expect((await mine.next((f) => f.balances?.[COIN])).balances).toEqual({ [COIN]: ['3', '2'] });
    await t.db.kysely.transaction().execute((trx) => cancelOrders(trx, [theirs, own], new Date()));
    await mine.next((f) => f.order?.state === 'cancel');
    expect(mine.frames.filter((f) => f.order).map((f) => f.order.id)).toEqual([own, own]);
    await mine.next((f) => f.balances?.[COIN]?.[1] === '0');
    expect(mine.frames.filter((f) => f.balances).map((f) => f.balances)).toEqual([{ [COIN]: ['3', '2'] }, { [COIN]: ['5', '0'] }]);
  });

  it('an admin stream needs read on its subject; queue counts carry only the readable queues', async () => {
    const member = await signInAs(t, 'member');
    const c = await connect('private', wsHeaders(member.session));
    c.send({ event: 'subscribe', streams: ['admin.deposit.update', 'admin.withdraw.update', 'admin.queues.counts'] });
    expect(await c.next((f) => f.error)).toEqual({ error: { message: 'ranger.stream.forbidden', streams: ['admin.deposit.update', 'admin.withdraw.update', 'admin.queues.counts'] } });
    const support = await signInAs(t, 'compliance');
    const s = await connect('private', wsHeaders(support.session));
    s.send({ event: 'subscribe', streams: ['admin.queues.counts', 'admin.adjustment.update'] });
    const counts = await s.next((f) => f['admin.queues.counts']);
    expect(Object.keys(counts['admin.queues.counts']).sort()).toEqual(['applications', 'withdraws']);
    expect(await s.next((f) => f.error)).toEqual({ error: { message: 'ranger.stream.forbidden', streams: ['admin.adjustment.update'] } });
  });

  it('publishes an order row to staff as the admin list shows it', async () => {
    const admin = await signInAs(t, 'admin');
    const c = await connect('private', wsHeaders(admin.session));
    c.send({ event: 'subscribe', streams: ['admin.order.update', 'admin.trade.create'] });
    await c.next((f) => f.success);
    const id = await place(buyer.id, 'buy', '100', '1');
    const row = (await c.next((f) => f['admin.order.update']?.id === id))['admin.order.update'];
    const listed = (await t.app.inject({ method: 'GET', url: `/api/v2/peatio/admin/orders/${id}`, headers: admin.session.headers() })).json();
    expect(row).toEqual(listed);
    await t.db.kysely.transaction().execute((trx) => cancelOrders(trx, [id], new Date()));
    await c.next((f) => f['admin.order.update']?.id === id && f['admin.order.update'].state === 'cancel');
  });

  it('closes a connection whose session ends (logout), from the notification', async () => {
    const { session } = await signInAs(t, 'admin');
    const c = await connect('private', wsHeaders(session));
    c.send({ event: 'subscribe', streams: ['admin.queues.counts'] });
    await c.next((f) => f['admin.queues.counts']);
    const out = await t.app.inject({ method: 'DELETE', url: '/api/v2/barong/identity/sessions', headers: session.headers() });
    expect(out.statusCode).toBeLessThan(300);
    expect(await c.closed).toEqual({ code: 4001, reason: 'authz.invalid_session' });
  });
});
