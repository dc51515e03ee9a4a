import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { createUser, TEST_PASSWORD } from '../helpers/users.js';
import { signIn, type SignedIn } from '../helpers/auth.js';

let t: TestApp;
beforeAll(async () => { t = await testApp(); });
afterAll(async () => { await t.close(); });

const ME = '/api/v2/barong/resource/users/me';
const MINUTE = 60_000;
let ipSeq = 0;
async function session(state = 'active'): Promise<SignedIn & { userId: number }> {
  const u = await createUser(t.db, { role: 'admin', state });
  const s = await signIn(t.app, { email: u.email, password: TEST_PASSWORD, ip: `10.4.0.${++ipSeq}` });
  return { ...s, userId: u.id };
}
const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, headers: Record<string, string>) =>
  t.app.inject({ method, url, headers, ...(method === 'GET' ? {} : { payload: {} }) });
const sessionRows = (userId: number) => t.db.kysely.selectFrom('sessions').selectAll().where('user_id', '=', userId).execute();

describe('CSRF on protected writes', () => {
  it('missing header → 401 missing_csrf_token, wrong → csrf_token_mismatch, right → passes the gate', async () => {
    const s = await session();
    const { 'x-csrf-token': _, ...noCsrf } = s.headers();
    expect((await call('PUT', ME, noCsrf)).json()).toEqual({ errors: ['authz.missing_csrf_token'] });
    const wrong = await call('PUT', ME, s.headers({ 'x-csrf-token': s.csrf.replace(/.$/, (c) => (c === '0' ? '1' : '0')) }));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ errors: ['authz.csrf_token_mismatch'] });
    const short = await call('POST', '/api/v2/peatio/admin/orders', s.headers({ 'x-csrf-token': 'abc' }));
    expect(short.json()).toEqual({ errors: ['authz.csrf_token_mismatch'] });
    // Past the session gate the router answers: no such route, which is fine here.
    const ok = await call('PUT', ME, s.headers());
    expect(ok.statusCode).toBe(404);
    expect(ok.json()).toEqual({ errors: ['route.not_found'] });
  });

  it('checks the header before the session, as Barong does', async () => {
    expect((await call('DELETE', '/api/v2/barong/admin/users', {})).json()).toEqual({ errors: ['authz.missing_csrf_token'] });
    const res = await call('POST', '/api/v2/barong/admin/users', { 'x-csrf-token': 'x' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ errors: ['authz.invalid_session'] });
    const forged = await call('POST', '/api/v2/barong/admin/users', { 'x-csrf-token': 'x', cookie: `_barong_session=${'A'.repeat(43)}` });
    expect(forged.json()).toEqual({ errors: ['authz.invalid_session'] });
  });

  it('needs no CSRF header on GET', async () => {
    const s = await session();
    const { 'x-csrf-token': _, ...noCsrf } = s.headers();
    expect((await call('GET', ME, noCsrf)).statusCode).toBe(200);
    const anon = await call('GET', ME, {});
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toEqual({ errors: ['authz.invalid_session'] });
  });

  it('leaves pass paths and non-API paths alone', async () => {
    expect((await call('POST', '/api/v2/barong/identity/sessions/new', {})).statusCode).toBe(422);
    // A public Peatio call, served to an anonymous caller (market-api), and an unknown one under /public: not found.
    const markets = await call('GET', '/api/v2/peatio/public/markets', {});
    expect([markets.statusCode, Array.isArray(markets.json())]).toEqual([200, true]);
    expect((await call('GET', '/api/v2/peatio/public/nothing-here', {})).json()).toEqual({ errors: ['route.not_found'] });
    expect((await call('POST', '/api/v2/applogic/public/x', {})).statusCode).toBe(404);
    expect((await call('GET', '/config.json', {})).statusCode).toBe(200);
    expect((await call('POST', '/api/v2/barong/identity/../admin/users', {})).json()).toEqual({ errors: ['authz.missing_csrf_token'] });
  });
});

describe('session lifetime and binding', () => {
  it('expires after the idle time (60 min), measured from the last call', async () => {
    const s = await session();
    t.clock.advance(60 * MINUTE);
    expect((await call('GET', ME, s.headers())).statusCode).toBe(200); // exactly at the limit: still alive
    t.clock.advance(60 * MINUTE); // the call above renewed the session
    expect((await call('GET', ME, s.headers())).statusCode).toBe(200);
    t.clock.advance(60 * MINUTE + 1);
    const res = await call('GET', ME, s.headers());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ errors: ['authz.client_session_mismatch'] });
    expect(await sessionRows(s.userId)).toEqual([]);
    expect((await call('GET', ME, s.headers())).json()).toEqual({ errors: ['authz.invalid_session'] });
  });

  it('expires 12 h after sign-in however busy it is', async () => {
    const s = await session();
    for (let i = 0; i < 14; i++) {
      t.clock.advance(50 * MINUTE);
      expect((await call('GET', ME, s.headers())).statusCode).toBe(200);
    }
    t.clock.advance(20 * MINUTE - 1); // 12 h minus 1 ms after sign-in
    expect((await call('GET', ME, s.headers())).statusCode).toBe(200);
    t.clock.advance(2);
    const res = await call('GET', ME, s.headers());
    expect(res.json()).toEqual({ errors: ['authz.client_session_mismatch'] });
    expect(await sessionRows(s.userId)).toEqual([]);
  });

  it('renews last_seen_at at most every few seconds', async () => {
    const s = await session();
    const [before] = await sessionRows(s.userId);
    t.clock.advance(1_000);
    await call('GET', ME, s.headers());
    expect((await sessionRows(s.userId))[0]!.last_seen_at).toEqual(before!.last_seen_at);
    t.clock.advance(10_000);
    await call('GET', ME, s.headers());
    expect((await sessionRows(s.userId))[0]!.last_seen_at).toEqual(t.clock.now());
  });

  it('is bound to the user agent it signed in with', async () => {
    const s = await session();
    const res = await call('GET', ME, s.headers({ 'user-agent': 'curl/8.0' }));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ errors: ['authz.client_session_mismatch'] });
    expect((await call('GET', ME, s.headers())).json()).toEqual({ errors: ['authz.invalid_session'] });
  });

  it('ends the sessions of a user who is no longer active, for good', async () => {
    const s = await session();
    await t.db.kysely.updateTable('users').set({ state: 'banned' }).where('id', '=', s.userId).execute();
    const res = await call('GET', ME, s.headers());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ errors: ['authz.invalid_session'] });
    expect(await sessionRows(s.userId)).toEqual([]);
    // Lifting the ban does not bring the old session back (session-lifecycle.test.ts).
    await t.db.kysely.updateTable('users').set({ state: 'pending' }).where('id', '=', s.userId).execute();
    expect((await call('GET', ME, s.headers())).json()).toEqual({ errors: ['authz.invalid_session'] });
  });

  it('lets a stale session log out without a CSRF token', async () => {
    const s = await session();
    t.clock.advance(61 * MINUTE);
    // Logout of a stale session still removes it (no CSRF needed: nothing live to protect).
    const { 'x-csrf-token': _, ...noCsrf } = s.headers();
    expect((await call('DELETE', '/api/v2/barong/identity/sessions', noCsrf)).statusCode).toBe(200);
    expect(await sessionRows(s.userId)).toEqual([]);
  });
});
