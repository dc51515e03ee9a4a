import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { testApp, type TestApp } from '../helpers/app.js';
import { createUser, TEST_PASSWORD } from '../helpers/users.js';
import { openTestDb } from '../helpers/db.js';
import type { Database } from '../../src/server/db/index.js';

/** A loopback stand-in for the siteverify endpoint: 'good' passes, '500' breaks, the rest fail. */
const seen: URLSearchParams[] = [];
let provider: Server;
let providerUrl: string;
let deadUrl: string;
let db: Database;

beforeAll(async () => {
  provider = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => { body += c; });
    req.on('end', () => {
      const form = new URLSearchParams(body);
      seen.push(form);
      if (req.headers['content-type'] !== 'application/x-www-form-urlencoded' || form.get('secret') !== 'shh') {
        res.writeHead(400).end('{}');
      } else if (form.get('response') === '500') {
        res.writeHead(500).end('oops');
      } else {
        res.writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ success: form.get('response') === 'good', 'error-codes': [] }));
      }
    });
  });
  await new Promise<void>((r) => provider.listen(0, '127.0.0.1', r));
  providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/siteverify`;
  // A port that was just free and is closed again: the provider is down.
  const gone = createServer();
  await new Promise<void>((r) => gone.listen(0, '127.0.0.1', r));
  deadUrl = `http://127.0.0.1:${(gone.address() as AddressInfo).port}/siteverify`;
  await new Promise((r) => gone.close(r));
  db = await openTestDb();
});
afterAll(async () => {
  await new Promise((r) => provider.close(r));
  await db.close();
});

const env = (type: string, url: string) => ({ CAPTCHA_TYPE: type, CAPTCHA_SECRET: 'shh', CAPTCHA_SITE_KEY: 'site-key-1', CAPTCHA_VERIFY_URL: url });
let ipSeq = 0;
const login = (t: TestApp, email: string, extra: Record<string, unknown>) => t.app.inject({
  method: 'POST', url: '/api/v2/barong/identity/sessions/new', remoteAddress: `10.3.0.${++ipSeq}`,
  payload: { identity: email, password: TEST_PASSWORD, ...extra },
});

describe.each(['recaptcha', 'turnstile'])('captcha %s', (type) => {
  let t: TestApp;
  beforeAll(async () => { t = await testApp({ db, env: env(type, providerUrl) }); });
  afterAll(async () => { await t.close(); });

  it('requires a response (400) and says so in the configs', async () => {
    const u = await createUser(db);
    for (const extra of [{}, { captcha_response: '' }, { captcha_response: null }]) {
      const res = await login(t, u.email, extra);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ errors: ['identity.captcha.required'] });
    }
    const cfg = await t.app.inject({ url: '/api/v2/barong/identity/configs' });
    expect(cfg.json()).toMatchObject({ session_expire_time: 3600, captcha_type: type, captcha_id: 'site-key-1' });
    // The customer calls Barong protects (user_create, password_reset, email_confirmation) ask it the same way.
    const customer = [
      ['/users', { email: `cap-${type}@example.com`, password: 'Sturdy-Pass-42' }],
      ['/users/password/generate_code', { email: u.email }],
      ['/users/email/generate_code', { email: u.email }],
    ] as const;
    for (const [path, body] of customer) {
      for (const [captcha, status, code] of [[undefined, 400, 'identity.captcha.required'], ['bad', 422, 'identity.captcha.verification_failed']] as const) {
        const res = await t.app.inject({
          method: 'POST', url: `/api/v2/barong/identity${path}`, remoteAddress: `10.3.1.${++ipSeq}`,
          payload: { ...body, ...(captcha ? { captcha_response: captcha } : {}) },
        });
        expect([path, res.statusCode, res.json().errors]).toEqual([path, status, [code]]);
      }
    }
    expect(await db.kysely.selectFrom('users').select('id').where('email', '=', `cap-${type}@example.com`).execute()).toEqual([]);
  });

  it('refuses a token the provider rejects (422) and accepts a good one', async () => {
    const u = await createUser(db);
    const bad = await login(t, u.email, { captcha_response: 'bad' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ errors: ['identity.captcha.verification_failed'] });
    const before = seen.length;
    const good = await login(t, u.email, { captcha_response: 'good' });
    expect(good.statusCode).toBe(200);
    const form = seen[before]!;
    expect(form.get('secret')).toBe('shh');
    expect(form.get('response')).toBe('good');
    expect(form.get('remoteip')).toMatch(/^10\.3\.0\.\d+$/);
  });

  it('checks the captcha before the password', async () => {
    const u = await createUser(db);
    const res = await t.app.inject({
      method: 'POST', url: '/api/v2/barong/identity/sessions/new', remoteAddress: '10.3.1.1',
      payload: { identity: u.email, password: 'wrong-password', captcha_response: 'bad' },
    });
    expect(res.json()).toEqual({ errors: ['identity.captcha.verification_failed'] });
  });

  it('fails closed when the provider errs', async () => {
    const u = await createUser(db);
    const res = await login(t, u.email, { captcha_response: '500' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: ['identity.captcha.verification_failed'] });
    const hash = await login(t, u.email, { captcha_response: { geetest_challenge: 'x' } });
    expect(hash.json()).toEqual({ errors: ['identity.captcha.verification_failed'] });
  });
});

describe('captcha provider unreachable', () => {
  it('fails closed with 422 verification_failed', async () => {
    const t = await testApp({ db, env: env('turnstile', deadUrl) });
    try {
      const u = await createUser(db);
      const res = await login(t, u.email, { captcha_response: 'good' });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ errors: ['identity.captcha.verification_failed'] });
    } finally { await t.close(); }
  });

  it('never calls the provider when captcha is off', async () => {
    const t = await testApp({ db, env: { CAPTCHA_VERIFY_URL: providerUrl } });
    try {
      const u = await createUser(db);
      const before = seen.length;
      expect((await login(t, u.email, { captcha_response: 'anything' })).statusCode).toBe(200);
      expect((await login(t, u.email, {})).statusCode).toBe(200);
      expect(seen.length).toBe(before);
    } finally { await t.close(); }
  });
});
