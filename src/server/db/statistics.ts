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
 * On PGlite: analyzes now (when `now`) and every `everyMs` (the timer does not keep the process alive);
 * nothing on a server. Returns the stop function. A failed run is reported to `onError` and the next one
 * tries again. The statistics of the last run are kept in the data directory, so a start serves with
 * those while the first ANALYZE runs (1.3–4 s on the demo data, which a start used to wait for).
 */
export function keepStatistics(db: Database, onError: (err: unknown) => void, opts: { now?: boolean; everyMs?: number } = {}): () => void {
  if (db.kind !== 'pglite') return () => {};
  if (opts.now) analyze(db.kysely).catch(onError);
  const timer = setInterval(() => { analyze(db.kysely).catch(onError); }, opts.everyMs ?? ANALYZE_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
