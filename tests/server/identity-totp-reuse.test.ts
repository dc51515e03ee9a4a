/**
 * Issue 10 item 7 (RFC 6238 §5.2): a TOTP code signs in once. The window still takes one step of drift
 * either way, but never the step last used or an older one, and of two sign-ins racing with one code
 * exactly one wins. Run on PostgreSQL too for the race.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { generate, generateSecret } from 'otplib';
import { testApp, type TestApp } from '../helpers/app.js';
import { createUser, TEST_PASSWORD } from '../helpers/users.js';

let t: TestApp;
beforeAll(async () => { t = await testApp(); });
afterAll(async () => { await t.close(); });

let ipSeq = 0;
const attempt = (identity: string, otp_code: string) => t.app.inject({
  method: 'POST', url: '/api/v2/barong/identity/sessions/new', remoteAddress: `10.70.${ipSeq >> 8}.${++ipSeq & 255}`,
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
    expect((await attempt(user.email, code)).json()).toEqual({ errors: ['identity.session.invalid_otp'] });
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
});
