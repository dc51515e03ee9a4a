/**
 * Barong admin permissions API (openware-api.md §2.1 A20–A23), mounted under /api/v2/barong/admin.
 * Unlike stock Barong, writes answer with the row itself (any 2xx is success to clients), PUT runs the
 * same verb/action validation as POST, and a role the spec knows may get its first row through the API.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { nullable, optional, refine, string, type, type Infer } from 'superstruct';
import { addFieldError, check, nonBlank } from '../../shared/validation.js';
import { LIMITS } from '../../shared/list-query.js';
import { idStruct } from '../../shared/resources/field-structs.js';
import { ApiError, fail } from '../plugins/errors.js';
import { isUniqueViolation } from './users/guards.js';
import { withAudit } from '../plugins/audit.js';
import { clearPermissionCache } from '../plugins/authz.js';
import { requireAbility } from './require-ability.js';
import { KNOWN_ROLES } from './permissions-seed.js';
import { guardManagers, guardSuperadminRows, lockPermissions } from './permission-guard.js';
import { abilityRoutes } from './abilities.js';
import * as q from '../db/queries/permissions.js';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

export const PERMISSION_VERBS = ['get', 'post', 'delete', 'put', 'head', 'patch', 'all'] as const;
export const PERMISSION_ACTIONS = ['accept', 'drop', 'audit'] as const;

const bounded = (max: number) => refine(nonBlank(), 'max_length', (v) => v.length <= max);
/** A row id, by the id struct's one rule (query strings carry it as digits). */
const id = idStruct;

export const PermissionCreate = type({
  role: bounded(64),
  verb: bounded(16),
  path: bounded(255),
  action: bounded(16),
  topic: optional(nullable(string())),
});
export const PermissionUpdate = type({
  id: id(),
  role: optional(bounded(64)),
  verb: optional(bounded(16)),
  path: optional(bounded(255)),
  action: optional(bounded(16)),
  topic: optional(nullable(string())),
});
const PermissionId = type({ id: id() });

const PREFIX = 'admin.permission';

function validated<T>(result: ReturnType<typeof check<T, unknown>>): T {
  if (!result.ok) throw new ApiError(422, result.errors, result.fields);
  return result.value;
}

/** Verb/action enums (any case, stored upper-case), topic length and the role rule; returns the stored values. */
async function normalise(
  db: Kysely<DB>, v: Partial<Infer<typeof PermissionCreate>>,
): Promise<Partial<q.PermissionValues>> {
  const errors: string[] = [];
  const fields: Record<string, string[]> = {};
  const bad = (field: string, code: string) => { errors.push(code); addFieldError(fields, field, code); };
  if (v.verb !== undefined && !(PERMISSION_VERBS as readonly string[]).includes(v.verb.toLowerCase())) bad('verb', 'admin.permissions.invalid_verb');
  if (v.action !== undefined && !(PERMISSION_ACTIONS as readonly string[]).includes(v.action.toLowerCase())) bad('action', 'admin.permissions.invalid_action');
  if (v.topic && v.topic.length > 64) bad('topic', `${PREFIX}.invalid_topic`);
  if (errors.length) throw new ApiError(422, errors, fields);
  if (v.role !== undefined && !KNOWN_ROLES.includes(v.role) && !(await q.roleHasPermissions(db, v.role))) {
    throw new ApiError(422, [`${PREFIX}.role_doesnt_exist`], { role: [`${PREFIX}.role_doesnt_exist`] });
  }
  const out: Partial<q.PermissionValues> = {};
  if (v.role !== undefined) out.role = v.role.trim();
  if (v.verb !== undefined) out.verb = v.verb.toUpperCase();
  if (v.action !== undefined) out.action = v.action.toUpperCase();
  // Rows match request paths without their leading slash; a pasted '/api/v2/...' would never match.
  if (v.path !== undefined) out.path = v.path.trim().replace(/^\/+/, '');
  if (v.topic !== undefined) out.topic = v.topic?.trim() || null;
  return out;
}

/** Barong-style paging: page ≥ 1, limit 1..100 (default 100), ordering asc|desc (default asc). */
function paging(query: Record<string, unknown>): { page: number; limit: number; ordering: 'asc' | 'desc' } {
  const int = (raw: unknown, dflt: number, nonInt: string, invalid: string, ok: (n: number) => boolean) => {
    if (raw === undefined || raw === '') return dflt;
    if (typeof raw !== 'string' || !/^-?\d{1,9}$/.test(raw)) fail(422, nonInt);
    const n = Number(raw);
    if (!ok(n)) fail(422, invalid);
    return n;
  };
  const page = int(query.page, 1, 'admin.pagination.non_integer_page', 'admin.pagination.non_positive_page', (n) => n >= 1);
  const { max, default: dflt } = LIMITS.barong;
  const limit = int(query.limit, dflt, 'admin.pagination.non_integer_limit', 'admin.pagination.invalid_limit', (n) => n >= 1 && n <= max);
  const ordering = query.ordering ?? 'asc';
  if (ordering !== 'asc' && ordering !== 'desc') fail(422, 'admin.pagination.invalid_ordering');
  return { page, limit, ordering };
}

/** The unique row key (migration 0009) refused an identical row: the caller's 422, not a 500. */
function duplicate(err: unknown): never {
  if (isUniqueViolation(err)) throw new ApiError(422, [`${PREFIX}.already_exists`]);
  throw err;
}

const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
const input = (req: FastifyRequest) => ({ ...(req.query as object), ...(req.body && typeof req.body === 'object' ? req.body : {}) });

export async function permissionRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.deps.db.kysely;

  app.get('/permissions', async (req, reply) => {
    await requireAbility(req, 'read', 'Permission', 'barong');
    const query = req.query as Record<string, unknown>;
    const p = paging(query);
    const { rows, total } = await q.listPermissions(db(), {
      ...p, role: str(query.role), verb: str(query.verb), action: str(query.action), path: str(query.path), topic: str(query.topic),
    });
    reply.header('Total', String(total)).header('Page', String(p.page)).header('Per-Page', String(p.limit));
    return rows;
  });

  app.post('/permissions', async (req) => {
    await requireAbility(req, 'create', 'Permission', 'barong');
    const v = validated(check(PermissionCreate, req.body ?? {}, PREFIX));
    const values = (await normalise(db(), v)) as q.PermissionValues;
    values.topic ??= null;
    const row = await withAudit(req, { topic: 'permissions' }, async (trx) => {
      guardSuperadminRows(req, [values.role]);
      await lockPermissions(trx);
      const inserted = await q.insertPermission(trx, values, app.deps.now());
      await guardManagers(req, trx);
      return inserted;
    }).catch(duplicate);
    clearPermissionCache(app);
    return row;
  });

  app.put('/permissions', async (req) => {
    await requireAbility(req, 'update', 'Permission', 'barong');
    const { id: rowId, ...rest } = validated(check(PermissionUpdate, req.body ?? {}, PREFIX));
    const values = await normalise(db(), rest);
    const row = await withAudit(req, { topic: 'permissions' }, async (trx) => {
      await lockPermissions(trx);
      const stored = (await q.findPermission(trx, rowId)) ?? fail(404, `${PREFIX}.doesnt_exist`);
      guardSuperadminRows(req, [stored.role, values.role]);
      const updated = (await q.updatePermission(trx, rowId, values, app.deps.now()))!;
      await guardManagers(req, trx);
      return updated;
    }).catch(duplicate);
    clearPermissionCache(app);
    return row;
  });

  app.delete('/permissions', async (req) => {
    await requireAbility(req, 'delete', 'Permission', 'barong');
    const { id: rowId } = validated(check(PermissionId, input(req), PREFIX));
    const row = await withAudit(req, { topic: 'permissions', data: { id: rowId } }, async (trx) => {
      await lockPermissions(trx);
      const stored = (await q.findPermission(trx, rowId)) ?? fail(404, `${PREFIX}.doesnt_exist`);
      guardSuperadminRows(req, [stored.role]);
      await q.deletePermission(trx, rowId);
      await guardManagers(req, trx);
      return stored;
    });
    clearPermissionCache(app);
    return row;
  });
}

/** The access-control part of the Barong admin tree: abilities and permissions (mounted at /admin). */
export async function accessAdminRoutes(app: FastifyInstance): Promise<void> {
  await app.register(abilityRoutes('barong'));
  await permissionRoutes(app);
}
