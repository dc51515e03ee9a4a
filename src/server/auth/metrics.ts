/**
 * Dashboard metrics on the auth service (openware-api.md A40, P-A40, P-A43):
 * - GET /admin/metrics/statistic: tiles for the last 24 h plus the series of a period or date range;
 * - GET /admin/metrics: Barong's own shape (per-date counts, the `sucessful_logins` key) for tools
 *   written against stock Barong;
 * - GET /public/graph/data: the statistic body without a session (a pass path; the console ignores
 *   its failures).
 * - GET /admin/metrics/service-logs (P-A33): the service-log graph, the same query over the
 *   service-log rollups; it needs `read ServiceLog`, like the service-log list.
 * Both other admin calls need `read User`, as in Barong.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fail } from '../plugins/errors.js';
import { requireAbility } from './require-ability.js';
import { barongMetrics, metricsStatistic } from '../db/queries/metrics.js';
import { serviceLogMetrics } from '../db/queries/service-log-metrics.js';
import { METRICS_ERRORS, parseInstant, parseMetricsQuery } from '../../shared/metrics.js';

export function metricsRoutes(app: FastifyInstance): void {
  const { db } = app.deps;

  const query = (req: FastifyRequest) => {
    const parsed = parseMetricsQuery((req.query ?? {}) as Record<string, unknown>);
    if (!parsed.ok) fail(422, ...parsed.errors);
    return parsed.value;
  };
  const statistic = (req: FastifyRequest) => metricsStatistic(db.kysely, query(req), app.deps.now());

  app.get('/admin/metrics/service-logs', async (req) => {
    await requireAbility(req, 'read', 'ServiceLog', 'barong');
    return serviceLogMetrics(db.kysely, query(req), app.deps.now());
  });

  app.get('/admin/metrics/statistic', async (req) => {
    await requireAbility(req, 'read', 'User', 'barong');
    return statistic(req);
  });

  app.get('/public/graph/data', statistic);

  app.get('/admin/metrics', async (req) => {
    await requireAbility(req, 'read', 'User', 'barong');
    const q = (req.query ?? {}) as Record<string, unknown>;
    // Barong's ActivityFilter reads from/to (epoch seconds); both are optional here.
    const from = q.from === undefined || q.from === '' ? null : parseInstant(q.from);
    const to = q.to === undefined || q.to === '' ? null : parseInstant(q.to, true);
    if (from === null && q.from !== undefined && q.from !== '') fail(422, METRICS_ERRORS.range);
    if (to === null && q.to !== undefined && q.to !== '') fail(422, METRICS_ERRORS.range);
    if (from !== null && to !== null && from >= to) fail(422, METRICS_ERRORS.range);
    return barongMetrics(db.kysely, from, to);
  });
}
