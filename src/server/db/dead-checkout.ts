/**
 * A pooled connection whose server went away while it sat idle (a restart, pg_terminate_backend) is dropped
 * by the pool when pg reads the server's goodbye — but a checkout in the same turn of the event loop, before
 * that read, is handed the dead connection, and its request answered 503 server.database_unavailable after
 * the database was back (the db-outage test caught it once on a loaded CI host). So when the first statement
 * of a checkout fails because the connection is gone, and that statement cannot have changed anything — a
 * transaction's BEGIN, or a read outside one — the connection is discarded and the statement sent once more
 * on a fresh one. Anything else (a write outside a transaction, whose COMMIT may have happened; any later
 * statement of a checkout) fails as before.
 */
import { databaseFailure } from './limits.js';

/** What Kysely's PostgresDialect asks of a pool and of its clients. */
interface PoolClient {
  query(...args: unknown[]): Promise<unknown>;
  release(err?: Error | boolean): void;
}
interface Pool { connect(): Promise<PoolClient>; end(): Promise<void> }

/** A statement that changes nothing if it never ran: BEGIN / START TRANSACTION, or a plain read. */
const REPEATABLE = /^\s*(begin|start\s+transaction|select|with\s+(?![\s\S]*\b(insert|update|delete|merge)\b))\b/i;

/** Whether the statement text may be sent again on a fresh connection. */
export function repeatable(text: unknown): boolean {
  return typeof text === 'string' && REPEATABLE.test(text) && !/\bfor\s+(update|no\s+key\s+update|share|key\s+share)\b/i.test(text);
}

/** `pool` with its checkouts' first statement sent again once when their connection turns out dead. */
export function retryingDeadCheckouts(pool: Pool): Pool {
  return {
    end: () => pool.end(),
    async connect(): Promise<PoolClient> {
      let inner: PoolClient | null = await pool.connect();
      let first = true;
      return {
        async query(...args: unknown[]): Promise<unknown> {
          if (!inner) throw new Error('Client was closed: its connection could not be replaced');
          if (!first) return inner.query(...args);
          first = false;
          try {
            return await inner.query(...args);
          } catch (err) {
            if (databaseFailure(err) !== 'unavailable' || !repeatable(args[0])) throw err;
            // The dead one leaves the pool; a new one answers, or the database really is down (this fails again).
            inner.release(err as Error);
            inner = null;
            inner = await pool.connect();
            return inner.query(...args);
          }
        },
        release: (err?: Error | boolean) => { inner?.release(err); inner = null; },
      };
    },
  };
}
