import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { createUser, TEST_PASSWORD } from '../helpers/users.js';
import { signIn, TEST_USER_AGENT } from '../helpers/auth.js';

let t: TestApp;
beforeAll(async () => { t = await testApp(); });
afterAll(async () => { await t.close(); });

const NEW = '/api/v2/barong/identity/sessions/new';
const BARONG = '/api/v2/barong/identity/sessions';
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { 'user-agent': TEST_USER_AGENT, ...headers } });

const lastActivity = () => t.db.kysely.selectFrom('activities').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();

describe('sign-in', () => {
  it('answers 200 with UserWithFullInfo, a csrf token and a hardened session cookie', async () => {
    const u = await createUser(t.db, { role: 'admin', email: 'Ada@Example.com' });
    await t.db.kysely.insertInto('labels').values([
      { user_id: u.id, key: 'email', value: 'verified', scope: 'public' },
      { user_id: u.id, key: 'risk', value: 'high', scope: 'private' },
    ]).execute();
    await t.db.kysely.insertInto('phones').values({ user_id: u.id, country: 'DE', number: '4915112345678' }).execute();
    await t.db.kysely.insertInto('profiles').values({ user_id: u.id, first_name: 'Ada', last_name: 'L', state: 'verified' }).execute();

    const res = await post(NEW, { identity: 'ada@example.COM', password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual([
      'created_at', 'csrf_token', 'data', 'data_storages', 'email', 'labels', 'level', 'otp', 'phones',
      'profiles', 'referral_uid', 'role', 'state', 'uid', 'updated_at', 'username',
    ]);
    expect(body).toMatchObject({ email: 'Ada@Example.com', uid: u.uid, role: 'admin', level: 3, otp: false, state: 'active', data_storages: [] });
    expect(body.csrf_token).toMatch(/^[0-9a-f]{20,}$/);
    expect(body.labels).toEqual([expect.objectContaining({ key: 'email', value: 'verified', scope: 'public' })]);
    expect(body.phones).toEqual([{ country: 'DE', number: '4915112345678', validated_at: null }]);
    expect(body.profiles).toEqual([expect.objectContaining({ first_name: 'Ada', state: 'verified' })]);
    expect(body.created_at).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);

    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^_barong_session=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Secure/);

    // Only the hash of the id is stored.
    const id = res.cookies[0]!.value;
    const rows = await t.db.kysely.selectFrom('sessions').selectAll().where('user_id', '=', u.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.id_hash).not.toContain(id);
    expect(rows[0]!.csrf_token).toBe(body.csrf_token);
    const user = await t.db.kysely.selectFrom('users').select('last_ip').where('id', '=', u.id).executeTakeFirstOrThrow();
    expect(user.last_ip).toBe('127.0.0.1');
    expect(await lastActivity()).toMatchObject({ category: 'user', user_id: u.id, topic: 'session', action: 'login', result: 'succeed', user_agent: TEST_USER_AGENT, user_ip: '127.0.0.1' });
  });

  it('marks the cookie Secure over https', async () => {
    const u = await createUser(t.db);
    const res = await post(NEW, { identity: u.email, password: TEST_PASSWORD }, { 'x-forwarded-proto': 'https' });
    expect(res.statusCode).toBe(200);
    // trustProxy is off: a client cannot talk its way into https, so only config can force Secure.
    expect(String(res.headers['set-cookie'])).not.toMatch(/Secure/);
    const forced = await testApp({ db: t.db, env: { COOKIE_SECURE: 'true' } });
    const proxied = await testApp({ db: t.db, env: { TRUST_PROXY: 'loopback' } });
    try {
      const res2 = await forced.app.inject({ method: 'POST', url: NEW, payload: { identity: u.email, password: TEST_PASSWORD } });
      expect(String(res2.headers['set-cookie'])).toMatch(/; Secure/);
      const res3 = await proxied.app.inject({
        method: 'POST', url: NEW, payload: { identity: u.email, password: TEST_PASSWORD },
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(String(res3.headers['set-cookie'])).toMatch(/; Secure/);
    } finally { await forced.close(); await proxied.close(); }
  });

  it('accepts the OpenWare spelling with email, and a username as identity', async () => {
    const u = await createUser(t.db);
    await t.db.kysely.updateTable('users').set({ username: 'Grace' }).where('id', '=', u.id).execute();
    const a = await post(BARONG, { email: u.email.toUpperCase(), password: TEST_PASSWORD });
    expect(a.statusCode).toBe(200);
    expect(a.json().uid).toBe(u.uid);
    const b = await post(NEW, { identity: 'grace', password: TEST_PASSWORD });
    expect(b.statusCode).toBe(200);
    expect(b.json()).toMatchObject({ uid: u.uid, username: 'Grace' });
  });

  it('validates the body (422 with field codes)', async () => {
    const a = await post(NEW, {});
    expect(a.statusCode).toBe(422);
    expect(a.json().errors).toEqual(expect.arrayContaining(['identity.session.missing_identity', 'identity.session.missing_password']));
    expect(a.json().fields).toMatchObject({ identity: ['identity.session.missing_identity'] });
    const b = await post(BARONG, { password: 'x' });
    expect(b.statusCode).toBe(422);
    expect(b.json().errors).toEqual(['identity.session.missing_email']);
    const c = await post(NEW, { identity: 'a@b.c' });
    expect(c.json().errors).toEqual(['identity.session.missing_password']);
    const d = await post(NEW, { identity: 'a@b.c', password: 'x', captcha_response: 42 });
    expect(d.statusCode).toBe(422);
    expect(d.json().errors).toEqual(['identity.session.invalid_captcha_format']);
    const e = await post(NEW, { identity: 'a@b.c', password: 'x', captcha_response: ['a'] });
    expect(e.json().errors).toEqual(['identity.session.invalid_captcha_format']);
    // A stray key of the other spelling is ignored, not taken for the identity (it was a 500).
    const f = await post(BARONG, { email: 'a@b.c', password: 'x', identity: true });
    expect(f.json()).toEqual({ errors: ['identity.session.invalid_params'] });
  });

  it('answers an unknown identity and a wrong password alike, and records both', async () => {
    const u = await createUser(t.db);
    const unknown = await post(NEW, { identity: 'nobody@nowhere.example', password: TEST_PASSWORD });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ errors: ['identity.session.invalid_params'] });
    expect(await lastActivity()).toMatchObject({ user_id: null, action: 'login', result: 'failed', data: { reason: 'identity.session.invalid_params' } });
    const wrong = await post(NEW, { identity: u.email, password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(await lastActivity()).toMatchObject({ user_id: u.id, action: 'login', result: 'failed' });
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('refuses banned, deleted and inactive users only once the password is right', async () => {
    for (const [state, code] of [['banned', 'identity.session.banned'], ['deleted', 'identity.session.deleted'],
      ['inactive', 'identity.session.not_active'], ['locked', 'identity.session.not_active']] as const) {
      const u = await createUser(t.db, { state });
      const wrong = await post(NEW, { identity: u.email, password: 'wrong-password' });
      expect(wrong.json()).toEqual({ errors: ['identity.session.invalid_params'] });
      const right = await post(NEW, { identity: u.email, password: TEST_PASSWORD });
      expect(right.statusCode).toBe(401);
      expect(right.json()).toEqual({ errors: [code] });
      expect(await lastActivity()).toMatchObject({ user_id: u.id, result: 'failed', data: { reason: code } });
    }
    const pending = await createUser(t.db, { state: 'pending' });
    expect((await post(NEW, { identity: pending.email, password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('lets roles outside the allowed list sign in (the auth service is shared)', async () => {
    for (const role of ['member', 'trader']) {
      const u = await createUser(t.db, { role });
      const s = await signIn(t.app, { email: u.email, password: TEST_PASSWORD });
      expect(s.user.role).toBe(role);
    }
  });

  it('serves the public auth configs without nulls', async () => {
    const res = await t.app.inject({ url: '/api/v2/barong/identity/configs' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      session_expire_time: 3600, captcha_type: 'none', phone_verification_type: 'twilio_sms',
      password_min_entropy: 14, password_regexp: '^(?=.*[a-z])(?=.*[A-Z])(?=.*[0-9])(?=.*[!-~]).{8,80}$',
    });
  });
});

describe('users/me and sign-out', () => {
  it('returns the user without csrf_token, and logout ends the session', async () => {
    const u = await createUser(t.db, { role: 'support' });
    const s = await signIn(t.app, { email: u.email, password: TEST_PASSWORD });
    const me = await t.app.inject({ url: '/api/v2/barong/resource/users/me', headers: s.headers() });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ uid: u.uid, role: 'support', email: u.email });
    expect(me.json()).not.toHaveProperty('csrf_token');
    expect(me.json()).not.toHaveProperty('id');

    const out = await t.app.inject({ method: 'DELETE', url: BARONG, headers: s.headers() });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/^_barong_session=;.*Expires=Thu, 01 Jan 1970/);
    expect(await lastActivity()).toMatchObject({ user_id: u.id, topic: 'session', action: 'logout', result: 'succeed' });
    expect(await t.db.kysely.selectFrom('sessions').select('id_hash').where('user_id', '=', u.id).execute()).toEqual([]);

    const after = await t.app.inject({ url: '/api/v2/barong/resource/users/me', headers: s.headers() });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ errors: ['authz.invalid_session'] });
    const again = await t.app.inject({ method: 'DELETE', url: BARONG, headers: s.headers() });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ errors: ['identity.session.not_found'] });
  });

  it('answers 404 to a logout without any session', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: BARONG });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: ['identity.session.not_found'] });
  });

  it('logs out without the CSRF token, as Barong does (tower and baseapp send none), and not across sites', async () => {
    const u = await createUser(t.db);
    const s = await signIn(t.app, { email: u.email, password: TEST_PASSWORD });
    const { 'x-csrf-token': _, ...noCsrf } = s.headers();
    // Another site cannot send the DELETE: no CORS preflight is ever approved.
    const preflight = await t.app.inject({ method: 'OPTIONS', url: BARONG, headers: {
      origin: 'https://evil.example', 'access-control-request-method': 'DELETE' } });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
    const out = await t.app.inject({ method: 'DELETE', url: BARONG, headers: noCsrf });
    expect(out.statusCode, out.body).toBe(200);
    expect((await t.app.inject({ url: '/api/v2/barong/resource/users/me', headers: s.headers() })).json())
      .toEqual({ errors: ['authz.invalid_session'] });
  });

  it('replaces the old session when signing in again with its cookie', async () => {
    const u = await createUser(t.db);
    const s1 = await signIn(t.app, { email: u.email, password: TEST_PASSWORD });
    const res = await post(NEW, { identity: u.email, password: TEST_PASSWORD }, { cookie: s1.cookie });
    expect(res.statusCode).toBe(200);
    const rows = await t.db.kysely.selectFrom('sessions').select('id_hash').where('user_id', '=', u.id).execute();
    expect(rows).toHaveLength(1);
    expect((await t.app.inject({ url: '/api/v2/barong/resource/users/me', headers: s1.headers() })).json())
      .toEqual({ errors: ['authz.invalid_session'] });
  });
});
