/**
 * Saved views (issue 17 item 2), the console's own data on the auth service's admin tree:
 * - GET /admin/views: the caller's views and those shared with the caller's role, each trimmed to the
 *   caller's abilities (filters, sort and columns on fields the caller may not read are dropped); a view
 *   of a list the caller may not read is left out.
 * - POST /admin/views {name, list, query}: saves a view, the query checked against the list's declared
 *   filters, sort columns, page sizes and columns (shared/saved-views.ts). Only a list the caller reads.
 * - PUT /admin/views {id, name?, role?}: rename, share with a staff role, or unshare (`role: null`).
 * - DELETE /admin/views {id}.
 * Only the owner renames, shares or deletes (403 admin.view.not_owner; a view the caller cannot see at all
 * is 404). Every write leaves an admin activity (topic `views`) in its own transaction. Any staff role may
 * keep views: the routes need no ability beyond reading the list a view is of.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { serviceOf, type Subject } from '../../shared/abilities.js';
import { RESOURCES, type Resource } from '../../shared/resources/index.js';
import { idStruct } from '../../shared/resources/field-structs.js';
import { checkViewName, checkViewQuery, viewForViewer, VIEWS_PER_OWNER, type SavedView, type ViewQuery } from '../../shared/saved-views.js';
import { withAudit } from '../plugins/audit.js';
import { ApiError, fail } from '../plugins/errors.js';
import { roleCan } from './require-ability.js';
import { bodyOf, caller, inputOf, isUniqueViolation } from './users/guards.js';
import * as q from '../db/queries/saved-views.js';

const LISTS = new Map(RESOURCES.filter((r) => r.endpoints.list).map((r) => [r.name, r]));
const ID = idStruct();

const refuse = (status: number, code: string, field?: string): never => {
  throw new ApiError(status, [code], field ? { [field]: [code] } : undefined);
};

/** Whether the role may read the list, and each of its fields. */
function readerOf(role: string, r: Resource, allowed: readonly string[]) {
  const subject = r.subject as Subject;
  const service = serviceOf(subject);
  return {
    list: roleCan(role, r.abilityFor.list, subject, service, allowed),
    field: (f: string) => roleCan(role, r.abilityFor.list, subject, service, allowed, [f]),
  };
}

function viewId(raw: unknown): number {
  const [err, id] = ID.validate(raw, { coerce: true });
  return err ? refuse(422, 'admin.view.invalid_id', 'id') : id;
}

export function viewRoutes(app: FastifyInstance): void {
  const db = () => app.deps.db.kysely;
  const allowed = () => app.deps.config.allowedRoles;

  /** The row as the caller sees it, or null when its list is closed to the caller. */
  const shown = (req: FastifyRequest, row: q.ViewRow): SavedView | null => {
    const by = caller(req);
    const r = LISTS.get(row.list);
    if (!r) return null;
    const can = readerOf(by.role, r, allowed());
    if (!can.list) return null;
    const stored = checkViewQuery(r, typeof row.query === 'string' ? JSON.parse(row.query) : row.query);
    if (!stored.ok) return null;
    return {
      id: Number(row.id), name: row.name, list: row.list, query: viewForViewer(r, stored.value, can.field), owner_uid: row.owner_uid,
      role: row.role, mine: Number(row.owner_id) === by.id, created_at: new Date(row.created_at).toISOString(), updated_at: new Date(row.updated_at).toISOString(),
    };
  };

  /** The caller's own view, locked; 404 when the caller cannot see it, 403 when it is someone else's. */
  const ownView = async (req: FastifyRequest, trx: Parameters<typeof q.lockView>[0], id: number) => {
    const by = caller(req);
    const row = await q.lockView(trx, id);
    if (!row || (Number(row.owner_id) !== by.id && row.role !== by.role)) return refuse(404, 'admin.view.doesnt_exist');
    if (Number(row.owner_id) !== by.id) return refuse(403, 'admin.view.not_owner');
    return row;
  };

  app.get('/views', async (req) => {
    const by = caller(req);
    const rows = await q.visibleViews(db(), by.id, by.role);
    return rows.map((row) => shown(req, row)).filter((v): v is SavedView => v !== null);
  });

  app.post('/views', async (req, reply) => {
    const by = caller(req);
    const body = bodyOf(req);
    const name = checkViewName(body.name);
    if (!name.ok) return refuse(422, name.code, 'name');
    const r = typeof body.list === 'string' ? LISTS.get(body.list) : undefined;
    // A list the caller may not read cannot be saved either: nothing about it may be learned here.
    if (!r || !readerOf(by.role, r, allowed()).list) return refuse(422, 'admin.view.invalid_list', 'list');
    const query = checkViewQuery(r, body.query);
    if (!query.ok) return refuse(422, query.code, 'query');
    const saved = await withAudit(req, { topic: 'views', action: 'create', data: { name: name.value, list: r.name, query: query.value } }, async (trx) => {
      if (await q.countOwned(trx, by.id) >= VIEWS_PER_OWNER) refuse(422, 'admin.view.too_many');
      if (await q.nameTaken(trx, by.id, name.value)) refuse(422, 'admin.view.name_taken', 'name');
      try {
        return await q.insertView(trx, { ownerId: by.id, ownerUid: by.uid, name: name.value, list: r.name, query: query.value satisfies ViewQuery }, app.deps.now());
      } catch (err) {
        // Two saves of one name at once: the unique index decides, the second is told so.
        return isUniqueViolation(err) ? refuse(422, 'admin.view.name_taken', 'name') : Promise.reject(err);
      }
    });
    return reply.status(201).send(shown(req, saved));
  });

  app.put('/views', async (req) => {
    const body = bodyOf(req);
    const id = viewId(body.id);
    const patch: { name?: string; role?: string | null } = {};
    if (body.name !== undefined) {
      const name = checkViewName(body.name);
      if (!name.ok) return refuse(422, name.code, 'name');
      patch.name = name.value;
    }
    if (body.role !== undefined) {
      if (body.role !== null && (typeof body.role !== 'string' || !allowed().includes(body.role))) return refuse(422, 'admin.view.invalid_role', 'role');
      patch.role = body.role;
    }
    if (Object.keys(patch).length === 0) return refuse(422, 'admin.view.nothing_to_change');
    const action = patch.name !== undefined && patch.role === undefined ? 'rename' : patch.name === undefined ? 'share' : 'update';
    const saved = await withAudit(req, { topic: 'views', action, data: { id, ...patch } }, async (trx, note) => {
      const row = await ownView(req, trx, id);
      note({ before: { name: row.name, role: row.role }, list: row.list });
      if (patch.name !== undefined && await q.nameTaken(trx, row.owner_id, patch.name, id)) refuse(422, 'admin.view.name_taken', 'name');
      try {
        return await q.updateView(trx, id, patch, app.deps.now());
      } catch (err) {
        return isUniqueViolation(err) ? refuse(422, 'admin.view.name_taken', 'name') : Promise.reject(err);
      }
    });
    return shown(req, saved) ?? fail(404, 'admin.view.doesnt_exist');
  });

  app.delete('/views', async (req) => {
    const id = viewId(inputOf(req).id);
    await withAudit(req, { topic: 'views', action: 'delete', data: { id } }, async (trx, note) => {
      const row = await ownView(req, trx, id);
      note({ name: row.name, list: row.list, role: row.role });
      await q.deleteView(trx, id);
    });
    return { id };
  });
}
