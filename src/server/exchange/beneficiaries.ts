/** GET /admin/beneficiaries on the exchange service (Peatio: read Beneficiary, refusals are 403). */
import type { FastifyInstance } from 'fastify';
import { requireAbility } from '../auth/require-ability.js';
import { listBeneficiaries, type BeneficiaryFilters } from '../db/queries/beneficiaries.js';
import { beneficiaries } from '../../shared/resources/beneficiaries.js';
import { parseListParams } from '../auth/logs/list-params.js';
import { sendPage } from '../auth/logs/reply.js';

export function beneficiaryRoutes(app: FastifyInstance): void {
  app.get('/admin/beneficiaries', async (req, reply) => {
    await requireAbility(req, 'read', 'Beneficiary', 'peatio');
    const p = parseListParams(beneficiaries, req.query);
    return sendPage(reply, p, await listBeneficiaries(app.deps.db.kysely, p.filters as BeneficiaryFilters, p));
  });
}
