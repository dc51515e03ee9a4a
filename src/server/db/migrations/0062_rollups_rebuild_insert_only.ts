/**
 * The rollups' rebuild (after a bulk load: the demo's first start, bulk.ts), its largest stage (4–7 s of
 * the ~20 s seed on this host), does less:
 * - it inserts the 15-minute fold without its conflict clause. The rebuild has just emptied the table and the
 *   fold groups by the table's key, so no row can conflict, but the upsert the triggers need (0003, 0024)
 *   probed the key's index for every row first: for the default demo (100,000 activities → 121,715 rows of
 *   15 minutes) 733,563 buffer reads against 325,971 without;
 * - it runs with 64 MB of work memory (the default 4 MB): the planner expects a few hundred groups where
 *   there are 121,715, so the fold's grouping spilled in 21 batches and its sort merged on disk.
 * The rows are identical (the seed's test compares every rebuilt bucket with the ones the triggers kept,
 * metrics-rollups.test.ts a rebuild with the triggers' rows). The counting rule is not restated: the fold is
 * still the triggers' own statement (metric_rollups_sql, service_log_rollups_sql), cut before `ON CONFLICT`;
 * were that clause ever missing, the statement would run whole, as before. Measured in the CPU time of both
 * rebuilds on the default demo's PGlite database (six of each, alternating, host load 1.5–2.5): median 5.7 s
 * before, 4.4 s after.
 */
import { METRIC_COUNTS, SERVICE_LOG_COUNTS, rebuild, type RebuildOptions } from './0037_rollups_rebuild_by_grain.js';

const insertOnly: RebuildOptions = { fold: (statement) => `rollups_insert_only(${statement})`, settings: "SET work_mem = '64MB'" };

export const up = `
-- A fold's statement without its ON CONFLICT clause (the whole statement when it has none).
CREATE FUNCTION rollups_insert_only(statement text) RETURNS text LANGUAGE sql IMMUTABLE AS $fn$
SELECT CASE WHEN strpos(statement, 'ON CONFLICT') > 0 THEN left(statement, strpos(statement, 'ON CONFLICT') - 1) ELSE statement END
$fn$;
${rebuild('metric_rollups', 'activities', METRIC_COUNTS, insertOnly)}
${rebuild('service_log_rollups', 'service_logs', SERVICE_LOG_COUNTS, insertOnly)}
`;
