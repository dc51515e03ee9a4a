/**
 * Routes for every registry resource a service serves generically. The service's route tree calls
 * registerResourceRoutes inside its prefixed plugin (`/api/v2/barong`, `/api/v2/peatio`, ...), so the
 * definitions' paths stay relative to the service root, as the wire dialect spells them.
 */
import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import type { Operation, Resource, Service } from '../../shared/resources/define.js';
import { resourcesOf } from '../../shared/resources/index.js';
import { handlers } from './handlers.js';

const OPERATIONS: readonly Operation[] = ['list', 'get', 'create', 'update', 'delete'];

/** Registers one resource's declared operations. */
export function registerResource(app: FastifyInstance, r: Resource): void {
  const h = handlers(r);
  for (const [segment, field] of Object.entries(r.api.choices ?? {})) app.get(`${r.api.path}/${segment}`, h.choices(field));
  for (const op of OPERATIONS) {
    const e = r.endpoints[op];
    if (e) app.route({ method: e.method, url: e.path, handler: h[op] as RouteHandlerMethod });
  }
  // An action with a `body` ({id, action}) is a state machine's call: its route is hand-written.
  for (const a of r.actions ?? []) {
    if (a.endpoint && !a.body) app.route({ method: a.endpoint.method, url: a.endpoint.path, handler: h.action(a) as RouteHandlerMethod });
  }
}

/** Registers every generic resource of `service`; bespoke ones (server: 'bespoke') have their own routes. */
export function registerResourceRoutes(app: FastifyInstance, service: Service): void {
  for (const r of resourcesOf(service)) if (r.server === 'generic') registerResource(app, r);
}
