/**
 * GET /admin/users/documents/pending (A19), the profile tab of Pending applications. A static path:
 * find-my-way prefers it to the users-detail routes' /admin/users/:uid, whatever the order of
 * registration (tests/server/logs-pending.test.ts checks it). Needs read Profile (route map:
 * pending-applications → Profile/Document).
 */
import type { FastifyInstance } from 'fastify';
import { requireAbility } from '../require-ability.js';
import { listPendingApplications } from '../../db/queries/pending-applications.js';
import { pendingApplications } from '../../../shared/resources/pending-applications.js';
import { parseListParams } from './list-params.js';
import { sendPage } from './reply.js';

export function pendingRoutes(app: FastifyInstance): void {
  app.get('/admin/users/documents/pending', async (req, reply) => {
    await requireAbility(req, 'read', 'Profile', 'barong');
    const p = parseListParams(pendingApplications, req.query);
    const page = await listPendingApplications(app.deps.db.kysely, { ...p.filters, from: p.from, to: p.to }, p);
    return sendPage(reply, { ...p, cursor: null, beforeId: null }, page);
  });
}
