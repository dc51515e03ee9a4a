import type { RuntimeConfig } from '../shared/runtime-config';

declare global {
  interface Window {
    __STEWARD_CONFIG__?: Partial<RuntimeConfig>;
  }
}

/** Used when /config.js is missing or partial, so a stock OpenWare gateway still works. */
const DEFAULTS: RuntimeConfig = {
  authUrl: '/api/v2/barong',
  exchangeUrl: '/api/v2/peatio',
  applogicUrl: '/api/v2/applogic',
  rangerUrl: '/api/v2/ranger',
  captchaType: 'none',
  captchaSiteKey: null,
  title: 'Steward',
  defaultCurrency: 'usdt',
  allowedRoles: ['admin', 'superadmin', 'accountant', 'compliance', 'support', 'technical', 'manager', 'broker', 'investor'],
  externalRedirectUrl: '/',
  minutesUntilAutoLogout: 60,
  minutesBeforeWarningMessage: 1,
  finex: false,
  aml: false,
};

/**
 * Read on every call rather than cached at import: the server may hand out a different config per
 * deployment, and tests swap it between cases.
 */
export function getConfig(): RuntimeConfig {
  const fromServer = (typeof window !== 'undefined' && window.__STEWARD_CONFIG__) || {};
  return { ...DEFAULTS, ...fromServer };
}
