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
const TOO_MANY = { errors: ['identity.session.too_many_attempts'] };
const failureRows = (key: string) => t.db.kysely.selectFrom('auth_failures').selectAll().where('key', '=', key).execute();

describe('brute-force brake', () => {
  it('per identity: 10 wrong passwords from anywhere, then 429 even for the right one', async () => {
    const u = await createUser(t.db);
    for (let i = 0; i < 10; i++) {
      expect((await login(u.email, 'wrong-password')).statusCode).toBe(401);
    }
    const blocked = await login(u.email.toUpperCase(), TEST_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(TOO_MANY);
    const act = await t.db.kysely.selectFrom('activities').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(act).toMatchObject({ user_id: u.id, action: 'login', result: 'failed', data: { reason: 'identity.session.too_many_attempts' } });
    t.clock.advance(15 * MINUTE + 1);
    expect((await login(u.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('answers an unknown identity exactly like a known one', async () => {
    const u = await createUser(t.db);
    const statuses = async (identity: string) => {
      const out: number[] = [];
      for (let i = 0; i < 11; i++) out.push((await login(identity, 'wrong-password')).statusCode);
      return out;
    };
    const known = await statuses(u.email);
    const unknown = await statuses('ghost@nowhere.example');
    expect(known).toEqual([...Array(10).fill(401), 429]);
    expect(unknown).toEqual(known);
    expect((await login('GHOST@nowhere.example', 'x')).json()).toEqual(TOO_MANY);
  });

  it('per IP: 10 failures across identities block that address only', async () => {
    const ip = '10.6.0.1';
    for (let i = 0; i < 10; i++) {
      expect((await login(`nobody${i}@nowhere.example`, 'wrong-password', ip)).statusCode).toBe(401);
    }
    const u = await createUser(t.db);
    expect((await login(u.email, TEST_PASSWORD, ip)).json()).toEqual(TOO_MANY);
    expect((await login(u.email, TEST_PASSWORD, '10.6.0.2')).statusCode).toBe(200);
  });

  it('a success clears the identity counter but not the IP counter', async () => {
    const ip = '10.7.0.1';
    const u = await createUser(t.db);
    for (let i = 0; i < 6; i++) await login(u.email, 'wrong-password', ip);
    expect((await login(u.email, TEST_PASSWORD, ip)).statusCode).toBe(200);
    expect(await failureRows(`id:${u.email.toLowerCase()}`)).toEqual([]);
    expect(await failureRows(`ip:${ip}`)).toHaveLength(6);
    for (let i = 0; i < 4; i++) await login(`other${i}@nowhere.example`, 'wrong-password', ip);
    expect((await login(u.email, TEST_PASSWORD, ip)).json()).toEqual(TOO_MANY);
    // The identity itself starts afresh: 9 more failures from elsewhere still leave it open.
    for (let i = 0; i < 9; i++) await login(u.email, 'wrong-password');
    expect((await login(u.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('counts wrong 2FA codes, and a username shares the email counter', async () => {
    const secret = generateSecret();
    const u = await createUser(t.db, { otp: true, otpSecret: secret });
    await t.db.kysely.updateTable('users').set({ username: 'otpuser' }).where('id', '=', u.id).execute();
    const good = await generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
    const bad = good === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await login(u.email, TEST_PASSWORD, freshIp(), { otp_code: bad })).statusCode).toBe(403);
    for (let i = 0; i < 5; i++) expect((await login('OtpUser', 'wrong-password')).statusCode).toBe(401);
    expect((await login(u.email, TEST_PASSWORD, freshIp(), { otp_code: good })).json()).toEqual(TOO_MANY);
    // Asking for the code is not a failure.
    const other = await createUser(t.db, { otp: true, otpSecret: secret });
    for (let i = 0; i < 12; i++) expect((await login(other.email, TEST_PASSWORD)).statusCode).toBe(401);
  });

  it('sweeps rows that left the window', async () => {
    await login('sweep@nowhere.example', 'wrong-password', '10.8.0.1');
    t.clock.advance(16 * MINUTE);
    await login('sweep@nowhere.example', 'wrong-password', '10.8.0.2');
    expect(await failureRows('id:sweep@nowhere.example')).toHaveLength(1);
    expect(await failureRows('ip:10.8.0.1')).toEqual([]);
  });
});
