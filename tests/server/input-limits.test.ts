/**
 * The 500s of the route fuzz (issue 31) and the amounts of issue 30 item 4, each a 4xx with a code now:
 * - amounts past what a money column holds (NUMERIC(36,18): below 10¹⁸), as text and as a JSON number,
 *   on every money write the probe named — `<prefix>.amount_too_large` under `amount`, nothing written —
 *   while 18 digits still fit; a JSON number JavaScript cannot hold exactly (9007199254740993 read as
 *   …992 and was stored so) is refused as `invalid_amount`, and one it holds exactly is taken;
 * - impossible calendar dates (2026-02-30, 2026-13-01, 2026-11-31T25:00Z) on a date, a date-time and
 *   a settlement period: the field's invalid code;
 * - an object with its own `toString` as a nested options object: the field's invalid code;
 * - a path with `..` segments that a route takes (`/users/:uid`): 400 server.request.invalid_path, not a
 *   superadmin's 401 "no permission".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { signInAs, type SignedIn } from '../helpers/auth.js';
import { createUser } from '../helpers/users.js';
import { writeCaseFor, type Ctx } from '../reliability/helpers/writes.js';

const P = '/api/v2/peatio/admin';
const AL = '/api/v2/applogic/admin';

let t: TestApp;
let su: SignedIn;
beforeAll(async () => {
  t = await testApp();
  su = (await signInAs(t, 'superadmin')).session;
});
afterAll(async () => { await t?.close(); });

/** A valid request of a write route (the reliability suite's catalogue) with `key` set to the raw JSON `value`. */
async function request(url: string, key: string, value: string) {
  const w = await writeCaseFor({ method: 'POST', url }).prepare({ t, su } satisfies Ctx);
  const rest = Object.entries(w.body ?? {}).filter(([k]) => k !== key).map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`);
  const res = await t.app.inject({ method: 'POST', url: w.url, headers: su.headers({ 'content-type': 'application/json' }), payload: `{${[...rest, `"${key}":${value}`].join(',')}}` });
  return { status: res.statusCode, body: res.json() };
}

const count = async (table: string) => Number((await t.db.kysely.selectFrom(table as 'users').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

describe('amounts are checked against the column before anything is written', () => {
  it.each([
    ['wallet_transfers/new', P, 'admin.wallet_transfer', 'wallet_transfers'],
    ['deposits/new', P, 'admin.deposit', 'deposits'],
    ['adjustments/new', P, 'admin.adjustment', 'adjustments'],
    ['bonuses/new', AL, 'admin.bonus', 'bonuses'],
    ['rewards/new', AL, 'admin.reward', 'rewards'],
  ])('%s', async (path, root, prefix, table) => {
    const url = `${root}/${path}`;
    const before = await count(table);
    for (const value of ['"1000000000000000000"', '"99999999999999999999"', '100000000000000000000', '1e+21']) {
      const code = `${prefix}.amount_too_large`;
      expect(await request(url, 'amount', value), value).toEqual({ status: 422, body: { errors: [code], fields: { amount: [code] } } });
    }
    // Numbers JavaScript rounds are no amount (send them as text); an exponent in text is no decimal.
    for (const value of ['99999999999999999999', '9007199254740993', '0.10000000000000001', '"1e20"']) {
      expect((await request(url, 'amount', value)).body.errors, value).toEqual([`${prefix}.invalid_amount`]);
    }
    expect(await count(table)).toBe(before);
    // Eighteen digits fit, as text; numbers JavaScript holds exactly are taken at their value.
    for (const [value, stored] of [['"999999999999999999"', '999999999999999999'], ['9007199254740992', '9007199254740992'], ['2.50', '2.5']]) {
      const made = await request(url, 'amount', value);
      expect([made.status, made.body.amount], value).toEqual([201, stored]);
    }
    expect(await count(table)).toBe(before + 3);
  });
});

describe('impossible dates are the field\'s invalid code, not a database error', () => {
  it.each(['"2026-02-30"', '"2026-13-01"', '"2026-11-31T25:00Z"'])('a settlement period from %s', async (day) => {
    expect((await request(`${AL}/rewards/settle`, 'from', day)).body.errors).toEqual(['admin.reward.invalid_from']);
  });

  it.each(['"2026-11-31T23:00:00Z"', '"2026-02-30T00:00:00Z"', '"2026-13-01T00:00:00Z"', '"2026-11-30T24:00:00Z"'])('an advertisement starting %s', async (at) => {
    const before = await count('advertisements');
    expect(await request(`${AL}/advertisements/new`, 'start_date', at)).toMatchObject({ status: 422, body: { errors: ['admin.advertisement.invalid_start_date'] } });
    expect(await count('advertisements')).toBe(before);
  });

  it('a date of birth of 30 February', async () => {
    const { uid } = await createUser(t.db);
    const res = await t.app.inject({ method: 'POST', url: '/api/v2/barong/admin/profiles', headers: su.headers(), payload: { uid, dob: '2026-02-30' } });
    expect([res.statusCode, res.json().errors]).toEqual([422, ['admin.profile.invalid_dob']]);
  });
});

describe('objects that carry their own toString, nested in options', () => {
  it.each(['{"toString":1}', '{"valueOf":{},"toString":"x"}', '{"deposit":true,"toString":null}'])('payment options %s', async (options) => {
    const res = await request(`${P}/payment_methods`, 'payment_options', options);
    expect([res.status, res.body.errors]).toEqual([422, ['admin.payment_method.invalid_payment_options']]);
  });
});

describe('a path that cannot be judged', () => {
  // (inject resolves a bare `..` or `%2e%2e` segment as a browser would, so these hide theirs in one segment.)
  it.each(['/api/v2/barong/admin/users/..%2F..%2F', '/api/v2/peatio/admin/orders/%2e%2e%2f1', '/api/v2/barong/admin/users/a%5Cb'])(
    '%s is a bad request, for a superadmin and for anyone', async (url) => {
      for (const headers of [su.headers(), { 'user-agent': 'steward-tests/1.0' }]) {
        const res = await t.app.inject({ method: 'GET', url, headers });
        expect([res.statusCode, res.json()]).toEqual([400, { errors: ['server.request.invalid_path'] }]);
      }
    });
});
