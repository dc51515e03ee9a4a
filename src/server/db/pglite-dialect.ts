import { statfsSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { PostgresDialect } from 'kysely';
import { StorageFull, type DatabaseLimits } from './limits.js';
import { OneConnection } from './one-connection.js';

/**
 * Statements that write nothing to the data directory, run even when its volume is below the reserve.
 * Everything else (INSERT, UPDATE, DELETE, WITH, DO, DDL, ANALYZE, …) is refused there.
 */
const WRITES_NOTHING = /^\s*(select|show|explain|values|begin|start|commit|end|rollback|savepoint|release|set|reset|listen|unlisten)\b/i;
/** statfs at most this often: a syscall per statement is cheap, but free space need not be exact to the millisecond. */
const FREE_SPACE_EVERY_MS = 250;

/**
 * Free bytes on the volume of `dir`, refreshed every FREE_SPACE_EVERY_MS. Why a reserve rather than
 * waiting for ENOSPC: PGlite surfaces a table that cannot grow as PostgreSQL's 53100 disk_full, but a
 * WAL segment that cannot be created (every 16 MB of writes) left its WASM engine spinning for good —
 * the whole process stopped answering. Refusing writes while a segment's worth of space is still free
 * keeps it out of that state.
 */
function freeSpace(dir: string): () => number {
  let at = -Infinity;
  let free = Infinity;
  return () => {
    const now = performance.now();
    if (now - at >= FREE_SPACE_EVERY_MS) {
      at = now;
      try {
        const s = statfsSync(dir);
        free = s.bavail * s.bsize;
      } catch {
        free = Infinity; // a volume we cannot ask about is not refused for it
      }
    }
    return free;
  };
}

/**
 * Kysely has no PGlite dialect in 0.28; PGlite is one connection, so this adapts it as a pool of one
 * (one-connection.ts: a bounded queue, oldest request first). `dataDir`: where the reserve of free space is checked (none in memory).
 * (kysely-pglite drags in ~120 packages; see src/server/db/README.md.)
 */
export function pgliteDialect(pg: PGlite, limits: () => DatabaseLimits, dataDir?: string): PostgresDialect {
  const connection = new OneConnection(limits);
  const free = dataDir ? freeSpace(dataDir) : () => Infinity;
  const client = {
    async query(text: string, params?: unknown[]) {
      const reserve = limits().diskReserveBytes;
      if (reserve > 0 && !WRITES_NOTHING.test(text)) {
        const left = free();
        if (left < reserve) throw new StorageFull(left);
      }
      const res = await pg.query(text, params as unknown[] | undefined);
      return { command: text.trimStart().slice(0, 6).toUpperCase(), rowCount: res.affectedRows ?? res.rows.length, rows: res.rows };
    },
    release: () => connection.release(),
  };
  const pool = {
    async connect() {
      await connection.acquire();
      return client;
    },
    async end() { /* PGlite is closed by the owner */ },
  };
  return new PostgresDialect({ pool: pool as never });
}
