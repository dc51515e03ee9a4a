/** What the server hands the SPA at start-up (see server/plugins/runtime-config.ts). */
export interface RuntimeConfig {
  authUrl: string;
  exchangeUrl: string;
  applogicUrl: string;
  rangerUrl: string;
  captchaType: 'none' | 'recaptcha' | 'turnstile';
  captchaSiteKey: string | null;
  title: string;
  defaultCurrency: string;
  allowedRoles: string[];
  externalRedirectUrl: string;
  minutesUntilAutoLogout: number;
  minutesBeforeWarningMessage: number;
  finex: boolean;
  aml: boolean;
}
