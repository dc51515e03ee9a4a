/**
 * The PostgreSQL connections' own settings, without a server: the LISTEN connection (db/listen.ts)
 * reconnects with backoff and tells the session cache when it is down and back; the pool keeps idle
 * connections open; and how each failure of the database is told apart and answered.
 */
import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type pg from 'pg';
import { pgListen } from '../../src/server/db/listen.js';
import { databaseFailure, isDatabaseUnavailable, pgPool } from '../../src/server/db/index.js';
import { DatabaseBusy, DatabaseTimeout, NO_LIMITS, StorageFull } from '../../src/server/db/limits.js';
import { guardClient } from '../../src/server/db/pg-guard.js';
import { answerFor } from '../../src/server/plugins/errors.js';

/** A pg module whose clients fail to connect while `down` is true, and record when they tried. */
function fakePg(clock: () => number) {
  const state = { down: false, attempts: [] as number[], clients: [] as FakeClient[] };
  class FakeClient extends EventEmitter {
    constructor() { super(); state.clients.push(this); }
    async connect() {
      state.attempts.push(clock());
      if (state.down) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    }
    async query() { return { rows: [] }; }
    async end() { this.emit('end'); }
    /** The server went away under this client (a restart). */
    drop() { this.emit('error', Object.assign(new Error('terminating connection'), { code: '57P01' })); this.emit('end'); }
  }
  return { module: { Client: FakeClient } as unknown as typeof pg, state };
}

afterEach(() => { vi.useRealTimers(); });

describe('LISTEN connection', () => {
  it('reports the loss at once, retries with doubling delays up to 5 s, and reports when it listens again', async () => {
    vi.useFakeTimers();
    const { module, state } = fakePg(() => Date.now());
    const events: string[] = [];
    const stop = await pgListen(module, 'postgres://x')('steward_auth', {
      payload: () => undefined, lost: () => events.push('lost'), ready: () => events.push('ready'),
    });
    expect(events).toEqual(['ready']);
    state.down = true;
    const start = Date.now();
    state.attempts = [];
    state.clients.at(-1)!.drop();
    expect(events).toEqual(['ready', 'lost']);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(state.attempts.map((t) => t - start)).toEqual([100, 300, 700, 1500, 3100, 6300, 11300, 16300]);
    state.down = false;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(events).toEqual(['ready', 'lost', 'ready']);
    // Listening again resets the backoff: the next loss is retried after 100 ms.
    state.attempts = [];
    const again = Date.now();
    state.clients.at(-1)!.drop();
    await vi.advanceTimersByTimeAsync(150);
    expect(state.attempts.map((t) => t - again)).toEqual([100]);
    expect(events).toEqual(['ready', 'lost', 'ready', 'lost', 'ready']);
    await stop();
  });
});

describe('pool', () => {
  it('keeps idle connections open and alive, and bounds the wait for one', async () => {
    const pool = await pgPool('postgres://nobody@127.0.0.1:1/none', 3);
    expect(pool.options).toMatchObject({ idleTimeoutMillis: 0, keepAlive: true, keepAliveInitialDelayMillis: 10_000, connectionTimeoutMillis: 10_000, max: 3 });
    await pool.end();
  });

  it('answers pg\'s callback form of a guarded query (pg-pool\'s Pool.query), its result and its error', async () => {
    const client = { query: async (text: unknown) => { if (text === 'bad') throw new Error('boom'); return { rows: [text] }; } };
    guardClient(client, () => NO_LIMITS);
    const viaCallback = (...args: unknown[]) => new Promise((resolve) => {
      (client.query as unknown as (...a: unknown[]) => void)(...args, (err: unknown, res: unknown) => resolve([err, res]));
    });
    const settle = (p: Promise<unknown>) => Promise.race([p, new Promise((r) => { setTimeout(() => r('never called back'), 500); })]);
    expect(await settle(viaCallback('good', []))).toEqual([null, { rows: ['good'] }]);
    expect(await settle(viaCallback('good'))).toEqual([null, { rows: ['good'] }]);
    expect(String((await settle(viaCallback('bad', [])) as unknown[])[0])).toBe('Error: boom');
    expect(await client.query('good')).toEqual({ rows: ['good'] });
  });

  it('tells a lost or refused database from a wrong statement', () => {
    for (const e of [{ code: '57P01' }, { code: '57P03' }, { code: '08006' }, { code: 'ECONNREFUSED' },
      new Error('Connection terminated unexpectedly'), new Error('Client has encountered a connection error and is not queryable'),
      new Error('timeout exceeded when trying to connect')]) expect(isDatabaseUnavailable(e)).toBe(true);
    for (const e of [{ code: '23505' }, { code: '22P02' }, new Error('boom'), null, 'text']) expect(isDatabaseUnavailable(e)).toBe(false);
  });
});

describe('database failures', () => {
  it('are each answered with a code of their own; a statement\'s own error is not one of them', () => {
    const cases: [unknown, string | null, number, string][] = [
      [{ code: '57P01' }, 'unavailable', 503, 'server.database_unavailable'],
      [new DatabaseTimeout(false), 'timeout', 503, 'server.database_timeout'],
      [{ code: '57014' }, 'timeout', 503, 'server.database_timeout'],
      [{ code: '25P03' }, 'timeout', 503, 'server.database_timeout'],
      [new DatabaseTimeout(true), 'outcome_unknown', 503, 'server.database_outcome_unknown'],
      [new DatabaseBusy(), 'busy', 503, 'server.busy'],
      // PostgreSQL's disk_full, and PGlite's: its file layer's ENOSPC reaches PostgreSQL as the same code.
      [Object.assign(new Error('could not extend file "base/5/16385": No space left on device'), { code: '53100' }), 'full', 507, 'server.storage_full'],
      [new StorageFull(1024), 'full', 507, 'server.storage_full'],
      [{ code: '23505' }, null, 500, 'server.internal_error'],
    ];
    for (const [err, kind, status, code] of cases) {
      expect(databaseFailure(err)).toBe(kind);
      expect(answerFor(err)).toMatchObject({ status, body: { errors: [code] } });
    }
    expect(answerFor(new DatabaseBusy()).retryAfter).toBe(1);
  });
});
