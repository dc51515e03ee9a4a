/**
 * GET /admin/service_logs (read ServiceLog), /admin/devices (read Device) and /admin/referrals
 * (read User): filtered, newest-first lists with keyset paging (see list-params.ts).
 */
import type { FastifyInstance } from 'fastify';
import { requireAbility } from '../require-ability.js';
import { listDevices, listReferrals, listServiceLogs } from '../../db/queries/logs.js';
import { serviceLogs } from '../../../shared/resources/service-logs.js';
import { devices } from '../../../shared/resources/devices.js';
import { referrals } from '../../../shared/resources/referrals.js';
import { parseListParams } from './list-params.js';
import { sendPage } from './reply.js';

export function listRoutes(app: FastifyInstance): void {
  const db = () => app.deps.db.kysely;

  app.get('/admin/service_logs', async (req, reply) => {
    await requireAbility(req, 'read', 'ServiceLog', 'barong');
    const p = parseListParams(serviceLogs, req.query);
    return sendPage(reply, p, await listServiceLogs(db(), { ...p.filters, from: p.from, to: p.to }, p));
  });

  app.get('/admin/devices', async (req, reply) => {
    await requireAbility(req, 'read', 'Device', 'barong');
    const p = parseListParams(devices, req.query);
    return sendPage(reply, p, await listDevices(db(), p.filters, p));
  });

  app.get('/admin/referrals', async (req, reply) => {
    await requireAbility(req, 'read', 'User', 'barong');
    const p = parseListParams(referrals, req.query);
    return sendPage(reply, p, await listReferrals(db(), p.filters, p));
  });
}
