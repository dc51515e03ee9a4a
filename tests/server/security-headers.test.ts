/**
 * Security headers on every kind of answer (plugins/security-headers.ts): the SPA's files, the runtime
 * config, API answers good and bad, and not-found; HSTS only over https. The browser side (the app runs
 * under the policy; a framing page is refused) is tests/e2e/security-headers.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contentSecurityPolicy, HSTS } from '../../src/server/plugins/security-headers.js';
import { testApp, type TestApp } from '../helpers/app.js';

let dist: string;
let t: TestApp;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'steward-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><script type="module" src="/assets/a-1.js"></script></head></html>');
  writeFileSync(join(dist, 'assets', 'a-1.js'), 'export {};\n');
  t = await testApp({ env: { STEWARD_STATIC_DIR: dist, TRUST_PROXY: '127.0.0.1' } });
});

afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

const ANSWERS: [string, string, number][] = [
  ['the SPA for a client route', '/user-directory', 200],
  ['a hashed asset', '/assets/a-1.js', 200],
  ['the runtime config script', '/config.js', 200],
  ['a public API answer', '/api/v2/barong/identity/configs', 200],
  ['an API refusal without a session', '/api/v2/barong/resource/users/me', 401],
  ['a file that does not exist', '/missing.png', 404],
];

describe('every answer carries the headers', () => {
  it.each(ANSWERS)('%s', async (_what, url, status) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(status);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    if (url.startsWith('/api/')) expect(res.headers['cache-control']).toBe('no-store');
  });

  it('keeps the caching the SPA files chose: immutable assets, a revalidated index', async () => {
    expect((await t.app.inject({ url: '/assets/a-1.js' })).headers['cache-control']).toMatch(/immutable/);
    expect((await t.app.inject({ url: '/user-directory' })).headers['cache-control']).toBe('no-cache');
  });

  it('sends HSTS when the request came over https through a trusted proxy, and not otherwise', async () => {
    const https = await t.app.inject({ url: '/api/v2/barong/identity/configs', headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers['strict-transport-security']).toBe(HSTS);
    const spoofed = await t.app.inject({
      url: '/api/v2/barong/identity/configs', remoteAddress: '203.0.113.9', headers: { 'x-forwarded-proto': 'https' },
    });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('the policy', () => {
  it('admits only the configured captcha provider beside this origin', () => {
    // Its own origin only: the KYC review frames a PDF from the documents route (its own policy sandboxes it).
    expect(contentSecurityPolicy('none')).toContain("frame-src 'self';");
    const turnstile = contentSecurityPolicy('turnstile');
    expect(turnstile).toContain("script-src 'self' https://challenges.cloudflare.com");
    expect(turnstile).toContain("frame-src 'self' https://challenges.cloudflare.com");
    expect(turnstile).not.toContain('google');
    expect(contentSecurityPolicy('recaptcha')).toContain('https://www.gstatic.com/recaptcha/');
  });
});
