/**
 * LISTEN on a NOTIFY channel, over either database kind (Database.listen).
 *
 * - PostgreSQL: a dedicated connection outside the pool (a pooled one would be handed to queries). When
 *   it drops, `lost()` runs at once (notifications may have been missed) and it reconnects every second;
 *   `ready()` runs after each successful LISTEN.
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
const RETRY_MS = 1_000;

function checkChannel(channel: string): void {
  if (!CHANNEL.test(channel)) throw new Error(`not a channel name: ${channel}`);
}

export function pgListen(pgModule: typeof pg, url: string): Listen {
  return async (channel, h) => {
    checkChannel(channel);
    let current: pg.Client | null = null;
    let stopped = false;
    let timer: NodeJS.Timeout | undefined;

    const connect = async (): Promise<void> => {
      const c = new pgModule.Client({ connectionString: url });
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
      h.ready();
    };
    const retry = () => {
      if (stopped) return;
      timer = setTimeout(() => { connect().catch(retry); }, RETRY_MS);
      timer.unref();
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
