/**
 * Issue 31 item 4, on PostgreSQL (its pool, its statement timeout, its cancel): no request can starve the others.
 * The orders table is held by a lock from another transaction, so every orders list blocks, as a list sorted on a
 * slow key would. A dozen staff open it at once (over HTTP): only DB_ROUTE_SHARE of them are under way, so a page
 * of another route still finds a connection at once; when they give up (their connections closed), their
 * statements are cancelled, not left running; and a reading statement ends at the read limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testApp, type TestApp } from '../helpers/app.js';
import { signInAs, type SignedIn } from '../helpers/auth.js';
import { openTestDb } from '../helpers/db.js';

const PG = Boolean(process.env.TEST_DATABASE_URL);
const ORDERS = '/api/v2/peatio/admin/orders';
const CURRENCIES = '/api/v2/peatio/admin/currencies';
/** Long, so that a page that waited for a connection behind the blocked lists would show it. */
const READ_LIMIT_MS = 10_000;

let t: TestApp;
let short: TestApp;
let su: SignedIn;
let base = '';
let unlock: (() => void) | undefined;
let locked: Promise<unknown> | undefined;

/** Backends of this database waiting on a lock (the blocked lists). */
const waitingOnLock = async () => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM pg_stat_activity
  WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(t.db.kysely)).rows[0]!.n);

async function until(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) { if (await check()) return true; await new Promise((r) => setTimeout(r, 50)); }
  return check();
}

describe.skipIf(!PG)('a slow list among other requests (PostgreSQL)', () => {
  beforeAll(async () => {
    const db = await openTestDb({ poolSize: 6 });
    t = await testApp({ db, env: { DB_READ_STATEMENT_TIMEOUT_MS: String(READ_LIMIT_MS), DB_ROUTE_SHARE: '2', DB_QUEUE: '64', DB_QUEUE_WAIT_MS: '30000' } });
    short = await testApp({ db, env: { DB_READ_STATEMENT_TIMEOUT_MS: '1000', DB_ROUTE_SHARE: '2' } });
    su = (await signInAs(t, 'superadmin')).session;
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    // Every connection of the pool open first: a connection opened later plans a read of every big table
    // (db/index.ts WARM_TABLES), which waits on the lock below like the lists do.
    await Promise.all(Array.from({ length: 6 }, () => sql`SELECT pg_sleep(0.05)`.execute(db.kysely)));
    // One pool connection holds the lock until the test lets go.
    let held!: () => void;
    const taken = new Promise<void>((r) => { held = r; });
    locked = t.db.kysely.transaction().execute(async (trx) => {
      await sql`LOCK TABLE orders IN ACCESS EXCLUSIVE MODE`.execute(trx);
      held();
      await new Promise<void>((r) => { unlock = r; });
    });
    await taken;
  });
  afterAll(async () => {
    unlock?.();
    await locked;
    await short?.close();
    await t?.app.close();
    await t?.db.close();
  });

  it('a dozen staff on the blocked list take only their route\'s share; another page answers at once; leaving cancels theirs', async () => {
    const aborts = Array.from({ length: 12 }, () => new AbortController());
    const lists = aborts.map((a) => fetch(`${base}${ORDERS}`, { headers: su.headers(), signal: a.signal }).then(async (r) => (r.status === 503 ? `503 ${await r.text()}` : r.status), () => 'aborted'));
    // Lists under way (a page and a count each, two at most), the other ten waiting their turn outside the database.
    expect(await until(async () => (await waitingOnLock()) >= 1, 20_000)).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    expect(await waitingOnLock()).toBeLessThanOrEqual(4);

    const began = performance.now();
    const other = await fetch(`${base}${CURRENCIES}`, { headers: su.headers() });
    expect(other.status).toBe(200);
    // Without the share the twelve held all six connections and this waited for a read limit (10 s).
    expect(performance.now() - began).toBeLessThan(3_000);

    for (const a of aborts) a.abort();
    expect(new Set(await Promise.all(lists))).toEqual(new Set(['aborted']));
    // Their statements are cancelled, not left waiting on the lock until their limit.
    expect(await until(async () => (await waitingOnLock()) === 0, 3_000)).toBe(true);
  });

  it('a reading statement ends at the read limit: 503 server.database_timeout, and the route\'s places are given back', async () => {
    const began = performance.now();
    const res = await short.app.inject({ url: ORDERS, headers: su.headers() });
    expect([res.statusCode, res.json()]).toEqual([503, { errors: ['server.database_timeout'] }]);
    expect(performance.now() - began).toBeLessThan(1000 + 4_000);
    unlock?.();
    await locked;
    // Every place taken above was given back: the list answers now, on both apps.
    for (const app of [t, short]) expect((await app.app.inject({ url: ORDERS, headers: su.headers() })).statusCode).toBe(200);
  });
});
