/**
 * Barong's identity calls: sign-in (auth/sign-in.ts, both spellings), sign-out, the public auth
 * configs, ping and time. Sign-up, e-mail confirmation and password reset are in auth/customer/.
 */
import type { FastifyInstance } from 'fastify';
import { USER_ACTIVITY } from '../../shared/activities.js';
import { fail } from '../plugins/errors.js';
import { clearSessionCookie, endSession, hashSessionId, sessionIdFrom } from './sessions.js';
import { recordSessionActivity, signInRoutes } from './sign-in.js';
import { PASSWORD_MIN_ENTROPY, PASSWORD_REGEXP } from '../../shared/customer.js';

export function identityRoutes(app: FastifyInstance): void {
  const { config } = app.deps;
  signInRoutes(app);

  app.delete('/identity/sessions', async (req, reply) => {
    // No CSRF token asked, as Barong (identity is a pass path; tower and baseapp log out without one). Safe:
    // another site cannot send a DELETE — not a method a form or a simple cross-origin request may use, and
    // this server answers no CORS preflight — and the cookie is SameSite=Lax besides. The most a forged
    // sign-out could do is sign someone out; it changes nothing else.
    const id = sessionIdFrom(req);
    const userId = id ? await endSession(app, hashSessionId(id)) : null;
    clearSessionCookie(app, req, reply);
    if (userId === null) fail(404, 'identity.session.not_found');
    await recordSessionActivity(app, req, userId, USER_ACTIVITY.logout.action, 'succeed');
    return reply.code(200).send({});
  });

  app.get('/identity/configs', async () => {
    const out: Record<string, unknown> = {
      session_expire_time: Math.floor(config.sessionIdleMs / 1000),
      captcha_type: config.captcha.type,
      captcha_id: config.captcha.type === 'none' ? null : (config.captcha.siteKey ?? null),
      // Codes go out as SMS through the configured transport (auth/customer/phones.ts); Barong's twilio_sms.
      phone_verification_type: 'twilio_sms',
      password_min_entropy: PASSWORD_MIN_ENTROPY,
      password_regexp: PASSWORD_REGEXP,
    };
    return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== null && v !== undefined));
  });

  app.get('/identity/ping', async () => ({ ping: 'pong' }));
  app.get('/identity/time', async () => ({ time: Math.floor(app.deps.now().getTime() / 1000) }));
}
