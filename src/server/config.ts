/**
 * Server configuration, parsed from an environment record. Pure: main.ts passes process.env,
 * tests pass a literal. Bad configuration throws a ConfigError whose message is one line naming
 * the variable.
 */
import { BlockList, isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import type { DatabaseLimits } from './db/limits.js';
import { parseSecretsKey } from './auth/sealed.js';

export class ConfigError extends Error {}

export type CaptchaType = 'none' | 'recaptcha' | 'turnstile';

export interface Config {
  host: string;
  port: number;
  /** PostgreSQL server URL; when absent the embedded PGlite database in dataDir is used. */
  databaseUrl?: string;
  dataDir: string;
  captcha: { type: CaptchaType; siteKey?: string; secret?: string; verifyUrl: string };
  /** Idle lifetime of a session in ms (the spec's auto-logout: 60 minutes). */
  sessionIdleMs: number;
  /** Absolute lifetime of a session in ms (default 12 h). */
  sessionAbsoluteMs: number;
  /** How long a read may reuse this node's session lookup (auth/session-cache.ts); 0 turns it off. */
  sessionCacheMs: number;
  allowedRoles: string[];
  externalRedirectUrl: string;
  /**
   * Where people reach the console (PUBLIC_URL, default http://HOST:PORT): the links in customer
   * e-mails (auth/customer/codes.ts) start with it — never with the request's Host, which a caller chooses.
   */
  publicUrl: string;
  demoPassword: string;
  /**
   * Seed the demo data set into an empty database at start (STEWARD_DEMO_SEED): by default only for the
   * embedded database on a loopback HOST, elsewhere only when asked (STEWARD_DEMO_SEED=on).
   */
  demoSeed: boolean;
  /**
   * Why demo accounts with published credentials would be open to others (HOST not loopback, DATABASE_URL
   * set), unless STEWARD_DEMO_SEED=on asked for the demo there; null for the embedded database on loopback.
   * When set, main.ts seeds nothing by default and refuses to start on a database whose demo staff still
   * take the published password.
   */
  demoExposure: string | null;
  /** Size of that demo data set (STEWARD_DEMO_USERS customers, STEWARD_DEMO_ACTIVITIES activities); the seed's defaults when absent. */
  demoUsers?: number;
  demoActivities?: number;
  /**
   * The demo market (trading/simulator.ts): orders a second that seeded members place on the enabled
   * markets (STEWARD_DEMO_MARKET_RATE, 0–100, fractions allowed; default 2 with the demo seed, else 0 = off).
   */
  demoMarket: { ratePerSecond: number };
  /**
   * Peatio's minimum member levels (MINIMUM_MEMBER_LEVEL_FOR_DEPOSIT, _WITHDRAW, _TRADING; defaults 3, 3, 1):
   * `GET /public/member-levels` publishes them and placing an order needs the trading one (market-api).
   */
  memberLevels: { deposit: number; withdraw: number; trading: number };
  appTitle: string;
  defaultCurrency: string;
  /** Max request body in bytes. */
  bodyLimit: number;
  /** The most rows one list export streams (EXPORT_MAX_ROWS); past it the export is refused or cut (export.ts). */
  exportMaxRows: number;
  /**
   * The tokens' CSV Upload (applogic/token-upload.ts): the largest file body in bytes (UPLOAD_MAX_BYTES,
   * default 16 MiB, beside BODY_LIMIT_BYTES for everything else) and the most data rows (UPLOAD_MAX_ROWS,
   * default 100,000).
   */
  upload: { maxBytes: number; maxRows: number };
  /**
   * KYC documents (auth/documents): the largest file in bytes (DOCUMENT_MAX_BYTES, default 10 MiB, as
   * Barong's upload range) and how many documents one customer may keep (DOCUMENT_MAX_PER_USER, default 20).
   */
  documents: { maxBytes: number; maxPerUser: number };
  /**
   * The proxies whose X-Forwarded-* headers are believed (addresses, CIDRs, or proxy-addr's names
   * loopback / linklocal / uniquelocal); false: none, the peer's address is the client's.
   */
  trustProxy: false | string[];
  /**
   * The header a trusted proxy puts the client's country in (ISO alpha-2: Cloudflare's `cf-ipcountry`,
   * a GeoIP module's), lower-case; country and continent restrictions match only with it and TRUST_PROXY.
   */
  geoipCountryHeader: string | null;
  /** Sign-in budgets (auth/throttle.ts): attempts per account and address and per address in 15 minutes, per account in an hour. */
  signIn: { perAccountIp: number; perIp: number; perAccount: number };
  /**
   * Password hashes run at once (default: half the cores), and how many more sign-ins may be in progress
   * before one is answered 503 server.busy.
   */
  passwordHash: { concurrency: number; queue: number };
  /**
   * Blockchain nodes (exchange/blockchains.ts): how long a call may take (STEWARD_NODE_TIMEOUT_MS, default
   * 5 s), and the loopback port of the demo node simulator `npm start` runs in demo mode (0: none).
   */
  node: { timeoutMs: number; simulatorPort: number };
  /**
   * Four-eyes on withdrawals: per currency, the amount above which a second staff member must accept
   * (WITHDRAW_REVIEW_AMOUNTS, `code=amount` pairs separated by commas; a currency not listed needs one).
   */
  withdrawReviewAmounts: Record<string, string>;
  /**
   * Four-eyes on bonuses (applogic/bonuses.ts): per currency, the amount above which a bonus waits for a
   * second staff member (BONUS_REVIEW_AMOUNTS, the same `code=amount` pairs; a currency not listed needs one).
   */
  bonusReviewAmounts: Record<string, string>;
  /**
   * Provider webhooks (applogic/webhooks.ts): each provider's HMAC-SHA256 signing secret (absent: its
   * webhooks are refused) and how far a signature's
   * timestamp may be from the clock (WEBHOOK_TOLERANCE_SECONDS).
   */
  webhooks: { secrets: Partial<Record<'simplex' | 'banxa' | 'stripe', string>>; toleranceSeconds: number };
  /**
   * The key that seals secrets at rest (auth/sealed.ts: AES-256-GCM; today payment addresses' passphrases):
   * STEWARD_SECRETS_KEY, 64 hex digits or the base64 of 32 bytes. Absent: main.ts uses the embedded
   * database's key file (`<dataDir>/secrets.key`); with DATABASE_URL nothing can be sealed or opened (every
   * node must hold the same key, so none is made up), and what needs it is refused.
   */
  secretsKey: Buffer | null;
  /**
   * Bounds on the database while serving (db/limits.ts). PostgreSQL: a statement's limit
   * (DB_STATEMENT_TIMEOUT_MS, default 15 s) and a transaction's (DB_TRANSACTION_TIMEOUT_MS, default 30 s);
   * a list's count, past which its Total is estimated (DB_COUNT_BUDGET_MS, default 20 ms; 0: count always).
   * PGlite: the callers that may wait for its one connection (DB_QUEUE, default 64), how long one may
   * wait (DB_QUEUE_WAIT_MS, default 5 s), and the free space its data directory's volume keeps
   * (DB_DISK_RESERVE_MB, default 64; 0: no check).
   */
  database: DatabaseLimits;
  /** Sessions a user may hold at once; signing in past it ends the oldest. */
  sessionsPerUser: number;
  /**
   * Connection limits (plugins/connections.ts, realtime/caps.ts): how long a request's headers and the
   * whole request may take to arrive and an idle keep-alive socket may stay; the HTTP sockets without a
   * staff session per client address and in total (past them the oldest such socket is closed); the
   * Ranger sockets without a staff session per client address and in total (past them refused). Staff
   * connections count against none of these.
   */
  connections: ConnectionLimits;
  /** Message providers (server/messaging): SMTP, the SMS HTTP API and FCM; each absent one is the log transport. */
  messaging: MessagingConfig;
  /** The server log's level (LOG_LEVEL, one of pino's; default warn). */
  logLevel: string;
  /** Serve the built SPA from this directory (absent: API only). */
  staticDir?: string;
  secureCookies: 'auto' | boolean;
}

export interface ConnectionLimits {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  httpPerAddress: number;
  httpTotal: number;
  rangerPerAddress: number;
  rangerTotal: number;
}

/** A limit that contains another (a request's contains its headers', a transaction its statements'). */
function notShorter(name: string, value: number, inner: string, innerValue: number): void {
  if (value < innerValue) throw new ConfigError(`${name} must not be shorter than ${inner}`);
}

function connectionLimits(env: Env): ConnectionLimits {
  const headersTimeoutMs = int(env, 'HTTP_HEADERS_TIMEOUT_MS', 10_000, 1000, 300_000);
  const requestTimeoutMs = int(env, 'HTTP_REQUEST_TIMEOUT_MS', 60_000, 1000, 3_600_000);
  // Node requires it: the headers' limit is part of the whole request's.
  notShorter('HTTP_REQUEST_TIMEOUT_MS', requestTimeoutMs, 'HTTP_HEADERS_TIMEOUT_MS', headersTimeoutMs);
  return {
    headersTimeoutMs,
    requestTimeoutMs,
    keepAliveTimeoutMs: int(env, 'HTTP_KEEP_ALIVE_TIMEOUT_MS', 72_000, 1000, 600_000),
    httpPerAddress: int(env, 'HTTP_MAX_CONNECTIONS_PER_ADDRESS', 128, 1, 1_000_000),
    httpTotal: int(env, 'HTTP_MAX_CONNECTIONS', 4096, 1, 10_000_000),
    rangerPerAddress: int(env, 'RANGER_MAX_ANONYMOUS_PER_ADDRESS', 32, 0, 1_000_000),
    rangerTotal: int(env, 'RANGER_MAX_ANONYMOUS', 2048, 0, 10_000_000),
  };
}

/**
 * Message providers (src/server/messaging/README.md, Message providers). A kind left unconfigured (null) goes
 * through the log transport; `services` names the platform settings (service names, lower-case) a
 * provider carries, '*' for every one of its type.
 */
export interface MessagingConfig {
  /** Every provider call's limit in ms (MESSAGE_TIMEOUT_MS, default 10 s). */
  timeoutMs: number;
  smtp: { url: string; from: string; services: readonly string[] | '*' } | null;
  smsHttp: { url: string; token?: string; services: readonly string[] | '*' } | null;
  fcm: { serviceAccountFile: string; apiUrl: string } | null;
}

/** A comma-separated list of service names, lower-case; absent or `*`: all. */
function serviceNames(env: Env, name: string): readonly string[] | '*' {
  const raw = env[name]?.trim();
  if (!raw || raw === '*') return '*';
  const list = raw.split(',').map((x) => x.trim().toLowerCase()).filter(Boolean);
  if (list.some((x) => !/^[a-z0-9][a-z0-9 _.-]*$/.test(x))) throw new ConfigError(`${name} must be service names separated by commas, got "${raw}"`);
  return list;
}

function messagingConfig(env: Env): MessagingConfig {
  const timeoutMs = int(env, 'MESSAGE_TIMEOUT_MS', 10_000, 100, 120_000);
  const smtpUrl = url(env, 'SMTP_URL', '', ['smtp:', 'smtps:']);
  const smsUrl = url(env, 'SMS_HTTP_URL', '', ['http:', 'https:']);
  const fcmFile = env.FCM_SERVICE_ACCOUNT_FILE?.trim();
  return {
    timeoutMs,
    smtp: smtpUrl ? { url: smtpUrl, from: env.SMTP_FROM?.trim() || 'Steward <no-reply@localhost>', services: serviceNames(env, 'SMTP_SERVICES') } : null,
    smsHttp: smsUrl ? { url: smsUrl, token: env.SMS_HTTP_TOKEN || undefined, services: serviceNames(env, 'SMS_HTTP_SERVICES') } : null,
    fcm: fcmFile ? { serviceAccountFile: fcmFile, apiUrl: url(env, 'FCM_API_URL', 'https://fcm.googleapis.com', ['http:', 'https:']) } : null,
  };
}

export const DEFAULT_ALLOWED_ROLES = [
  'admin', 'superadmin', 'accountant', 'compliance', 'support', 'technical', 'manager', 'broker', 'investor',
];
export const DEFAULT_DEMO_PASSWORD = 'Steward-demo-2026!';

const CAPTCHA_VERIFY_URLS: Record<CaptchaType, string> = {
  none: '',
  recaptcha: 'https://www.google.com/recaptcha/api/siteverify',
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
};

type Env = Record<string, string | undefined>;

export const DEFAULT_WITHDRAW_REVIEW_AMOUNTS = 'btc=0.5,eth=10,usdt=10000,usdc=10000,dai=10000,usd=10000,eur=10000,gbp=10000,jpy=1500000';

export const DEFAULT_BONUS_REVIEW_AMOUNTS = 'btc=0.05,eth=1,usdt=500,usdc=500,dai=500,usd=500,eur=500,gbp=500,jpy=75000,trst=10000';

/**
 * The demo seed's webhook secrets: it signs its demo deliveries with them and checks them through the
 * ingest path. Never a default of the server's own secrets: well-known secrets would let anyone forge a
 * purchase, so a provider without a configured secret has its webhooks refused.
 */
export const DEMO_WEBHOOK_SECRETS = {
  simplex: 'steward-demo-simplex-webhook-secret', banxa: 'steward-demo-banxa-webhook-secret', stripe: 'steward-demo-stripe-webhook-secret',
} as const;

function webhookSecrets(env: Env): Config['webhooks']['secrets'] {
  const out: Config['webhooks']['secrets'] = {};
  for (const p of ['simplex', 'banxa', 'stripe'] as const) {
    const name = `${p.toUpperCase()}_WEBHOOK_SECRET`;
    const raw = env[name];
    if (raw !== undefined && raw !== '' && raw.length < 16) throw new ConfigError(`${name} must be at least 16 characters`);
    if (raw) out[p] = raw;
  }
  return out;
}

/** `code=amount,…` as a map; a malformed pair is a ConfigError naming the variable. */
function reviewAmounts(env: Env, name = 'WITHDRAW_REVIEW_AMOUNTS', dflt = DEFAULT_WITHDRAW_REVIEW_AMOUNTS): Record<string, string> {
  const raw = env[name] ?? dflt;
  const out: Record<string, string> = {};
  for (const pair of raw.split(',').map((p) => p.trim()).filter(Boolean)) {
    const m = /^([a-z0-9_.-]{1,10})=(\d+(?:\.\d{1,18})?)$/.exec(pair);
    if (!m) throw new ConfigError(`${name}: '${pair}' is not code=amount`);
    out[m[1]!] = m[2]!;
  }
  return out;
}

function int(env: Env, name: string, dflt: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return dflt;
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${name} must be a whole number, got "${raw}"`);
  const n = Number(raw);
  if (n < min || n > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${n}`);
  return n;
}

/** A non-negative decimal number up to `max` (a rate: 0.5 is one every two seconds). */
function rate(env: Env, name: string, dflt: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return dflt;
  if (!/^\d+(\.\d+)?$/.test(raw)) throw new ConfigError(`${name} must be a number from 0 to ${max}, got "${raw}"`);
  const n = Number(raw);
  if (n > max) throw new ConfigError(`${name} must be a number from 0 to ${max}, got ${n}`);
  return n;
}

function bool(env: Env, name: string, dflt: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return dflt;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

function url(env: Env, name: string, dflt: string, protocols: string[]): string {
  const raw = env[name] || dflt;
  if (!raw) return raw;
  let parsed: URL;
  try { parsed = new URL(raw); } catch { throw new ConfigError(`${name} must be a URL, got "${raw}"`); }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${name} must use ${protocols.join(' or ')}, got "${parsed.protocol}"`);
  }
  return raw;
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: false (default), or the proxies to believe, comma-separated. `true` is refused: it used
 * to mean "any peer", and then every client can pick its own address by sending X-Forwarded-For.
 */
function trustedProxies(env: Env): false | string[] {
  const raw = (env.TRUST_PROXY ?? '').trim();
  if (raw === '' || /^(0|false|no|off)$/i.test(raw)) return false;
  if (/^(1|true|yes|on)$/i.test(raw)) {
    throw new ConfigError('TRUST_PROXY must name the proxies (addresses, CIDRs, loopback), not "true": any client could then pick its own address');
  }
  const list = raw.split(',').map((x) => x.trim()).filter(Boolean);
  for (const entry of list) {
    const [addr, bits, extra] = entry.split('/');
    const family = isIP(addr ?? '');
    const max = family === 4 ? 32 : 128;
    const okBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= max);
    if (!(PROXY_NAMES.has(entry) || (family !== 0 && okBits && extra === undefined))) {
      throw new ConfigError(`TRUST_PROXY must be addresses, CIDRs or loopback/linklocal/uniquelocal, got "${entry}"`);
    }
  }
  return list;
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** Whether listening on `host` reaches this machine only (a name other than localhost cannot be known to). */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (h === 'localhost') return true;
  const family = isIP(h);
  return family !== 0 && LOOPBACK.check(h, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * The demo seed publishes its credentials (the README's password, the 2FA account's TOTP secret), so it
 * is the default only where nobody else can reach them: the embedded database on a loopback HOST.
 * Elsewhere only STEWARD_DEMO_SEED=on seeds, and the reason is kept for main.ts to say so.
 */
function demoDecision(env: Env, host: string): Pick<Config, 'demoSeed' | 'demoExposure'> {
  const raw = env.STEWARD_DEMO_SEED;
  const asked = raw === undefined || raw.trim() === '' ? null : bool(env, 'STEWARD_DEMO_SEED', false);
  const reasons = [
    ...(isLoopbackHost(host) ? [] : [`HOST=${host} is not a loopback address`]),
    ...(env.DATABASE_URL ? ['DATABASE_URL is set'] : []),
  ];
  if (asked === true) return { demoSeed: true, demoExposure: null };
  const demoExposure = reasons.length > 0 ? reasons.join(' and ') : null;
  return { demoSeed: asked === null && demoExposure === null, demoExposure };
}

function secretsKey(env: Env): Buffer | null {
  const raw = env.STEWARD_SECRETS_KEY;
  if (raw === undefined || raw.trim() === '') return null;
  const key = parseSecretsKey(raw);
  if (!key) throw new ConfigError('STEWARD_SECRETS_KEY must be 64 hex digits or the base64 of 32 bytes (openssl rand -base64 32)');
  return key;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** Checked here, not left to the logger: pino's own error names no variable and came after the database opened. */
function logLevel(env: Env): string {
  const raw = env.LOG_LEVEL || 'warn';
  if (!LOG_LEVELS.includes(raw)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${raw}"`);
  return raw;
}

/** What the defaults depend on besides the environment: the password gate takes half the cores. */
export interface Machine { cores: number }

function geoipHeader(env: Record<string, string | undefined>): string | null {
  const raw = env.GEOIP_COUNTRY_HEADER?.trim();
  if (!raw) return null;
  if (!/^[A-Za-z0-9-]{1,64}$/.test(raw)) throw new ConfigError('GEOIP_COUNTRY_HEADER must be a header name');
  return raw.toLowerCase();
}

function databaseLimits(env: Env): DatabaseLimits {
  const statementMs = int(env, 'DB_STATEMENT_TIMEOUT_MS', 15_000, 100, 3_600_000);
  const transactionMs = int(env, 'DB_TRANSACTION_TIMEOUT_MS', 30_000, 100, 3_600_000);
  notShorter('DB_TRANSACTION_TIMEOUT_MS', transactionMs, 'DB_STATEMENT_TIMEOUT_MS', statementMs);
  const readStatementMs = int(env, 'DB_READ_STATEMENT_TIMEOUT_MS', Math.min(5_000, statementMs), 100, 3_600_000);
  notShorter('DB_STATEMENT_TIMEOUT_MS', statementMs, 'DB_READ_STATEMENT_TIMEOUT_MS', readStatementMs);
  return {
    statementMs,
    readStatementMs,
    routeShare: int(env, 'DB_ROUTE_SHARE', 4, 1, 10_000),
    countBudgetMs: int(env, 'DB_COUNT_BUDGET_MS', 20, 0, 3_600_000),
    transactionMs,
    queue: int(env, 'DB_QUEUE', 64, 0, 100_000),
    queueWaitMs: int(env, 'DB_QUEUE_WAIT_MS', 5_000, 10, 600_000),
    diskReserveBytes: int(env, 'DB_DISK_RESERVE_MB', 64, 0, 1_000_000) * 1_048_576,
  };
}

export function loadConfig(env: Env, machine: Machine = { cores: availableParallelism() }): Config {
  const captchaType = (env.CAPTCHA_TYPE || 'none') as CaptchaType;
  if (!['none', 'recaptcha', 'turnstile'].includes(captchaType)) {
    throw new ConfigError(`CAPTCHA_TYPE must be none, recaptcha or turnstile, got "${captchaType}"`);
  }
  if (captchaType !== 'none') {
    if (!env.CAPTCHA_SECRET) throw new ConfigError(`CAPTCHA_SECRET is required when CAPTCHA_TYPE=${captchaType}`);
    if (!env.CAPTCHA_SITE_KEY) throw new ConfigError(`CAPTCHA_SITE_KEY is required when CAPTCHA_TYPE=${captchaType}`);
  }
  const allowedRoles = (env.ALLOWED_ROLES ?? DEFAULT_ALLOWED_ROLES.join(','))
    .split(',').map((r) => r.trim()).filter(Boolean);
  if (allowedRoles.length === 0) throw new ConfigError('ALLOWED_ROLES must name at least one role');
  if (allowedRoles.some((r) => !/^[a-z_]+$/.test(r))) {
    throw new ConfigError(`ALLOWED_ROLES must be a comma-separated list of lowercase role names, got "${env.ALLOWED_ROLES}"`);
  }
  const idleMin = int(env, 'SESSION_IDLE_MINUTES', 60, 1, 24 * 60);
  const absMin = int(env, 'SESSION_ABSOLUTE_MINUTES', 12 * 60, 1, 30 * 24 * 60);
  if (absMin < idleMin) throw new ConfigError('SESSION_ABSOLUTE_MINUTES must not be shorter than SESSION_IDLE_MINUTES');
  const demoPassword = env.STEWARD_DEMO_PASSWORD || DEFAULT_DEMO_PASSWORD;
  if (demoPassword.length < 8) throw new ConfigError('STEWARD_DEMO_PASSWORD must be at least 8 characters');
  const secure = env.COOKIE_SECURE;
  const host = env.HOST || '127.0.0.1';
  const { demoSeed, demoExposure } = demoDecision(env, host);
  return {
    host,
    port: int(env, 'PORT', 8080, 0, 65535),
    databaseUrl: env.DATABASE_URL ? url(env, 'DATABASE_URL', '', ['postgres:', 'postgresql:']) : undefined,
    dataDir: env.STEWARD_DATA_DIR || './data',
    captcha: {
      type: captchaType,
      siteKey: env.CAPTCHA_SITE_KEY,
      secret: env.CAPTCHA_SECRET,
      verifyUrl: url(env, 'CAPTCHA_VERIFY_URL', CAPTCHA_VERIFY_URLS[captchaType], ['http:', 'https:']),
    },
    sessionIdleMs: idleMin * 60_000,
    sessionAbsoluteMs: absMin * 60_000,
    sessionCacheMs: int(env, 'SESSION_CACHE_MS', 5_000, 0, 60_000),
    allowedRoles,
    externalRedirectUrl: url(env, 'EXTERNAL_REDIRECT_URL', 'https://example.com/', ['http:', 'https:']),
    publicUrl: url(env, 'PUBLIC_URL', `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${env.PORT || 8080}`, ['http:', 'https:']).replace(/\/+$/, ''),
    demoPassword,
    demoSeed,
    demoExposure,
    demoUsers: env.STEWARD_DEMO_USERS ? int(env, 'STEWARD_DEMO_USERS', 0, 1, 10_000_000) : undefined,
    demoActivities: env.STEWARD_DEMO_ACTIVITIES ? int(env, 'STEWARD_DEMO_ACTIVITIES', 0, 0, 100_000_000) : undefined,
    demoMarket: { ratePerSecond: rate(env, 'STEWARD_DEMO_MARKET_RATE', demoSeed ? 2 : 0, 100) },
    memberLevels: {
      deposit: int(env, 'MINIMUM_MEMBER_LEVEL_FOR_DEPOSIT', 3, 0, 100),
      withdraw: int(env, 'MINIMUM_MEMBER_LEVEL_FOR_WITHDRAW', 3, 0, 100),
      trading: int(env, 'MINIMUM_MEMBER_LEVEL_FOR_TRADING', 1, 0, 100),
    },
    appTitle: env.APP_TITLE || 'Steward',
    defaultCurrency: (env.DEFAULT_CURRENCY || 'usd').toLowerCase(),
    bodyLimit: int(env, 'BODY_LIMIT_BYTES', 1_048_576, 1024, 100 * 1_048_576),
    exportMaxRows: int(env, 'EXPORT_MAX_ROWS', 1_000_000, 1, 100_000_000),
    upload: {
      maxBytes: int(env, 'UPLOAD_MAX_BYTES', 16 * 1_048_576, 1024, 512 * 1_048_576),
      maxRows: int(env, 'UPLOAD_MAX_ROWS', 100_000, 1, 5_000_000),
    },
    documents: {
      maxBytes: int(env, 'DOCUMENT_MAX_BYTES', 10 * 1_048_576, 1024, 64 * 1_048_576),
      maxPerUser: int(env, 'DOCUMENT_MAX_PER_USER', 20, 1, 1000),
    },
    node: {
      timeoutMs: int(env, 'STEWARD_NODE_TIMEOUT_MS', 5000, 100, 120_000),
      simulatorPort: int(env, 'STEWARD_NODE_SIMULATOR_PORT', 18443, 0, 65535),
    },
    trustProxy: trustedProxies(env),
    geoipCountryHeader: geoipHeader(env),
    signIn: {
      perAccountIp: int(env, 'SIGNIN_MAX_PER_ACCOUNT_IP', 5, 1, 1000),
      perIp: int(env, 'SIGNIN_MAX_PER_IP', 20, 1, 100_000),
      perAccount: int(env, 'SIGNIN_MAX_PER_ACCOUNT', 30, 1, 100_000),
    },
    passwordHash: {
      // Half the cores: the other half stays free for every request that needs no hash (bench: sign-in flood).
      concurrency: int(env, 'PASSWORD_HASH_CONCURRENCY', Math.max(1, Math.floor(machine.cores / 2)), 1, 64),
      queue: int(env, 'PASSWORD_HASH_QUEUE', 8, 0, 10_000),
    },
    database: databaseLimits(env),
    sessionsPerUser: int(env, 'SESSIONS_PER_USER', 10, 1, 1000),
    connections: connectionLimits(env),
    messaging: messagingConfig(env),
    withdrawReviewAmounts: reviewAmounts(env),
    bonusReviewAmounts: reviewAmounts(env, 'BONUS_REVIEW_AMOUNTS', DEFAULT_BONUS_REVIEW_AMOUNTS),
    webhooks: { secrets: webhookSecrets(env), toleranceSeconds: int(env, 'WEBHOOK_TOLERANCE_SECONDS', 300, 1, 86_400) },
    secretsKey: secretsKey(env),
    logLevel: logLevel(env),
    staticDir: env.STEWARD_STATIC_DIR ?? 'dist',
    secureCookies: secure === undefined || secure === '' ? 'auto' : bool(env, 'COOKIE_SECURE', false),
  };
}
