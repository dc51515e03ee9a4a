/**
 * FCM push (POST /admin/notification/push) against a loopback FCM: the service-account JWT is exchanged
 * for an access token (signature checked by the fake), then each active device is sent to; a device FCM
 * accepts, one it refuses (UNREGISTERED) and one whose send never answers each leave the right
 * recipient row. A token endpoint that refuses or hangs fails every recipient, clearly.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { createUser } from '../helpers/users.js';
import type { SignedIn } from '../helpers/auth.js';
import { B, minute, staff } from './logs-fixtures.js';
import { fcmFake, type FcmFake } from './messaging-fakes.js';
import { loadServiceAccount } from '../../src/server/messaging/index.js';
import { ConfigError, loadConfig } from '../../src/server/config.js';

const TIMEOUT = 1000;
let t: TestApp;
let fcm: FcmFake;
let admin: SignedIn;
let dir: string;

beforeAll(async () => {
  fcm = await fcmFake('steward-test');
  dir = mkdtempSync(join(tmpdir(), 'steward-fcm-'));
  const file = join(dir, 'service-account.json');
  writeFileSync(file, JSON.stringify({
    type: 'service_account', project_id: 'steward-test', client_email: 'push@steward-test.iam.gserviceaccount.com',
    private_key: fcm.privateKey, token_uri: fcm.tokenUri,
  }));
  t = await testApp({ env: { FCM_SERVICE_ACCOUNT_FILE: file, FCM_API_URL: fcm.apiUrl, MESSAGE_TIMEOUT_MS: String(TIMEOUT) } });
  admin = (await staff(t, 'admin')).session;
});
afterAll(async () => { await Promise.all([t?.close(), fcm?.close()]); });

async function userWithDevices(tokens: string[]) {
  const u = await createUser(t.db);
  if (tokens.length) {
    await t.db.kysely.insertInto('devices').values(tokens.map((token, i) => ({
      user_id: u.id, device_id: token, device_type: i % 2 ? 'ios' : 'android', active: true, created_at: minute(i), updated_at: minute(i),
    }))).execute();
  }
  return u;
}

const push = (uid: string) => t.app.inject({ method: 'POST', url: `${B}/notification/push`, headers: admin.headers(), payload: { uid, title: 'Hi', message: 'From FCM' } });
const recipients = (id: number) => t.db.kysely.selectFrom('notification_recipients').selectAll().where('notification_id', '=', id).orderBy('id').execute();

describe('push over FCM HTTP v1', () => {
  it('success, refusal and timeout per device, each in its recipient row', async () => {
    const u = await userWithDevices(['ok-device-1', 'bad-device-2', 'hang-device-3']);
    const res = await push(u.uid);
    expect(res.statusCode).toBe(201);
    const n = res.json();
    const why = JSON.stringify(await recipients(n.id));
    expect(JSON.parse(n.metadata), why).toMatchObject({ delivery: 'sent', transport: 'fcm', devices: 3, succeeded: 1, failed: 2 });
    const rows = await recipients(n.id);
    expect(rows.map((r) => [r.device_id, r.status])).toEqual([['ok-device-1', 'success'], ['bad-device-2', 'failed'], ['hang-device-3', 'failed']]);
    expect(rows[0]!.metadata).toMatchObject({ transport: 'fcm', result: 'success', provider_message_id: expect.stringMatching(/^projects\/steward-test\/messages\//) });
    expect(rows[1]!.metadata).toMatchObject({ transport: 'fcm', result: 'rejected', http_status: 404, status: 'NOT_FOUND', error: 'Requested entity was not found.' });
    expect(rows[2]!.metadata).toMatchObject({ transport: 'fcm', result: 'failed', timed_out_after_ms: TIMEOUT });
    // The message FCM got, with the access token the signed JWT was exchanged for.
    expect(fcm.sent.find((s) => s.message.token === 'ok-device-1')).toEqual({
      auth: 'Bearer fake-access-token', message: { token: 'ok-device-1', notification: { title: 'Hi', body: 'From FCM' } },
    });
  });

  it('reuses the access token until it nears expiry', async () => {
    const before = fcm.tokenRequests;
    const u = await userWithDevices(['ok-device-4']);
    expect((await push(u.uid)).statusCode).toBe(201);
    expect(fcm.tokenRequests).toBe(before);
  });

  it('no active device: one failed recipient, nothing sent', async () => {
    const sent = fcm.sent.length;
    const n = (await push((await userWithDevices([])).uid)).json();
    expect((await recipients(n.id)).map((r) => [r.device_id, r.status, (r.metadata as { error?: string }).error])).toEqual([[null, 'failed', 'no_active_device']]);
    expect(fcm.sent.length).toBe(sent);
  });
});

describe('a token endpoint that refuses or hangs', () => {
  it('fails every recipient with the reason, and a timeout says after how long', async () => {
    // A fresh app: a fresh transport with no cached token.
    const file = join(dir, 'service-account.json');
    const other = await testApp({ db: t.db, env: { FCM_SERVICE_ACCOUNT_FILE: file, FCM_API_URL: fcm.apiUrl, MESSAGE_TIMEOUT_MS: String(TIMEOUT) } });
    try {
      const u = await userWithDevices(['ok-device-5']);
      fcm.tokenMode = 'reject';
      const refused = (await other.app.inject({ method: 'POST', url: `${B}/notification/push`, headers: admin.headers(), payload: { uid: u.uid, title: 'x', message: 'y' } })).json();
      const [r1] = await recipients(refused.id);
      expect(r1).toMatchObject({ status: 'failed', metadata: expect.objectContaining({ result: 'rejected', http_status: 400 }) });
      expect((r1!.metadata as { error: string }).error).toMatch(/^access token: /);
      fcm.tokenMode = 'hang';
      const hung = (await other.app.inject({ method: 'POST', url: `${B}/notification/push`, headers: admin.headers(), payload: { uid: u.uid, title: 'x', message: 'y' } })).json();
      const [r2] = await recipients(hung.id);
      expect(r2).toMatchObject({ status: 'failed', metadata: expect.objectContaining({ result: 'failed', timed_out_after_ms: TIMEOUT }) });
    } finally {
      fcm.tokenMode = 'accept';
      await other.close();
    }
  });
});

describe('configuration', () => {
  it('names the variable of a bad provider setting', () => {
    expect(() => loadServiceAccount(join(dir, 'missing.json'))).toThrow(ConfigError);
    writeFileSync(join(dir, 'partial.json'), JSON.stringify({ project_id: 'p' }));
    expect(() => loadServiceAccount(join(dir, 'partial.json'))).toThrow(/FCM_SERVICE_ACCOUNT_FILE: .* has no client_email/);
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example' })).toThrow(/SMTP_URL must use smtp: or smtps:/);
    expect(() => loadConfig({ MESSAGE_TIMEOUT_MS: '5' })).toThrow(/MESSAGE_TIMEOUT_MS/);
    expect(loadConfig({}).messaging).toEqual({ timeoutMs: 10_000, smtp: null, smsHttp: null, fcm: null });
    expect(loadConfig({ SMS_HTTP_URL: 'http://127.0.0.1:9/sms', SMS_HTTP_SERVICES: 'Twilio, messagebird' }).messaging.smsHttp)
      .toEqual({ url: 'http://127.0.0.1:9/sms', token: undefined, services: ['twilio', 'messagebird'] });
  });
});
