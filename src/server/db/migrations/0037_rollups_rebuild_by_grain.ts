/**
 * The rollups' rebuild (after a bulk load, bulk.ts) one grain at a time: the 15-minute buckets from the
 * log, the hours from them, the days from the hours. It folded the log into all three grains at once
 * (0003, 0024): every 15-minute bucket fanned out to three grains and two country keys, grouped again and
 * upserted. For the default demo (100,000 activities → 231,000 dashboard rollup rows) that was 3.4–4.7 s
 * of CPU on PGlite, one grain at a time 2.8–3.1 s (measured in turn on one database), the rows identical
 * (a seed test compares every rebuilt bucket with the ones the triggers kept).
 *
 * The counting rules are not restated: metric_rollups_sql() and service_log_rollups_sql() are made again
 * from 0003's and 0024's own text, taking the grains to fold into (the triggers keep all three); and a coarser grain is only ever the sum of the
 * finer one's buckets — exact, since an hour is four whole 15-minute buckets and a UTC day 24 whole
 * hours, with the bucket arithmetic the fold uses.
 */
import { up as metrics } from './0003_metrics.js';
import { up as serviceLogs } from './0024_service_log_rollups.js';

/**
 * The fold function `name` as its migration wrote it, taking the grains to fold into as a third
 * argument: the same text with the fan-out over the three grains made a fan-out over `grains`.
 */
function fold(migration: string, name: string): string {
  const start = migration.indexOf(`CREATE FUNCTION ${name}(`);
  const end = migration.indexOf('$fn$;', start);
  if (start < 0 || end < 0) throw new Error(`migration 0037: ${name} not found`);
  const edits: Array<[string, string]> = [
    [`CREATE FUNCTION ${name}(src text, sign integer)`, `CREATE FUNCTION ${name}(src text, sign integer, grains integer[] DEFAULT '{15,60,1440}')`],
    ['CROSS JOIN (VALUES (15), (60), (1440)) AS g(grain)', 'CROSS JOIN unnest(%3$L::integer[]) AS g(grain)'],
    ['$q$, src, sign)', '$q$, src, sign, grains)'],
  ];
  let text = migration.slice(start, end + '$fn$;'.length);
  for (const [from, to] of edits) {
    if (text.split(from).length !== 2) throw new Error(`migration 0037: ${name} is not as 0003/0024 wrote it`);
    text = text.replace(from, to);
  }
  return text;
}

/** How a later migration makes the rebuild differently (0062): this one's is the plain one. */
export interface RebuildOptions {
  /** Wraps the fold's statement (an SQL text expression). */
  fold?: (statement: string) => string;
  /** The function's own settings (`SET work_mem = '64MB'`), while it runs. */
  settings?: string;
}

/** `table`'s rebuild from the log `log`: its 15-minute buckets folded as the triggers fold them, then coarsened. */
export const rebuild = (table: string, log: string, counts: string[], { fold = (s) => s, settings = '' }: RebuildOptions = {}) => `
CREATE OR REPLACE FUNCTION ${table}_rebuild() RETURNS void LANGUAGE plpgsql ${settings ? `${settings} ` : ''}AS $fn$
DECLARE counts text[] := '{${counts.join(',')}}';
BEGIN
  TRUNCATE ${table};
  EXECUTE ${fold(`${table}_sql('${log}', 1, '{15}')`)};
  EXECUTE rollups_coarsen_sql('${table}', counts, 15, 60);
  EXECUTE rollups_coarsen_sql('${table}', counts, 60, 1440);
END
$fn$;
`;

/** The counting columns of each rollup table (0003, 0024). */
export const METRIC_COUNTS = ['signups', 'signups_email', 'signups_phone', 'successful_logins', 'failed_logins'];
export const SERVICE_LOG_COUNTS = ['success', 'failed', 'in_progress', 'suspicious'];

export const up = `
DROP FUNCTION metric_rollups_sql(text, integer);
${fold(metrics, 'metric_rollups_sql')}
DROP FUNCTION service_log_rollups_sql(text, integer);
${fold(serviceLogs, 'service_log_rollups_sql')}

-- Adds the buckets of grain \`coarse\` of a rollup table as the sums of its grain-\`fine\` buckets.
CREATE FUNCTION rollups_coarsen_sql(tbl text, counts text[], fine integer, coarse integer) RETURNS text LANGUAGE sql IMMUTABLE AS $fn$
SELECT format($q$
INSERT INTO %1$I (grain, country, bucket, %2$s)
SELECT %4$s, country, to_timestamp(floor(extract(epoch FROM bucket) / (%4$s * 60)) * (%4$s * 60)), %3$s
FROM %1$I WHERE grain = %5$s
GROUP BY 2, 3
$q$, tbl, (SELECT string_agg(format('%I', c), ', ') FROM unnest(counts) c),
  (SELECT string_agg(format('sum(%I)', c), ', ') FROM unnest(counts) c), coarse, fine)
$fn$;

${rebuild('metric_rollups', 'activities', METRIC_COUNTS)}
${rebuild('service_log_rollups', 'service_logs', SERVICE_LOG_COUNTS)}
`;
