/**
 * Restrictions over HTTP: the CRUD with its value rules and default codes, and the rules enforced —
 * blacklist by address, network and country everywhere, blocklogin at sign-in, maintenance letting staff
 * in and no one else, whitelist over all of them, a whitelink token good once and until it expires,
 * removing a rule restoring access at once, and the guard against locking yourself out.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { signIn, signInAs, type SignedIn } from '../helpers/auth.js';
import { createUser, TEST_PASSWORD } from '../helpers/users.js';

const ADMIN = '/api/v2/barong/admin/restrictions';
const ME = '/api/v2/barong/resource/users/me';
const CONFIGS = '/api/v2/barong/identity/configs';
const STAFF_IP = '198.51.100.10';
let t: TestApp;
let admin: SignedIn;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, opts: { who?: SignedIn; ip?: string; payload?: unknown; headers?: Record<string, string> } = {}) =>
  t.app.inject({
    method, url, remoteAddress: opts.ip ?? STAFF_IP,
    headers: { ...(opts.who?.headers() ?? {}), ...(opts.headers ?? {}) }, ...(opts.payload !== undefined ? { payload: opts.payload as object } : {}),
  });
const add = async (rule: Record<string, unknown>, headers: Record<string, string> = {}) => {
  const res = await call('POST', ADMIN, { who: admin, payload: rule, headers });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; code: number; value: string };
};
const errors = (res: { json(): unknown }) => (res.json() as { errors?: string[] }).errors;

beforeAll(async () => {
  t = await testApp({ env: { GEOIP_COUNTRY_HEADER: 'X-Country', TRUST_PROXY: '127.0.0.1' } });
  admin = (await signInAs(t, 'admin', {})).session;
});
afterEach(async () => { await t.db.kysely.deleteFrom('restrictions').execute(); await t.app.restrictionRules.read(); });
afterAll(async () => { await t?.close(); });

describe('the rules', () => {
  it('checks the value against its scope and fills Barong\'s default codes', async () => {
    for (const [scope, value] of [['ip', '10.0.0'], ['ip_subnet', '10.0.0.0/33'], ['country', 'XX'], ['continent', 'EA'], ['all', 'some']]) {
      const res = await call('POST', ADMIN, { who: admin, payload: { category: 'blacklist', scope, value } });
      expect([res.statusCode, errors(res)], `${scope} ${value}`).toEqual([422, ['admin.restriction.invalid_value']]);
    }
    expect(await add({ category: 'blacklist', scope: 'country', value: 'kp' })).toMatchObject({ value: 'KP', code: 423 });
    expect(await add({ category: 'blacklist', scope: 'ip_subnet', value: '203.0.113.0/24' })).toMatchObject({ code: 403 });
    expect(await add({ category: 'maintenance', scope: 'continent', value: 'an' })).toMatchObject({ value: 'AN', code: 471 });
    expect(await add({ category: 'blocklogin', scope: 'ip', value: '2001:db8::1', code: 418 })).toMatchObject({ code: 418 });
    const dup = await call('POST', ADMIN, { who: admin, payload: { category: 'blacklist', scope: 'country', value: 'KP' } });
    expect(dup.statusCode).toBe(422);
    const list = await call('GET', `${ADMIN}?scope=country&category=blacklist`, { who: admin });
    expect(list.json().map((r: { value: string }) => r.value)).toEqual(['KP']);
  });

  it('is for roles that manage restrictions only', async () => {
    const support = (await signInAs(t, 'support')).session;
    const res = await call('POST', ADMIN, { who: support, payload: { category: 'blacklist', scope: 'ip', value: '203.0.113.9' } });
    expect(res.statusCode).toBe(401);
    expect(errors(res)).toEqual(['authz.invalid_permission']);
  });
});

describe('enforced', () => {
  it('refuses a blacklisted address on every call and at sign-in, with the rule\'s code, until the rule goes', async () => {
    const rule = await add({ category: 'blacklist', scope: 'ip', value: '203.0.113.7' });
    const res = await call('GET', CONFIGS, { ip: '203.0.113.7' });
    expect([res.statusCode, errors(res)]).toEqual([401, ['authz.restrict.blacklist']]);
    const user = await createUser(t.db, { role: 'admin' });
    const signing = await t.app.inject({ method: 'POST', url: '/api/v2/barong/identity/sessions', remoteAddress: '203.0.113.7',
      headers: { 'user-agent': 'x' }, payload: { email: user.email, password: TEST_PASSWORD } });
    expect(errors(signing)).toEqual(['authz.restrict.blacklist']);
    expect((await call('GET', CONFIGS, { ip: '203.0.113.8' })).statusCode).toBe(200);
    expect((await call('DELETE', `${ADMIN}?id=${rule.id}`, { who: admin })).statusCode).toBe(200);
    expect((await call('GET', CONFIGS, { ip: '203.0.113.7' })).statusCode).toBe(200);
  });

  it('refuses a network and a country (from the trusted proxy\'s header), and a continent', async () => {
    await add({ category: 'blacklist', scope: 'ip_subnet', value: '192.0.2.0/24' });
    await add({ category: 'blacklist', scope: 'country', value: 'KP', code: 451 });
    await add({ category: 'blacklist', scope: 'continent', value: 'OC' });
    expect((await call('GET', CONFIGS, { ip: '192.0.2.200' })).statusCode).toBe(403);
    // Through the trusted proxy (loopback): its X-Forwarded-For and country header count.
    const viaProxy = (country: string) => call('GET', CONFIGS, { ip: '127.0.0.1', headers: { 'x-forwarded-for': '198.51.100.99', 'x-country': country } });
    expect([(await viaProxy('KP')).statusCode, errors(await viaProxy('KP'))]).toEqual([451, ['authz.restrict.blacklist']]);
    expect((await viaProxy('NZ')).statusCode).toBe(423);
    expect((await viaProxy('DE')).statusCode).toBe(200);
    // From anyone else the header is the client's own word: ignored.
    expect((await call('GET', CONFIGS, { ip: '198.51.100.98', headers: { 'x-country': 'KP' } })).statusCode).toBe(200);
  });

  it('blocklogin refuses sign-in only', async () => {
    await add({ category: 'blocklogin', scope: 'ip', value: '203.0.113.20' });
    const user = await createUser(t.db, { role: 'admin' });
    const res = await t.app.inject({ method: 'POST', url: '/api/v2/barong/identity/sessions', remoteAddress: '203.0.113.20',
      headers: { 'user-agent': 'x' }, payload: { email: user.email, password: TEST_PASSWORD } });
    expect([res.statusCode, errors(res)]).toEqual([401, ['authz.restrict.blocklogin']]);
    expect((await call('GET', CONFIGS, { ip: '203.0.113.20' })).statusCode).toBe(200);
  });

  it('maintenance lets staff in and refuses everyone else, sign-in included', async () => {
    const member = await createUser(t.db, { role: 'member' });
    const staff = await createUser(t.db, { role: 'support' });
    await add({ category: 'maintenance', scope: 'all', value: 'all' });
    const anon = await call('GET', CONFIGS, { ip: '203.0.113.30' });
    expect([anon.statusCode, errors(anon)]).toEqual([471, ['authz.restrict.maintenance']]);
    expect((await call('GET', ME, { who: admin })).statusCode).toBe(200);
    const s = await signIn(t.app, { email: staff.email, password: TEST_PASSWORD, ip: '203.0.113.31' });
    expect((await call('GET', ME, { who: s, ip: '203.0.113.31' })).statusCode).toBe(200);
    const m = await t.app.inject({ method: 'POST', url: '/api/v2/barong/identity/sessions', remoteAddress: '203.0.113.32',
      headers: { 'user-agent': 'x' }, payload: { email: member.email, password: TEST_PASSWORD } });
    expect([m.statusCode, errors(m)]).toEqual([471, ['authz.restrict.maintenance']]);
    expect(m.headers['set-cookie']).toBeUndefined();
  });

  it('a whitelisted address passes maintenance and the blacklist', async () => {
    await add({ category: 'maintenance', scope: 'all', value: 'all' });
    await add({ category: 'blacklist', scope: 'ip_subnet', value: '203.0.113.0/24' });
    await add({ category: 'whitelist', scope: 'ip', value: '203.0.113.40' });
    expect((await call('GET', CONFIGS, { ip: '203.0.113.40' })).statusCode).toBe(200);
    expect((await call('GET', CONFIGS, { ip: '203.0.113.41' })).statusCode).toBe(403);
  });
});

describe('whitelink tokens', () => {
  it('admits its holder once, and not after it expires', async () => {
    await add({ category: 'whitelist', scope: 'ip', value: STAFF_IP });
    await add({ category: 'blacklist', scope: 'all', value: 'all' });
    const made = await call('POST', `${ADMIN}/whitelink`, { who: admin, payload: { expire_time: 2, range: 'hour' } });
    expect(made.statusCode).toBe(201);
    const token = made.json().whitelink_token as string;
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect((await call('GET', CONFIGS, { ip: '203.0.113.50' })).statusCode).toBe(401);
    const redeem = (ip: string, tok = token) => call('POST', '/api/v2/barong/identity/users/access', { ip, payload: { whitelink_token: tok } });
    expect((await redeem('203.0.113.50')).statusCode).toBe(201);
    expect((await call('GET', CONFIGS, { ip: '203.0.113.50' })).statusCode).toBe(200);
    // Two redemptions of one token at once: one whitelists, the other is refused.
    const twin = (await call('POST', `${ADMIN}/whitelink`, { who: admin, payload: {} })).json().whitelink_token;
    const both = await Promise.all([redeem('203.0.113.60', twin), redeem('203.0.113.61', twin)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    for (const bad of [{}, 'x'.repeat(64), 1e23]) {
      expect(errors(await redeem('203.0.113.62', bad as string))).toEqual(['identity.user.access.invalid_token']);
    }
    const again = await redeem('203.0.113.51');
    expect([again.statusCode, errors(again)]).toEqual([422, ['identity.user.access.invalid_token']]);
    const later = (await call('POST', `${ADMIN}/whitelink`, { who: admin, payload: { expire_time: 1, range: 'hour' } })).json().whitelink_token;
    t.clock.advance(3_600_001);
    expect(errors(await redeem('203.0.113.52', later))).toEqual(['identity.user.access.invalid_token']);
    t.clock.advance(-3_600_001);
    expect(errors(await call('POST', `${ADMIN}/whitelink`, { who: admin, payload: { expire_time: 31 } }))).toEqual(['admin.restriction.invalid_expire']);
    // NUL and lone surrogates never reach a route: the input guard answers server.request.invalid_characters.
    for (const bad of ['x\u0000', '\ud800']) {
      expect(errors(await call('POST', `${ADMIN}/whitelink`, { who: admin, payload: { expire_time: bad } }))).toEqual(['server.request.invalid_characters']);
    }
    for (const bad of [{}, [], 1.5, 1e23, { a: { b: { c: 1 } } }]) {
      expect(errors(await call('POST', `${ADMIN}/whitelink`, { who: admin, payload: { expire_time: bad } })), JSON.stringify(bad)).toEqual(['admin.restriction.invalid_expire']);
    }
    for (const bad of ['week', {}, 7]) {
      expect(errors(await call('POST', `${ADMIN}/whitelink`, { who: admin, payload: { range: bad } })), JSON.stringify(bad)).toEqual(['admin.restriction.invalid_range']);
    }
  });
});

describe('the way back', () => {
  it('refuses a rule that would lock out its author unless confirmed', async () => {
    const res = await call('POST', ADMIN, { who: admin, payload: { category: 'blacklist', scope: 'ip', value: STAFF_IP } });
    expect([res.statusCode, errors(res)]).toEqual([409, ['admin.restriction.locks_you_out']]);
    expect((await call('GET', ME, { who: admin })).statusCode).toBe(200);
    // Maintenance never locks out staff: no question asked.
    await add({ category: 'maintenance', scope: 'all', value: 'all' });
    await add({ category: 'blacklist', scope: 'ip', value: STAFF_IP }, { 'x-confirm': 'admin.restriction.locks_you_out' });
    expect((await call('GET', ME, { who: admin })).statusCode).toBe(401);
  });
});
