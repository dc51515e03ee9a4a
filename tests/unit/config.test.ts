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
    expect(c.demoUsers).toBeUndefined();
    expect(loadConfig({ STEWARD_DEMO_USERS: '10200', STEWARD_DEMO_ACTIVITIES: '0' })).toMatchObject({ demoUsers: 10_200, demoActivities: 0 });
  });

  it('reads bonus review amounts and webhook secrets, and never defaults a secret', () => {
    const c = loadConfig({});
    expect(c.bonusReviewAmounts).toMatchObject({ btc: '0.05', usdt: '500' });
    expect(c.webhooks).toEqual({ secrets: {}, toleranceSeconds: 300 });
    expect(loadConfig({ BONUS_REVIEW_AMOUNTS: 'usdt=5,btc=0.001' }).bonusReviewAmounts).toEqual({ usdt: '5', btc: '0.001' });
    expect(() => loadConfig({ BONUS_REVIEW_AMOUNTS: 'usdt:5' })).toThrow(/BONUS_REVIEW_AMOUNTS/);
    expect(loadConfig({ STRIPE_WEBHOOK_SECRET: 'whsec_0123456789abcdef', WEBHOOK_TOLERANCE_SECONDS: '60' }).webhooks)
      .toEqual({ secrets: { stripe: 'whsec_0123456789abcdef' }, toleranceSeconds: 60 });
    expect(() => loadConfig({ BANXA_WEBHOOK_SECRET: 'short' })).toThrow(/BANXA_WEBHOOK_SECRET/);
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
    [{ TRUST_PROXY: 'true' }, /^TRUST_PROXY /],
    [{ TRUST_PROXY: '10.0.0.1,10.0.0.0/33' }, /^TRUST_PROXY /],
    [{ TRUST_PROXY: '10.0.0.1/8/1' }, /^TRUST_PROXY /],
    [{ SIGNIN_MAX_PER_ACCOUNT_IP: '0' }, /^SIGNIN_MAX_PER_ACCOUNT_IP /],
    [{ SIGNIN_MAX_PER_IP: 'many' }, /^SIGNIN_MAX_PER_IP /],
    [{ SIGNIN_MAX_PER_ACCOUNT: '-1' }, /^SIGNIN_MAX_PER_ACCOUNT /],
    [{ PASSWORD_HASH_CONCURRENCY: '0' }, /^PASSWORD_HASH_CONCURRENCY /],
    [{ PASSWORD_HASH_QUEUE: 'x' }, /^PASSWORD_HASH_QUEUE /],
    [{ SESSIONS_PER_USER: '0' }, /^SESSIONS_PER_USER /],
    [{ STEWARD_DEMO_SEED: 'sometimes' }, /^STEWARD_DEMO_SEED /],
    [{ STEWARD_DEMO_PASSWORD: 'short' }, /^STEWARD_DEMO_PASSWORD /],
    [{ STEWARD_DEMO_USERS: '0' }, /^STEWARD_DEMO_USERS /],
    [{ STEWARD_DEMO_MARKET_RATE: '-1' }, /^STEWARD_DEMO_MARKET_RATE /],
    [{ STEWARD_DEMO_MARKET_RATE: '101' }, /^STEWARD_DEMO_MARKET_RATE /],
    [{ STEWARD_DEMO_MARKET_RATE: 'fast' }, /^STEWARD_DEMO_MARKET_RATE /],
    [{ STEWARD_DEMO_MARKET_RATE: '1e3' }, /^STEWARD_DEMO_MARKET_RATE /],
    [{ HTTP_HEADERS_TIMEOUT_MS: '10' }, /^HTTP_HEADERS_TIMEOUT_MS /],
    [{ HTTP_HEADERS_TIMEOUT_MS: '20000', HTTP_REQUEST_TIMEOUT_MS: '5000' }, /^HTTP_REQUEST_TIMEOUT_MS /],
    [{ HTTP_MAX_CONNECTIONS_PER_ADDRESS: '0' }, /^HTTP_MAX_CONNECTIONS_PER_ADDRESS /],
    [{ RANGER_MAX_ANONYMOUS: 'lots' }, /^RANGER_MAX_ANONYMOUS /],
    [{ DB_STATEMENT_TIMEOUT_MS: '0' }, /^DB_STATEMENT_TIMEOUT_MS /],
    [{ DB_STATEMENT_TIMEOUT_MS: '15s' }, /^DB_STATEMENT_TIMEOUT_MS /],
    [{ DB_TRANSACTION_TIMEOUT_MS: '-5' }, /^DB_TRANSACTION_TIMEOUT_MS /],
    [{ DB_STATEMENT_TIMEOUT_MS: '20000', DB_TRANSACTION_TIMEOUT_MS: '10000' }, /^DB_TRANSACTION_TIMEOUT_MS /],
    [{ DB_STATEMENT_TIMEOUT_MS: '2000', DB_READ_STATEMENT_TIMEOUT_MS: '3000' }, /^DB_STATEMENT_TIMEOUT_MS must not be shorter than DB_READ_STATEMENT_TIMEOUT_MS/],
    [{ DB_ROUTE_SHARE: '0' }, /^DB_ROUTE_SHARE /],
    [{ DB_QUEUE: 'many' }, /^DB_QUEUE /],
    [{ DB_QUEUE_WAIT_MS: '0' }, /^DB_QUEUE_WAIT_MS /],
    [{ DB_DISK_RESERVE_MB: '1.5' }, /^DB_DISK_RESERVE_MB /],
  ])('rejects %o with a one-line message naming the variable', (env, re) => {
    let err: unknown;
    try { loadConfig(env); } catch (e) { err = e; }
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toMatch(re);
    expect((err as Error).message).not.toContain('\n');
  });

  it('has the database bounds by default, and takes other values', () => {
    expect(loadConfig({}).database).toEqual({ statementMs: 15_000, readStatementMs: 5_000, routeShare: 4, countBudgetMs: 20, transactionMs: 30_000, queue: 64, queueWaitMs: 5_000, diskReserveBytes: 64 * 1_048_576 });
    expect(loadConfig({
      DB_STATEMENT_TIMEOUT_MS: '2000', DB_TRANSACTION_TIMEOUT_MS: '2000', DB_QUEUE: '0', DB_QUEUE_WAIT_MS: '100', DB_DISK_RESERVE_MB: '0',
      DB_COUNT_BUDGET_MS: '0',
    }).database).toEqual({ statementMs: 2000, readStatementMs: 2000, routeShare: 4, countBudgetMs: 0, transactionMs: 2000, queue: 0, queueWaitMs: 100, diskReserveBytes: 0 });
  });

  it('has the sign-in and session defaults, and takes other values', () => {
    const c = loadConfig({});
    expect(c.trustProxy).toBe(false);
    expect(c.signIn).toEqual({ perAccountIp: 5, perIp: 20, perAccount: 30 });
    expect(loadConfig({}, { cores: 2 }).passwordHash).toEqual({ concurrency: 1, queue: 8 });
    expect(loadConfig({}, { cores: 8 }).passwordHash).toEqual({ concurrency: 4, queue: 8 });
    expect(loadConfig({}, { cores: 1 }).passwordHash.concurrency).toBe(1);
    expect(c.sessionsPerUser).toBe(10);
    expect(loadConfig({
      SIGNIN_MAX_PER_ACCOUNT_IP: '3', SIGNIN_MAX_PER_IP: '50', SIGNIN_MAX_PER_ACCOUNT: '100',
      PASSWORD_HASH_CONCURRENCY: '4', PASSWORD_HASH_QUEUE: '0', SESSIONS_PER_USER: '1',
    })).toMatchObject({
      signIn: { perAccountIp: 3, perIp: 50, perAccount: 100 }, passwordHash: { concurrency: 4, queue: 0 }, sessionsPerUser: 1,
    });
  });

  it('reads TRUST_PROXY as the list of proxies to believe', () => {
    for (const off of ['', 'false', '0', 'off']) expect(loadConfig({ TRUST_PROXY: off }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.5, 10.1.0.0/16,loopback , ::1, fd00::/8' }).trustProxy)
      .toEqual(['10.0.0.5', '10.1.0.0/16', 'loopback', '::1', 'fd00::/8']);
  });

  it('runs the demo market at 2 orders a second with the demo seed, off without it, at the rate asked', () => {
    expect(loadConfig({}).demoMarket).toEqual({ ratePerSecond: 2 });
    expect(loadConfig({ STEWARD_DEMO_SEED: 'off' }).demoMarket).toEqual({ ratePerSecond: 0 });
    expect(loadConfig({ STEWARD_DEMO_MARKET_RATE: '0' }).demoMarket).toEqual({ ratePerSecond: 0 });
    expect(loadConfig({ STEWARD_DEMO_MARKET_RATE: '0.5' }).demoMarket).toEqual({ ratePerSecond: 0.5 });
    expect(loadConfig({ STEWARD_DEMO_MARKET_RATE: '100' }).demoMarket).toEqual({ ratePerSecond: 100 });
  });

  it('seeds the demo by default only for the embedded database on loopback; elsewhere only when asked', () => {
    const decide = (env: Record<string, string>) => {
      const c = loadConfig(env);
      return { seed: c.demoSeed, exposure: c.demoExposure, market: c.demoMarket.ratePerSecond };
    };
    const PG = 'postgres://u@db.internal:5432/steward';
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]']) {
      expect(decide({ HOST: host }), host).toEqual({ seed: true, exposure: null, market: 2 });
    }
    expect(decide({})).toEqual({ seed: true, exposure: null, market: 2 });
    // The links in customer e-mails start with PUBLIC_URL; by default the address the server listens on.
    expect(['[::1]', '::1', '127.0.0.1'].map((HOST) => loadConfig({ HOST, PORT: '9000' }).publicUrl)).toEqual(['http://[::1]:9000', 'http://[::1]:9000', 'http://127.0.0.1:9000']);
    expect(decide({ HOST: '0.0.0.0' })).toEqual({ seed: false, exposure: 'HOST=0.0.0.0 is not a loopback address', market: 0 });
    expect(decide({ HOST: '::' }).seed).toBe(false);
    expect(decide({ HOST: 'steward.example.com' }).seed).toBe(false);
    expect(decide({ DATABASE_URL: PG })).toEqual({ seed: false, exposure: 'DATABASE_URL is set', market: 0 });
    expect(decide({ HOST: '0.0.0.0', DATABASE_URL: PG }).exposure).toBe('HOST=0.0.0.0 is not a loopback address and DATABASE_URL is set');
    // Asked by name: seeded anywhere, and nothing to refuse.
    for (const on of ['on', 'true', '1']) {
      expect(decide({ HOST: '0.0.0.0', DATABASE_URL: PG, STEWARD_DEMO_SEED: on })).toEqual({ seed: true, exposure: null, market: 2 });
    }
    // Off: never seeded, and where others reach it the published credentials are still refused.
    expect(decide({ STEWARD_DEMO_SEED: 'off' })).toEqual({ seed: false, exposure: null, market: 0 });
    expect(decide({ DATABASE_URL: PG, STEWARD_DEMO_SEED: 'false' })).toEqual({ seed: false, exposure: 'DATABASE_URL is set', market: 0 });
    expect(decide({ HOST: '0.0.0.0', STEWARD_DEMO_SEED: ' ' }).seed).toBe(false);
  });

  it('has connection limits that staff are not counted against, and takes other values', () => {
    expect(loadConfig({}).connections).toEqual({
      headersTimeoutMs: 10_000, requestTimeoutMs: 60_000, keepAliveTimeoutMs: 72_000,
      httpPerAddress: 128, httpTotal: 4096, rangerPerAddress: 32, rangerTotal: 2048,
    });
    expect(loadConfig({
      HTTP_HEADERS_TIMEOUT_MS: '2000', HTTP_REQUEST_TIMEOUT_MS: '3000', HTTP_KEEP_ALIVE_TIMEOUT_MS: '5000',
      HTTP_MAX_CONNECTIONS_PER_ADDRESS: '8', HTTP_MAX_CONNECTIONS: '100', RANGER_MAX_ANONYMOUS_PER_ADDRESS: '0', RANGER_MAX_ANONYMOUS: '0',
    }).connections).toEqual({
      headersTimeoutMs: 2000, requestTimeoutMs: 3000, keepAliveTimeoutMs: 5000, httpPerAddress: 8, httpTotal: 100, rangerPerAddress: 0, rangerTotal: 0,
    });
  });

  it('checks LOG_LEVEL before anything starts, naming the variable', () => {
    expect(loadConfig({}).logLevel).toBe('warn');
    expect(loadConfig({ LOG_LEVEL: 'info' }).logLevel).toBe('info');
    expect(() => loadConfig({ LOG_LEVEL: 'bogus' })).toThrow(ConfigError);
    expect(() => loadConfig({ LOG_LEVEL: 'bogus' })).toThrow(/^LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "bogus"$/);
  });

  it('accepts a configured captcha', () => {
    const c = loadConfig({ CAPTCHA_TYPE: 'turnstile', CAPTCHA_SITE_KEY: 'site', CAPTCHA_SECRET: 's', CAPTCHA_VERIFY_URL: 'http://127.0.0.1:9/verify' });
    expect(c.captcha).toEqual({ type: 'turnstile', siteKey: 'site', secret: 's', verifyUrl: 'http://127.0.0.1:9/verify' });
  });
});
