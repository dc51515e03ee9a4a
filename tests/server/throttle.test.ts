/**
 * The sign-in brakes (auth/throttle.ts) with the default budgets: 5 attempts per account and address
 * and 20 per address in 15 minutes, 30 per account in an hour, 5 wrong second factors per account in
 * 15 minutes. Parallel attempts are in throttle-parallel.test.ts.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { generate, generateSecret } from 'otplib';
import { testApp, type TestApp } from '../helpers/app.js';
import { createUser, TEST_PASSWORD } from '../helpers/users.js';

let t: TestApp;
beforeAll(async () => { t = await testApp(); });
afterAll(async () => { await t.close(); });

const MINUTE = 60_000;
let ipSeq = 0;
const freshIp = () => `10.5.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
const login = (identity: string, password: string, ip = freshIp(), extra: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST', url: '/api/v2/barong/identity/sessions/new', remoteAddress: ip,
    payload: { identity, password, ...extra },
  });
const statuses = async (n: number, send: (i: number) => ReturnType<typeof login>) => {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await send(i)).statusCode);
  return out;
};
const TOO_MANY = { errors: ['identity.session.too_many_attempts'] };
const attemptRow = (key: string) => t.db.kysely.selectFrom('auth_attempts').selectAll().where('key', '=', key).executeTakeFirst();
const codeNow = (secret: string) => generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });

describe('brute-force brake', () => {
  it('stops one address on one account after 5 wrong passwords; the owner elsewhere still signs in', async () => {
    const u = await createUser(t.db);
    const ip = freshIp();
    expect(await statuses(5, () => login(u.email, 'wrong-password', ip))).toEqual(Array(5).fill(401));
    const blocked = await login(u.email.toUpperCase(), TEST_PASSWORD, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(TOO_MANY);
    const act = await t.db.kysely.selectFrom('activities').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(act).toMatchObject({ user_id: u.id, action: 'login', result: 'failed', data: { reason: 'identity.session.too_many_attempts' } });
    expect((await login(u.email, TEST_PASSWORD)).statusCode).toBe(200);
    // The budget refills one attempt every 3 minutes.
    t.clock.advance(3 * MINUTE);
    expect((await login(u.email, 'wrong-password', ip)).statusCode).toBe(401);
    expect((await login(u.email, TEST_PASSWORD, ip)).statusCode).toBe(429);
  });

  it('strangers at other addresses cannot lock the owner out of an address they used before', async () => {
    const u = await createUser(t.db);
    const home = freshIp();
    expect((await login(u.email, TEST_PASSWORD, home)).statusCode).toBe(200);
    // 40 strangers, one wrong password each: the account's brake closes after 30.
    const attack = await statuses(40, () => login(u.email, 'wrong-password'));
    expect(attack).toEqual([...Array(30).fill(401), ...Array(10).fill(429)]);
    expect((await login(u.email, TEST_PASSWORD, home)).statusCode).toBe(200);
    expect((await login(u.email, TEST_PASSWORD, home)).statusCode).toBe(200);
    // Even the right password from an address the account never used waits: the distributed attack is stopped.
    expect((await login(u.email, TEST_PASSWORD)).json()).toEqual(TOO_MANY);
    // The brake refills: an hour later the account takes attempts from anywhere again.
    t.clock.advance(60 * MINUTE);
    expect((await login(u.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('lets both factors through the account brake, and nothing short of both', async () => {
    const secret = generateSecret();
    const u = await createUser(t.db, { otp: true, otpSecret: secret });
    expect((await statuses(31, () => login(u.email, 'wrong-password'))).at(-1)).toBe(429);
    const good = await codeNow(secret);
    const bad = good === '000000' ? '111111' : '000000';
    // Without a code, with a wrong password, or with a wrong code: the brake's own answer, nothing more.
    for (const [password, extra] of [
      [TEST_PASSWORD, {}], ['wrong-password', { otp_code: good }], [TEST_PASSWORD, { otp_code: bad }],
    ] as const) {
      expect((await login(u.email, password, freshIp(), extra)).json()).toEqual(TOO_MANY);
    }
    const ok = await login(u.email, TEST_PASSWORD, freshIp(), { otp_code: good });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ uid: u.uid, otp: true });
  });

  it('an unknown identity answers exactly like a known one', async () => {
    const u = await createUser(t.db);
    const ip = freshIp();
    const known = await statuses(6, () => login(u.email, 'wrong-password', ip));
    const unknown = await statuses(6, () => login('ghost@nowhere.example', 'wrong-password', ip));
    expect(known).toEqual([...Array(5).fill(401), 429]);
    expect(unknown).toEqual(known);
    expect((await login('GHOST@nowhere.example', 'x', ip)).json()).toEqual(TOO_MANY);
  });

  it('per address: 20 attempts across accounts block that address only', async () => {
    const ip = freshIp();
    expect(await statuses(20, (i) => login(`nobody${i}@nowhere.example`, 'wrong-password', ip))).toEqual(Array(20).fill(401));
    const u = await createUser(t.db);
    expect((await login(u.email, TEST_PASSWORD, ip)).json()).toEqual(TOO_MANY);
    expect((await login(u.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('a success clears the pair and gives back its own share of the address and account budgets', async () => {
    const ip = freshIp();
    const u = await createUser(t.db);
    for (let i = 0; i < 4; i++) await login(u.email, 'wrong-password', ip);
    const before = await attemptRow(`ip:${ip}`);
    const account = await attemptRow(`account:${u.email.toLowerCase()}`);
    expect((await login(u.email, TEST_PASSWORD, ip)).statusCode).toBe(200);
    expect(await attemptRow(`pair:${u.email.toLowerCase()}|${ip}`)).toBeUndefined();
    // The four failures stay on the address and the account; the success itself costs nothing.
    expect((await attemptRow(`ip:${ip}`))!.tat).toEqual(before!.tat);
    expect((await attemptRow(`account:${u.email.toLowerCase()}`))!.tat).toEqual(account!.tat);
    expect(await statuses(5, () => login(u.email, 'wrong-password', ip))).toEqual(Array(5).fill(401));
  });

  it('wrong second factors spend their own budget, which nothing gets through; a username shares the email budget', async () => {
    const secret = generateSecret();
    const u = await createUser(t.db, { otp: true, otpSecret: secret });
    await t.db.kysely.updateTable('users').set({ username: 'otpuser' }).where('id', '=', u.id).execute();
    const home = freshIp();
    const good = await codeNow(secret);
    const bad = good === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await login('OtpUser', TEST_PASSWORD, freshIp(), { otp_code: bad })).statusCode).toBe(403);
    expect((await login(u.email, TEST_PASSWORD, home, { otp_code: good })).json()).toEqual(TOO_MANY);
    expect((await login(u.email, 'wrong-password', home)).json()).toEqual(TOO_MANY);
    t.clock.advance(3 * MINUTE);
    expect((await login(u.email, TEST_PASSWORD, home, { otp_code: await codeNow(secret) })).statusCode).toBe(200);
  });

  it('asking for the code is not a failure', async () => {
    const secret = generateSecret();
    const u = await createUser(t.db, { otp: true, otpSecret: secret });
    const ip = freshIp();
    expect(await statuses(12, () => login(u.email, TEST_PASSWORD, ip))).toEqual(Array(12).fill(401));
    expect((await login(u.email, TEST_PASSWORD, ip)).json()).toEqual({ errors: ['identity.session.missing_otp'] });
  });

  it('sweeps budgets that are whole again', async () => {
    await login('sweep@nowhere.example', 'wrong-password', '10.8.0.1');
    expect(await attemptRow('ip:10.8.0.1')).toBeDefined();
    t.clock.advance(61 * MINUTE);
    await login('sweep@nowhere.example', 'wrong-password', '10.8.0.2');
    expect(await attemptRow('ip:10.8.0.1')).toBeUndefined();
    expect(await attemptRow('ip:10.8.0.2')).toBeDefined();
  });
});
