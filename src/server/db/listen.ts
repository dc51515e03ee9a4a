/**
 * LISTEN on a NOTIFY channel, over either database kind (Database.listen).
 *
 * - PostgreSQL: a dedicated connection outside the pool (a pooled one would be handed to queries). When
 *   it drops (a restart, a terminated backend), `lost()` runs at once (notifications may have been
 *   missed) and it reconnects with backoff: 100 ms, doubling to 5 s between attempts, back to 100 ms
 *   once listening; `ready()` runs after each successful LISTEN.
 * - PGlite: one in-process connection that never drops. The LISTEN runs inside the pool's mutex, so it
 *   never lands in another caller's open transaction (where a rollback would undo it). Notifications
 *   arrive synchronously, before the committing query's promise resolves.
 */
import type { PGlite } from '@electric-sql/pglite';
import type { Kysely } from 'kysely';
import type pg from 'pg';

export interface ListenHandlers {
  payload(payload: string): void;
  /** Notifications may have been missed (the connection dropped). */
  lost(): void;
  /** Listening (again): from now on nothing is missed. */
  ready(): void;
}

/** Resolves once listening, to an unsubscribe; rejects when the first LISTEN fails. */
export type Listen = (channel: string, h: ListenHandlers) => Promise<() => Promise<void>>;

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;
const RETRY_FIRST_MS = 100;
const RETRY_MAX_MS = 5_000;

/**
 * TCP keep-alive on every server connection, probing after 10 s of silence (the OS default waits two
 * hours): a peer that vanished without closing (a host or network gone) is found and the connection
 * dropped, instead of a LISTEN that silently hears nothing while the session cache trusts it.
 */
export const KEEP_ALIVE = { keepAlive: true, keepAliveInitialDelayMillis: 10_000 } as const;

function checkChannel(channel: string): void {
  if (!CHANNEL.test(channel)) throw new Error(`not a channel name: ${channel}`);
}

export function pgListen(pgModule: typeof pg, url: string): Listen {
  return async (channel, h) => {
    checkChannel(channel);
    let current: pg.Client | null = null;
    let stopped = false;
    let timer: NodeJS.Timeout | undefined;
    let delay = RETRY_FIRST_MS;

    const connect = async (): Promise<void> => {
      const c = new pgModule.Client({ connectionString: url, ...KEEP_ALIVE });
      c.on('notification', (m) => { if (m.channel === channel && m.payload !== undefined) h.payload(m.payload); });
      c.on('error', () => { /* 'end' follows and handles it */ });
      c.on('end', () => {
        if (current !== c) return;
        current = null;
        h.lost();
        retry();
      });
      await c.connect();
      try {
        await c.query(`LISTEN ${channel}`);
      } catch (err) {
        await c.end().catch(() => undefined);
        throw err;
      }
      if (stopped) { await c.end(); return; }
      current = c;
      delay = RETRY_FIRST_MS;
      h.ready();
    };
    const retry = () => {
      if (stopped) return;
      timer = setTimeout(() => { connect().catch(retry); }, delay);
      timer.unref();
      delay = Math.min(delay * 2, RETRY_MAX_MS);
    };

    await connect();
    return async () => {
      stopped = true;
      clearTimeout(timer);
      const c = current;
      current = null;
      await c?.end().catch(() => undefined);
    };
  };
}

export function pgliteListen(pglite: PGlite, kysely: Kysely<any>): Listen {
  return async (channel, h) => {
    checkChannel(channel);
    let unlisten!: () => Promise<void>;
    await kysely.connection().execute(async () => { unlisten = await pglite.listen(channel, h.payload); });
    h.ready();
    return () => kysely.connection().execute(() => unlisten());
  };
}
