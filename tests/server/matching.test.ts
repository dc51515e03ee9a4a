/**
 * The matching engine: price-time priority, the maker's price, partial fills resting, a filled buy's
 * unspent lock returned, non-crossing orders resting, a crossed book uncrossed, and parallel takers on
 * one market never over-filling a resting order. The ledger invariant is checked after every test.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { createUser } from '../helpers/users.js';
import { balances, COIN, expectLedgerHolds, FIAT, fund, setupMoney } from './money-fixtures.js';
import { cancelOrders, placeOrder, type MarketInfo } from '../../src/server/trading/orders.js';
import { submitOrder, uncrossMarket } from '../../src/server/trading/matching.js';
import { LedgerRefusal } from '../../src/server/ledger/post.js';

let t: TestApp;
let market: MarketInfo;
let sellers: number[], buyers: number[];

const submit = (member: number, side: 'buy' | 'sell', price: string, volume: string) =>
  submitOrder(t.db.kysely, { member, market, side, price, volume });
const order = (id: number) => t.db.kysely.selectFrom('orders').select(['state', 'remaining_volume', 'locked']).where('id', '=', id)
  .executeTakeFirstOrThrow().then((o) => ({ state: o.state, remaining: Number(o.remaining_volume), locked: Number(o.locked) }));
const trade = (id: number) => t.db.kysely.selectFrom('trades').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

beforeAll(async () => {
  t = await testApp();
  market = await setupMoney(t);
  sellers = [], buyers = [];
  for (let i = 0; i < 3; i++) {
    const s = await createUser(t.db), b = await createUser(t.db);
    await fund(t, s.id, COIN, '100', 'coin');
    await fund(t, b.id, FIAT, '10000000', 'fiat');
    sellers.push(s.id); buyers.push(b.id);
  }
});
// Every test starts from an empty book.
beforeEach(async () => {
  const open = await t.db.kysely.selectFrom('orders').select('id').where('state', '=', 'wait').execute();
  await t.db.kysely.transaction().execute((trx) => cancelOrders(trx, open.map((o) => o.id), new Date()));
});
afterEach(async () => { await expectLedgerHolds(t); });
afterAll(async () => { await t?.close(); });

describe('price-time priority', () => {
  it('fills the best price first, and at one price the oldest order first', async () => {
    const older = (await submit(sellers[0]!, 'sell', '100', '1')).id;
    const newer = (await submit(sellers[1]!, 'sell', '100', '1')).id;
    const worse = (await submit(sellers[2]!, 'sell', '101', '1')).id;
    const better = (await submit(sellers[2]!, 'sell', '99', '1')).id;
    const { id, trades } = await submit(buyers[0]!, 'buy', '101', '2.5');
    expect(trades).toHaveLength(3);
    const made = await Promise.all(trades.map(trade));
    expect(made.map((x) => [Number(x.maker_order_id), Number(x.price), Number(x.amount)])).toEqual([[better, 99, 1], [older, 100, 1], [newer, 100, 0.5]]);
    expect(made.every((x) => Number(x.taker_order_id) === id && x.taker_type === 'buy')).toBe(true);
    expect(await order(newer)).toMatchObject({ state: 'wait', remaining: 0.5 });
    expect(await order(worse)).toMatchObject({ state: 'wait', remaining: 1 });
    expect(await order(id)).toEqual({ state: 'done', remaining: 0, locked: 0 });
  });

  it('matches a sell against the highest bid first', async () => {
    const low = (await submit(buyers[0]!, 'buy', '95', '1')).id;
    const high = (await submit(buyers[1]!, 'buy', '98', '1')).id;
    const { trades } = await submit(sellers[0]!, 'sell', '90', '1.5');
    const made = await Promise.all(trades.map(trade));
    // The maker's price each time, not the seller's 90.
    expect(made.map((x) => [Number(x.maker_order_id), Number(x.price), x.taker_type])).toEqual([[high, 98, 'sell'], [low, 95, 'sell']]);
    expect(await order(low)).toMatchObject({ state: 'wait', remaining: 0.5 });
  });
});

describe('fills', () => {
  it('trades at the maker\'s price and returns the unspent lock of a buy filled below its limit', async () => {
    await submit(sellers[0]!, 'sell', '100', '1');
    const before = await balances(t, buyers[0]!, FIAT);
    const { id, trades } = await submit(buyers[0]!, 'buy', '120', '1');
    expect(Number((await trade(trades[0]!)).price)).toBe(100);
    expect(await order(id)).toEqual({ state: 'done', remaining: 0, locked: 0 });
    const after = await balances(t, buyers[0]!, FIAT);
    // Paid 100, not the 120 it locked: the 20 came back, nothing stays locked.
    expect(Number(before.balance) - Number(after.balance)).toBe(100);
    expect(after.locked).toBe(before.locked);
  });

  it('leaves the unfilled remainder resting with its lock', async () => {
    await submit(sellers[0]!, 'sell', '100', '0.4');
    const { id, trades } = await submit(buyers[0]!, 'buy', '100', '1');
    expect(trades).toHaveLength(1);
    expect(await order(id)).toEqual({ state: 'wait', remaining: 0.6, locked: 60 });
    // The remainder is a maker now.
    const next = await submit(sellers[1]!, 'sell', '99', '0.6');
    expect(Number((await trade(next.trades[0]!)).price)).toBe(100);
    expect(await order(id)).toEqual({ state: 'done', remaining: 0, locked: 0 });
  });

  it('rests an order that does not cross', async () => {
    const ask = (await submit(sellers[0]!, 'sell', '105', '1')).id;
    const bid = await submit(buyers[0]!, 'buy', '104.99', '1');
    expect(bid.trades).toEqual([]);
    expect(await order(ask)).toMatchObject({ state: 'wait', remaining: 1 });
    expect(await order(bid.id)).toMatchObject({ state: 'wait', remaining: 1 });
  });

  it('allows self-trades (as Peatio does)', async () => {
    const ask = (await submit(sellers[0]!, 'sell', '100', '1')).id;
    await fund(t, sellers[0]!, FIAT, '100', 'fiat');
    const { trades } = await submit(sellers[0]!, 'buy', '100', '1');
    expect((await trade(trades[0]!)).maker_order_id).toBe(ask);
  });

  it('skips a resting order too small to trade and goes on to the next', async () => {
    // 0.001 × 1 = 0.001 musd: less than a cent, no trade possible at that price.
    const dust = (await submit(sellers[0]!, 'sell', '1', '0.001')).id;
    const real = (await submit(sellers[1]!, 'sell', '2', '1')).id;
    const { trades } = await submit(buyers[0]!, 'buy', '2', '1');
    expect(trades).toHaveLength(1);
    expect((await trade(trades[0]!)).maker_order_id).toBe(real);
    expect(await order(dust)).toMatchObject({ state: 'wait', remaining: 0.001 });
  });

  it('places nothing when the balance does not cover the order', async () => {
    const poor = await createUser(t.db);
    await expect(submit(poor.id, 'buy', '100', '1')).rejects.toBeInstanceOf(LedgerRefusal);
    expect(await t.db.kysely.selectFrom('orders').select('id').where('member_id', '=', poor.id).execute()).toEqual([]);
  });
});

describe('concurrency and crossed books', () => {
  it('never over-fills a resting order when takers race on one market', async () => {
    const ask = (await submit(sellers[0]!, 'sell', '100', '1')).id;
    const takers = await Promise.all(Array.from({ length: 8 }, (_, i) => submit(buyers[i % 3]!, 'buy', '100', '0.3')));
    const made = await Promise.all(takers.flatMap((x) => x.trades).map(trade));
    expect(made.reduce((s, x) => s + Number(x.amount), 0)).toBeCloseTo(1, 12);
    expect(await order(ask)).toEqual({ state: 'done', remaining: 0, locked: 0 });
    const rests = await Promise.all(takers.map((x) => order(x.id)));
    // 8 × 0.3 = 2.4 bought against 1 offered: 1.4 rests, every taker's remainder within its volume.
    expect(rests.reduce((s, x) => s + x.remaining, 0)).toBeCloseTo(1.4, 12);
    expect(rests.every((x) => x.remaining >= 0 && x.remaining <= 0.3)).toBe(true);
  });

  it('a cancel racing the matcher over the same orders waits its turn: each order is filled or cancelled, once', async () => {
    const asks: number[] = [];
    for (let i = 0; i < 6; i++) asks.push((await submit(sellers[i % 3]!, 'sell', String(100 + i), '0.5')).id);
    const results = await Promise.allSettled([
      submit(buyers[0]!, 'buy', '110', '1.2'),
      t.db.kysely.transaction().execute((trx) => cancelOrders(trx, [...asks].reverse(), new Date())),
      submit(buyers[1]!, 'buy', '110', '0.7'),
      t.db.kysely.transaction().execute((trx) => cancelOrders(trx, asks.slice(2), new Date())),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
    for (const id of asks) {
      const o = await order(id);
      expect(['done', 'cancel', 'wait'].includes(o.state)).toBe(true);
      if (o.state === 'cancel') expect(o.locked).toBe(0);
    }
  });

  it('uncrosses a book the engine never matched, the older order as maker', async () => {
    const at = new Date();
    const place = (member: number, side: 'buy' | 'sell', price: string, volume: string) =>
      t.db.kysely.transaction().execute((trx) => placeOrder(trx, { member, market, side, price, volume, at }));
    const bid = await place(buyers[0]!, 'buy', '103', '1');
    const ask1 = await place(sellers[0]!, 'sell', '101', '0.5');
    const ask2 = await place(sellers[1]!, 'sell', '102', '1');
    await place(sellers[2]!, 'sell', '104', '1');
    expect(await uncrossMarket(t.db.kysely, market, at)).toEqual({ trades: 2, crossed: false });
    const made = await t.db.kysely.selectFrom('trades').selectAll().where('maker_order_id', '=', bid).orderBy('id').execute();
    expect(made.map((x) => [Number(x.taker_order_id), Number(x.price), Number(x.amount)])).toEqual([[ask1, 103, 0.5], [ask2, 103, 0.5]]);
    expect(await order(ask2)).toMatchObject({ state: 'wait', remaining: 0.5 });
    expect(await uncrossMarket(t.db.kysely, market, at)).toEqual({ trades: 0, crossed: false });
  });
});
