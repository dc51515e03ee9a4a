/**
 * The service-side ability check (Barong/Peatio `admin_authorize!`): a handler states the action and
 * subject it needs, and optionally the attributes it is about to write (per-field Currency/Blockchain
 * updates). Refusals are logged as 'denied' admin activities and answered with
 * admin.ability.not_permitted: 401 from the auth service, 403 from the exchange service (§1.5).
 */
import type { FastifyRequest } from 'fastify';
import { buildAbility, type AbilityAction, type AbilityService, type Subject } from '../../shared/abilities.js';
import { ApiError } from '../plugins/errors.js';
import { recordAdminActivity } from '../plugins/audit.js';
import { auditTopic } from '../plugins/authz.js';
import { normalisePath } from './paths.js';
import { abilitiesFor } from './abilities.js';

/** Built CASL abilities per allowed-roles list, role and service: the role tables are fixed, so once each. */
const built = new WeakMap<readonly string[], Map<string, ReturnType<typeof buildAbility>>>();

function abilityOf(role: string, service: AbilityService, allowedRoles: readonly string[]) {
  let byRole = built.get(allowedRoles);
  if (!byRole) built.set(allowedRoles, (byRole = new Map()));
  const key = `${service}:${role}`;
  let ability = byRole.get(key);
  if (!ability) {
    ability = buildAbility(service === 'barong' ? abilitiesFor(role, 'barong', allowedRoles) : null,
      service === 'peatio' ? abilitiesFor(role, 'peatio', allowedRoles) : null);
    byRole.set(key, ability);
  }
  return ability;
}

/**
 * One ability a handler asked for. `fieldsFromBody`: the attributes were chosen by the request's body
 * (a generic update, PUT /admin/users), not fixed by the route (POST /admin/users/role: always `role`).
 */
export interface AbilityCheck { action: AbilityAction; subject: Subject; service: AbilityService; fields?: readonly string[]; fieldsFromBody?: true }

/**
 * The attributes a write touches: a list the route always names, or `{ fromBody }` when the body
 * chooses which (the permission rows, which cannot see bodies, then open the route to a role holding
 * the action on any attribute of the subject: route-rows.ts).
 */
export type AbilityFields = readonly string[] | { fromBody: readonly string[] };

const watchers = new Set<(req: FastifyRequest, check: AbilityCheck) => void>();
/**
 * Calls `fn` with every ability a handler asks for, allowed or not (the role × route matrix of the
 * reliability suite learns from it what each route needs). Returns the unsubscribe.
 */
export function watchAbilityChecks(fn: (req: FastifyRequest, check: AbilityCheck) => void): () => void {
  watchers.add(fn);
  return () => { watchers.delete(fn); };
}

/** Whether a role holds `action` on `subject` (and on every one of `fields`, when given). */
export function roleCan(
  role: string, action: AbilityAction, subject: Subject, service: AbilityService,
  allowedRoles: readonly string[], fields?: readonly string[],
): boolean {
  const ability = abilityOf(role, service, allowedRoles);
  if (fields && fields.length > 0) return fields.every((f) => ability.can(action, subject, f));
  return ability.can(action, subject);
}

/**
 * Throws admin.ability.not_permitted (after logging the denial) unless the caller may do this.
 * Call it before withAudit, not inside: it writes through the app's connection (PGlite has only one).
 */
export async function requireAbility(
  req: FastifyRequest, action: AbilityAction, subject: Subject, service: AbilityService, named?: AbilityFields,
): Promise<void> {
  const fromBody = named !== undefined && 'fromBody' in named ? named.fromBody : undefined;
  const fields = fromBody ?? (named as readonly string[] | undefined);
  const check: AbilityCheck = { action, subject, service, ...(fields?.length ? { fields } : {}), ...(fromBody?.length ? { fieldsFromBody: true } : {}) };
  for (const w of watchers) w(req, check);
  const role = req.auth?.user.role;
  const allowed = req.server.deps.config.allowedRoles;
  if (role && roleCan(role, action, subject, service, allowed, fields)) return;
  const path = normalisePath(req.url) ?? req.url;
  await recordAdminActivity(req.server.deps.db.kysely, req, {
    topic: auditTopic(path, null), result: 'denied',
    data: { method: req.method, path, ability: { action, subject, ...(fields?.length ? { fields: [...fields] } : {}) } },
  });
  // Mark the request so the AUDIT-row hook does not add a second, 'failed' activity for the same refusal.
  req.audited = true;
  throw new ApiError(service === 'barong' ? 401 : 403, ['admin.ability.not_permitted']);
}
