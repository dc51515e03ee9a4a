/**
 * Planner statistics. Past COUNT_CAP matches a list's total is the planner's estimate (count.ts), so
 * stale statistics show a wrong "≈" total: a freshly seeded demo log of 100,000 activities was estimated
 * at a few hundred, and the heading said "≈ 10,001". PostgreSQL's autovacuum keeps them current on a
 * server; PGlite runs PostgreSQL single-user, with no autovacuum, so the embedded database analyzes at
 * start and then every ANALYZE_EVERY_MS (about a second for the demo data, during which PGlite's one
 * connection serves nothing else).
 */
import { sql, type Kysely } from 'kysely';
import type { Database, DB } from './index.js';

export const ANALYZE_EVERY_MS = 6 * 60 * 60 * 1000;

export async function analyze(db: Kysely<DB>): Promise<void> {
  await sql`ANALYZE`.execute(db);
}

/**
 * On PGlite: analyzes every `everyMs` (the timer does not keep the process alive); nothing on a server.
 * Returns the stop function. A failed run is reported to `onError` and the next one tries again.
 */
export function keepStatistics(db: Database, onError: (err: unknown) => void, everyMs = ANALYZE_EVERY_MS): () => void {
  if (db.kind !== 'pglite') return () => {};
  const timer = setInterval(() => { analyze(db.kysely).catch(onError); }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
