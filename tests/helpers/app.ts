/** Builds the app over a fresh test database with a fake clock; close() tears both down. */
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import type { Database } from '../../src/server/db/index.js';
import { openTestDb } from './db.js';

export interface FakeClock {
  now(): Date;
  advance(ms: number): void;
  set(d: Date | string): void;
}

export function fakeClock(start = '2026-11-20T12:00:00.000Z'): FakeClock {
  let t = new Date(start).getTime();
  return { now: () => new Date(t), advance: (ms) => { t += ms; }, set: (d) => { t = new Date(d).getTime(); } };
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  clock: FakeClock;
  close(): Promise<void>;
}

export async function testApp(
  opts: { env?: Record<string, string>; fetch?: typeof fetch; db?: Database; routes?: (app: FastifyInstance) => void } = {},
): Promise<TestApp> {
  const db = opts.db ?? (await openTestDb());
  const clock = fakeClock();
  // On PGlite a NOTIFY reaches the session cache before the committing query returns, so every test
  // runs with the cache on; on PostgreSQL it arrives a moment later, so only the tests that wait for it
  // (session-cache.test.ts) turn it on there.
  const cacheOff = db.kind === 'postgres' ? { SESSION_CACHE_MS: '0' } : {};
  // PGlite's queue bounds (DB_QUEUE, DB_QUEUE_WAIT_MS) shed load; tests of behaviour must not meet them
  // when a loaded host makes a statement slow (the fuzz's own checksum query was refused after 5 s behind an
  // export). The tests of the bounds set their own.
  // Likewise a list's count budget (PostgreSQL): a count a loaded host holds up past 20 ms would turn a Total
  // the test reads into an estimate. A budget of seconds keeps the budgeted path (the page sent beside the
  // count, cancelled when the count finds nothing); count-budget.test.ts tests the budget itself.
  const unbounded = { DB_QUEUE: '100000', DB_QUEUE_WAIT_MS: '600000', DB_COUNT_BUDGET_MS: '4000' };
  const config = loadConfig({ STEWARD_STATIC_DIR: '', ...cacheOff, ...unbounded, ...opts.env });
  const deps: AppDeps = { config, db, now: clock.now, ...(opts.fetch ? { fetch: opts.fetch } : {}) };
  const app = await buildApp(deps);
  // Routes a test adds to the app before it is ready (a list declared by the test: money-list.test.ts).
  opts.routes?.(app);
  await app.ready();
  return {
    app, db, clock,
    close: async () => { await app.close(); if (!opts.db) await db.close(); },
  };
}
