/**
 * The per-node session cache (auth/session-cache.ts), with two API nodes on one database: reads reuse
 * a lookup, writes never do, and a logout, ban or role change on one node ends the other's cached
 * session as soon as the database's NOTIFY arrives (at once on PGlite, a moment later on PostgreSQL).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { testApp, type TestApp } from '../helpers/app.js';
import { signInAs } from '../helpers/auth.js';

const CACHE = { SESSION_CACHE_MS: '5000' };
const ME = '/api/v2/barong/resource/users/me';
const ABILITIES = '/api/v2/barong/admin/abilities';

let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await testApp({ env: CACHE });
  b = await testApp({ env: CACHE, db: a.db });
});
afterAll(async () => { await b?.close(); await a?.close(); });

const get = (t: TestApp, url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
/** Waits for a NOTIFY to land (PostgreSQL delivers it just after the commit; PGlite before it returns). */
const soon = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 1_000, interval: 10 });

describe('session cache', () => {
  it('listens on both nodes', () => {
    expect(a.app.sessionCache.enabled).toBe(true);
    expect(b.app.sessionCache.enabled).toBe(true);
  });

  it('serves reads from a recent lookup, but every write checks the database', async () => {
    const { user, session } = await signInAs(a, 'admin');
    expect((await get(b, ME, session.headers())).statusCode).toBe(200);
    // Delete the session behind the cache's back (no NOTIFY): only the cache can still vouch for it.
    await sql`ALTER TABLE sessions DISABLE TRIGGER sessions_auth_deleted`.execute(a.db.kysely);
    try {
      await a.db.kysely.deleteFrom('sessions').where('user_id', '=', user.id).execute();
    } finally {
      await sql`ALTER TABLE sessions ENABLE TRIGGER sessions_auth_deleted`.execute(a.db.kysely);
    }
    expect((await get(b, ME, session.headers())).statusCode).toBe(200);
    const write = await b.app.inject({ method: 'PUT', url: ME, headers: session.headers(), payload: {} });
    expect(write.json()).toEqual({ errors: ['authz.invalid_session'] });
    // A node that never looked the session up asks the database.
    expect((await get(a, ME, session.headers())).json()).toEqual({ errors: ['authz.invalid_session'] });
    // Past the TTL the cached lookup is gone too.
    b.clock.advance(5_000);
    expect((await get(b, ME, session.headers())).json()).toEqual({ errors: ['authz.invalid_session'] });
  });

  it('a logout on one node ends the session on the other', async () => {
    const { session } = await signInAs(a, 'admin');
    expect((await get(b, ME, session.headers())).statusCode).toBe(200);
    const out = await a.app.inject({ method: 'DELETE', url: '/api/v2/barong/identity/sessions', headers: session.headers() });
    expect(out.statusCode).toBe(200);
    await soon(async () => expect((await get(b, ME, session.headers())).json()).toEqual({ errors: ['authz.invalid_session'] }));
  });

  it('a ban through the API on one node locks the user out of reads on the other', async () => {
    const { user, session } = await signInAs(a, 'admin');
    const root = await signInAs(a, 'superadmin');
    expect((await get(b, ME, session.headers())).statusCode).toBe(200);
    const ban = await a.app.inject({
      method: 'POST', url: '/api/v2/barong/admin/users/update', headers: root.session.headers(),
      payload: { uid: user.uid, state: 'banned', remark: 'left the company' },
    });
    expect(ban.statusCode).toBe(200);
    // The ban ended the session (migration 0008), so the other node finds none.
    await soon(async () => expect((await get(b, ME, session.headers())).json()).toEqual({ errors: ['authz.invalid_session'] }));
  });

  it('a role changed by hand in SQL takes effect on the next read', async () => {
    const { user, session } = await signInAs(a, 'admin');
    const before = (await get(b, ABILITIES, session.headers())).json();
    await a.db.kysely.updateTable('users').set({ role: 'support' }).where('id', '=', user.id).execute();
    await soon(async () => {
      const after = (await get(b, ABILITIES, session.headers())).json();
      expect(after).not.toEqual(before);
      expect(after.update).toEqual([{ User: ['otp'] }]);
    });
  });

  it('an update that leaves the gate’s fields alone keeps the cached lookup', async () => {
    const { user, session } = await signInAs(a, 'admin');
    expect((await get(b, ME, session.headers())).statusCode).toBe(200);
    const size = b.app.sessionCache.size;
    const generation = b.app.sessionCache.generation;
    await a.db.kysely.updateTable('users').set({ last_ip: '10.9.9.9' }).where('id', '=', user.id).execute();
    expect(b.app.sessionCache.generation).toBe(generation);
    expect(b.app.sessionCache.size).toBe(size);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('a lost LISTEN connection turns the cache off until it is back', async () => {
    const { session } = await signInAs(a, 'admin');
    expect((await get(b, ME, session.headers())).statusCode).toBe(200);
    await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = 'LISTEN steward_auth' AND datname = current_database()`.execute(a.db.kysely);
    await soon(async () => expect(b.app.sessionCache.enabled).toBe(false));
    expect(b.app.sessionCache.size).toBe(0);
    await vi.waitFor(() => expect(b.app.sessionCache.enabled).toBe(true), { timeout: 5_000, interval: 50 });
  });
});
