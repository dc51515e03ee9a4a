import { describe, it, expect } from 'vitest';
import { loadConfig, ConfigError, DEFAULT_DEMO_PASSWORD } from '../../src/server/config.js';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c.host).toBe('127.0.0.1');
    expect(c.port).toBe(8080);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.dataDir).toBe('./data');
    expect(c.captcha.type).toBe('none');
    expect(c.sessionIdleMs).toBe(60 * 60_000);
    expect(c.sessionAbsoluteMs).toBe(12 * 60 * 60_000);
    expect(c.allowedRoles).toEqual(['admin', 'superadmin', 'accountant', 'compliance', 'support', 'technical', 'manager', 'broker', 'investor']);
    expect(c.demoPassword).toBe(DEFAULT_DEMO_PASSWORD);
  });

  it.each([
    [{ PORT: 'abc' }, /^PORT /],
    [{ PORT: '70000' }, /^PORT /],
    [{ DATABASE_URL: 'mysql://x' }, /^DATABASE_URL /],
    [{ DATABASE_URL: 'not a url' }, /^DATABASE_URL /],
    [{ CAPTCHA_TYPE: 'geetest' }, /^CAPTCHA_TYPE /],
    [{ CAPTCHA_TYPE: 'recaptcha', CAPTCHA_SITE_KEY: 'k' }, /^CAPTCHA_SECRET /],
    [{ SESSION_IDLE_MINUTES: '0' }, /^SESSION_IDLE_MINUTES /],
    [{ SESSION_IDLE_MINUTES: '90', SESSION_ABSOLUTE_MINUTES: '60' }, /^SESSION_ABSOLUTE_MINUTES /],
    [{ ALLOWED_ROLES: 'Admin;x' }, /^ALLOWED_ROLES /],
    [{ EXTERNAL_REDIRECT_URL: 'ftp://x' }, /^EXTERNAL_REDIRECT_URL /],
    [{ TRUST_PROXY: 'maybe' }, /^TRUST_PROXY /],
    [{ STEWARD_DEMO_SEED: 'sometimes' }, /^STEWARD_DEMO_SEED /],
    [{ STEWARD_DEMO_PASSWORD: 'short' }, /^STEWARD_DEMO_PASSWORD /],
  ])('rejects %o with a one-line message naming the variable', (env, re) => {
    let err: unknown;
    try { loadConfig(env); } catch (e) { err = e; }
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toMatch(re);
    expect((err as Error).message).not.toContain('\n');
  });

  it('accepts a configured captcha', () => {
    const c = loadConfig({ CAPTCHA_TYPE: 'turnstile', CAPTCHA_SITE_KEY: 'site', CAPTCHA_SECRET: 's', CAPTCHA_VERIFY_URL: 'http://127.0.0.1:9/verify' });
    expect(c.captcha).toEqual({ type: 'turnstile', siteKey: 'site', secret: 's', verifyUrl: 'http://127.0.0.1:9/verify' });
  });
});
