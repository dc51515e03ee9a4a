/**
 * The logs are append-only, and their lists count up to 10,001 rows by an index-only scan (count.ts).
 * Such a scan skips the table only for pages the visibility map marks all-visible, which only a VACUUM
 * sets; new rows land wherever the free space map finds room, so they are spread over the whole table.
 * With the default insert trigger (20% of the table: 2.1M rows of a 10.5M-row log) a busy server kept
 * up to millions of rows unmarked, and the count fetched each from the heap: measured on 10.5M
 * activities, 2,105 unvacuumed rows cost 1,459 heap reads, 85 ms on a cold cache against 5–10 ms
 * once vacuumed. Vacuuming an append-only table visits only the pages not yet marked, so these
 * tables are vacuumed after every 1,000 inserts (checked once a minute by autovacuum). PGlite has no
 * autovacuum and ignores the settings.
 */
export const up = `
ALTER TABLE activities SET (autovacuum_vacuum_insert_threshold = 1000, autovacuum_vacuum_insert_scale_factor = 0);
ALTER TABLE service_logs SET (autovacuum_vacuum_insert_threshold = 1000, autovacuum_vacuum_insert_scale_factor = 0);
`;
