/**
 * Bonuses on the application-logic service: `GET /admin/bonuses[/{id}]` are the engine's generic list and
 * read (read Bonus); `POST /admin/bonuses/new {uid, currency, amount, reason, campaign?}` (manage Bonus)
 * gives one, once per `Idempotency-Key`, credited at once up to the currency's BONUS_REVIEW_AMOUNTS and
 * otherwise pending; `POST /admin/bonuses/action {id, action: approve|reject}` (manage Bonus) settles a
 * pending one — approved only by another staff member than its creator (money/bonuses.ts).
 */
import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import { bonuses } from '../../shared/resources/bonuses.js';
import { handlers } from '../resources/handlers.js';
import { requireAbility } from '../auth/require-ability.js';
import { bodyOf, caller } from '../auth/users/guards.js';
import { actOnBonus, giveBonus, type BonusRefusal } from '../money/bonuses.js';
import { auditedAction, fieldError, idOf } from '../money/action-route.js';
import { guardedCreate, wireRow, withMember } from '../money/guarded-create.js';

const P = bonuses.errorPrefix;

/** The field a refusal is about: the currency's, else the amount's (every other refusal is an amount check). */
const fieldOf = (refusal: BonusRefusal) => (refusal === 'currency_doesnt_exist' ? 'currency' : 'amount');

export function bonusRoutes(app: FastifyInstance): void {
  const db = () => app.deps.db.kysely;
  const h = handlers(bonuses);
  const answer = wireRow(bonuses);
  app.get(bonuses.endpoints.list!.path, h.list as RouteHandlerMethod);
  app.get(bonuses.endpoints.get!.path, h.get as RouteHandlerMethod);

  app.post(bonuses.endpoints.create!.path, guardedCreate(app, {
    ability: ['manage', 'Bonus'], prefix: P, topic: 'bonuses', answer,
    check: withMember<{ uid: string; currency: string; amount: string; reason: string; campaign?: string | null }>(bonuses, P),
    target: (v) => v.member.uid,
    write: (trx, v, c) => giveBonus(trx, {
      member: v.member, currency: v.currency, amount: v.amount, reason: v.reason, campaign: v.campaign, ...c, reviewAmounts: app.deps.config.bonusReviewAmounts,
    }),
    refusal: fieldOf,
  }));

  app.post('/admin/bonuses/action', async (req, reply) => {
    await requireAbility(req, 'manage', 'Bonus', 'peatio');
    const body = bodyOf(req);
    const id = idOf(body.id, P);
    const action = body.action;
    if (action !== 'approve' && action !== 'reject') throw fieldError(P, 'action', 'invalid_action');
    await auditedAction(req, {
      topic: 'bonuses', action, data: { id, action }, prefix: P,
      run: (trx) => actOnBonus(trx, id, action, caller(req).id, app.deps.now()),
      codes: { invalid_state: `${P}.cannot_perform_${action}_action` }, note: (done) => ({ state: { from: done.from, to: done.state } }),
    });
    return reply.status(201).send(await answer(db(), id));
  });
}
