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
