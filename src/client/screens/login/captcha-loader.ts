/**
 * Loads a captcha provider's script on demand: only deployments that configure a captcha pay for it,
 * and the sign-in page stays free of third-party code otherwise.
 */
export type CaptchaProvider = 'recaptcha' | 'turnstile';

export interface CaptchaWidgetOptions {
  sitekey: string;
  theme: 'light' | 'dark';
  callback: (token: string) => void;
  'expired-callback': () => void;
  'error-callback': () => void;
}

/** The part of grecaptcha / turnstile the console uses; both providers agree on it. */
export interface CaptchaApi {
  render(el: HTMLElement, options: CaptchaWidgetOptions): string | number;
  reset(id?: string | number): void;
}

const SCRIPTS: Record<CaptchaProvider, string> = {
  recaptcha: 'https://www.google.com/recaptcha/api.js?render=explicit&onload=__stewardCaptchaReady',
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit&onload=__stewardCaptchaReady',
};

function globalApi(provider: CaptchaProvider): CaptchaApi | undefined {
  const w = window as unknown as { grecaptcha?: CaptchaApi & { render?: unknown }; turnstile?: CaptchaApi };
  const api = provider === 'recaptcha' ? w.grecaptcha : w.turnstile;
  return api && typeof api.render === 'function' ? api : undefined;
}

const pending = new Map<CaptchaProvider, Promise<CaptchaApi>>();

export function loadCaptcha(provider: CaptchaProvider): Promise<CaptchaApi> {
  const ready = globalApi(provider);
  if (ready) return Promise.resolve(ready);
  let p = pending.get(provider);
  if (!p) {
    p = new Promise<CaptchaApi>((resolve, reject) => {
      // Both providers call the named global once their API is usable (not merely downloaded).
      (window as unknown as Record<string, unknown>).__stewardCaptchaReady = () => {
        const api = globalApi(provider);
        if (api) resolve(api);
        else reject(new Error('captcha api missing'));
      };
      const script = document.createElement('script');
      script.src = SCRIPTS[provider];
      script.async = true;
      script.defer = true;
      script.onerror = () => {
        pending.delete(provider);
        reject(new Error('captcha script failed to load'));
      };
      document.head.appendChild(script);
    });
    pending.set(provider, p);
  }
  return p;
}
