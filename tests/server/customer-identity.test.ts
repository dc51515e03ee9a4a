/**
 * The customer identity calls (server/auth/customer/): sign-up, e-mail confirmation, password reset,
 * configs, ping and time — e-mails caught by a loopback SMTP server, so the token really goes through
 * the configured transport. One app; each refusal with its code.
 */
import { describe, it, expect, beforeAll, afterAll, vi } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { TEST_USER_AGENT, signIn } from '../helpers/auth.js';
import { smtpFake, type SmtpFake } from './messaging-fakes.js';

let t: TestApp;
let smtp: SmtpFake;
beforeAll(async () => {
  smtp = await smtpFake();
  t = await testApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://console.example' } });
});
afterAll(async () => { await t?.close(); await smtp?.close(); });

const I = '/api/v2/barong/identity';
let ipSeq = 0;
const freshIp = () => `10.77.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;
const post = (path: string, payload: unknown, ip = freshIp(), headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `${I}${path}`, payload: payload as object, remoteAddress: ip, headers: { 'user-agent': TEST_USER_AGENT, ...headers } });
const GOOD = 'Sturdy-Pass-42';

/** The text of a caught e-mail (nodemailer may quote-print long lines). */
const textOf = (data: string) => data.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
/** Waits for the n-th e-mail to `to` and answers its text. */
async function mailTo(to: string, n = 1): Promise<string> {
  return vi.waitFor(() => {
    const got = smtp.received.filter((m) => m.to.includes(to));
    if (got.length < n) throw new Error(`waiting for e-mail ${n} to ${to}`);
    return textOf(got[n - 1]!.data);
  }, { timeout: 10_000, interval: 20 });
}
const tokenIn = (text: string) => /token=([A-Za-z0-9_%-]+)/.exec(text)?.[1] ?? /code: ([A-Za-z0-9_-]{43})/.exec(text)?.[1];
const userByEmail = (email: string) => t.db.kysely.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
const activities = (userId: number | null) => t.db.kysely.selectFrom('activities').select(['category', 'topic', 'action', 'result', 'data'])
  .where('user_id', userId === null ? 'is' : '=', userId as number).orderBy('id').execute();

describe('configs, ping, time', () => {
  it('answers every Barong field', async () => {
    const c = await t.app.inject({ method: 'GET', url: `${I}/configs` });
    expect(c.json()).toEqual({
      session_expire_time: 3600, captcha_type: 'none', phone_verification_type: 'twilio_sms',
      password_min_entropy: 14, password_regexp: expect.stringContaining('(?=.*[A-Z])'),
    });
    expect((await t.app.inject({ method: 'GET', url: `${I}/ping` })).json()).toEqual({ ping: 'pong' });
    const rate = (password: unknown) => post('/password/validate', { password });
    expect([(await rate('abc')).statusCode, (await rate('abc')).json()]).toEqual([201, { entropy: 8 }]);
    expect((await rate(GOOD)).json().entropy).toBeGreaterThan((await rate('aaaaaaaaaaaaaa')).json().entropy);
    expect((await rate(12)).json().errors).toEqual(['identity.password.invalid_password']);
    expect((await t.app.inject({ method: 'GET', url: `${I}/time` })).json()).toEqual({ time: Math.floor(t.clock.now().getTime() / 1000) });
  });
});

describe('sign-up and e-mail confirmation', () => {
  it('refuses bad input with Barong codes and writes nothing', async () => {
    const before = await t.db.kysely.selectFrom('users').select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const cases: [unknown, number, string][] = [
      [{ password: GOOD }, 422, 'identity.user.missing_email'],
      [{ email: 'not-an-address', password: GOOD }, 422, 'identity.user.invalid_email'],
      [{ email: 'a@b.example' }, 422, 'identity.user.missing_password'],
      [{ email: 'a@b.example', password: 'alllowercase1' }, 422, 'password.requirements'],
      [{ email: 'a@b.example', password: GOOD, refid: 'nope' }, 422, 'identity.user.invalid_refid'],
      [{ email: 'a@b.example', password: GOOD, refid: 'ID0000000000' }, 422, 'identity.user.referral_doesnt_exist'],
      [{ email: 'a@b.example', password: GOOD, data: '[1]' }, 422, 'identity.user.invalid_data'],
      [{ email: { toString: 1 }, password: GOOD }, 422, 'identity.user.invalid_email'],
    ];
    for (const [body, status, code] of cases) {
      const res = await post('/users', body);
      expect([res.statusCode, res.json().errors], JSON.stringify(body)).toEqual([status, [code]]);
    }
    const after = await t.db.kysely.selectFrom('users').select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('creates a pending level-0 member with a session, e-mails a single-use link, and confirming it makes level 1 active', async () => {
    const res = await post('/users', { email: ' New.Customer@Example.com ', password: GOOD, data: '{"language":"en"}', lang: 'en' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ email: 'new.customer@example.com', role: 'member', level: 0, state: 'pending', otp: false, data: '{"language":"en"}' });
    expect(body.csrf_token).toMatch(/^[0-9a-f]{32}$/);
    const cookie = res.cookies.find((c) => c.name === '_barong_session')!;
    const me = await t.app.inject({ method: 'GET', url: '/api/v2/barong/resource/users/me', headers: { cookie: `_barong_session=${cookie.value}`, 'user-agent': TEST_USER_AGENT } });
    expect(me.json()).toMatchObject({ uid: body.uid, level: 0 });
    const user = await userByEmail('new.customer@example.com');
    expect(await activities(user.id)).toContainEqual(expect.objectContaining({ category: 'user', topic: 'account', action: 'signup', result: 'succeed' }));

    const mail = await mailTo('new.customer@example.com');
    expect(mail).toContain('https://console.example/email-verification?token=');
    const token = decodeURIComponent(tokenIn(mail)!);
    // The service log records the e-mail, never its secret.
    const log = await vi.waitFor(async () => t.db.kysely.selectFrom('service_logs').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow());
    expect(log).toMatchObject({ topic: 'email_confirmation', service_type: 'email', result: 'success' });
    expect(JSON.stringify(log.metadata)).not.toContain(token);
    expect(await t.db.kysely.selectFrom('identity_codes').select('code_hash').where('user_id', '=', user.id).execute())
      .toEqual([{ code_hash: expect.not.stringContaining(token) }]);

    // The same address again, in any case: taken, and the attempt is recorded as failed.
    const again = await post('/users', { email: 'NEW.customer@example.com', password: GOOD });
    expect([again.statusCode, again.json().errors]).toEqual([422, ['email.taken']]);

    const wrong = await post('/users/email/confirm_code', { token: 'x'.repeat(43) });
    expect([wrong.statusCode, wrong.json().errors]).toEqual([422, ['identity.user.invalid_token']]);
    const ok = await post('/users/email/confirm_code', { token });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ uid: body.uid, level: 1, state: 'active', csrf_token: expect.any(String) });
    expect(await t.db.kysely.selectFrom('labels').select(['key', 'value', 'scope']).where('user_id', '=', user.id).execute())
      .toEqual([{ key: 'email', value: 'verified', scope: 'private' }]);
    const reused = await post('/users/email/confirm_code', { token });
    expect([reused.statusCode, reused.json().errors]).toEqual([422, ['identity.user.utilized_token']]);
    // An active account gets no new link, and the answer is the same as for an unknown address.
    const known = await post('/users/email/generate_code', { email: 'new.customer@example.com' });
    const unknown = await post('/users/email/generate_code', { email: 'nobody@example.com' });
    expect([known.statusCode, known.body]).toEqual([201, '{}']);
    expect([unknown.statusCode, unknown.body]).toEqual([201, '{}']);
  });

  it('signing up with a referrer\'s uid (refid, any case) names the referrer and counts the referral', async () => {
    const first = await post('/users', { email: 'referrer@example.com', password: GOOD });
    const referrer = first.json().uid as string;
    for (const [i, refid] of [referrer, referrer.toLowerCase()].entries()) {
      const res = await post('/users', { email: `referred${i}@example.com`, password: GOOD, refid });
      expect(res.statusCode).toBe(201);
      expect(res.json().referral_uid).toBe(referrer);
    }
    expect((await userByEmail('referrer@example.com')).referrals).toBe(2);
  });

  it('a new link replaces the old one, and a link stops working after 24 hours', async () => {
    await post('/users', { email: 'late@example.com', password: GOOD });
    const first = decodeURIComponent(tokenIn(await mailTo('late@example.com'))!);
    expect((await post('/users/email/generate_code', { email: 'late@example.com' })).statusCode).toBe(201);
    const second = decodeURIComponent(tokenIn(await mailTo('late@example.com', 2))!);
    expect((await post('/users/email/confirm_code', { token: first })).json().errors).toEqual(['identity.user.invalid_token']);
    t.clock.advance(24 * 3_600_000 + 1);
    try {
      expect((await post('/users/email/confirm_code', { token: second })).json().errors).toEqual(['identity.user.invalid_token']);
    } finally {
      t.clock.advance(-(24 * 3_600_000 + 1));
    }
    expect((await userByEmail('late@example.com')).level).toBe(0);
  });

  it('throttles sending per account across addresses, and sign-ups per address', async () => {
    await post('/users', { email: 'flooded@example.com', password: GOOD });
    // The sign-up's own e-mail is not charged to the sending budget: three more links, then 429.
    for (let i = 0; i < 3; i++) expect((await post('/users/email/generate_code', { email: 'flooded@example.com' })).statusCode).toBe(201);
    const refused = await post('/users/email/generate_code', { email: 'FLOODED@example.com' });
    expect([refused.statusCode, refused.json().errors, refused.headers['retry-after']]).toEqual([429, ['identity.user.too_many_attempts'], '60']);
    const ip = freshIp();
    for (let i = 0; i < 10; i++) expect((await post('/users', { email: `burst${i}@example.com`, password: GOOD }, ip)).statusCode).toBe(201);
    const eleventh = await post('/users', { email: 'burst10@example.com', password: GOOD }, ip);
    expect([eleventh.statusCode, eleventh.json().errors]).toEqual([429, ['identity.user.too_many_attempts']]);
    expect(await t.db.kysely.selectFrom('users').select('id').where('email', '=', 'burst10@example.com').execute()).toEqual([]);
  });
});

describe('password reset', () => {
  it('answers alike for unknown addresses, resets once with the e-mailed code and ends every session', async () => {
    await post('/users', { email: 'forgetful@example.com', password: GOOD });
    const before = await signIn(t.app, { email: 'forgetful@example.com', password: GOOD, ip: freshIp() });
    const known = await post('/users/password/generate_code', { email: 'forgetful@example.com' });
    const unknown = await post('/users/password/generate_code', { email: 'ghost@example.com' });
    expect([known.statusCode, known.body]).toEqual([201, '{}']);
    expect([unknown.statusCode, unknown.body]).toEqual([201, '{}']);
    const mail = await mailTo('forgetful@example.com', 2);
    expect(mail).toContain('password reset code');
    const token = tokenIn(mail)!;
    expect(smtp.received.some((m) => m.to.includes('ghost@example.com'))).toBe(false);

    const NEW = 'Brand-New-Pass-7';
    const refusals: [unknown, string | string[]][] = [
      [{ reset_password_token: token, password: NEW, confirm_password: 'Other-Pass-7' }, 'identity.user.passwords_doesnt_match'],
      [{ reset_password_token: token, password: 'short', confirm_password: 'short' }, ['password.requirements', 'password.weak']],
      [{ password: NEW, confirm_password: NEW }, 'identity.user.missing_reset_password_token'],
      [{ reset_password_token: 'y'.repeat(43), password: NEW, confirm_password: NEW }, 'identity.user.invalid_token'],
    ];
    for (const [body, code] of refusals) {
      const res = await post('/users/password/confirm_code', body);
      expect([res.statusCode, res.json().errors]).toEqual([422, [code].flat()]);
    }
    const ok = await post('/users/password/confirm_code', { reset_password_token: token, password: NEW, confirm_password: NEW });
    expect([ok.statusCode, ok.body]).toEqual([201, '{}']);
    const stale = await t.app.inject({ method: 'GET', url: '/api/v2/barong/resource/users/me', headers: before.headers() });
    expect([stale.statusCode, stale.json().errors]).toEqual([401, ['authz.invalid_session']]);
    await signIn(t.app, { email: 'forgetful@example.com', password: NEW, ip: freshIp() });
    const reused = await post('/users/password/confirm_code', { reset_password_token: token, password: 'Third-Pass-88', confirm_password: 'Third-Pass-88' });
    expect(reused.json().errors).toEqual(['identity.user.utilized_token']);
    const user = await userByEmail('forgetful@example.com');
    expect(await activities(user.id)).toContainEqual(expect.objectContaining({ topic: 'password', action: 'password reset', result: 'succeed' }));
  });
});
