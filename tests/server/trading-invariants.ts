/**
 * What a trading history must keep, whichever code wrote it (the order code, or the demo seed's bulk
 * writer): each order as its trades and its postings say. Returns one line per breach (none: []).
 * - filled volume (origin − remaining) and trades_count are its trades' sum and count; done ⇔ nothing remains;
 * - avg_price is the volume-weighted mean of its trades' prices, cut to 18 places per trade (0 before any);
 * - funds_received is what its trades paid it: a buy the amount less its fee, a sell the total less its fee;
 * - what it still locks is what it locked less what its trades spent (a sell their amounts, a buy their
 *   totals), while it waits or is pending; nothing once done, cancelled or rejected;
 * - its own postings (reference Order) moved into its member's locked account what it locked less what it
 *   released, so with its trades' spending they leave exactly `locked` there.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../src/server/db/schema.js';

const PER_ORDER = sql`
  WITH legs AS (
    SELECT maker_order_id AS order_id, price, amount, total, maker_fee_amount AS fee FROM trades
    UNION ALL SELECT taker_order_id, price, amount, total, taker_fee_amount FROM trades
  ), t AS (
    SELECT order_id, count(*)::int AS n, sum(amount) AS volume, sum(total) AS totals, sum(price * amount) AS value,
      sum(amount - fee) AS base_in, sum(total - fee) AS quote_in FROM legs GROUP BY order_id
  ), held AS (
    SELECT reference_id AS order_id, sum(credit - debit) AS net FROM operations
    WHERE reference_type = 'Order' AND code IN (211, 212) GROUP BY reference_id
  )
  SELECT o.id, o.side, o.state, o.origin_volume - o.remaining_volume AS filled, coalesce(t.volume, 0) AS volume,
    o.trades_count, coalesce(t.n, 0) AS n, o.avg_price, coalesce(t.value / nullif(t.volume, 0), 0) AS mean,
    o.funds_received, coalesce(CASE o.side WHEN 'buy' THEN t.base_in ELSE t.quote_in END, 0) AS received,
    o.locked, o.origin_locked - coalesce(CASE o.side WHEN 'buy' THEN t.totals ELSE t.volume END, 0) AS unspent,
    coalesce(h.net, 0) - coalesce(CASE o.side WHEN 'buy' THEN t.totals ELSE t.volume END, 0) AS ledger_held,
    o.remaining_volume
  FROM orders o LEFT JOIN t ON t.order_id = o.id LEFT JOIN held h ON h.order_id = o.id`;

export async function tradingBreaches(db: Kysely<DB>): Promise<string[]> {
  const rows = (await sql<{ id: number; problem: string }>`
    SELECT id, concat_ws('; ',
      CASE WHEN filled <> volume OR trades_count <> n THEN format('filled %s in %s trades, its trades %s in %s', filled, trades_count, volume, n) END,
      CASE WHEN (state = 'done') <> (remaining_volume = 0) THEN format('%s with %s remaining', state, remaining_volume) END,
      CASE WHEN abs(avg_price - mean) > n * 1e-18 THEN format('avg_price %s, its trades average %s', avg_price, mean) END,
      CASE WHEN funds_received <> received THEN format('received %s, its trades paid %s', funds_received, received) END,
      CASE WHEN locked <> CASE WHEN state IN ('wait', 'pending') THEN unspent ELSE 0 END THEN format('%s locks %s, unspent %s', state, locked, unspent) END,
      CASE WHEN ledger_held <> locked THEN format('locks %s, its postings leave %s locked', locked, ledger_held) END) AS problem
    FROM (${PER_ORDER}) x ORDER BY id`.execute(db)).rows;
  return rows.filter((r) => r.problem !== '').map((r) => `order ${r.id}: ${r.problem}`);
}

/** How many orders end in each way a pair of the demo can: open, partly filled and open, filled, cancelled (partly filled or not), pending, rejected. */
export async function orderOutcomes(db: Kysely<DB>): Promise<Record<string, number>> {
  const rows = (await sql<{ k: string; n: number }>`
    SELECT CASE WHEN state IN ('wait', 'cancel') AND trades_count > 0 THEN 'partial ' || state ELSE state END AS k, count(*)::int AS n
    FROM orders GROUP BY 1 ORDER BY 1`.execute(db)).rows;
  return Object.fromEntries(rows.map((r) => [r.k, r.n]));
}
