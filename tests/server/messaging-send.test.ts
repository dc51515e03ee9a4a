/**
 * Sending a test message (POST /admin/service_logs, issue 14 item 8) against loopback fakes of the
 * providers: e-mail over SMTP and SMS over the HTTP API each succeed, are refused, or time out, and each
 * leaves the right service-log row (result, provider's words or the timeout in metadata), its admin
 * activity and the graph's rollups; without providers the log transport records what would have gone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { createUser } from '../helpers/users.js';
import type { SignedIn } from '../helpers/auth.js';
import { B, codes, staff } from './logs-fixtures.js';
import { smsFake, smtpFake, type SmsFake, type SmtpFake } from './messaging-fakes.js';

const TIMEOUT = 1000;
let t: TestApp;
let plain: TestApp;
let smtp: SmtpFake;
let sms: SmsFake;
let admin: SignedIn;
let support: SignedIn;
let gb: { uid: string; id: number };
let noPhone: { uid: string };

async function providers(app: TestApp) {
  const db = app.db.kysely;
  const ps = await db.insertInto('platform_settings').values([
    { service_type: 'email', service_name: 'smtp', state: 'enabled' },
    { service_type: 'sms', service_name: 'mock-verify', state: 'enabled' },
    { service_type: 'sms', service_name: 'twilio', state: 'enabled' },
  ] as never).returning(['id', 'service_name']).execute();
  const twilio = ps.find((p) => p.service_name === 'twilio')!.id;
  await db.insertInto('country_services').values({
    country_code: 'GB', country_name: 'United Kingdom', continent: 'EU', continent_name: 'Europe', service_type: 'sms', platform_setting_id: twilio,
  } as never).execute();
  await db.insertInto('sms_sender_configs').values({ platform_setting_id: twilio, country_code: 'GB', sender: 'Steward' } as never).execute();
}

async function person(app: TestApp, phone: string | null, country: string | null) {
  const u = await createUser(app.db);
  await app.db.kysely.updateTable('users').set({ phone_number: phone, country }).where('id', '=', u.id).execute();
  return u;
}

beforeAll(async () => {
  [smtp, sms] = await Promise.all([smtpFake(), smsFake()]);
  t = await testApp({ env: { SMTP_URL: smtp.url, SMTP_FROM: 'Steward <ops@steward.test>', SMS_HTTP_URL: sms.url, SMS_HTTP_TOKEN: 'sms-secret', MESSAGE_TIMEOUT_MS: String(TIMEOUT) } });
  await providers(t);
  admin = (await staff(t, 'admin')).session;
  support = (await staff(t, 'support')).session;
  gb = await person(t, '+447700900123', 'GB');
  noPhone = await person(t, null, 'FR');
});
// `plain` runs on t's database: it closes first (its LISTEN is stopped on that database), then t with the database.
afterAll(async () => { await plain?.close(); await Promise.all([t?.close(), smtp?.close(), sms?.close()]); });

const send = (body: Record<string, unknown>, who: SignedIn = admin, app: TestApp = t) =>
  app.app.inject({ method: 'POST', url: `${B}/service_logs`, headers: who.headers(), payload: body });

const stored = (app: TestApp, id: number) => app.db.kysely.selectFrom('service_logs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('e-mail over SMTP', () => {
  it('success: the message reaches the server, the row says success with the message id', async () => {
    smtp.mode = 'accept';
    const res = await send({ uid: gb.uid, service_type: 'email', topic: 'Hello from ops', message: 'It works.' });
    expect(res.statusCode).toBe(201);
    const row = res.json();
    expect(row).toMatchObject({ uid: gb.uid, service_type: 'email', service_name: 'smtp', topic: 'Hello from ops', result: 'success', user_country: 'GB', phone_number: '+447700900123' });
    expect(row.user_ip).toBeTruthy();
    const meta = JSON.parse(row.metadata);
    expect(meta).toMatchObject({ transport: 'smtp', to: row.email, provider_message_id: expect.any(String) });
    expect(smtp.received.at(-1)).toMatchObject({ from: 'ops@steward.test', to: [row.email] });
    expect(smtp.received.at(-1)!.data).toContain('Subject: Hello from ops');
    expect(smtp.received.at(-1)!.data).toContain('It works.');
    // Stored as answered, audited, and counted in the service-log graph's rollups by the insert trigger.
    expect((await stored(t, row.id)).result).toBe('success');
    const audit = await t.db.kysely.selectFrom('activities').selectAll().where('topic', '=', 'service_logs').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ target_id: gb.id, action: 'create', result: 'succeed' });
    expect(audit.data).toMatchObject({ uid: gb.uid, service_type: 'email', result: 'success', service_name: 'smtp' });
    const rollup = await t.db.kysely.selectFrom('service_log_rollups').select((e) => e.fn.sum<string>('success').as('n'))
      .where('grain', '=', 15).where('country', '=', 'GB').executeTakeFirstOrThrow();
    expect(Number(rollup.n)).toBeGreaterThanOrEqual(1);
  });

  it('failure: a 5xx refusal is a rejected row with the server reply', async () => {
    smtp.mode = 'reject';
    const row = (await send({ uid: gb.uid, service_type: 'email', message: 'x' })).json();
    expect(row).toMatchObject({ result: 'rejected', topic: 'test_message' });
    const meta = JSON.parse(row.metadata);
    expect(meta).toMatchObject({ transport: 'smtp', response_code: 550 });
    expect(meta.error).toMatch(/Mailbox unavailable/);
  });

  it('timeout: a server that never answers the data is a failed row saying after how long', async () => {
    smtp.mode = 'hang';
    const started = Date.now();
    const row = (await send({ uid: gb.uid, service_type: 'email', message: 'x' })).json();
    expect(Date.now() - started).toBeLessThan(TIMEOUT * 5);
    expect(row.result).toBe('failed');
    expect(JSON.parse(row.metadata)).toMatchObject({ transport: 'smtp', timed_out_after_ms: TIMEOUT, error: `timed out after ${TIMEOUT} ms` });
    smtp.mode = 'accept';
  });
});

describe('SMS over the HTTP API', () => {
  it("success: the country's provider and sender, the bearer token, the provider's status and id", async () => {
    sms.mode = 'accept';
    const row = (await send({ uid: gb.uid, service_type: 'sms', message: 'Your code is 123456' })).json();
    expect(row).toMatchObject({ service_type: 'sms', service_name: 'twilio', result: 'submitted', phone_number: '+447700900123' });
    expect(JSON.parse(row.metadata)).toMatchObject({ transport: 'sms_http', provider_message_id: expect.stringMatching(/^SM/), from: 'Steward', http_status: 200, status: 'sent' });
    expect(sms.received.at(-1)).toEqual({
      auth: 'Bearer sms-secret', body: { to: '+447700900123', from: 'Steward', body: 'Your code is 123456', service: 'twilio' },
    });
    sms.mode = 'queued';
    expect((await send({ uid: gb.uid, service_type: 'sms', message: 'again' })).json().result).toBe('accepted');
  });

  it('failure: a 4xx is a rejected row with the provider message', async () => {
    sms.mode = 'reject';
    const row = (await send({ uid: gb.uid, service_type: 'sms', message: 'x' })).json();
    expect(row.result).toBe('rejected');
    expect(JSON.parse(row.metadata)).toMatchObject({ http_status: 400, error: "The 'To' number is not a valid phone number." });
  });

  it('timeout: a provider that never answers is a failed row saying after how long', async () => {
    sms.mode = 'hang';
    const row = (await send({ uid: gb.uid, service_type: 'sms', message: 'x' })).json();
    expect(row.result).toBe('failed');
    expect(JSON.parse(row.metadata)).toMatchObject({ transport: 'sms_http', timed_out_after_ms: TIMEOUT });
    expect((await stored(t, row.id)).result).toBe('failed');
    sms.mode = 'accept';
  });
});

describe('refusals before sending', () => {
  it('answers field codes, writes no row, and needs create ServiceLog', async () => {
    const before = (await t.db.kysely.selectFrom('service_logs').select((e) => e.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n;
    expect(codes(await send({ uid: gb.uid, service_type: 'sms' }))).toEqual(['admin.service_log.missing_message']);
    expect(codes(await send({ uid: gb.uid, service_type: 'fax', message: 'x' }))).toEqual(['admin.service_log.invalid_service_type']);
    const unknown = await send({ uid: 'ID000NOPE', service_type: 'email', message: 'x' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ errors: ['admin.service_log.uid_doesnt_exist'], fields: { uid: ['admin.service_log.uid_doesnt_exist'] } });
    expect(codes(await send({ uid: noPhone.uid, service_type: 'sms', message: 'x' }))).toEqual(['admin.service_log.no_phone_number']);
    await t.db.kysely.updateTable('platform_settings').set({ state: 'disabled' }).where('service_type', '=', 'email').execute();
    expect(codes(await send({ uid: gb.uid, service_type: 'email', message: 'x' }))).toEqual(['admin.service_log.no_platform_setting']);
    await t.db.kysely.updateTable('platform_settings').set({ state: 'enabled' }).where('service_type', '=', 'email').execute();
    const denied = await send({ uid: gb.uid, service_type: 'email', message: 'x' }, support);
    expect(denied.statusCode).toBeGreaterThanOrEqual(401);
    expect(denied.statusCode).toBeLessThan(500);
    const after = (await t.db.kysely.selectFrom('service_logs').select((e) => e.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n;
    expect(after).toBe(before);
  });
});

describe('without providers: the log transport', () => {
  it('records what would have been sent and answers success, through the fallback provider', async () => {
    plain = await testApp({ db: t.db });
    const before = smtp.received.length;
    const row = (await send({ uid: noPhone.uid, service_type: 'email', topic: 'Dry run', message: 'Hello' }, admin, plain)).json();
    expect(row).toMatchObject({ result: 'success', service_name: 'smtp', user_country: 'FR' });
    expect(JSON.parse(row.metadata)).toMatchObject({
      transport: 'log', delivery: 'not_sent', would_send: { subject: 'Dry run', text: 'Hello', to: row.email },
    });
    // FR has no country service: the first enabled SMS provider carries it.
    const fr = await person(plain, '+33612345678', 'FR');
    const smsRow = (await send({ uid: fr.uid, service_type: 'sms', message: 'Hi' }, admin, plain)).json();
    expect(smsRow).toMatchObject({ result: 'success', service_name: 'mock-verify' });
    expect(JSON.parse(smsRow.metadata)).toMatchObject({ transport: 'log', from: null, would_send: { to: '+33612345678', service: 'mock-verify' } });
    expect(smtp.received.length).toBe(before);
  });
});
