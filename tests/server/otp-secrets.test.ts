/**
 * TOTP secrets sealed at rest (auth/otp-secrets.ts, migration 0050): with a key every secret written is
 * sealed and bound to its user, sign-in, 2FA changes and a member's withdrawal read it through one
 * function, old plaintext keeps working and is sealed by the start's pass once (two passes at once seal a
 * row once), a value moved to another user or under another key fails closed, and the secret is never in
 * an answer, an audit record or a log line. Without a key, secrets stay plaintext and the start warns.
 */
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { generate, generateSecret } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { signIn, nextTestIp, type SignedIn } from '../helpers/auth.js';
import { createUser, TEST_PASSWORD } from '../helpers/users.js';
import { buildApp } from '../../src/server/app.js';
import { keyId, SealError } from '../../src/server/auth/sealed.js';
import { openOtpSecret, sealOtpSecretsAtStart, sealPlaintextOtpSecrets } from '../../src/server/auth/otp-secrets.js';
import { COIN, fund, setupMoney } from './money-fixtures.js';

const KEY = Buffer.from('d4'.repeat(32), 'hex'), OTHER = Buffer.from('e5'.repeat(32), 'hex');
let t: TestApp, app: FastifyInstance;
const logs: string[] = [], bodies: string[] = [], known: string[] = [];

const stored = async (id: number) => (await t.db.kysely.selectFrom('users').select(['id', 'otp', 'otp_secret']).where('id', '=', id).executeTakeFirstOrThrow());
const codeOf = (secret: string) => generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
/** Every answer is kept, to look for the secret in afterwards. */
async function send(method: 'GET' | 'POST', url: string, who: SignedIn | null, payload?: object) {
  const res = await app.inject({ method, url, headers: who ? who.headers() : {}, ...(payload ? { payload } : {}), remoteAddress: nextTestIp() });
  bodies.push(res.body);
  return res;
}
const signInWith = (email: string, otp: string) => send('POST', '/api/v2/barong/identity/sessions/new', null, { identity: email, password: TEST_PASSWORD, otp_code: otp });
const step = () => t.clock.advance(30_000);

beforeAll(async () => {
  t = await testApp({ env: { STEWARD_SECRETS_KEY: KEY.toString('hex') } });
  // The same app with its log kept: no line may carry a secret.
  const stream = new Writable({ write(chunk, _enc, done) { logs.push(String(chunk)); done(); } });
  app = await buildApp({ config: t.app.deps.config, db: t.db, now: t.clock.now, logger: { level: 'trace', stream } });
  await app.ready();
  await setupMoney(t);
});
afterAll(async () => { await app?.close(); await t?.close(); });

describe('TOTP secrets at rest', () => {
  it('seals the secret a member sets up; enable, sign-in, withdrawal and disable open it', async () => {
    const user = await createUser(t.db, { level: 3 });
    const me = await signIn(app, { email: user.email, password: TEST_PASSWORD, ip: nextTestIp() });
    const qr = await send('POST', '/api/v2/barong/resource/otp/generate_qrcode', me);
    expect(qr.statusCode, qr.body).toBe(200);
    const secret = new URL(qr.json().data.url).searchParams.get('secret')!;
    known.push(secret);
    const row = await stored(user.id);
    expect(row.otp_secret).toMatch(new RegExp(`^sealed:v1:${keyId(KEY)}:`));
    expect(row.otp_secret).not.toContain(secret);
    expect(openOtpSecret(KEY, row)).toBe(secret);

    expect((await send('POST', '/api/v2/barong/resource/otp/enable', me, { code: await codeOf(secret) })).statusCode).toBe(200);
    expect(await stored(user.id)).toEqual({ ...row, otp: true }); // kept as it was stored: sealed
    step();
    const signed = await signInWith(user.email, await codeOf(secret));
    expect(signed.statusCode, signed.body).toBe(200);

    // A withdrawal asks for a code of the same secret.
    await fund(t, user.id, COIN, '2', 'coin');
    const ben = await t.db.kysely.insertInto('beneficiaries').values({
      user_id: user.id, currency_id: COIN, name: 'mine', data: JSON.stringify({ address: 'bcrt1qsealed' }), state: 'active',
    }).returning('id').executeTakeFirstOrThrow();
    step();
    const w = await send('POST', '/api/v2/peatio/account/withdraws', me, { currency: COIN, amount: '0.5', beneficiary_id: ben.id, otp: await codeOf(secret) });
    expect(w.statusCode, w.body).toBe(201);

    step();
    expect((await send('POST', '/api/v2/barong/resource/otp/disable', me, { code: await codeOf(secret) })).statusCode).toBe(200);
    expect(await stored(user.id)).toMatchObject({ otp: false, otp_secret: null });
  });

  it('reads a legacy plaintext secret, and the start seals it once, even two starts at once', async () => {
    const secrets = [generateSecret(), generateSecret(), generateSecret()];
    known.push(...secrets);
    const users = await Promise.all(secrets.map((s) => createUser(t.db, { otp: true, otpSecret: s }))); // as stored before: plaintext
    expect((await signInWith(users[0]!.email, await codeOf(secrets[0]!))).statusCode).toBe(200);

    const said: string[] = [];
    const [one, two] = await Promise.all([sealPlaintextOtpSecrets(t.db.kysely, KEY, 2), sealPlaintextOtpSecrets(t.db.kysely, KEY, 2)]);
    expect(one + two).toBe(3); // each row by one of them
    await sealOtpSecretsAtStart(t.db.kysely, KEY, (l) => said.push(l));
    expect(said).toEqual([]); // nothing left: idempotent
    for (const [i, u] of users.entries()) {
      const row = await stored(u.id);
      expect(row.otp_secret).toMatch(/^sealed:v1:/);
      expect(openOtpSecret(KEY, row)).toBe(secrets[i]);
    }
    step();
    expect((await signInWith(users[1]!.email, await codeOf(secrets[1]!))).statusCode).toBe(200);

    const plain = await createUser(t.db, { otp: true, otpSecret: generateSecret() });
    await sealOtpSecretsAtStart(t.db.kysely, KEY, (l) => said.push(l));
    expect(said).toEqual(['Sealed 1 TOTP secret(s) stored in plaintext']);
    expect((await stored(plain.id)).otp_secret).toMatch(/^sealed:v1:/);
  });

  it('refuses a sealed secret moved to another user or opened with another key, as a broken secret (a wrong code, never a 500)', async () => {
    const [sa, sb] = [generateSecret(), generateSecret()];
    known.push(sa, sb);
    const a = await createUser(t.db, { otp: true, otpSecret: sa }), b = await createUser(t.db, { otp: true, otpSecret: sb });
    await sealPlaintextOtpSecrets(t.db.kysely, KEY);
    const bIn = await signIn(app, { email: b.email, password: TEST_PASSWORD, otp: await codeOf(sb), ip: nextTestIp() });
    step();
    const moved = (await stored(a.id)).otp_secret!;
    await t.db.kysely.updateTable('users').set({ otp_secret: moved }).where('id', '=', b.id).execute();
    // Signed in before the move: turning 2FA off, or a withdrawal, cannot be confirmed either — a wrong code,
    // not a server error, and nothing changes.
    const off = await send('POST', '/api/v2/barong/resource/otp/disable', bIn, { code: await codeOf(sb) });
    expect([off.statusCode, off.json()]).toEqual([422, { errors: ['resource.otp.invalid'] }]);
    expect((await stored(b.id)).otp).toBe(true);
    expect(() => openOtpSecret(KEY, { id: b.id, otp_secret: moved })).toThrow(/does not authenticate/);
    // b's code, and a's code (the secret now in b's row), both fail closed: the value is bound to a.
    for (const code of [await codeOf(sb), await codeOf(sa)]) {
      const res = await signInWith(b.email, code);
      expect([res.statusCode, res.json()]).toEqual([422, { errors: ['totp.error'] }]);
    }
    const wrong = (() => { try { openOtpSecret(OTHER, { id: a.id, otp_secret: moved }); return null; } catch (e) { return e; } })();
    expect(wrong).toBeInstanceOf(SealError);
    expect((wrong as SealError).reason).toBe('wrong_key');
    expect((await signInWith(a.email, await codeOf(sa))).statusCode).toBe(200);
  });

  it('without a key stores plaintext, keeps 2FA working, and the start warns once naming STEWARD_SECRETS_KEY', async () => {
    const config = app.deps.config as { secretsKey: Buffer | null };
    config.secretsKey = null;
    try {
      const user = await createUser(t.db, { level: 3 });
      const me = await signIn(app, { email: user.email, password: TEST_PASSWORD, ip: nextTestIp() });
      const secret = new URL((await send('POST', '/api/v2/barong/resource/otp/generate_qrcode', me)).json().data.url).searchParams.get('secret')!;
      known.push(secret);
      expect((await stored(user.id)).otp_secret).toBe(secret);
      expect((await send('POST', '/api/v2/barong/resource/otp/enable', me, { code: await codeOf(secret) })).statusCode).toBe(200);
      step();
      expect((await signInWith(user.email, await codeOf(secret))).statusCode).toBe(200);
      const said: string[] = [];
      await sealOtpSecretsAtStart(t.db.kysely, null, (l) => said.push(l));
      expect(said).toHaveLength(1);
      expect(said[0]).toMatch(/^Warning: STEWARD_SECRETS_KEY is not set: TOTP secrets \(2FA\) are stored in plaintext/);
    } finally { config.secretsKey = KEY; }
  });

  it('never answers, audits or logs a secret', async () => {
    const activities = JSON.stringify(await t.db.kysely.selectFrom('activities').selectAll().execute());
    expect(activities).toContain('enable 2FA'); // the 2FA changes are audited
    expect(logs.join('')).toContain('totp verification failed'); // the refusals above are logged
    const sealedValues = (await t.db.kysely.selectFrom('users').select('otp_secret').where('otp_secret', 'like', 'sealed:%').execute()).map((r) => r.otp_secret!);
    // The QR answers carry their own secret to their user, once: every other answer, the audit and the log none.
    const others = bodies.filter((b) => !b.includes('otpauth://'));
    for (const text of [...others, activities, logs.join('')]) {
      for (const s of [...known, ...sealedValues]) expect(text).not.toContain(s);
    }
  });
});
