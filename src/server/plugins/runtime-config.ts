/**
 * The SPA's runtime config, read at start-up like Tower's env.js: one build works against any
 * deployment. Served both as JSON and as a script that sets window.__STEWARD_CONFIG__.
 */
import type { FastifyInstance } from 'fastify';
import type { RuntimeConfig } from '../../shared/runtime-config.js';

export function runtimeConfigRoute(app: FastifyInstance): void {
  const build = (): RuntimeConfig => {
    const c = app.deps.config;
    return {
      authUrl: '/api/v2/barong',
      exchangeUrl: '/api/v2/peatio',
      applogicUrl: '/api/v2/applogic',
      rangerUrl: '/api/v2/ranger',
      captchaType: c.captcha.type,
      captchaSiteKey: c.captcha.siteKey ?? null,
      title: c.appTitle,
      defaultCurrency: c.defaultCurrency,
      allowedRoles: c.allowedRoles,
      externalRedirectUrl: c.externalRedirectUrl,
      minutesUntilAutoLogout: Math.round(c.sessionIdleMs / 60_000),
      minutesBeforeWarningMessage: 1,
      finex: false,
      aml: false,
    };
  };
  app.get('/config.json', async (_req, reply) => reply.header('cache-control', 'no-store').send(build()));
  app.get('/config.js', async (_req, reply) =>
    reply.header('cache-control', 'no-store').type('application/javascript')
      .send(`window.__STEWARD_CONFIG__ = ${JSON.stringify(build()).replace(/</g, '\\u003c')};\n`));
}
