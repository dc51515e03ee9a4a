/**
 * Issue 10 item 11: a user who leaves the states that may sign in loses every session in the same
 * transaction (so lifting a ban revives nothing), a user holds at most SESSIONS_PER_USER sessions (the
 * oldest ends), and staff can end all sessions of a user — on two API nodes sharing the database, the
 * other node's session cache lets go at once.
 */
import { describe, it, expect, beforeAll, afterAll, vi } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { nextTestIp, signIn, signInAs, type SignedIn } from '../helpers/auth.js';
import { createUser, TEST_PASSWORD } from '../helpers/users.js';

const CAP = 3;
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  const env = { SESSION_CACHE_MS: '5000', SESSIONS_PER_USER: String(CAP) };
  a = await testApp({ env });
  b = await testApp({ env, db: a.db });
});
afterAll(async () => { await b?.close(); await a?.close(); });

const ME = '/api/v2/barong/resource/users/me';
const ADMIN = '/api/v2/barong/admin';
const me = (t: TestApp, s: SignedIn) => t.app.inject({ method: 'GET', url: ME, headers: s.headers() });
const sessionsOf = async (userId: number) =>
  (await a.db.kysely.selectFrom('sessions').select('id_hash').where('user_id', '=', userId).execute()).length;
const GONE = { errors: ['authz.invalid_session'] };
/** PostgreSQL delivers the NOTIFY just after the commit (PGlite before the statement returns). */
const soon = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 2_000, interval: 10 });
const endAll = (by: SignedIn, uid: string) =>
  a.app.inject({ method: 'DELETE', url: `${ADMIN}/users/${uid}/sessions`, headers: by.headers() });

describe('session lifecycle', () => {
  it('a ban through the API ends the sessions; lifting it revives none', async () => {
    const { user, session } = await signInAs(a, 'admin');
    const root = await signInAs(a, 'superadmin');
    expect((await me(b, session)).statusCode).toBe(200);
    const state = (s: string) => a.app.inject({
      method: 'POST', url: `${ADMIN}/users/update`, headers: root.session.headers(),
      payload: { uid: user.uid, state: s, remark: 'checking the lifecycle' },
    });
    expect((await state('banned')).statusCode).toBe(200);
    expect(await sessionsOf(user.id)).toBe(0);
    await soon(async () => expect((await me(b, session)).json()).toEqual(GONE));
    expect((await state('active')).statusCode).toBe(200);
    expect((await me(a, session)).json()).toEqual(GONE);
    expect((await me(b, session)).json()).toEqual(GONE);
  });

  it('so do a ban label, a delete and any state outside active and pending, however it is made', async () => {
    const root = await signInAs(a, 'superadmin');
    const labelled = await signInAs(a, 'member');
    const label = await a.app.inject({
      method: 'POST', url: `${ADMIN}/users/labels`, headers: root.session.headers(),
      payload: { uid: labelled.user.uid, key: 'ban', value: 'fraud', scope: 'private' },
    });
    expect(label.statusCode).toBe(200);
    expect((await me(a, labelled.session)).json()).toEqual(GONE);
    for (const state of ['inactive', 'deleted', 'locked']) {
      const { user, session } = await signInAs(a, 'member');
      await a.db.kysely.updateTable('users').set({ state }).where('id', '=', user.id).execute();
      expect(await sessionsOf(user.id), state).toBe(0);
      expect((await me(a, session)).json()).toEqual(GONE);
    }
    // Moves between the states that may sign in keep the session.
    const { user, session } = await signInAs(a, 'member');
    await a.db.kysely.updateTable('users').set({ state: 'pending' }).where('id', '=', user.id).execute();
    expect((await me(a, session)).statusCode).toBe(200);
  });

  it(`keeps at most SESSIONS_PER_USER (${CAP}) sessions, ending the oldest`, async () => {
    const u = await createUser(a.db);
    const held: SignedIn[] = [];
    for (let i = 0; i < CAP + 2; i++) {
      // One second apart on both nodes' clocks, so "oldest" is well defined.
      a.clock.advance(1_000); b.clock.advance(1_000);
      held.push(await signIn((i % 2 ? a : b).app, { email: u.email, password: TEST_PASSWORD, ip: nextTestIp() }));
    }
    expect(await sessionsOf(u.id)).toBe(CAP);
    for (const s of held.slice(0, 2)) await soon(async () => expect((await me(b, s)).json()).toEqual(GONE));
    for (const s of held.slice(2)) expect((await me(a, s)).statusCode).toBe(200);
  });

  it('holds the cap under parallel sign-ins', async () => {
    const u = await createUser(a.db);
    const res = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? a : b).app.inject({
      method: 'POST', url: '/api/v2/barong/identity/sessions/new', remoteAddress: nextTestIp(),
      payload: { identity: u.email, password: TEST_PASSWORD },
    })));
    expect(res.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    expect(await sessionsOf(u.id)).toBe(CAP);
  });
});

describe('DELETE /admin/users/{uid}/sessions', () => {
  it('ends every session of the user, audited, and the other node lets go at once', async () => {
    const admin = await signInAs(a, 'admin');
    const target = await createUser(a.db);
    const sessions = [
      await signIn(a.app, { email: target.email, password: TEST_PASSWORD, ip: nextTestIp() }),
      await signIn(b.app, { email: target.email, password: TEST_PASSWORD, ip: nextTestIp() }),
    ];
    for (const s of sessions) expect((await me(b, s)).statusCode).toBe(200);
    const res = await endAll(admin.session, target.uid);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ended: 2 });
    expect(await sessionsOf(target.id)).toBe(0);
    for (const s of sessions) await soon(async () => expect((await me(b, s)).json()).toEqual(GONE));
    const act = await a.db.kysely.selectFrom('activities').selectAll().where('category', '=', 'admin')
      .orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(act).toMatchObject({ user_id: admin.user.id, target_id: target.id, topic: 'users', action: 'delete', result: 'succeed' });
    expect(act.data).toMatchObject({ uid: target.uid, ended: 2 });
    // Nothing left to end is not an error.
    expect((await endAll(admin.session, target.uid)).json()).toEqual({ ended: 0 });
  });

  it('needs update on the user\'s state, and keeps the protections of any user edit', async () => {
    const admin = await signInAs(a, 'admin');
    const compliance = await signInAs(a, 'compliance');
    const support = await signInAs(a, 'support');
    const target = await createUser(a.db);
    const boss = await createUser(a.db, { role: 'superadmin' });
    expect((await endAll(compliance.session, target.uid)).statusCode).toBe(200);
    expect((await endAll(support.session, target.uid)).statusCode).toBe(401);
    expect((await endAll(admin.session, admin.user.uid)).json()).toEqual({ errors: ['admin.user.update_himself'] });
    expect((await endAll(admin.session, boss.uid)).json()).toEqual({ errors: ['admin.user.superadmin_change'] });
    expect((await endAll(admin.session, 'ID0000000000')).json()).toEqual({ errors: ['admin.user.doesnt_exist'] });
    const noCsrf = await a.app.inject({
      method: 'DELETE', url: `${ADMIN}/users/${target.uid}/sessions`, headers: { cookie: admin.session.cookie, 'user-agent': 'steward-tests/1.0' },
    });
    expect(noCsrf.json()).toEqual({ errors: ['authz.missing_csrf_token'] });
  });
});
