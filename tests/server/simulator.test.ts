/**
 * The demo market on a seeded database, driven tick by tick with a seeded random and a fake clock (no
 * timers): it places orders and makes trades, a crossed book (a bid left over the best ask, as when the
 * engine was down; the seed's own books are never crossed) is uncrossed on the first tick and no book is
 * crossed after any tick, members' open orders per side stay bounded, orders keep to
 * their market's precisions and limits, and the ledger balances throughout.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openTestDb } from '../helpers/db.js';
import type { Database } from '../../src/server/db/index.js';
import { seedDemo } from '../../src/server/db/seed/index.js';
import { checkLedger } from '../../src/server/ledger/check.js';
import { DEMO_BOOK_DEPTH, startDemoMarket } from '../../src/server/trading/simulator.js';
import { marketInfo, placeOrder } from '../../src/server/trading/orders.js';
import { prng } from '../../src/shared/prng.js';

const NOW = new Date('2026-06-15T12:00:00Z');
const TICKS = 200;
let db: Database;

interface Book { market_id: string; bid: string | null; ask: string | null; bids: number; asks: number }
/** Per market: best bid and ask, and the members' open orders on each side. */
const books = async () => (await sql<Book>`
  SELECT o.market_id, max(o.price) FILTER (WHERE o.side = 'buy')::text AS bid, min(o.price) FILTER (WHERE o.side = 'sell')::text AS ask,
    count(*) FILTER (WHERE o.side = 'buy' AND u.role = 'member')::int AS bids, count(*) FILTER (WHERE o.side = 'sell' AND u.role = 'member')::int AS asks
  FROM orders o JOIN users u ON u.id = o.member_id WHERE o.state = 'wait' GROUP BY o.market_id ORDER BY 1`.execute(db.kysely)).rows;
const crossed = (b: Book[]) => b.filter((x) => x.bid !== null && x.ask !== null && Number(x.bid) >= Number(x.ask)).map((x) => x.market_id);

beforeAll(async () => {
  db = await openTestDb();
  await seedDemo(db.kysely, { users: 300, activities: 600, password: 'Demo-pass-123', now: NOW });
  // The seed's books are uncrossed, as an engine leaves them: cross one with a bid over the best ask that
  // no engine matched, for the first tick to mend.
  expect(crossed(await books())).toEqual([]);
  const book = (await books()).find((b) => b.market_id === 'btcusdt')!;
  const buyer = await db.kysely.selectFrom('accounts').select('user_id').where('currency_id', '=', 'usdt').where('balance', '>', '1000')
    .where('user_id', '>=', 100).orderBy('user_id').executeTakeFirstOrThrow();
  await placeOrder(db.kysely, {
    member: buyer.user_id, market: (await marketInfo(db.kysely, 'btcusdt'))!, side: 'buy', price: (Number(book.ask) * 1.01).toFixed(2), volume: '0.001', at: NOW,
  });
});
afterAll(async () => { await db?.close(); });

describe('demo market', () => {
  it('trades on the seeded markets, keeping every book uncrossed and bounded and the ledger balanced', async () => {
    expect(crossed(await books())).toEqual(['btcusdt']);
    let clock = NOW.getTime() + 60_000;
    const errors: unknown[] = [];
    const sim = startDemoMarket(db.kysely, { ratePerSecond: 0, random: prng(42), now: () => new Date(clock), log: (e) => errors.push(e) });
    for (let i = 0; i < TICKS; i++) {
      await sim.tick();
      clock += 500;
      const b = await books();
      expect(crossed(b), `tick ${i}`).toEqual([]);
      expect(b.filter((x) => x.bids > DEMO_BOOK_DEPTH || x.asks > DEMO_BOOK_DEPTH), `tick ${i}`).toEqual([]);
      if (i % 50 === 49) expect((await checkLedger(db.kysely)).problems).toEqual([]);
    }
    await sim.stop();
    expect(errors).toEqual([]);
    const made = (await sql<{ orders: number; trades: number; markets: number; done: number }>`SELECT
      (SELECT count(*)::int FROM orders WHERE created_at > ${NOW}) AS orders,
      (SELECT count(*)::int FROM trades WHERE created_at > ${NOW}) AS trades,
      (SELECT count(DISTINCT market_id)::int FROM trades WHERE created_at > ${NOW}) AS markets,
      (SELECT count(*)::int FROM orders WHERE created_at > ${NOW} AND state = 'done') AS done`.execute(db.kysely)).rows[0]!;
    expect(made.orders).toBeGreaterThan(TICKS * 0.8);
    expect(made.trades).toBeGreaterThan(20);
    expect(made.markets).toBeGreaterThan(3);
    expect(made.done).toBeGreaterThan(10);
    // Every simulated order keeps to its market: price and amount precision, price limits, minimum amount.
    const off = (await sql<{ id: number }>`SELECT o.id FROM orders o JOIN markets m ON m.id = o.market_id
      WHERE o.created_at > ${NOW} AND (o.price <> round(o.price, m.price_precision) OR o.origin_volume <> round(o.origin_volume, m.amount_precision)
        OR o.price < m.min_price OR (m.max_price > 0 AND o.price > m.max_price) OR o.origin_volume < m.min_amount)`.execute(db.kysely)).rows;
    expect(off).toEqual([]);
    expect((await checkLedger(db.kysely)).problems).toEqual([]);
  });

  it('stop() waits for the tick in flight, and a stopped market places nothing more', async () => {
    const sim = startDemoMarket(db.kysely, { ratePerSecond: 0, random: prng(3), now: () => new Date(NOW.getTime() + 3_600_000) });
    let finished = false;
    const running = sim.tick().then(() => { finished = true; });
    await sim.stop();
    expect(finished).toBe(true);
    await running;
  });
});
