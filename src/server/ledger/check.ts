/**
 * The ledger's invariants, checked by PostgreSQL over every operation and account:
 * - per currency, assets + expenses − liabilities − revenues = 0 (each account's balance credit − debit);
 * - per member and currency, the 20x liabilities equal the account's balance and the 21x its locked part
 *   (an account with no operations must hold nothing);
 * - an open order holds no more than its remaining funds, and a finished one holds nothing;
 * - the running totals (ledger_totals) equal the operations' sums.
 * `npm run ledger:check` prints the per-currency totals and every breach; the money tests run it after
 * each test.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

export interface CurrencyTotals { currency: string; assets: string; liabilities: string; revenues: string; expenses: string; imbalance: string }
export interface LedgerReport { totals: CurrencyTotals[]; problems: string[] }

/** Per-currency totals from the running totals (16 rows per currency, not the operations). */
export async function runningTotals(db: Kysely<DB>, currency?: string): Promise<CurrencyTotals[]> {
  const rows = (await sql<CurrencyTotals>`
    SELECT currency_id AS currency,
      coalesce(sum(amount) FILTER (WHERE kind = 1), 0)::text AS assets,
      coalesce(sum(amount) FILTER (WHERE kind = 2), 0)::text AS liabilities,
      coalesce(sum(amount) FILTER (WHERE kind = 3), 0)::text AS revenues,
      coalesce(sum(amount) FILTER (WHERE kind = 4), 0)::text AS expenses,
      sum(CASE WHEN kind IN (1, 4) THEN amount ELSE -amount END)::text AS imbalance
    FROM ledger_totals ${currency ? sql`WHERE currency_id = ${currency}` : sql``}
    GROUP BY currency_id ORDER BY currency_id`.execute(db)).rows;
  return rows;
}

export async function checkLedger(db: Kysely<DB>): Promise<LedgerReport> {
  const totals = (await sql<CurrencyTotals>`
    SELECT currency_id AS currency,
      sum(credit - debit) FILTER (WHERE kind = 1)::text AS assets,
      sum(credit - debit) FILTER (WHERE kind = 2)::text AS liabilities,
      sum(credit - debit) FILTER (WHERE kind = 3)::text AS revenues,
      sum(credit - debit) FILTER (WHERE kind = 4)::text AS expenses,
      sum(CASE WHEN kind IN (1, 4) THEN credit - debit ELSE debit - credit END)::text AS imbalance
    FROM operations GROUP BY currency_id ORDER BY currency_id`.execute(db)).rows
    .map((t) => ({ ...t, assets: t.assets ?? '0', liabilities: t.liabilities ?? '0', revenues: t.revenues ?? '0', expenses: t.expenses ?? '0' }));
  const problems: string[] = [];
  for (const t of totals) {
    if (Number(t.imbalance) !== 0) problems.push(`${t.currency}: assets + expenses − liabilities − revenues = ${t.imbalance}, not 0`);
  }
  const accounts = (await sql<{ user_id: number; currency_id: string; balance: string; locked: string; main: string; held: string }>`
    WITH l AS (
      SELECT member_id, currency_id,
        coalesce(sum(credit - debit) FILTER (WHERE code IN (201, 202)), 0) AS main,
        coalesce(sum(credit - debit) FILTER (WHERE code IN (211, 212)), 0) AS held
      FROM operations WHERE kind = 2 GROUP BY member_id, currency_id
    )
    SELECT coalesce(a.user_id, l.member_id) AS user_id, coalesce(a.currency_id, l.currency_id) AS currency_id,
      coalesce(a.balance, 0)::text AS balance, coalesce(a.locked, 0)::text AS locked,
      coalesce(l.main, 0)::text AS main, coalesce(l.held, 0)::text AS held
    FROM accounts a FULL JOIN l ON l.member_id = a.user_id AND l.currency_id = a.currency_id
    WHERE coalesce(a.balance, 0) <> coalesce(l.main, 0) OR coalesce(a.locked, 0) <> coalesce(l.held, 0)
    ORDER BY 1, 2 LIMIT 100`.execute(db)).rows;
  for (const a of accounts) {
    problems.push(`member ${a.user_id} ${a.currency_id}: account balance ${a.balance} / locked ${a.locked}, liabilities main ${a.main} / locked ${a.held}`);
  }
  const drift = (await sql<{ currency_id: string; kind: number; running: string; summed: string }>`
    WITH o AS (SELECT currency_id, kind, sum(credit - debit) AS summed FROM operations GROUP BY currency_id, kind),
    t AS (SELECT currency_id, kind, sum(amount) AS running FROM ledger_totals GROUP BY currency_id, kind)
    SELECT coalesce(o.currency_id, t.currency_id) AS currency_id, coalesce(o.kind, t.kind) AS kind,
      coalesce(t.running, 0)::text AS running, coalesce(o.summed, 0)::text AS summed
    FROM o FULL JOIN t ON t.currency_id = o.currency_id AND t.kind = o.kind
    WHERE coalesce(t.running, 0) <> coalesce(o.summed, 0)`.execute(db)).rows;
  for (const d of drift) problems.push(`${d.currency_id} kind ${d.kind}: running total ${d.running}, operations sum to ${d.summed}`);
  const orders = (await sql<{ id: number; state: string; locked: string }>`
    SELECT id, state, locked::text AS locked FROM orders
    WHERE (state <> 'wait' AND state <> 'pending' AND locked <> 0) OR locked < 0
    ORDER BY id LIMIT 100`.execute(db)).rows;
  for (const o of orders) problems.push(`order ${o.id} (${o.state}) still holds ${o.locked}`);
  return { totals, problems };
}
