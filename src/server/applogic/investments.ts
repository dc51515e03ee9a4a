/**
 * Investments on the application-logic service: `GET /admin/investments[/{id}]` are the engine's generic
 * list and read (read Investment); `POST /admin/investments/new {uid, presale_id, amount}` (manage
 * Investment) records a member's purchase and escrows the paid amount on the ledger (money/presales.ts),
 * once per `Idempotency-Key`: concurrent submits under one key make one investment and one posting.
 */
import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import { investments } from '../../shared/resources/investments.js';
import { handlers } from '../resources/handlers.js';
import { invest, type InvestRefusal } from '../money/presales.js';
import { guardedCreate, wireRow, withMember } from '../money/guarded-create.js';

const P = investments.errorPrefix;

/** The field each refusal is about, and the code (a presale's own state and cap are the presale's codes). */
const REFUSALS: Record<InvestRefusal, [field: string, code: string]> = {
  presale_doesnt_exist: ['presale_id', `${P}.presale_doesnt_exist`],
  not_running: ['presale_id', 'admin.presale.not_running'],
  hard_cap_reached: ['amount', 'admin.presale.hard_cap_reached'],
  amount_below_minimum: ['amount', `${P}.amount_below_minimum`],
  amount_above_maximum: ['amount', `${P}.amount_above_maximum`],
  amount_exceeds_precision: ['amount', `${P}.amount_exceeds_precision`],
  zero_tokens: ['amount', `${P}.zero_tokens`],
  insufficient_balance: ['amount', `${P}.insufficient_balance`],
  idempotency_key_reused: ['uid', `${P}.idempotency_key_reused`],
  non_positive_amount: ['amount', `${P}.non_positive_amount`],
  invalid_amount: ['amount', `${P}.invalid_amount`],
  amount_too_large: ['amount', `${P}.amount_too_large`],
};

export function investmentRoutes(app: FastifyInstance): void {
  const h = handlers(investments);
  app.get(investments.endpoints.list!.path, h.list as RouteHandlerMethod);
  app.get(investments.endpoints.get!.path, h.get as RouteHandlerMethod);

  app.post(investments.endpoints.create!.path, guardedCreate(app, {
    ability: ['manage', 'Investment'], prefix: P, topic: 'investments',
    answer: wireRow(investments),
    check: withMember<{ uid: string; presale_id: number; amount: string }>(investments, P),
    target: (v) => v.member.uid,
    write: (trx, v, c) => invest(trx, { presale: v.presale_id, member: v.member, amount: v.amount, ...c }),
    refusal: (r: InvestRefusal) => REFUSALS[r],
  }));
}
