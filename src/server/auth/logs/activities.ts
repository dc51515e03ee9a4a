/**
 * GET /admin/activities (user activities), /admin/activities/user (the spec's `/admin/activities/{role}`
 * spelling of the same list) and /admin/activities/admin (admin activities). Barong checks `read Activity`
 * for both; here admin activities need `read AdminActivity` (see shared/abilities.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireAbility } from '../require-ability.js';
import { listActivities, type ActivityFilters } from '../../db/queries/activity-log.js';
import { adminActivities } from '../../../shared/resources/admin-activities.js';
import { userActivities } from '../../../shared/resources/user-activities.js';
import { parseListParams } from './list-params.js';
import { sendPage } from './reply.js';

export function activityRoutes(app: FastifyInstance): void {
  const list = (category: 'user' | 'admin') => async (req: FastifyRequest, reply: FastifyReply) => {
    await requireAbility(req, 'read', category === 'user' ? 'Activity' : 'AdminActivity', 'barong');
    const resource = category === 'user' ? userActivities : adminActivities;
    const p = parseListParams(resource, req.query, { codePrefix: 'admin.activity' });
    const filters: ActivityFilters = { ...(p.filters as ActivityFilters), from: p.from, to: p.to };
    return sendPage(reply, p, await listActivities(app.deps.db.kysely, category, filters, p));
  };
  app.get('/admin/activities', list('user'));
  app.get('/admin/activities/user', list('user'));
  app.get('/admin/activities/admin', list('admin'));
}
