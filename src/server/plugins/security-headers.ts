/**
 * Security headers on every answer (issue 10 item 8):
 * - Content-Security-Policy: scripts only from this origin (the SPA has no inline script: the theme and the
 *   runtime config are files, /theme.js and /config.js), plus the captcha provider's loader when one is
 *   configured; no plugins, no <base>, forms post only here, and no page may frame the console
 *   (`frame-ancestors 'none'`, with X-Frame-Options DENY for browsers that predate it). Styles allow
 *   'unsafe-inline': AG Grid injects its theme as <style> elements and floating-ui positions with style
 *   attributes; a style cannot run code. Images may come from https (currency and user icons are URLs).
 * - X-Content-Type-Options: nosniff, Referrer-Policy: same-origin (no uid or filter in a URL leaves for
 *   another site), Cross-Origin-Opener-Policy: same-origin, and a Permissions-Policy that turns off what
 *   a back office never needs.
 * - Cache-Control: no-store on every API answer (member data must not sit in a browser or proxy cache),
 *   unless the route set its own.
 * - Strict-Transport-Security when the request came over https (directly or via a trusted proxy).
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';

/** What each captcha provider needs: its loader script, and the frames its widget draws in. */
const CAPTCHA_ORIGINS: Record<Config['captcha']['type'], { script: string[]; frame: string[] }> = {
  none: { script: [], frame: [] },
  recaptcha: {
    script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
    frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
  },
  turnstile: { script: ['https://challenges.cloudflare.com'], frame: ['https://challenges.cloudflare.com'] },
};

export const HSTS = 'max-age=31536000; includeSubDomains';

export function contentSecurityPolicy(captcha: Config['captcha']['type']): string {
  const { script, frame } = CAPTCHA_ORIGINS[captcha];
  return [
    "default-src 'self'",
    `script-src ${["'self'", ...script].join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    `connect-src ${["'self'", ...script].join(' ')}`,
    // 'self': the KYC review shows a PDF document in a sandboxed frame from the documents route.
    `frame-src ${["'self'", ...frame].join(' ')}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function registerSecurityHeaders(app: FastifyInstance): void {
  const csp = contentSecurityPolicy(app.deps.config.captcha.type);
  // onSend also covers errors and the not-found handler; headers set here are the same on every path.
  app.addHook('onSend', (req, reply, payload, done) => {
    // A route may choose a narrower policy for what it serves (auth/documents/serve.ts: a document's file,
    // under which nothing runs, framable by the console's own origin); every other answer gets the console's.
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', csp);
    if (!reply.hasHeader('x-frame-options')) reply.header('x-frame-options', 'DENY');
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()');
    if (req.protocol === 'https') reply.header('strict-transport-security', HSTS);
    if (req.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
