/**
 * A pooled connection whose server went away while it sat idle (a restart, pg_terminate_backend) is dropped
 * by the pool when pg reads the server's goodbye — but a checkout in the same turn of the event loop, before
 * that read, is handed the dead connection, and its request answered 503 server.database_unavailable after
 * the database was back (the db-outage test caught it once on a loaded CI host). So when the first statement
 * of a checkout fails because the connection is gone, and that statement cannot have changed anything — a
 * transaction's BEGIN, or a read outside one — the connection is discarded and the statement sent again on
 * another. Every idle connection of the pool died with it, so the next checkout may be handed another dead
 * one (a loaded CI run answered 503 so once more, 2026-11-29): before each new try the event loop turns once,
 * for pg to read the goodbyes already waiting and the pool to drop those connections, and the statement is
 * tried on as many connections as the pool holds, plus one it opens. Anything else (a write outside a
 * transaction, whose COMMIT may have happened; any later statement of a checkout) fails as before, and so
 * does the read when the database really is gone (the new connection is refused).
 */
import { setImmediate as turn } from 'node:timers/promises';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import { databaseFailure } from './limits.js';

/** A statement that changes nothing if it never ran: BEGIN / START TRANSACTION, or a plain read. */
const REPEATABLE = /^\s*(begin|start\s+transaction|select|with\s+(?![\s\S]*\b(insert|update|delete|merge)\b))\b/i;

/** Whether the statement text may be sent again on a fresh connection. */
export function repeatable(text: unknown): boolean {
  return typeof text === 'string' && REPEATABLE.test(text) && !/\bfor\s+(update|no\s+key\s+update|share|key\s+share)\b/i.test(text);
}

/** pg's release takes the error that broke the connection, so the pool drops it; Kysely's type leaves it out. */
type Releasable = PostgresPoolClient & { release(err?: Error | boolean): void };

/**
 * `pool` with its checkouts' first statement sent again when their connection turns out dead, on up to
 * `poolSize` + 1 connections in all (every pooled one may have died; then one the pool opens).
 */
export function retryingDeadCheckouts(pool: PostgresPool, poolSize: number): PostgresPool {
  return {
    end: () => pool.end(),
    async connect(): Promise<PostgresPoolClient> {
      let inner: Releasable | null = await pool.connect() as Releasable;
      let first = true;
      const send = async (text: string, parameters: ReadonlyArray<unknown>) => {
        for (let tries = 1; ; tries++) {
          try {
            return await inner!.query(text, parameters);
          } catch (err) {
            if (databaseFailure(err) !== 'unavailable' || !repeatable(text) || tries > poolSize) throw err;
            // The dead one leaves the pool; the goodbyes of the others are read before the next checkout.
            inner!.release(err as Error);
            inner = null;
            await turn();
            inner = await pool.connect() as Releasable;
          }
        }
      };
      const client = {
        query(textOrCursor: unknown, parameters?: ReadonlyArray<unknown>): unknown {
          if (!inner) throw new Error('Client was closed: its connection could not be replaced');
          const once = first;
          first = false;
          // A cursor (a streamed read) is handed over as it is: pg answers it at once, not with a promise.
          if (typeof textOrCursor !== 'string') return (inner.query as (c: unknown) => unknown)(textOrCursor);
          return once ? send(textOrCursor, parameters ?? []) : inner.query(textOrCursor, parameters ?? []);
        },
        release: (err?: Error | boolean) => { inner?.release(err); inner = null; },
      };
      return client as unknown as PostgresPoolClient;
    },
  };
}
