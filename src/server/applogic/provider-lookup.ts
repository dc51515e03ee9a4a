/**
 * A provider transaction by its reference, whichever provider it came from (the palette's "paste a
 * Stripe / Banxa / Simplex id → jump", issue 16 item 6): `GET /admin/provider_transactions/find?reference=`
 * (read PaymentTransaction) answers `[{provider, id, uid, state}]`, the rows holding exactly that
 * reference (unique per provider, so at most one each), an empty list when none does.
 */
import type { FastifyInstance } from 'fastify';
import { PROVIDERS } from '../../shared/resources/provider-transactions.js';
import { requireAbility } from '../auth/require-ability.js';
import { ApiError } from '../plugins/errors.js';

const P = 'admin.provider_transaction';
/** A provider's reference as the webhooks take it (providers.ts): 1–128 visible ASCII characters. */
const REFERENCE = /^[\x21-\x7e]{1,128}$/;

export function providerLookupRoutes(app: FastifyInstance): void {
  app.get('/admin/provider_transactions/find', async (req) => {
    await requireAbility(req, 'read', 'PaymentTransaction', 'peatio');
    const raw = (req.query as Record<string, unknown> | undefined)?.reference;
    if (raw === undefined || raw === '') throw new ApiError(422, [`${P}.missing_reference`], { reference: [`${P}.missing_reference`] });
    const reference = typeof raw === 'string' ? raw.trim() : '';
    if (!REFERENCE.test(reference)) throw new ApiError(422, [`${P}.invalid_reference`], { reference: [`${P}.invalid_reference`] });
    const rows = await app.deps.db.kysely.selectFrom('provider_transactions').select(['provider', 'id', 'uid', 'state'])
      .where('reference', '=', reference).where('provider', 'in', [...PROVIDERS]).orderBy('provider').execute();
    return rows.map((r) => ({ provider: r.provider, id: Number(r.id), uid: r.uid, state: r.state }));
  });
}
