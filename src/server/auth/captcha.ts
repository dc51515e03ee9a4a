/**
 * Captcha verification for recaptcha and turnstile, which share one protocol: a form-encoded POST
 * of secret, response and remoteip to the provider's siteverify URL, answered with JSON whose
 * `success` is true for a good token. An unreachable or slow provider counts as a failed check:
 * sign-in must not open up because the provider is down.
 */
import type { Config } from '../config.js';

export const CAPTCHA_TIMEOUT_MS = 5_000;

export type CaptchaOutcome = 'ok' | 'required' | 'failed';

export async function verifyCaptcha(
  config: Config['captcha'],
  fetchFn: typeof fetch,
  response: unknown,
  remoteIp: string,
): Promise<CaptchaOutcome> {
  if (config.type === 'none') return 'ok';
  if (response === undefined || response === null || response === '') return 'required';
  // recaptcha and turnstile tokens are strings; a Hash is geetest's shape, which we do not serve.
  if (typeof response !== 'string') return 'failed';
  const body = new URLSearchParams({ secret: config.secret ?? '', response, remoteip: remoteIp });
  try {
    const res = await fetchFn(config.verifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
      signal: AbortSignal.timeout(CAPTCHA_TIMEOUT_MS),
    });
    if (!res.ok) return 'failed';
    const json = (await res.json()) as { success?: unknown };
    return json.success === true ? 'ok' : 'failed';
  } catch {
    return 'failed';
  }
}
