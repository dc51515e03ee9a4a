/**
 * buildApp(deps): the whole HTTP surface, without listening. Tests call it and use inject();
 * main.ts calls it and listens. Every dependency with a side effect outside the process (clock,
 * captcha provider, database) comes in through deps so tests can replace it.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import { randomUUID } from 'node:crypto';
import type { Config } from './config.js';
import type { Database } from './db/index.js';
import { frameworkErrors, registerErrorHandling } from './plugins/errors.js';
import { registerInputGuards } from './plugins/input.js';
import { registerStatic } from './plugins/static.js';
import { runtimeConfigRoute } from './plugins/runtime-config.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerSession } from './plugins/session.js';
import { registerRequestScope, registerRouteShare } from './plugins/request-scope.js';
import { registerConnectionCaps } from './plugins/connections.js';
import { registerRestrictions } from './plugins/restrictions.js';
import { registerBarongRoutes } from './auth/routes.js';
import { registerAuthz } from './plugins/authz.js';
import { registerPeatioRoutes } from './exchange/routes.js';
import { registerApplogicRoutes } from './applogic/routes.js';
import { registerExportRoutes } from './resources/export.js';
import { registerRanger, registerWebSocket } from './realtime/routes.js';
import { createMessaging, type Messaging } from './messaging/index.js';

export interface AppDeps {
  config: Config;
  db: Database;
  /** The clock; tests pass a fake one to move through idle and absolute session expiry. */
  now?: () => Date;
  /** The fetch used to reach the captcha provider; tests point it at a loopback fake. */
  fetch?: typeof fetch;
  /** E-mail, SMS and push transports (server/messaging); by default built from config.messaging. */
  messaging?: Messaging;
  logger?: boolean | object;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Required<Omit<AppDeps, 'logger'>>;
    /** Every route registered (method, url): the all-routes fuzz test walks it. */
    routeList: { method: string; url: string }[];
  }
}

/** How often Node looks for requests past their headers or request timeout (its default, 30 s, would let them linger). */
const TIMEOUT_CHECK_MS = 1000;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const limits = deps.config.connections;
  const app = Fastify({
    logger: deps.logger ?? false,
    // Slow requests end (slowloris): headers and whole request within their limits; idle keep-alive sockets too.
    http: { headersTimeout: limits.headersTimeoutMs, connectionsCheckingInterval: TIMEOUT_CHECK_MS },
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    bodyLimit: deps.config.bodyLimit,
    trustProxy: deps.config.trustProxy,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    return503OnClosing: true,
    frameworkErrors,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  });
  // From here the database serves requests: bound its statements, transactions and queue (db/limits.ts).
  deps.db.setLimits(deps.config.database);
  app.decorate('deps', {
    now: () => new Date(), fetch: globalThis.fetch, ...deps,
    messaging: deps.messaging ?? createMessaging(deps.config.messaging, app.log),
  } as FastifyInstance['deps']);
  // Set as the request arrives (a synchronous hook: no promise per request); every answer carries it.
  app.addHook('onRequest', (req, reply, done) => { reply.header('x-request-id', req.id); done(); });
  // The rest of the request — every hook and the handler — in its database scope (plugins/request-scope.ts).
  registerRequestScope(app);
  const routeList: FastifyInstance['routeList'] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) if (method !== 'HEAD') routeList.push({ method, url: r.url });
  });
  registerErrorHandling(app);
  registerSecurityHeaders(app);
  registerInputGuards(app);
  await app.register(cookie);
  // Before the session gate: its hook marks an upgrade request first, so one the gate refuses has its
  // socket closed after the HTTP answer (realtime/routes.ts).
  await registerWebSocket(app);
  // Barong checks restrictions before the session (plugins/restrictions.ts).
  registerRestrictions(app);
  registerSession(app);
  // After the session gate: a socket carrying a staff session leaves the caps.
  registerConnectionCaps(app);
  // A reading request the session gate let through waits here for its route's share of the database.
  registerRouteShare(app);
  registerAuthz(app);

  runtimeConfigRoute(app);
  // Service route trees are registered here as they land (auth, exchange, applogic, realtime).
  await registerBarongRoutes(app);
  await registerPeatioRoutes(app);
  await registerApplogicRoutes(app);
  // The export of every list view walks the list routes above (resources/export.ts).
  registerExportRoutes(app);
  await registerRanger(app);
  await registerStatic(app);
  return app;
}
