/**
 * Issue 10 item 7 (RFC 6238 §5.2): a TOTP code signs in once. The window still takes one step of drift
 * either way, but never the step last used or an older one, and of two sign-ins racing with one code
 * exactly one wins. Run on PostgreSQL too for the race.
 * Issue 30 item 11: a used code is no guess, so sending it again (a double-submitted form) is refused
 * without spending the wrong-code budget: it cannot lock the account.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { generate, generateSecret } from 'otplib';
import { testApp, type TestApp } from '../helpers/app.js';
import { createUser, TEST_PASSWORD } from '../helpers/users.js';

let t: TestApp;
beforeAll(async () => { t = await testApp(); });
afterAll(async () => { await t.close(); });

let ipSeq = 0;
const attempt = (identity: string, otp_code: string, remoteAddress = `10.70.${ipSeq >> 8}.${++ipSeq & 255}`) =>
  t.app.inject({
    method: 'POST', url: '/api/v2/barong/identity/sessions/new', remoteAddress,
    payload: { identity, password: TEST_PASSWORD, otp_code },
  });
const codeAt = (secret: string, offsetS: number) =>
  generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) + offsetS });
const step = () => Math.floor(t.clock.now().getTime() / 30_000);
const lastStep = async (id: number) =>
  (await t.db.kysely.selectFrom('users').select('otp_last_step').where('id', '=', id).executeTakeFirstOrThrow()).otp_last_step;

async function otpUser() {
  const secret = generateSecret();
  return { user: await createUser(t.db, { otp: true, otpSecret: secret }), secret };
}

describe('TOTP reuse', () => {
  it('accepts a code once', async () => {
    const { user, secret } = await otpUser();
    t.clock.advance(5_000);
    const code = await codeAt(secret, 0);
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await attempt(user.email, code)).statusCode);
    expect(answers).toEqual([200, 403, 403, 403]);
    expect((await attempt(user.email, code)).json()).toEqual({ errors: ['identity.session.used_otp'] });
    expect(await lastStep(user.id)).toBe(step());
  });

  it('never goes back: after the current step, the previous one is refused; the next one is accepted', async () => {
    const { user, secret } = await otpUser();
    t.clock.advance(12_000);
    expect((await attempt(user.email, await codeAt(secret, 0))).statusCode).toBe(200);
    expect((await attempt(user.email, await codeAt(secret, -30))).statusCode).toBe(403);
    expect((await attempt(user.email, await codeAt(secret, 30))).statusCode).toBe(200);
    // That was the next step's code: the current one is older now.
    expect((await attempt(user.email, await codeAt(secret, 0))).statusCode).toBe(403);
    t.clock.advance(60_000);
    expect((await attempt(user.email, await codeAt(secret, 0))).statusCode).toBe(200);
  });

  it('of two sign-ins racing with one code, exactly one wins', async () => {
    for (let round = 0; round < 5; round++) {
      const { user, secret } = await otpUser();
      const code = await codeAt(secret, 0);
      const res = await Promise.all([attempt(user.email, code), attempt(user.email, code), attempt(user.email, code)]);
      expect(res.map((r) => r.statusCode).sort()).toEqual([200, 403, 403]);
      const sessions = await t.db.kysely.selectFrom('sessions').select('id_hash').where('user_id', '=', user.id).execute();
      expect(sessions).toHaveLength(1);
    }
  });

  it('refuses a used code any number of times without counting it: the account stays open, the next code signs in', async () => {
    const { user, secret } = await otpUser();
    const ip = '10.71.0.1'; // one address throughout: neither its budgets nor the account's may run out
    t.clock.advance(3_000);
    const code = await codeAt(secret, 0);
    expect((await attempt(user.email, code, ip)).statusCode).toBe(200);
    // Well past every budget: 5 wrong codes per account, 5 attempts per account and address.
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push((await attempt(user.email, code, ip)).json());
    expect(answers).toEqual(Array(12).fill({ errors: ['identity.session.used_otp'] }));
    const failures = await t.db.kysely.selectFrom('activities').select(['action', 'result', 'data'])
      .where('user_id', '=', user.id).where('result', '=', 'failed').execute();
    expect(failures).toHaveLength(12);
    expect(failures[0]).toMatchObject({ action: 'login::2fa', data: { reason: 'identity.session.used_otp' } });
    t.clock.advance(30_000);
    const next = await attempt(user.email, await codeAt(secret, 0), ip);
    expect(next.statusCode).toBe(200);
    expect(next.json()).toMatchObject({ uid: user.uid });
  });

  it('still counts a wrong code: five of them close the account to the right one', async () => {
    const { user, secret } = await otpUser();
    const right = await codeAt(secret, 0);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await attempt(user.email, wrong)).statusCode).toBe(403);
    expect((await attempt(user.email, right)).statusCode).toBe(429);
  });
});
