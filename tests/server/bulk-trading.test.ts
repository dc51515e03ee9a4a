/**
 * The bench's trading history (`npm run db:seed:trading`, db/seed/bulk-trading.ts) at a small scale, on
 * PostgreSQL only (it is set-based SQL for a server and refuses nothing else): appended to a demo seed,
 * it gives the asked sizes, trades that match their orders, and a ledger that balances.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openTestDb } from '../helpers/db.js';
import type { Database } from '../../src/server/db/index.js';
import { seedDemo } from '../../src/server/db/seed/index.js';
import { seedBulkTrading } from '../../src/server/db/seed/bulk-trading.js';
import { seedBulkDeposits } from '../../src/server/db/seed/bulk-deposits.js';
import { checkLedger } from '../../src/server/ledger/check.js';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const NOW = new Date('2026-06-15T12:00:00Z');
let db: Database;
let before: { orders: number; trades: number; deposits: number };
/** What the realtime feed's channel heard while the history was loaded. */
const feed: string[] = [];
let stopListening: (() => Promise<void>) | undefined;

const one = async <T>(text: string) => (await sql.raw<T>(text).execute(db.kysely)).rows[0]!;

beforeAll(async () => {
  if (!onPostgres) return;
  db = await openTestDb();
  await seedDemo(db.kysely, { users: 200, activities: 1_000, password: 'Demo-pass-123', now: NOW });
  before = await one(`SELECT (SELECT count(*) FROM orders)::int AS orders, (SELECT count(*) FROM trades)::int AS trades,
    (SELECT count(*) FROM deposits)::int AS deposits`);
  stopListening = await db.listen('steward_events', { payload: (p) => feed.push(p), lost: () => undefined, ready: () => undefined });
  await seedBulkTrading(db.kysely, { orders: 2_000, trades: 4_000, operations: 4_000, withdraws: 100, now: NOW });
  await seedBulkDeposits(db.kysely, 1_000, NOW);
}, 300_000);
afterAll(async () => { await stopListening?.(); await db?.close(); });

it.runIf(onPostgres)('appends orders in pairs and their trades, each trade at its orders\' price, and the ledger balances', async () => {
  const added = await one<{ orders: number; trades: number }>(`SELECT (SELECT count(*) FROM orders)::int - ${before.orders} AS orders,
    (SELECT count(*) FROM trades)::int - ${before.trades} AS trades`);
  expect(added.orders).toBeGreaterThanOrEqual(2_000);
  expect(added.trades).toBeGreaterThanOrEqual(2_000);
  // Every trade's total is its price × amount cut to the quote's places; its orders average their trades' price.
  const bad = await one<{ totals: number; averages: number; traded: number }>(`SELECT
    (SELECT count(*) FROM trades t JOIN markets m ON m.id = t.market_id JOIN currencies q ON q.code = m.quote_unit
      WHERE t.total <> trunc(t.price * t.amount, q.precision))::int AS totals,
    (SELECT count(*) FROM orders o WHERE o.trades_count > 0 AND o.avg_price <> o.price
      AND NOT EXISTS (SELECT 1 FROM trades t WHERE (t.maker_order_id = o.id OR t.taker_order_id = o.id) AND t.price <> o.price))::int AS averages,
    (SELECT count(*) FROM orders o WHERE o.trades_count > 0)::int AS traded`);
  expect(bad.traded).toBeGreaterThan(0);
  expect(bad).toMatchObject({ totals: 0, averages: 0 });
  const ledger = await checkLedger(db.kysely);
  expect(ledger.problems).toEqual([]);
});

it.runIf(onPostgres)('appends a year of deposits in every state their flows end in, each coin deposit on its chain, the ledger untouched', async () => {
  const d = await one<{ added: number; states: string[]; coinless: number; fiatChained: number; first: Date; last: Date }>(`SELECT
    (SELECT count(*) FROM deposits)::int - ${before.deposits} AS added,
    (SELECT array_agg(DISTINCT state ORDER BY state) FROM deposits WHERE tid ~ '^TIDD[0-9]{12}$') AS states,
    (SELECT count(*) FROM deposits WHERE tid ~ '^TIDD[0-9]{12}$' AND type = 'coin' AND (txid IS NULL OR blockchain_key IS NULL OR address IS NULL))::int AS coinless,
    (SELECT count(*) FROM deposits WHERE tid ~ '^TIDD[0-9]{12}$' AND type = 'fiat' AND (txid IS NOT NULL OR state = 'collected'))::int AS "fiatChained",
    (SELECT min(created_at) FROM deposits WHERE tid ~ '^TIDD[0-9]{12}$') AS first, (SELECT max(created_at) FROM deposits WHERE tid ~ '^TIDD[0-9]{12}$') AS last`);
  expect(d.added).toBe(1_000);
  expect(d.states).toEqual(expect.arrayContaining(['accepted', 'collected', 'rejected', 'submitted']));
  expect(d).toMatchObject({ coinless: 0, fiatChained: 0 });
  expect(new Date(d.last).getTime() - new Date(d.first).getTime()).toBeGreaterThan(300 * 86_400_000);
  expect((await checkLedger(db.kysely)).problems).toEqual([]);
});

it.runIf(onPostgres)('sends the realtime feed nothing: at 10M orders its row events overflowed NOTIFY\'s queue and the load failed', async () => {
  // Notifications arrive in commit order: once this one is heard, any the load sent would have been too.
  await sql`SELECT pg_notify('steward_events', 'after the load')`.execute(db.kysely);
  await expect.poll(() => feed.includes('after the load'), { timeout: 10_000 }).toBe(true);
  expect(feed).toEqual(['after the load']);
});
