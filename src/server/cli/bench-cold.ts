/**
 * First-hit (cold cache) figures for `npm run bench`: before each measured request PostgreSQL is
 * restarted (which empties shared_buffers) and the OS page cache is dropped (`sync; echo 3 >
 * /proc/sys/vm/drop_caches`, root only: when that fails the figures are said to be PostgreSQL-cold
 * only). The connections are then re-opened and the session warmed on another path, so the first timed
 * request pays for reading its own data from disk, not for connecting or signing in.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { Cluster } from './pg-cluster.js';
import { sql, type Database } from '../db/index.js';

/**
 * Waits (up to `maxMs`) until autovacuum has caught up with the logs' inserts and the money tables'
 * changes (migrations 0011 and 0035: a vacuum after every 1,000), as it does on a running server within
 * a minute. The bench's own requests and floods insert thousands of activities just before the cold
 * pass, its bulk cancels rewrite the newest orders, and counting over rows no vacuum has marked
 * all-visible reads them from the heap. Returns the rows still waiting for a vacuum.
 */
export async function autovacuumCaughtUp(db: Database, maxMs = 180_000): Promise<number> {
  const pending = async () => Number((await sql<{ n: string }>`SELECT coalesce(max(greatest(n_ins_since_vacuum,
      CASE WHEN relname IN ('orders', 'withdraws') THEN n_dead_tup ELSE 0 END)), 0) AS n
    FROM pg_stat_user_tables WHERE relname IN ('activities', 'service_logs', 'orders', 'trades', 'operations', 'withdraws')`.execute(db.kysely)).rows[0]!.n);
  const until = Date.now() + maxMs;
  let n = await pending();
  while (n >= 1000 && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 2000));
    n = await pending();
  }
  return n;
}

/** Drops the OS page cache; false when this process may not. */
export function dropOsCache(): boolean {
  try {
    execFileSync('sync');
    writeFileSync('/proc/sys/vm/drop_caches', '3');
    return true;
  } catch {
    return false;
  }
}

export interface ColdSide {
  /** Re-opens connections (and warms the session) after a restart, outside the timing. */
  reconnect: () => Promise<void>;
  /** The timed first call. */
  call: () => Promise<unknown>;
}

/** Runs `fn` until it succeeds (a pooled connection from before a restart fails once, then is dropped). */
async function retried(fn: () => Promise<void>, tries = 10): Promise<void> {
  for (let i = 1; ; i++) {
    try { return await fn(); } catch (e) {
      if (i >= tries) throw e;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

/** Worst of `runs` first calls, each after a restart with emptied caches. */
export async function coldMs(cluster: Cluster, side: ColdSide, runs: number): Promise<{ ms: number; osDropped: boolean }> {
  let worst = 0, osDropped = true;
  for (let i = 0; i < runs; i++) {
    cluster.restart(() => { osDropped = dropOsCache() && osDropped; });
    await retried(side.reconnect);
    const t = performance.now();
    await side.call();
    worst = Math.max(worst, performance.now() - t);
  }
  return { ms: worst, osDropped };
}
