import type { PGlite } from '@electric-sql/pglite';
import { PostgresDialect } from 'kysely';

/**
 * Kysely has no PGlite dialect in 0.28; PGlite is one connection, so this adapts it as a pool of one
 * whose connect() waits on a mutex. A transaction holds the connection until release(), so nothing
 * interleaves with it. (kysely-pglite drags in ~120 packages; see src/server/db/README.md.)
 */
export function pgliteDialect(pg: PGlite): PostgresDialect {
  let tail: Promise<void> = Promise.resolve();
  const client = {
    async query(text: string, params?: unknown[]) {
      const res = await pg.query(text, params as unknown[] | undefined);
      return { command: text.trimStart().slice(0, 6).toUpperCase(), rowCount: res.affectedRows ?? res.rows.length, rows: res.rows };
    },
  };
  const pool = {
    async connect() {
      let release!: () => void;
      const turn = new Promise<void>((r) => { release = r; });
      const prev = tail;
      tail = prev.then(() => turn);
      await prev;
      return { ...client, release: () => release() };
    },
    async end() { /* PGlite is closed by the owner */ },
  };
  return new PostgresDialect({ pool: pool as never });
}
