/**
 * The referral settlement (src/server/applogic/README.md, Reward history): over a period of whole UTC days,
 * each referred member's trading fees (maker and taker sides, per fee currency) earn their referrer (tier 1)
 * and the referrer's referrer (tier 2) a pending reward of the applicable active rule's share — the rule naming
 * the fee's currency, else the tier's rule without a currency — when that referrer is active and traded at
 * least the rule's `min_volume` of that currency in the 30 days before the period's end. Amounts are rounded
 * down to the currency's precision; a reward that rounds to nothing is not made.
 *
 * Once: a period is settled by one settlement row (a re-run of the same period reuses it; a period that
 * overlaps another settled period is refused, so no trade is counted twice), and rewards are unique per
 * (settlement, rule, referrer, referred member, currency) — a re-run, or two at once (the settlements
 * table is locked for the run), creates only what is missing.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { compareDecimal, fromUnits, SCALE, toUnits } from '../../shared/decimal.js';

export const MAX_PERIOD_DAYS = 31;
export const VOLUME_DAYS = 30;
const DAY = 86_400_000;

export type SettleRefusal = 'invalid_period' | 'period_too_long' | 'period_not_over' | 'period_overlaps';

export interface SettleInput {
  /** First and last UTC day of the period (YYYY-MM-DD), both included. */
  from: string;
  to: string;
  creator: number;
  at: Date;
}

export interface SettleResult { settlement_id: number; period_from: string; period_to: string; created: number; existing: number }

interface FeeRow {
  source_id: string | number; source_uid: string; currency: string; fee: string; trades: number;
  r1_id: string | number | null; r1_uid: string | null; r1_state: string | null;
  r2_id: string | number | null; r2_uid: string | null; r2_state: string | null;
}

interface Rule { id: number; tier: number; reward_share: string; currency: string | null; min_volume: string }

/** The period as instants: from the start of `from` to the start of the day after `to`; or why not. */
export function periodOf(from: string, to: string, now: Date): { start: Date; end: Date } | SettleRefusal {
  const start = new Date(`${from}T00:00:00Z`), last = new Date(`${to}T00:00:00Z`);
  if (Number.isNaN(start.getTime()) || Number.isNaN(last.getTime()) || last < start) return 'invalid_period';
  const end = new Date(last.getTime() + DAY);
  if (end.getTime() - start.getTime() > MAX_PERIOD_DAYS * DAY) return 'period_too_long';
  // A day not yet over may still get trades.
  if (end > now) return 'period_not_over';
  return { start, end };
}

/** `fee × share`, rounded down to `precision` places. */
export function shareOf(fee: string, share: string, precision: number): string {
  const units = (toUnits(fee) * toUnits(share)) / 10n ** BigInt(SCALE);
  const step = 10n ** BigInt(SCALE - Math.min(precision, SCALE));
  return fromUnits(units - (units % step));
}

/** Each referred member's fees in the period, per currency, with their referrer and the referrer's referrer. */
async function feesOf(trx: Kysely<DB>, start: Date, end: Date): Promise<FeeRow[]> {
  const { rows } = await sql<FeeRow>`
    WITH fees AS (
      SELECT maker_id AS payer, maker_fee_currency AS currency, maker_fee_amount AS fee FROM trades
        WHERE created_at >= ${start} AND created_at < ${end} AND maker_fee_amount > 0
      UNION ALL
      SELECT taker_id, taker_fee_currency, taker_fee_amount FROM trades
        WHERE created_at >= ${start} AND created_at < ${end} AND taker_fee_amount > 0
    ), per AS (SELECT payer, currency, sum(fee) AS fee, count(*)::int AS trades FROM fees GROUP BY payer, currency)
    SELECT s.id AS source_id, s.uid AS source_uid, per.currency, per.fee::text AS fee, per.trades,
      r1.id AS r1_id, r1.uid AS r1_uid, r1.state AS r1_state, r2.id AS r2_id, r2.uid AS r2_uid, r2.state AS r2_state
    FROM per JOIN users s ON s.id = per.payer
    JOIN users r1 ON r1.uid = s.referral_uid
    LEFT JOIN users r2 ON r2.uid = r1.referral_uid
    ORDER BY s.id, per.currency`.execute(trx);
  return rows;
}

/** What `member` traded of `currency` in [since, end): base amounts where it is the base, totals where it is the quote. */
async function volumeOf(trx: Kysely<DB>, member: number, currency: string, since: Date, end: Date): Promise<string> {
  const { rows } = await sql<{ v: string }>`
    SELECT COALESCE(sum(CASE WHEN m.base_unit = ${currency} THEN t.amount ELSE t.total END), 0)::text AS v
    FROM (
      SELECT market_id, amount, total FROM trades WHERE maker_id = ${member} AND created_at >= ${since} AND created_at < ${end}
      UNION ALL
      SELECT market_id, amount, total FROM trades WHERE taker_id = ${member} AND created_at >= ${since} AND created_at < ${end}
    ) t JOIN markets m ON m.id = t.market_id
    WHERE m.base_unit = ${currency} OR m.quote_unit = ${currency}`.execute(trx);
  return rows[0]?.v ?? '0';
}

/** The settlement row of exactly this period (made now when none), or a refusal when another settled period overlaps it. */
async function settlementFor(trx: Kysely<DB>, start: Date, end: Date, creator: number, at: Date): Promise<number | 'period_overlaps'> {
  // One run at a time: a concurrent run of the same or an overlapping period waits here, then sees this one's row.
  await sql`LOCK TABLE reward_settlements IN EXCLUSIVE MODE`.execute(trx);
  const same = await trx.selectFrom('reward_settlements').select('id').where('period_from', '=', start).where('period_to', '=', end).executeTakeFirst();
  if (same) return Number(same.id);
  const overlap = await trx.selectFrom('reward_settlements').select('id').where('period_from', '<', end).where('period_to', '>', start).executeTakeFirst();
  if (overlap) return 'period_overlaps';
  const made = await trx.insertInto('reward_settlements').values({ period_from: start, period_to: end, creator_id: creator, created_at: at, updated_at: at })
    .returning('id').executeTakeFirstOrThrow();
  return Number(made.id);
}

/** Settles a period in the caller's transaction: the rewards it makes (pending), or why not. */
export async function settleRewards(trx: Kysely<DB>, s: SettleInput): Promise<SettleResult | SettleRefusal> {
  const period = periodOf(s.from, s.to, s.at);
  if (typeof period === 'string') return period;
  const { start, end } = period;
  const settlement = await settlementFor(trx, start, end, s.creator, s.at);
  if (typeof settlement === 'string') return settlement;
  const rules = await trx.selectFrom('referral_rules').select(['id', 'tier', 'reward_share', 'currency', 'min_volume'])
    .where('state', '=', 'active').execute() as Rule[];
  const ruleFor = (tier: number, currency: string) => rules.find((r) => Number(r.tier) === tier && r.currency === currency)
    ?? rules.find((r) => Number(r.tier) === tier && r.currency === null);
  const precision = new Map((await trx.selectFrom('currencies').select(['code', 'precision']).execute()).map((c) => [c.code, c.precision]));
  const since = new Date(end.getTime() - VOLUME_DAYS * DAY);
  const volumes = new Map<string, string>();
  const volume = async (member: number, currency: string) => {
    const k = `${member} ${currency}`;
    if (!volumes.has(k)) volumes.set(k, await volumeOf(trx, member, currency, since, end));
    return volumes.get(k)!;
  };

  const rows = [];
  for (const f of await feesOf(trx, start, end)) {
    const tiers = [[1, f.r1_id, f.r1_uid, f.r1_state], [2, f.r2_id, f.r2_uid, f.r2_state]] as const;
    for (const [tier, id, uid, state] of tiers) {
      if (id === null || uid === null || state !== 'active' || Number(id) === Number(f.source_id)) continue;
      const rule = ruleFor(tier, f.currency);
      if (!rule) continue;
      if (compareDecimal(rule.min_volume, '0') > 0 && compareDecimal(await volume(Number(id), f.currency), rule.min_volume) < 0) continue;
      const amount = shareOf(f.fee, rule.reward_share, precision.get(f.currency) ?? SCALE);
      if (toUnits(amount) <= 0n) continue;
      rows.push({
        member_id: Number(id), uid, kind: 'referral', source_id: Number(f.source_id), source_uid: f.source_uid, referral_rule_id: Number(rule.id),
        tier, settlement_id: settlement, period_from: start, period_to: end, fee_amount: f.fee, trades: f.trades, currency: f.currency, amount,
        state: 'pending', creator_id: s.creator, created_at: s.at, updated_at: s.at,
      });
    }
  }
  let created = 0;
  for (let i = 0; i < rows.length; i += 500) {
    const made = await trx.insertInto('rewards').values(rows.slice(i, i + 500))
      .onConflict((oc) => oc.columns(['settlement_id', 'referral_rule_id', 'member_id', 'source_id', 'currency']).doNothing())
      .returning('id').execute();
    created += made.length;
  }
  return { settlement_id: settlement, period_from: start.toISOString(), period_to: end.toISOString(), created, existing: rows.length - created };
}
