/**
 * Deterministic user activities for the metrics tests, and an oracle that counts them straight from
 * the activity log with PostgreSQL's own time-zone rules (AT TIME ZONE), independent of the rollups
 * and of the Intl arithmetic the server uses.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../src/server/db/schema.js';
import { prng } from '../../src/shared/prng.js';

/** A small seeded PRNG (mulberry32), so a failure reproduces. */
export const rng = prng;

const KINDS: Array<{ category: 'user' | 'admin'; topic: string; action: string; result: string; data: object | null }> = [
  { category: 'user', topic: 'account', action: 'signup', result: 'succeed', data: { method: 'email' } },
  { category: 'user', topic: 'account', action: 'signup', result: 'succeed', data: { method: 'phone' } },
  { category: 'user', topic: 'account', action: 'signup', result: 'succeed', data: null },
  { category: 'user', topic: 'account', action: 'signup', result: 'failed', data: { method: 'email' } },
  { category: 'user', topic: 'session', action: 'login', result: 'succeed', data: { otp: false } },
  { category: 'user', topic: 'session', action: 'login', result: 'succeed', data: null },
  { category: 'user', topic: 'session', action: 'login', result: 'failed', data: { reason: 'identity.session.invalid_params' } },
  { category: 'user', topic: 'session', action: 'login::2fa', result: 'failed', data: { reason: 'identity.session.invalid_otp' } },
  { category: 'user', topic: 'session', action: 'login::2fa', result: 'failed', data: { reason: 'identity.session.missing_otp' } },
  { category: 'user', topic: 'session', action: 'logout', result: 'succeed', data: null },
  { category: 'admin', topic: 'users', action: 'update', result: 'succeed', data: null },
  { category: 'admin', topic: 'session', action: 'login', result: 'succeed', data: null },
];
export const COUNTRIES = ['US', 'IN', 'NP', 'ca', null] as const;

/** Inserts n random activities with created_at uniformly in [from, to), in one multi-row statement. */
export async function insertRandomActivities(db: Kysely<DB>, n: number, from: number, to: number, rand: () => number) {
  const rows = Array.from({ length: n }, () => {
    const k = KINDS[Math.floor(rand() * KINDS.length)]!;
    return {
      category: k.category, topic: k.topic, action: k.action, result: k.result,
      data: k.data === null ? null : JSON.stringify(k.data),
      user_id: null, target_id: null, user_ip: null, user_agent: null,
      user_ip_country: COUNTRIES[Math.floor(rand() * COUNTRIES.length)]!,
      created_at: new Date(from + Math.floor(rand() * (to - from))),
    };
  });
  await db.insertInto('activities').values(rows).execute();
}

const FORMATS = { hour: 'YYYY-MM-DD HH24:00', day: 'YYYY-MM-DD', month: 'YYYY-MM', year: 'YYYY' } as const;

/** Counts per local unit label over [from, to), from the raw log. Only labels with activity appear. */
export async function oracleCounts(
  db: Kysely<DB>, timeZone: string, unit: keyof typeof FORMATS, from: number, to: number, country: string | null,
): Promise<Record<string, Record<string, number>>> {
  const { rows } = await sql<Record<string, any>>`
    SELECT to_char(date_trunc(${unit}, created_at AT TIME ZONE ${timeZone}), ${FORMATS[unit]}) AS label,
      count(*) FILTER (WHERE action = 'signup' AND result = 'succeed') AS signups,
      count(*) FILTER (WHERE action = 'signup' AND result = 'succeed' AND coalesce(data->>'method', '') <> 'phone') AS signups_email,
      count(*) FILTER (WHERE action = 'signup' AND result = 'succeed' AND data->>'method' = 'phone') AS signups_phone,
      count(*) FILTER (WHERE action IN ('login', 'login::2fa') AND result = 'succeed') AS successful_logins,
      count(*) FILTER (WHERE action IN ('login', 'login::2fa') AND result = 'failed'
        AND coalesce(data->>'reason', '') <> 'identity.session.missing_otp') AS failed_logins
    FROM activities
    WHERE category = 'user' AND created_at >= ${new Date(from)} AND created_at < ${new Date(to)}
      AND (${country}::text IS NULL OR upper(user_ip_country) = ${country})
    GROUP BY 1`.execute(db);
  const out: Record<string, Record<string, number>> = {};
  for (const r of rows) {
    const { label, ...counts } = r;
    const n = Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, Number(v)]));
    if (Object.values(n).some((v) => v > 0)) out[label] = n;
  }
  return out;
}

/** The rollup table without all-zero rows (a delete can leave those behind), in a stable order. */
export async function rollupSnapshot(db: Kysely<DB>) {
  const { rows } = await sql<Record<string, unknown>>`
    SELECT grain, country, bucket, signups, signups_email, signups_phone, successful_logins, failed_logins
    FROM metric_rollups
    WHERE signups <> 0 OR signups_phone <> 0 OR successful_logins <> 0 OR failed_logins <> 0
    ORDER BY grain, country, bucket`.execute(db);
  return rows;
}
