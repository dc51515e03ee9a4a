/**
 * NFE transactions and holders on the application-logic service. `GET /admin/nfe_transactions[/{id}]`
 * and `GET /admin/nfe_holders[/{id}]` are the engine's generic list and read (read Token);
 * `POST /admin/nfe_transactions/new {token_id, kind: transfer|sale|burn, from_uid, to_uid?, price?,
 * price_currency?, txid?}` (manage Token) records one and moves the item (money/nfe.ts), once per
 * `Idempotency-Key`: concurrent submits under one key make one transaction and one posting. A mint is
 * not recorded here: it is the item's first holder, given on the token's form or by the Upload.
 */
import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import { nfeTransactions } from '../../shared/resources/nfe-transactions.js';
import { validateCreate } from '../../shared/resources/structs.js';
import { getRow } from '../db/queries/resources.js';
import { handlers } from '../resources/handlers.js';
import { toWire } from '../resources/wire.js';
import { requireAbility } from '../auth/require-ability.js';
import { bodyOf, caller } from '../auth/users/guards.js';
import { withAudit } from '../plugins/audit.js';
import { idempotencyKey } from '../plugins/idempotency.js';
import { ApiError } from '../plugins/errors.js';
import { recordNfe, type NfeKind, type NfeRefusal } from '../money/nfe.js';

const P = nfeTransactions.errorPrefix;

/** The field each refusal is about and its code (a burned item is the token's own code). */
const FIELD: Record<NfeRefusal, string> = {
  token_doesnt_exist: 'token_id', not_nfe: 'token_id', burned: 'token_id', not_holder: 'from_uid', missing_from_uid: 'from_uid',
  missing_to_uid: 'to_uid', to_uid_equals_from_uid: 'to_uid', to_uid_doesnt_exist: 'to_uid', missing_price: 'price', zero_price: 'price',
  missing_price_currency: 'price_currency', price_currency_doesnt_exist: 'price_currency', price_exceeds_precision: 'price',
  price_below_min_transfer: 'price', insufficient_balance: 'price', idempotency_key_reused: 'token_id',
};
const codeOf = (r: NfeRefusal) => (r === 'burned' ? 'admin.token.burned' : `${P}.${r}`);

export function nfeRoutes(app: FastifyInstance): void {
  const db = () => app.deps.db.kysely;
  const h = handlers(nfeTransactions);
  app.get(nfeTransactions.endpoints.list!.path, h.list as RouteHandlerMethod);
  app.get(nfeTransactions.endpoints.get!.path, h.get as RouteHandlerMethod);

  app.post(nfeTransactions.endpoints.create!.path, async (req, reply) => {
    await requireAbility(req, 'manage', 'Token', 'peatio');
    const key = idempotencyKey(req, P);
    const checked = validateCreate(nfeTransactions, bodyOf(req));
    if (!checked.ok) throw new ApiError(422, checked.errors, checked.fields);
    const v = checked.value as { token_id: number; kind: string; from_uid?: string | null; to_uid?: string | null; price?: string | null; price_currency?: string | null; txid?: string | null };
    if (v.kind === 'mint') throw new ApiError(422, [`${P}.cannot_record_mint`], { kind: [`${P}.cannot_record_mint`] });
    const creator = caller(req).id;
    const id = await withAudit(req, { topic: 'nfe_transactions', action: 'create', data: { token_id: v.token_id, kind: v.kind } }, async (trx, note) => {
      const made = await recordNfe(trx, { ...v, token: v.token_id, kind: v.kind as NfeKind, creator, key, at: app.deps.now() });
      if (typeof made === 'string') throw new ApiError(422, [codeOf(made)], { [FIELD[made]]: [codeOf(made)] });
      note(made);
      return made.id;
    });
    return reply.status(201).send(toWire(nfeTransactions, (await getRow(db(), nfeTransactions, id))!));
  });
}
