/**
 * When events happen: within the last year (after the user signed up), more lately than early on,
 * by a UTC daily curve, with a quieter weekend. Shared by activities and service logs.
 */
import { sql } from 'kysely';
import type { SeedContext } from './context.js';
import { WEIGHTED_HOURS } from './reference.js';
import { h16, intArray, md5, u01 } from './sql.js';

export const WINDOW_DAYS = 365;
/** Share of weekend events dropped (a weekday sees more sign-ins than a Saturday). */
const WEEKEND_DROP = 0.3;
/** Share of drawn events that survive the weekend drop and the window edges. */
const KEPT = 1 - (2 / 7) * WEEKEND_DROP - 0.005;

export const windowStartSql = (ctx: SeedContext, createdAt: string): string =>
  `greatest(${createdAt}, ${ctx.nowSql} - interval '${WINDOW_DAYS} days')`;

/**
 * A user's expected share of events: an exponential draw (a few very active users, many quiet
 * ones) times `factor` times the part of the year the account existed.
 */
export const perUserWeightSql = (ctx: SeedContext, u: string, salt: string, factor: string): string =>
  `(-ln(1 - ${u01(md5(salt, `${u}.uid`), 0)}) * (${factor})
    * extract(epoch FROM ${ctx.nowSql} - ${windowStartSql(ctx, `${u}.created_at`)}) / ${WINDOW_DAYS * 86400})`;

/** A moment in [ws, now): the day skewed towards now, the hour by HOUR_WEIGHTS. */
export const eventTimeSql = (ctx: SeedContext, ws: string, m: string): string =>
  `date_trunc('day', ${ws} + (${ctx.nowSql} - ${ws}) * power(${u01(m, 0)}, 0.85))
    + make_interval(hours => (${intArray(WEIGHTED_HOURS)})[1 + ${h16(m, 1)} % ${WEIGHTED_HOURS.length}],
      secs => ${h16(m, 2)} % 3600)`;

/** Drops events outside the window and part of the weekend ones (slice 5 of m). */
export const keepEventSql = (ctx: SeedContext, ts: string, ws: string, m: string): string =>
  `${ts} >= ${ws} AND ${ts} < ${ctx.nowSql} AND NOT (extract(isodow FROM ${ts}) >= 6 AND ${u01(m, 5)} < ${WEEKEND_DROP})`;

/** The multiplier that turns per-user weights into counts summing to about `target`. */
export async function scaleFor(ctx: SeedContext, target: number, salt: string, factor: string): Promise<number> {
  if (target <= 0) return 0;
  const { rows } = await sql.raw<{ w: string | number | null }>(
    `SELECT sum(${perUserWeightSql(ctx, 'u', salt, factor)}) AS w FROM users u`,
  ).execute(ctx.db);
  const w = Number(rows[0]?.w ?? 0);
  return w > 0 ? target / (w * KEPT) : 0;
}
