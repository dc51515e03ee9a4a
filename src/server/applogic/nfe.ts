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
import { handlers } from '../resources/handlers.js';
import { ApiError } from '../plugins/errors.js';
import { recordNfe, type NfeKind, type NfeRefusal } from '../money/nfe.js';
import { guardedCreate, wireRow, validated } from '../money/guarded-create.js';

const P = nfeTransactions.errorPrefix;

/** The field each refusal is about and its code (a burned item is the token's own code). */
const FIELD: Record<NfeRefusal, string> = {
  token_doesnt_exist: 'token_id', not_nfe: 'token_id', burned: 'token_id', not_holder: 'from_uid', missing_from_uid: 'from_uid',
  missing_to_uid: 'to_uid', to_uid_equals_from_uid: 'to_uid', to_uid_doesnt_exist: 'to_uid', missing_price: 'price', zero_price: 'price',
  missing_price_currency: 'price_currency', price_currency_doesnt_exist: 'price_currency', price_exceeds_precision: 'price',
  price_below_min_transfer: 'price', insufficient_balance: 'price', idempotency_key_reused: 'token_id',
};
type NfeBody = { token_id: number; kind: string; from_uid?: string | null; to_uid?: string | null; price?: string | null; price_currency?: string | null; txid?: string | null };
const codeOf = (r: NfeRefusal) => (r === 'burned' ? 'admin.token.burned' : `${P}.${r}`);

export function nfeRoutes(app: FastifyInstance): void {
  const h = handlers(nfeTransactions);
  app.get(nfeTransactions.endpoints.list!.path, h.list as RouteHandlerMethod);
  app.get(nfeTransactions.endpoints.get!.path, h.get as RouteHandlerMethod);

  app.post(nfeTransactions.endpoints.create!.path, guardedCreate(app, {
    ability: ['manage', 'Token'], prefix: P, topic: 'nfe_transactions',
    answer: wireRow(nfeTransactions),
    check: (_db, body) => {
      const v = validated<NfeBody>(nfeTransactions, body);
      if (v.kind === 'mint') throw new ApiError(422, [`${P}.cannot_record_mint`], { kind: [`${P}.cannot_record_mint`] });
      return v;
    },
    auditData: (v) => ({ token_id: v.token_id, kind: v.kind }),
    write: (trx, v, c) => recordNfe(trx, { ...v, token: v.token_id, kind: v.kind as NfeKind, ...c }),
    refusal: (r: NfeRefusal) => [FIELD[r], codeOf(r)],
  }));
}
