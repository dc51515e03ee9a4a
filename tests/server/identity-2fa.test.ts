import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { generate, generateSecret } from 'otplib';
import { testApp, type TestApp } from '../helpers/app.js';
import { createUser, TEST_PASSWORD } from '../helpers/users.js';
import { signIn } from '../helpers/auth.js';

let t: TestApp;
beforeAll(async () => { t = await testApp(); });
afterAll(async () => { await t.close(); });

const NEW = '/api/v2/barong/identity/sessions/new';
let ipSeq = 0;
/** Each attempt from its own address, so the per-IP brake of another test never interferes. */
const attempt = (identity: string, extra: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url: NEW, remoteAddress: `10.2.0.${++ipSeq}`, payload: { identity, password: TEST_PASSWORD, ...extra } });
const codeAt = (secret: string, offsetS: number) =>
  generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) + offsetS });
const lastActivity = () => t.db.kysely.selectFrom('activities').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();

async function otpUser() {
  const secret = generateSecret();
  const user = await createUser(t.db, { otp: true, otpSecret: secret });
  return { user, secret };
}

describe('2FA sign-in', () => {
  it('asks for the code with 401 missing_otp and nothing else, without opening a session', async () => {
    const { user } = await otpUser();
    for (const extra of [{}, { otp_code: '' }, { otp_code: '   ' }, { otp_code: null }]) {
      const res = await attempt(user.email, extra);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ errors: ['identity.session.missing_otp'] });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(await lastActivity()).toMatchObject({ user_id: user.id, action: 'login::2fa', result: 'failed' });
  });

  it('refuses a wrong code with 403 invalid_otp', async () => {
    const { user, secret } = await otpUser();
    const right = await codeAt(secret, 0);
    const wrong = right === '000000' ? '111111' : '000000';
    const res = await attempt(user.email, { otp_code: wrong });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ errors: ['identity.session.invalid_otp'] });
    expect(await lastActivity()).toMatchObject({ action: 'login::2fa', result: 'failed', data: { reason: 'identity.session.invalid_otp' } });
    for (const junk of ['12345', '1234567', 'abcdef', '12 456']) {
      expect((await attempt(user.email, { otp_code: junk })).statusCode).toBe(403);
    }
  });

  it('accepts the current code and one step either side, but not two', async () => {
    t.clock.advance(12_000); // mid-step, so the offsets below land squarely in their steps
    // A user per offset: each code is accepted once, and never after a later step (identity-totp-reuse.test.ts).
    for (const offset of [0, -30, 30]) {
      const { user, secret } = await otpUser();
      const res = await attempt(user.email, { otp_code: await codeAt(secret, offset) });
      expect(res.statusCode, `offset ${offset}`).toBe(200);
      expect(res.json()).toMatchObject({ uid: user.uid, otp: true });
    }
    const { user, secret } = await otpUser();
    for (const offset of [-60, 60]) {
      const res = await attempt(user.email, { otp_code: await codeAt(secret, offset) });
      expect(res.statusCode, `offset ${offset}`).toBe(403);
    }
  });

  it('signs in through the helper with a code, also when sent as a number', async () => {
    const { user, secret } = await otpUser();
    const s = await signIn(t.app, { email: user.email, password: TEST_PASSWORD, otp: await codeAt(secret, 0), ip: '10.2.1.1' });
    expect(s.user.otp).toBe(true);
    // The next step's code (the one just used is spent), without a leading zero to lose.
    let code: string;
    do { t.clock.advance(30_000); code = await codeAt(secret, 0); } while (code.startsWith('0'));
    expect((await attempt(user.email, { otp_code: Number(code) })).statusCode).toBe(200);
  });

  it('answers 422 totp.error when the stored secret is unusable', async () => {
    const none = await createUser(t.db, { otp: true, otpSecret: undefined });
    const a = await attempt(none.email, { otp_code: '123456' });
    expect(a.statusCode).toBe(422);
    expect(a.json()).toEqual({ errors: ['totp.error'] });
    const bad = await createUser(t.db, { otp: true, otpSecret: 'not base32 at all!' });
    const b = await attempt(bad.email, { otp_code: '123456' });
    expect(b.statusCode).toBe(422);
    expect(b.json()).toEqual({ errors: ['totp.error'] });
  });

  it('checks the password before the code', async () => {
    const { user, secret } = await otpUser();
    const res = await t.app.inject({
      method: 'POST', url: NEW, remoteAddress: '10.2.2.1',
      payload: { identity: user.email, password: 'wrong-password', otp_code: await codeAt(secret, 0) },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ errors: ['identity.session.invalid_params'] });
  });
});
