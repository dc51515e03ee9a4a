/**
 * Server configuration, parsed from an environment record. Pure: main.ts passes process.env,
 * tests pass a literal. Bad configuration throws a ConfigError whose message is one line naming
 * the variable.
 */
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
  demoPassword: string;
  /** Seed the demo data set into an empty database at start (STEWARD_DEMO_SEED, default on). */
  demoSeed: boolean;
  appTitle: string;
  defaultCurrency: string;
  /** Max request body in bytes. */
  bodyLimit: number;
  /** Trust X-Forwarded-* from a proxy in front. */
  trustProxy: boolean;
  /** Serve the built SPA from this directory (absent: API only). */
  staticDir?: string;
  secureCookies: 'auto' | boolean;
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

function int(env: Env, name: string, dflt: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return dflt;
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${name} must be a whole number, got "${raw}"`);
  const n = Number(raw);
  if (n < min || n > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${n}`);
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

export function loadConfig(env: Env): Config {
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
  return {
    host: env.HOST || '127.0.0.1',
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
    demoPassword,
    demoSeed: bool(env, 'STEWARD_DEMO_SEED', true),
    appTitle: env.APP_TITLE || 'Steward',
    defaultCurrency: (env.DEFAULT_CURRENCY || 'usd').toLowerCase(),
    bodyLimit: int(env, 'BODY_LIMIT_BYTES', 1_048_576, 1024, 100 * 1_048_576),
    trustProxy: bool(env, 'TRUST_PROXY', false),
    staticDir: env.STEWARD_STATIC_DIR ?? 'dist',
    secureCookies: secure === undefined || secure === '' ? 'auto' : bool(env, 'COOKIE_SECURE', false),
  };
}
