/**
 * Barong's identity calls: sign-in (auth/sign-in.ts, both spellings), sign-out and the public auth
 * configs.
 */
import type { FastifyInstance } from 'fastify';
import { USER_ACTIVITY } from '../../shared/activities.js';
import { fail } from '../plugins/errors.js';
import { csrfHeader } from '../plugins/session.js';
import { clearSessionCookie, endSession, hashSessionId, sameSecret, sessionIdFrom } from './sessions.js';
import { recordSessionActivity, signInRoutes } from './sign-in.js';

export function identityRoutes(app: FastifyInstance): void {
  const { config } = app.deps;
  signInRoutes(app);

  app.delete('/identity/sessions', async (req, reply) => {
    // identity is a pass path, but a live session still demands its CSRF token: no forced logout.
    if (req.auth) {
      const csrf = csrfHeader(req);
      if (csrf === null) fail(401, 'authz.missing_csrf_token');
      if (!sameSecret(csrf, req.auth.csrfToken)) fail(401, 'authz.csrf_token_mismatch');
    }
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
    };
    return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== null && v !== undefined));
  });
}
