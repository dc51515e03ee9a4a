/**
 * Dashboard metrics SQL. Series and tiles are answered from metric_rollups (migration 0003): each
 * requested span is covered by the fewest aligned day, hour and 15-minute buckets, and only the ragged
 * ends that no bucket fits (the last-24-hours tile, the current moment) read the activity log, which
 * is a few minutes of rows at most. These functions are what the routes call, so a benchmark can time
 * the SQL directly.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema.js';
import { countRollupSpans, firstRollupAt, type EdgeSpan, type RollupSource } from './rollups.js';
import { COUNTED_LOGINS_AND_SIGNUPS, PHONE_SIGNUPS } from '../migrations/0012_metric_edge_indexes.js';
import {
  METRIC_SERIES, seriesWindow, statisticSpans, TILES_MS, type BarongMetrics, type MetricSeries, type MetricsQuery, type MetricsStatistic,
} from '../../../shared/metrics.js';

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
export { coverRanges, type CoverRange, type Grain } from './rollups.js';
export type Counts = Record<MetricSeries, number>;

/** The activity log's rollups (0003) and its edge rule. */
const ACTIVITY_ROLLUPS: RollupSource<MetricSeries> = { table: 'metric_rollups', columns: METRIC_SERIES, edge: (s, c) => edgeCounts(s, c) };

/** The five counts for each span, in order; `country` null = all countries. */
export function countSpans(
  db: Kysely<DB>, spans: ReadonlyArray<{ start: number; end: number }>, country: string | null,
): Promise<Counts[]> {
  return countRollupSpans(db, ACTIVITY_ROLLUPS, spans, country);
}

/**
 * Counts straight from the activity log, with the very rule of metric_rollups_sql() (a test holds
 * the two equal). Only ever given a few spans shorter than 15 minutes each. Each count is an
 * index-only scan of a partial index holding just the counted rows (migration 0012), whose predicate
 * is repeated here verbatim so the planner can use it. One SELECT per span with its bounds as plain
 * parameters, so the planner sees how narrow each range is (an outer-column range looks wide, costs
 * high, and drags in PostgreSQL's JIT for what is a sub-millisecond index scan).
 */
export function edgeCounts(spans: EdgeSpan[], country: string | null) {
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
export function firstActivityAt(db: Kysely<DB>, country: string | null): Promise<number | null> {
  return firstRollupAt(db, 'metric_rollups', country);
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
