/**
 * SQL of a member's withdraw limits (market-api/withdraw-limits.ts; Peatio 2.6's WithdrawLimit.for and
 * Withdraw.sanitize_execute_sum_queries): the most specific limits row and the member's withdrawn value in
 * the platform's currency against it, in one statement, exactly (numeric).
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema.js';

/**
 * Peatio's SUCCEED_PROCESSING_STATES in this project's states: every withdrawal asked for and not returned
 * (rejected, canceled and failed ones are not counted).
 */
export const LIMIT_COUNTED_STATES = ['prepared', 'submitted', 'under_review', 'accepted', 'processing', 'confirming', 'skipped', 'succeed', 'errored'];

export interface LimitCheck { member: number; group: string; level: number; currency: string; sum: string; dayAgo: Date; monthAgo: Date }

/**
 * Whether a withdrawal of `sum` of `currency` would go over the member's limits: the row of the member's
 * group and KYC level, `any` matching every one, the level weighing more than the group (Peatio's weight);
 * each window's value is the counted withdrawals created after its start, each at its currency's price,
 * plus this one. A limit of 0 is none. `unpriced`: this currency or one in the month's sum has no price.
 * Undefined when no row applies.
 */
export async function limitState(db: Kysely<DB>, c: LimitCheck) {
  const r = await sql<{ over_24_hour: boolean; over_1_month: boolean; unpriced: boolean }>`
    WITH lim AS (
      SELECT limit_24_hour, limit_1_month FROM withdraw_limits
      WHERE "group" IN (${c.group}, 'any') AND kyc_level IN (${String(c.level)}, 'any')
      ORDER BY (kyc_level <> 'any') DESC, ("group" <> 'any') DESC LIMIT 1
    ), done AS (
      SELECT coalesce(sum(w.sum * c.price) FILTER (WHERE w.created_at > ${c.dayAgo}), 0) AS day,
        coalesce(sum(w.sum * c.price), 0) AS month, coalesce(bool_or(coalesce(c.price, 0) = 0), false) AS unpriced
      FROM withdraws w JOIN currencies c ON c.code = w.currency_id
      WHERE w.member_id = ${c.member} AND w.state IN (${sql.join(LIMIT_COUNTED_STATES)}) AND w.created_at > ${c.monthAgo}
    ), req AS (SELECT ${c.sum}::numeric * price AS value, coalesce(price, 0) = 0 AS unpriced FROM currencies WHERE code = ${c.currency})
    SELECT lim.limit_24_hour > 0 AND done.day + req.value > lim.limit_24_hour AS over_24_hour,
      lim.limit_1_month > 0 AND done.month + req.value > lim.limit_1_month AS over_1_month,
      (lim.limit_24_hour > 0 OR lim.limit_1_month > 0) AND (done.unpriced OR req.unpriced) AS unpriced
    FROM lim, done, req`.execute(db);
  return r.rows[0];
}
