/**
 * The service-log graph's SQL (P-A33): the dashboard's window and bucket assembly (rollups.ts,
 * shared/metrics.ts) over service_log_rollups (migration 0024). Only the sub-15-minute ends of the
 * window read service_logs, through its created_at index.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema.js';
import { countRollupSpans, firstRollupAt, type EdgeSpan, type RollupSource } from './rollups.js';
import { seriesWindow, type MetricsQuery } from '../../../shared/metrics.js';
import { SERVICE_LOG_SERIES, type ServiceLogMetrics, type ServiceLogSeries } from '../../../shared/service-log-metrics.js';

/** Counts straight from service_logs with the rollups' rule (service_log_group()); edges only. */
export function serviceLogEdgeCounts(spans: EdgeSpan[], country: string | null) {
  const inCountry = country === null ? sql`` : sql`AND upper(coalesce(user_country, '')) = ${country}`;
  const parts = spans.map((r) => sql`
    SELECT ${r.g}::int AS g,
      count(*) FILTER (WHERE grp = 'success') AS success, count(*) FILTER (WHERE grp = 'failed') AS failed,
      count(*) FILTER (WHERE grp = 'in_progress') AS in_progress, count(*) FILTER (WHERE grp = 'suspicious') AS suspicious
    FROM (SELECT service_log_group(result) AS grp FROM service_logs
      WHERE created_at >= ${r.lo}::timestamptz AND created_at < ${r.hi}::timestamptz ${inCountry}) AS x`);
  return sql<Record<string, number>>`${sql.join(parts, sql` UNION ALL `)}`;
}

const SERVICE_LOG_ROLLUPS: RollupSource<ServiceLogSeries> = {
  table: 'service_log_rollups', columns: SERVICE_LOG_SERIES, edge: serviceLogEdgeCounts,
};

/** GET /admin/metrics/service-logs: the rows of the query's window and their totals (the cards). */
export async function serviceLogMetrics(db: Kysely<DB>, query: MetricsQuery, now: Date): Promise<ServiceLogMetrics> {
  const t = now.getTime();
  const first = query.period === 'all' && !query.range ? await firstRollupAt(db, 'service_log_rollups', query.country) : null;
  const { slots } = seriesWindow(query, t, first);
  const counts = await countRollupSpans(db, SERVICE_LOG_ROLLUPS, slots, query.country);
  const out: ServiceLogMetrics = { success: 0, failed: 0, in_progress: 0, suspicious: 0, data: [] };
  slots.forEach((s, i) => {
    const c = counts[i]!;
    for (const k of SERVICE_LOG_SERIES) out[k] += c[k];
    out.data.push({ period: s.date, ...c });
  });
  return out;
}
