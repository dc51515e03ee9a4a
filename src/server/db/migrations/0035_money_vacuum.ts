/**
 * The money lists count up to 10,001 rows by an index-only scan (count.ts), as the logs do (0011), and
 * the orders page walks its ids the same way (list-page.ts `late`). Such a scan skips the table only for
 * pages the visibility map marks all-visible, which only a VACUUM sets, and by default autovacuum waits
 * for 20% of a table to change: 2M rows of 10M orders. Fills and cancels rewrite the newest orders, so
 * the pages every open-order and pending list reads were the ones left unmarked: after 40,000 bulk
 * cancels, counting 10,001 pending orders fetched 9,788 of them from the heap, 80 ms on a cold cache.
 * So orders and withdrawals (updated) are vacuumed after every 1,000 changed rows and trades and
 * operations (appended) after every 1,000 inserts, checked once a minute by autovacuum. A vacuum visits
 * only the pages not yet marked, and skips the indexes while dead rows are few. PGlite has no autovacuum
 * and ignores the settings.
 */
export const up = `
ALTER TABLE orders SET (autovacuum_vacuum_threshold = 1000, autovacuum_vacuum_scale_factor = 0,
  autovacuum_vacuum_insert_threshold = 1000, autovacuum_vacuum_insert_scale_factor = 0);
ALTER TABLE withdraws SET (autovacuum_vacuum_threshold = 1000, autovacuum_vacuum_scale_factor = 0,
  autovacuum_vacuum_insert_threshold = 1000, autovacuum_vacuum_insert_scale_factor = 0);
ALTER TABLE trades SET (autovacuum_vacuum_insert_threshold = 1000, autovacuum_vacuum_insert_scale_factor = 0);
ALTER TABLE operations SET (autovacuum_vacuum_insert_threshold = 1000, autovacuum_vacuum_insert_scale_factor = 0);
`;
