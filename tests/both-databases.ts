/**
 * The server test files whose behaviour can differ between the embedded database (PGlite: PostgreSQL 17 in
 * WASM, one connection behind a queue, its own driver) and a PostgreSQL server (a pool through `pg`). CI runs
 * these on both; every other server file once, on PostgreSQL (the production database, where SQL that only a
 * newer engine knows would fail). A developer's `npm test` without TEST_DATABASE_URL runs them all on PGlite.
 *
 * A file belongs here when a test in it depends on:
 * - concurrency: requests or transactions at once, races, double submits, locks (PGlite serialises them);
 * - the driver's value types: exact decimals, big integers, microsecond and millisecond edges, Date objects;
 * - the planner or the catalogue: estimated counts, statistics, plans and indexes, autovacuum settings;
 * - notifications and nodes: LISTEN/NOTIFY, two apps or servers on one database, realtime fed by the database;
 * - the database's own refusals and limits: timeouts, outages, the queue, SQLSTATEs mapped to codes (23505,
 *   23503, 22003), the embedded engine's own failures;
 * - the database it runs on, by name (files that run on one of them only).
 * When in doubt a file is listed. Moving a file out of this list needs the reason it cannot differ.
 *
 * The reliability suite's walks of the route table likewise: the fuzz sends malformed values that reach each
 * driver's parameters and each engine's refusals (both); the role × route matrix, the id walk, the superadmin
 * rule and the route abilities judge the application's gates, whatever holds the rows (once, on PostgreSQL).
 * The files that must run alone (crashes, load, stalls, floods, a full disk) all run on both.
 */
export const BOTH_DATABASES = [
  // Concurrency: requests at once, races, double submits, row and table locks.
  'adjustments', 'audit-lock', 'blockchains', 'bonuses', 'coin-applications', 'deposit-refunds',
  'identity-totp-reuse', 'market-api', 'matching', 'member-money', 'money-movements', 'nfe', 'orders', 'otp-secrets', 'payments', 'pins', 'presales',
  'provider-webhooks', 'referral-rewards', 'restrictions', 'saved-views', 'session-lifecycle', 'throttle-parallel',
  'token-config-history', 'token-deposits', 'wallet-transfers', 'withdraw-limits', 'wonka',
  // The driver's value types: exact decimals and big integers, time edges, Date objects.
  'currencies', 'input-limits', 'metrics-api', 'metrics-spans', 'mining', 'peatio-conformance', 'plain-decimal',
  'resources-list', 'service-log-metrics', 'users-members', 'users-paging',
  // bytea: a Buffer from pg, a Uint8Array from PGlite; the file routes must send the exact bytes on both.
  'documents',
  // The planner and the catalogue: estimates, statistics, plans, indexes, autovacuum settings.
  'count', 'export', 'log-vacuum', 'logs-activities', 'metrics-rollups', 'seed', 'statistics', 'users-comments',
  'users-indexes', 'users-list',
  // Notifications and nodes.
  'ranger', 'session-cache', 'two-nodes',
  // The database's own refusals and limits: constraint violations mapped to codes, timeouts, outages, the queue,
  // one transaction of 50,000 rows on the embedded engine, the engine's own abort.
  'db-limits', 'db-outage', 'ledger-batch', 'permissions-api', 'resources-routes', 'tokens',
  // Files that branch on the database they run on.
  'bulk-trading', 'demo-exposure',
].map((f) => `tests/server/${f}.test.ts`);

/** The reliability walks that run on both databases (see above). */
export const RELIABILITY_WALKS_BOTH = ['fuzz', 'fuzz-2'].map((f) => `tests/reliability/${f}.test.ts`);
