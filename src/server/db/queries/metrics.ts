/**
 * Dashboard metrics SQL. Series and tiles are answered from metric_rollups (migration 0003): each
 * requested span is covered by the fewest aligned day, hour and 15-minute buckets, and only the ragged
 * ends that no bucket fits (the last-24-hours tile, the current moment) read the activity log, which
 * is a few minutes of rows at most. These functions are what the routes call, so a benchmark can time
 * the SQL directly.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema.js';
import { COUNTED_LOGINS_AND_SIGNUPS, PHONE_SIGNUPS } from '../migrations/0012_metric_edge_indexes.js';
import {
  METRIC_SERIES, seriesWindow, statisticSpans, TILES_MS, type BarongMetrics, type MetricSeries, type MetricsQuery, type MetricsStatistic,
} from '../../../shared/metrics.js';

const MINUTE = 60_000;
const DAY = 1440 * MINUTE;
/** Rollup grains in minutes, coarsest first; 0 stands for the raw activity log. */
const GRAINS = [1440, 60, 15] as const;
export type Grain = 0 | (typeof GRAINS)[number];
export interface CoverRange { grain: Grain; lo: number; hi: number }
export type Counts = Record<MetricSeries, number>;

/** Splits [lo, hi) into aligned rollup spans, coarsest first, plus unaligned raw ends. */
export function coverRanges(lo: number, hi: number, grains: readonly number[] = GRAINS): CoverRange[] {
  if (lo >= hi) return [];
  const [g, ...finer] = grains;
  if (g === undefined) return [{ grain: 0, lo, hi }];
  const size = g * MINUTE;
  const a = Math.ceil(lo / size) * size, b = Math.floor(hi / size) * size;
  if (a >= b) return coverRanges(lo, hi, finer);
  return [...coverRanges(lo, a, finer), { grain: g as Grain, lo: a, hi: b }, ...coverRanges(b, hi, finer)];
}

const zero = (): Counts => ({ signups: 0, signups_email: 0, signups_phone: 0, successful_logins: 0, failed_logins: 0 });
const iso = (ms: number) => new Date(ms).toISOString();

/** The five counts for each span, in order; `country` null = all countries. */
export async function countSpans(
  db: Kysely<DB>, spans: ReadonlyArray<{ start: number; end: number }>, country: string | null,
): Promise<Counts[]> {
  const rolled: object[] = [], raw: Array<{ g: number; lo: string; hi: string }> = [];
  spans.forEach((s, g) => {
    for (const r of coverRanges(s.start, s.end)) {
      (r.grain === 0 ? raw : rolled).push({ g, grain: r.grain, lo: iso(r.lo), hi: iso(r.hi) });
    }
  });
  const out = spans.map(zero);
  const add = (rows: Array<Record<string, number>>) => {
    for (const row of rows) for (const k of METRIC_SERIES) out[row.g!]![k] += Number(row[k]);
  };
  if (rolled.length > 0) {
    // LATERAL makes each range one primary-key range scan; a plain join lets the planner hash-join
    // the whole country's rollups instead.
    const { rows } = await sql<Record<string, number>>`
      SELECT r.g, sum(m.signups)::int8 AS signups, sum(m.signups_email)::int8 AS signups_email,
        sum(m.signups_phone)::int8 AS signups_phone, sum(m.successful_logins)::int8 AS successful_logins,
        sum(m.failed_logins)::int8 AS failed_logins
      FROM json_to_recordset(${JSON.stringify(rolled)}::json) AS r(g int, grain smallint, lo timestamptz, hi timestamptz)
      CROSS JOIN LATERAL (
        SELECT sum(signups) AS signups, sum(signups_email) AS signups_email, sum(signups_phone) AS signups_phone,
          sum(successful_logins) AS successful_logins, sum(failed_logins) AS failed_logins
        FROM metric_rollups
        WHERE grain = r.grain AND country = ${country ?? '*'} AND bucket >= r.lo AND bucket < r.hi
      ) AS m
      GROUP BY r.g`.execute(db);
    add(rows);
  }
  if (raw.length > 0) add((await edgeCounts(raw, country).execute(db)).rows);
  return out;
}

/**
 * Counts straight from the activity log, with the very rule of metric_rollups_sql() (a test holds
 * the two equal). Only ever given a few spans shorter than 15 minutes each. Each count is an
 * index-only scan of a partial index holding just the counted rows (migration 0012), whose predicate
 * is repeated here verbatim so the planner can use it. One SELECT per span with its bounds as plain
 * parameters, so the planner sees how narrow each range is (an outer-column range looks wide, costs
 * high, and drags in PostgreSQL's JIT for what is a sub-millisecond index scan).
 */
export function edgeCounts(spans: Array<{ g: number; lo: string; hi: string }>, country: string | null) {
  const inCountry = country === null ? sql`` : sql`AND upper(coalesce(user_ip_country, '')) = ${country}`;
  const parts = spans.map((r) => {
    const range = sql`created_at >= ${r.lo}::timestamptz AND created_at < ${r.hi}::timestamptz ${inCountry}`;
    return sql`
    SELECT ${r.g}::int AS g, x.signups, x.signups - p.phone AS signups_email, p.phone AS signups_phone,
      x.successful_logins, x.failed_logins
    FROM (
      SELECT count(*) FILTER (WHERE topic = 'account') AS signups,
        count(*) FILTER (WHERE topic = 'session' AND result = 'succeed') AS successful_logins,
        count(*) FILTER (WHERE topic = 'session' AND result = 'failed') AS failed_logins
      FROM activities WHERE ${sql.raw(COUNTED_LOGINS_AND_SIGNUPS)} AND ${range}
    ) AS x, (SELECT count(*) AS phone FROM activities WHERE ${sql.raw(PHONE_SIGNUPS)} AND ${range}) AS p`;
  });
  return sql<Record<string, number>>`${sql.join(parts, sql` UNION ALL `)}`;
}

/** The start of the first 15 minutes with counted activity (a primary-key lookup), or null. */
export async function firstActivityAt(db: Kysely<DB>, country: string | null): Promise<number | null> {
  const { rows } = await sql<{ first: Date | null }>`
    SELECT min(bucket) AS first FROM metric_rollups WHERE grain = 15 AND country = ${country ?? '*'}`.execute(db);
  return rows[0]?.first ? new Date(rows[0].first).getTime() : null;
}

/**
 * Users whose private `document` label is `pending` (openware-api.md §5.4); with `since`, only those
 * whose label changed in [since, until]. The country is the user's own (users.country).
 */
export async function pendingApplications(
  db: Kysely<DB>, country: string | null, since?: Date, until?: Date,
): Promise<number> {
  let q = db.selectFrom('labels as l')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('l.key', '=', 'document').where('l.value', '=', 'pending').where('l.scope', '=', 'private');
  if (since) q = q.where('l.updated_at', '>=', since);
  if (until) q = q.where('l.updated_at', '<=', until);
  if (country) {
    q = q.innerJoin('users as u', 'u.id', 'l.user_id').where(sql<boolean>`upper(u.country) = ${country}`);
  }
  const row = await q.executeTakeFirstOrThrow();
  return Number(row.n);
}

/** GET /admin/metrics/statistic: tiles over [now − 24 h, now), and the series of the query. */
export async function metricsStatistic(db: Kysely<DB>, query: MetricsQuery, now: Date): Promise<MetricsStatistic> {
  const t = now.getTime();
  const first = query.period === 'all' && !query.range ? await firstActivityAt(db, query.country) : null;
  const { slots } = seriesWindow(query, t, first);
  const counts = await countSpans(db, [...slots, { start: t - TILES_MS, end: t }], query.country);
  const tiles = counts[slots.length]!;
  return {
    signups: tiles.signups,
    successful_logins: tiles.successful_logins,
    failed_logins: tiles.failed_logins,
    pending_applications: await pendingApplications(db, query.country, new Date(t - TILES_MS), now),
    data: slots.map((s, i) => ({ date: s.date, ...counts[i]! })),
    spans: statisticSpans(slots, t),
  };
}

/**
 * Barong's GET /admin/metrics: all-time counts per UTC date (only dates with activity), optionally
 * within [from, to) in ms, and the all-time number of pending applications.
 */
export async function barongMetrics(db: Kysely<DB>, from: number | null, to: number | null): Promise<BarongMetrics> {
  const { rows } = await sql<{ day: string; signups: number; successful_logins: number; failed_logins: number }>`
    SELECT to_char(bucket AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, signups, successful_logins, failed_logins
    FROM metric_rollups
    WHERE grain = 1440 AND country = '*'
      AND (signups <> 0 OR successful_logins <> 0 OR failed_logins <> 0)
      AND bucket >= ${from === null ? '-infinity' : iso(Math.floor(from / DAY) * DAY)}::timestamptz
      AND bucket < ${to === null ? 'infinity' : iso(to)}::timestamptz
    ORDER BY bucket`.execute(db);
  const out: BarongMetrics = { signups: {}, sucessful_logins: {}, failed_logins: {}, pending_applications: 0 };
  for (const r of rows) {
    out.signups[r.day] = Number(r.signups);
    out.sucessful_logins[r.day] = Number(r.successful_logins);
    out.failed_logins[r.day] = Number(r.failed_logins);
  }
  out.pending_applications = await pendingApplications(db, null);
  return out;
}

const TRIGGERS = ['metric_rollups_ins', 'metric_rollups_del', 'metric_rollups_upd', 'metric_rollups_trunc'];

/**
 * For bulk loads: stop maintaining rollups row set by row set, load, then enableMetricTriggers() and
 * rebuildMetricRollups(). (ALTER TABLE takes an exclusive lock on activities: seed time only.)
 */
export async function disableMetricTriggers(db: Kysely<DB>): Promise<void> {
  for (const t of TRIGGERS) await sql`ALTER TABLE activities DISABLE TRIGGER ${sql.id(t)}`.execute(db);
}

export async function enableMetricTriggers(db: Kysely<DB>): Promise<void> {
  for (const t of TRIGGERS) await sql`ALTER TABLE activities ENABLE TRIGGER ${sql.id(t)}`.execute(db);
}

/** Recomputes every rollup from the activity log in one INSERT ... SELECT ... GROUP BY. */
export async function rebuildMetricRollups(db: Kysely<DB>): Promise<void> {
  await sql`SELECT metric_rollups_rebuild()`.execute(db);
}
