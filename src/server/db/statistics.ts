/**
 * Planner statistics. Past COUNT_CAP matches a list's total is the planner's estimate (count.ts), so
 * stale statistics show a wrong "≈" total: a freshly seeded demo log of 100,000 activities was estimated
 * at a few hundred, and the heading said "≈ 10,001". PostgreSQL's autovacuum keeps them current on a
 * server; PGlite runs PostgreSQL single-user, with no autovacuum, so the embedded database analyzes every
 * ANALYZE_EVERY_MS, counted across restarts (about a second for the demo data, during which PGlite's one
 * connection serves nothing else).
 */
import { sql, type Kysely } from 'kysely';
import type { Database, DB } from './index.js';

export const ANALYZE_EVERY_MS = 6 * 60 * 60 * 1000;

/** ANALYZE, and its time noted (maintenance_runs) so the next start knows when the statistics were taken. */
export async function analyze(db: Kysely<DB>): Promise<void> {
  await sql`ANALYZE`.execute(db);
  await sql`INSERT INTO maintenance_runs (task, last_run) VALUES ('analyze', now())
    ON CONFLICT (task) DO UPDATE SET last_run = excluded.last_run`.execute(db);
}

/** When the last ANALYZE ran (ms since the epoch), or null if it never did. */
export async function lastAnalyzed(db: Kysely<DB>): Promise<number | null> {
  const { rows } = await sql<{ at: Date }>`SELECT last_run AS at FROM maintenance_runs WHERE task = 'analyze'`.execute(db);
  return rows[0] ? new Date(rows[0].at).getTime() : null;
}

/**
 * On PGlite: analyzes every `everyMs`, the first run when the last one (kept in the database) is that old, at
 * once if it never ran; nothing on a server. The timer does not keep the process alive. Returns the stop
 * function. A failed run is reported to `onError` and the next one tries again. A start serves with the
 * statistics of the last run: it analyzed every time before (1.3–4 s on the demo data, holding PGlite's one
 * connection while the server was getting ready), though a seed had just analyzed or a restart came minutes later.
 */
export function keepStatistics(db: Database, onError: (err: unknown) => void, opts: { everyMs?: number; now?: () => number } = {}): () => void {
  if (db.kind !== 'pglite') return () => {};
  const every = opts.everyMs ?? ANALYZE_EVERY_MS;
  const now = opts.now ?? Date.now;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => { analyze(db.kysely).catch(onError).finally(() => schedule(every)); }, ms);
    timer.unref();
  };
  lastAnalyzed(db.kysely).then(
    (last) => schedule(last === null ? 0 : Math.max(0, last + every - now())),
    (err) => { onError(err); schedule(0); },
  );
  return () => { stopped = true; clearTimeout(timer); };
}
