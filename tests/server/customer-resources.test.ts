/**
 * A signed-in customer's own records (server/auth/customer/): profiles up to the staff decision, phones
 * verified by an SMS code through the configured SMS API (a loopback fake), 2FA with a code that cannot
 * be reused, password change, own activity and labels — and the fences: another customer's records are
 * never reached, a customer never reaches a staff route, a staff session gets no customer records.
 */
import { readFileSync } from 'node:fs';
import { describe, it, expect, beforeAll, afterAll, vi } from 'vitest';
import { generate } from 'otplib';
import { encode } from 'uqr';
import { testApp, type TestApp } from '../helpers/app.js';
import { signIn, signInAs, nextTestIp, type SignedIn } from '../helpers/auth.js';
import { createUser, TEST_PASSWORD } from '../helpers/users.js';
import { smsFake, type SmsFake } from './messaging-fakes.js';
import { decodePng, qrModules, withQuietZone } from '../helpers/png.js';

let t: TestApp;
let sms: SmsFake;
let a: SignedIn, b: SignedIn, compliance: SignedIn;
let aUser: { id: number; uid: string; email: string };
beforeAll(async () => {
  sms = await smsFake();
  t = await testApp({ env: { SMS_HTTP_URL: sms.url } });
  aUser = await createUser(t.db, { role: 'member', level: 1 });
  a = await signIn(t.app, { email: aUser.email, password: TEST_PASSWORD, ip: nextTestIp() });
  const bUser = await signInAs(t, 'member', { level: 1 });
  b = bUser.session;
  // Level 1 is a verified e-mail: the label that says so, or a recomputed level would drop to 0.
  await t.db.kysely.insertInto('labels').values([aUser.id, bUser.user.id].map((id) => ({ user_id: id, key: 'email', value: 'verified', scope: 'private' }))).execute();
  compliance = (await signInAs(t, 'compliance')).session;
});
afterAll(async () => { await t?.close(); await sms?.close(); });

const R = '/api/v2/barong/resource';
const call = (who: SignedIn, method: 'GET' | 'POST' | 'PUT', path: string, payload?: unknown) =>
  t.app.inject({ method, url: path.startsWith('/api') ? path : `${R}${path}`, headers: who.headers(), ...(payload ? { payload: payload as object } : {}) });
const answer = async (p: ReturnType<typeof call>) => { const r = await p; return [r.statusCode, r.json()]; };
const refusal = async (p: ReturnType<typeof call>) => { const r = await p; return [r.statusCode, r.json().errors]; };
const codeSentTo = (number: string, n = 1) => vi.waitFor(() => {
  const got = sms.received.filter((m) => m.body.to === number);
  if (got.length < n) throw new Error('waiting for the SMS');
  return /code: (\d{6})/.exec(got[n - 1]!.body.body)![1]!;
}, { timeout: 10_000, interval: 20 });

describe('profiles', () => {
  it('drafts, edits and submits one profile, which staff verify; others and staff never see it', async () => {
    expect(await answer(call(a, 'GET', '/profiles'))).toEqual([200, []]);
    expect(await refusal(call(a, 'PUT', '/profiles', { first_name: 'Ann' }))).toEqual([404, ['resource.profile.not_exist']]);
    const [st, drafted] = await answer(call(a, 'POST', '/profiles', { first_name: 'Ann', last_name: 'Lee', dob: '1990-02-28', country: 'GB', metadata: '{"nationality":"GB"}' }));
    expect([st, drafted]).toEqual([201, expect.objectContaining({ first_name: 'Ann', state: 'drafted', metadata: '{"nationality":"GB"}' })]);
    expect(await refusal(call(a, 'POST', '/profiles', { first_name: 'Again' }))).toEqual([409, ['resource.profile.exist']]);
    expect(await refusal(call(a, 'PUT', '/profiles', { dob: '1990-02-30' }))).toEqual([422, ['resource.profile.invalid_dob']]);
    expect(await refusal(call(a, 'PUT', '/profiles', { city: 'x'.repeat(256) }))).toEqual([422, ['resource.profile.city_too_long']]);
    const [, submitted] = await answer(call(a, 'PUT', '/profiles', { city: 'Leeds', confirm: true }));
    expect(submitted).toMatchObject({ first_name: 'Ann', city: 'Leeds', state: 'submitted' });
    // The sign-up had no country: the submitted profile's is the user's (the directory's and the review queue's column).
    expect((await call(compliance, 'GET', `/api/v2/barong/admin/users/${aUser.uid}`)).json()).toMatchObject({ country: 'GB' });
    expect(await refusal(call(a, 'PUT', '/profiles', { city: 'York' }))).toEqual([422, ['resource.profile.not_editable']]);
    // Another customer sees only their own; a staff session has no customer records at all.
    expect(await answer(call(b, 'GET', '/profiles/me'))).toEqual([200, []]);
    expect(await refusal(call(compliance, 'GET', '/profiles'))).toEqual([403, ['resource.user.not_customer']]);
    expect(await refusal(call(compliance, 'POST', '/profiles', { first_name: 'Staff' }))).toEqual([403, ['resource.user.not_customer']]);
    // Staff decide through their own route; the customer sees the decision.
    const decided = await call(compliance, 'PUT', '/api/v2/barong/admin/profiles', { uid: aUser.uid, state: 'verified' });
    expect(decided.statusCode).toBe(200);
    expect((await call(a, 'GET', '/profiles')).json()).toEqual([expect.objectContaining({ state: 'verified', city: 'Leeds' })]);
    const acts = await t.db.kysely.selectFrom('activities').select(['category', 'topic', 'action', 'result'])
      .where('user_id', '=', aUser.id).where('topic', '=', 'profile').orderBy('id').execute();
    // Every attempt leaves one activity, a refused body (invalid_dob, city_too_long) too.
    expect(acts.map((x) => `${x.category} ${x.action} ${x.result}`)).toEqual([
      'user update failed', 'user create succeed', 'user create failed', 'user update failed', 'user update failed',
      'user update succeed', 'user update failed',
    ]);
    const refused = await t.db.kysely.selectFrom('activities').select('data').where('user_id', '=', aUser.id)
      .where('topic', '=', 'profile').orderBy('id').offset(3).limit(1).executeTakeFirstOrThrow();
    expect(refused.data).toMatchObject({ dob: '1990-02-30', errors: ['resource.profile.invalid_dob'] });
  });

  it('fences: no CSRF no write, a customer never reaches a staff route', async () => {
    const noCsrf = await t.app.inject({ method: 'POST', url: `${R}/profiles`, headers: { cookie: b.cookie, 'user-agent': 'steward-tests/1.0' }, payload: {} });
    expect([noCsrf.statusCode, noCsrf.json().errors]).toEqual([401, ['authz.missing_csrf_token']]);
    for (const path of ['/api/v2/barong/admin/users', '/api/v2/peatio/admin/orders', '/api/v2/applogic/admin/presales', '/api/v2/barong/admin/abilities']) {
      expect([path, ...(await refusal(call(b, 'GET', path)))]).toEqual([path, 401, ['authz.invalid_permission']]);
    }
    expect(await refusal(call(b, 'PUT', '/api/v2/barong/admin/profiles', { uid: aUser.uid, state: 'rejected' }))).toEqual([401, ['authz.invalid_permission']]);
  });
});

describe('phones', () => {
  it('adds a number, verifies it with its SMS code once, and keeps each code to its customer and number', async () => {
    expect(await refusal(call(a, 'POST', '/phones', { phone_number: '12ab' }))).toEqual([422, ['resource.phone.invalid_phone_number']]);
    expect(await answer(call(a, 'POST', '/phones', { phone_number: '+44 7700 900123' }))).toEqual([200, { message: 'Code was sent successfully via sms' }]);
    const code = await codeSentTo('447700900123');
    expect((await call(a, 'GET', '/phones')).json()).toEqual([{ country: 'GB', number: '447700900123', validated_at: null }]);
    expect(await refusal(call(a, 'POST', '/phones', { phone_number: '447700900123' }))).toEqual([400, ['resource.phone.number_exist']]);
    // B cannot spend A's code, even for the same number added to B's account.
    await call(b, 'POST', '/phones', { phone_number: '447700900123' });
    expect(await refusal(call(b, 'POST', '/phones/verify', { phone_number: '447700900123', verification_code: code })))
      .toEqual([404, ['resource.phone.verification_invalid']]);
    expect(await refusal(call(a, 'POST', '/phones/verify', { phone_number: '447700900123', verification_code: code === '000000' ? '111111' : '000000' })))
      .toEqual([404, ['resource.phone.verification_invalid']]);
    expect(await answer(call(a, 'POST', '/phones/verify', { phone_number: '447700900123', verification_code: code })))
      .toEqual([201, { message: 'Phone was verified successfully' }]);
    expect(await refusal(call(a, 'POST', '/phones/verify', { phone_number: '447700900123', verification_code: code })))
      .toEqual([404, ['resource.phone.verification_invalid']]);
    expect(await refusal(call(a, 'POST', '/phones/send_code', { phone_number: '447700900123' }))).toEqual([400, ['resource.phone.verified']]);
    expect(await refusal(call(a, 'POST', '/phones/send_code', { phone_number: '447700900999' }))).toEqual([404, ['resource.phone.doesnt_exist']]);
    const me = (await call(a, 'GET', '/users/me')).json();
    expect(me).toMatchObject({ level: 2, phones: [{ number: '447700900123', validated_at: expect.any(String) }] });
    // Now verified by A, B's pending copy cannot be verified either.
    const bCode = await codeSentTo('447700900123', 2);
    expect(await refusal(call(b, 'POST', '/phones/verify', { phone_number: '447700900123', verification_code: bCode })))
      .toEqual([400, ['resource.phone.number_exist']]);
    expect(await refusal(call(compliance, 'GET', '/phones'))).toEqual([403, ['resource.user.not_customer']]);
    // Every attempt is in the activities, never with its code.
    const logged = await t.db.kysely.selectFrom('activities').select(['action', 'result', 'data']).where('topic', '=', 'phone').execute();
    expect(logged.filter((r) => r.action === 'verify').length).toBe(5);
    expect(logged.filter((r) => JSON.stringify(r.data).includes('verification_code'))).toEqual([]);
  });

  it('throttles code checks per account: a 6-digit code cannot be guessed', async () => {
    const c = (await signInAs(t, 'member', { level: 1 })).session;
    await call(c, 'POST', '/phones', { phone_number: '4915112345678' });
    const real = await codeSentTo('4915112345678');
    const wrong = real === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await call(c, 'POST', '/phones/verify', { phone_number: '4915112345678', verification_code: wrong })).statusCode).toBe(404);
    expect(await refusal(call(c, 'POST', '/phones/verify', { phone_number: '4915112345678', verification_code: real })))
      .toEqual([429, ['resource.phone.too_many_attempts']]);
  });
});

describe('2FA, password, activity, labels', () => {
  it('enables 2FA with a code of the new secret and refuses that code to turn it off again', async () => {
    const [st, qr] = await answer(call(a, 'POST', '/otp/generate_qrcode'));
    expect(st).toBe(200);
    const secret = new URL(qr.data.url).searchParams.get('secret')!;
    expect(qr.data.url).toMatch(/^otpauth:\/\/totp\/Steward:/);
    // Barong's barcode: a base64 PNG of that very URL's QR code (ECC M), quiet zone included, ~200 px.
    expect(Object.keys(qr.data).sort()).toEqual(['barcode', 'url']);
    const symbol = encode(qr.data.url, { ecc: 'M', border: 0 });
    const png = decodePng(Buffer.from(qr.data.barcode, 'base64'));
    expect(qrModules(png, symbol.size)).toEqual(withQuietZone(symbol.data));
    expect(png.width).toBeGreaterThanOrEqual(150);
    const codeAt = (offset = 0) => generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) + offset });
    expect(await refusal(call(a, 'POST', '/otp/enable', { code: '12345' }))).toEqual([422, ['resource.otp.invalid']]);
    expect(await refusal(call(a, 'POST', '/otp/disable', { code: await codeAt() }))).toEqual([400, ['resource.otp.not_enabled']]);
    const code = await codeAt();
    expect(await answer(call(a, 'POST', '/otp/enable', { code }))).toEqual([200, {}]);
    expect(await refusal(call(a, 'POST', '/otp/generate_qrcode'))).toEqual([400, ['resource.otp.already_enabled']]);
    expect(await refusal(call(a, 'POST', '/otp/disable', { code }))).toEqual([422, ['resource.otp.invalid']]);
    t.clock.advance(30_000);
    expect(await answer(call(a, 'POST', '/otp/disable', { code: await codeAt() }))).toEqual([200, {}]);
    const u = await t.db.kysely.selectFrom('users').select(['otp', 'otp_secret']).where('id', '=', aUser.id).executeTakeFirstOrThrow();
    expect(u).toEqual({ otp: false, otp_secret: null });
  });

  it('changes the password on the old one and ends the other sessions, not this one', async () => {
    const other = await signIn(t.app, { email: aUser.email, password: TEST_PASSWORD, ip: nextTestIp() });
    const NEW = 'Changed-Pass-31';
    expect(await refusal(call(a, 'PUT', '/users/password', { old_password: 'Wrong-Pass-1', new_password: NEW, confirm_password: NEW })))
      .toEqual([400, ['resource.password.prev_pass_not_correct']]);
    expect(await refusal(call(a, 'PUT', '/users/password', { old_password: TEST_PASSWORD, new_password: NEW, confirm_password: 'Nope-Pass-31' })))
      .toEqual([400, ['resource.password.doesnt_match']]);
    expect(await refusal(call(a, 'PUT', '/users/password', { old_password: TEST_PASSWORD, new_password: 'weak', confirm_password: 'weak' })))
      .toEqual([422, ['password.requirements', 'password.weak']]);
    expect((await call(a, 'PUT', '/users/password', { old_password: TEST_PASSWORD, new_password: NEW, confirm_password: NEW })).statusCode).toBe(201);
    expect((await call(a, 'GET', '/users/me')).statusCode).toBe(200);
    expect(await refusal(call(other, 'GET', '/users/me'))).toEqual([401, ['authz.invalid_session']]);
    await signIn(t.app, { email: aUser.email, password: NEW, ip: nextTestIp() });
  });

  it("lists the customer's own activities by topic with paging, and public labels with the KYC steps' private ones", async () => {
    const res = await call(a, 'GET', '/users/activity/all?limit=2');
    expect([res.statusCode, res.headers.total !== undefined, res.headers.page, res.headers['per-page']]).toEqual([200, true, '1', '2']);
    expect(Number(res.headers.total)).toBeGreaterThan(10);
    expect(Object.keys(res.json()[0]).sort()).toEqual(['action', 'created_at', 'data', 'id', 'result', 'topic', 'user_agent', 'user_ip', 'user_ip_country']);
    const otp = (await call(a, 'GET', '/users/activity/otp')).json();
    expect(otp.map((x: { action: string; result: string }) => `${x.action} ${x.result}`)).toEqual([
      'disable 2FA succeed', 'disable 2FA failed', 'generate 2FA secret failed', 'enable 2FA succeed', 'disable 2FA failed',
      'enable 2FA failed', 'generate 2FA secret succeed',
    ]);
    expect(await refusal(call(a, 'GET', '/users/activity/secrets'))).toEqual([422, ['resource.user.wrong_topic']]);
    expect(await refusal(call(a, 'GET', '/users/activity/all?limit=101'))).toEqual([422, ['resource.user.invalid_limit']]);
    // B has done nothing of topic otp; A's activities are never B's.
    expect(await refusal(call(b, 'GET', '/users/activity/otp'))).toEqual([422, ['resource.user.no_activity']]);
    await t.db.kysely.insertInto('labels').values([
      { user_id: aUser.id, key: 'vip', value: 'gold', scope: 'public' },
      { user_id: aUser.id, key: 'risk', value: 'high', scope: 'private' },
    ]).execute();
    // baseapp's verification screen reads the KYC steps' private labels here (Barong answers them all); staff's other
    // private notes stay hidden, and B's labels are B's.
    expect((await call(a, 'GET', '/labels')).json().map((l: { key: string; value: string; scope: string }) => `${l.scope} ${l.key}:${l.value}`))
      .toEqual(['private email:verified', 'private profile:verified', 'private phone:verified', 'public vip:gold']);
  });
});

/** Barong 2.7's user swagger entities (tests/fixtures/barong-user-entities.json: property → declared type). */
const ENTITIES = JSON.parse(readFileSync(new URL('../fixtures/barong-user-entities.json', import.meta.url), 'utf8')) as Record<string, Record<string, string>>;
/**
 * Where we send another type than declared, and why: metadata is the JSON text Barong keeps (as the
 * staff entities send it); `csrf_token` comes only with a sign-in or confirmation.
 */
const SENT_AS: Record<string, string> = { 'Profile.metadata': 'string' };
const ONLY_SOMETIMES = new Set(['UserWithFullInfo.csrf_token']);
const typeOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : Number.isInteger(v) ? 'integer' : typeof v);

describe('conformance', () => {
  it("answers every field of Barong's user entities with its declared type", async () => {
    const samples: Record<string, unknown> = {
      Profile: (await call(a, 'GET', '/profiles')).json()[0],
      Phone: (await call(a, 'GET', '/phones')).json()[0],
      Activity: (await call(a, 'GET', '/users/activity/all')).json()[0],
      Label: (await call(a, 'GET', '/labels')).json()[0],
      UserWithFullInfo: (await call(a, 'GET', '/users/me')).json(),
    };
    const wrong: string[] = [];
    for (const [entity, fields] of Object.entries(ENTITIES)) {
      const sample = samples[entity] as Record<string, unknown>;
      expect(sample, entity).toBeTruthy();
      for (const [field, declared] of Object.entries(fields)) {
        const key = `${entity}.${field}`;
        if (!(field in sample)) { if (!ONLY_SOMETIMES.has(key)) wrong.push(`${key} missing`); continue; }
        const sent = typeOf(sample[field]);
        if (sent !== 'null' && sent !== (SENT_AS[key] ?? declared)) wrong.push(`${key}: ${sent}, declared ${declared}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
