/** Malformed input over every users-area route answers 4xx, never 5xx, and changes nothing it should not. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { mkUser, staff } from './users-fixtures.js';

let t: TestApp;
let root: Awaited<ReturnType<typeof staff>>;
let target: { uid: string; id: number };

const B = '/api/v2/barong/admin';
const P = '/api/v2/peatio/admin';

beforeAll(async () => {
  t = await testApp();
  root = await staff(t, 'superadmin');
  target = await mkUser(t, { role: 'investor', otp: true, otpSecret: 'JBSWY3DPEHPK3PXP' });
  await t.db.kysely.insertInto('currencies').values({ code: 'btc', name: 'Bitcoin' }).onConflict((oc) => oc.doNothing()).execute();
  await t.db.kysely.insertInto('accounts').values({ user_id: target.id, currency_id: 'btc', balance: '1', locked: '0' }).execute();
});
afterAll(async () => { await t?.close(); });

type M = 'GET' | 'POST' | 'PUT' | 'DELETE';
const WRITES: [M, string, string[]][] = [
  ['POST', `${B}/users/update`, ['uid', 'state', 'remark', 'otp']],
  ['PUT', `${B}/users`, ['uid', 'state', 'otp', 'email', 'phone_number', 'remark']],
  ['POST', `${B}/users/role`, ['uid', 'role']],
  ['POST', `${B}/users/labels`, ['uid', 'key', 'value', 'scope', 'description']],
  ['POST', `${B}/users/labels/update`, ['uid', 'key', 'value', 'scope', 'description', 'replace']],
  ['PUT', `${B}/users/labels`, ['uid', 'key', 'value', 'scope', 'replace']],
  ['DELETE', `${B}/users/labels`, ['uid', 'key', 'scope']],
  ['POST', `${B}/users/comments`, ['uid', 'title', 'data']],
  ['PUT', `${B}/users/comments`, ['id', 'title', 'data']],
  ['DELETE', `${B}/users/comments`, ['id']],
  ['POST', `${B}/profiles`, ['uid', 'first_name', 'dob', 'country', 'metadata']],
  ['PUT', `${B}/profiles`, ['uid', 'state']],
  ['PUT', `${P}/members/UID`, ['group']],
  ['POST', `${P}/members/min_swap_amount`, ['uid', 'min_swap_amount', 'group']],
  ['POST', `${P}/members/lock_funds`, ['uid', 'type', 'amount', 'percentage', 'currency']],
];
const READS: [string, string[]][] = [
  [`${B}/users`, ['page', 'limit', 'ordering', 'order_by', 'from', 'to', 'start_date', 'end_date', 'level', 'referral_limit', 'extended', 'range', 'email']],
  [`${B}/users/labels`, ['key', 'value', 'page', 'limit']],
  [`${B}/users/UID`, []],
  [`${B}/users/UID/verifications`, []],
  [`${P}/members/UID`, []],
];

/** Deterministic generator so a failure reproduces. */
function rng(seed: number) {
  return () => { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed / 0x7fffffff; };
}
const WEIRD: unknown[] = [
  null, true, 0, -1, 1e309 > 0 ? 1e308 : 0, 3.5, '', ' ', 'x'.repeat(70000), '\u0000', 'ÿ\u202e', '1e5', '-0', 'NaN', [], {}, ['a'],
  { $gt: '' }, '../../etc', "'; DROP TABLE users; --", '100.0000000000000000001', '99999999999999999999999999999999',
];
const QUERY_WEIRD = ['', '-1', '0', '1e3', 'x', '%00', '99999999999999', 'true', 'desc', '2026-02-30', '%25', 'a'.repeat(3000)];

describe('fuzz', () => {
  it('malformed bodies on writes answer 4xx', async () => {
    const next = rng(7);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)];
    for (const [method, rawPath, fields] of WRITES) {
      const path = rawPath.replace('UID', target.uid);
      const send = (body: unknown) =>
        t.app.inject({ method, url: path, headers: root.headers({ 'content-type': 'application/json' }), payload: JSON.stringify(body) });
      // Never valid: not an object, or a uid that is not a string.
      for (const body of [null, [], 'str', 42, { uid: {} }, { uid: [target.uid] }]) {
        const res = await send(body);
        expect(res.statusCode, `${method} ${path} ${JSON.stringify(body)} → ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        expect(Array.isArray(res.json().errors)).toBe(true);
      }
      // Random field mixes: some happen to be valid (a label '1e5', a profile with only a uid); none may crash.
      for (let i = 0; i < 25; i++) {
        const b: Record<string, unknown> = {};
        for (const f of fields) if (next() < 0.7) b[f] = f === 'uid' && next() < 0.6 ? target.uid : pick(WEIRD);
        const res = await send(b);
        expect(res.statusCode, `${method} ${path} ${JSON.stringify(b).slice(0, 200)} → ${res.body.slice(0, 200)}`).toBeLessThan(500);
        if (res.statusCode >= 400) expect(Array.isArray(res.json().errors)).toBe(true);
      }
      const broken = await t.app.inject({ method, url: path, headers: root.headers({ 'content-type': 'application/json' }), payload: '{"uid": ' });
      expect(broken.statusCode).toBe(400);
    }
    // No weird value is a valid role, state, 2FA switch or lock type: the target is as it was.
    const row = await t.db.kysely.selectFrom('users').selectAll().where('id', '=', target.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ role: 'investor', otp: true, state: 'active' });
    const acc = await t.db.kysely.selectFrom('accounts').select(['balance', 'locked']).where('user_id', '=', target.id).execute();
    expect(acc.map((a) => [Number(a.balance), Number(a.locked)])).toEqual([[1, 0]]);
  });

  it('malformed queries on reads answer 2xx or 4xx, never 5xx', async () => {
    const next = rng(11);
    for (const [rawPath, params] of READS) {
      for (let i = 0; i < 30; i++) {
        const q = params.filter(() => next() < 0.5)
          .map((p) => `${p}=${encodeURIComponent(QUERY_WEIRD[Math.floor(next() * QUERY_WEIRD.length)])}`).join('&');
        const uid = next() < 0.5 ? target.uid : encodeURIComponent(QUERY_WEIRD[Math.floor(next() * QUERY_WEIRD.length)] || 'x');
        const url = `${rawPath.replace('UID', uid)}?${q}`;
        const res = await t.app.inject({ method: 'GET', url, headers: root.headers() });
        expect(res.statusCode, `${url} → ${res.body.slice(0, 200)}`).toBeLessThan(500);
      }
    }
  });
});
