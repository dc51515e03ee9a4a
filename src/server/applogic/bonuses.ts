/**
 * Bonuses on the application-logic service: `GET /admin/bonuses[/{id}]` are the engine's generic list and
 * read (read Bonus); `POST /admin/bonuses/new {uid, currency, amount, reason, campaign?}` (manage Bonus)
 * gives one, once per `Idempotency-Key`, credited at once up to the currency's BONUS_REVIEW_AMOUNTS and
 * otherwise pending; `POST /admin/bonuses/action {id, action: approve|reject}` (manage Bonus) settles a
 * pending one — approved only by another staff member than its creator (money/bonuses.ts).
 */
import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import { bonuses } from '../../shared/resources/bonuses.js';
import { validateCreate } from '../../shared/resources/structs.js';
import { idStruct } from '../../shared/resources/field-structs.js';
import { getRow } from '../db/queries/resources.js';
import { handlers } from '../resources/handlers.js';
import { toWire } from '../resources/wire.js';
import { requireAbility } from '../auth/require-ability.js';
import { bodyOf, caller } from '../auth/users/guards.js';
import { withAudit } from '../plugins/audit.js';
import { idempotencyKey } from '../plugins/idempotency.js';
import { ApiError, fail } from '../plugins/errors.js';
import { actOnBonus, giveBonus, type BonusAction, type BonusRefusal } from '../money/bonuses.js';
import { memberByUid } from '../db/queries/activity-log.js';

const P = bonuses.errorPrefix;
const ID = idStruct();
const refuse = (field: string, c: string) => new ApiError(422, [`${P}.${c}`], { [field]: [`${P}.${c}`] });

/** The field a refusal is about: the currency's, else the amount's (every other refusal is an amount check). */
const fieldOf = (refusal: BonusRefusal) => (refusal === 'currency_doesnt_exist' ? 'currency' : 'amount');

export function bonusRoutes(app: FastifyInstance): void {
  const db = () => app.deps.db.kysely;
  const h = handlers(bonuses);
  app.get(bonuses.endpoints.list!.path, h.list as RouteHandlerMethod);
  app.get(bonuses.endpoints.get!.path, h.get as RouteHandlerMethod);

  app.post(bonuses.endpoints.create!.path, async (req, reply) => {
    await requireAbility(req, 'manage', 'Bonus', 'peatio');
    const key = idempotencyKey(req, P);
    const checked = validateCreate(bonuses, bodyOf(req));
    if (!checked.ok) throw new ApiError(422, checked.errors, checked.fields);
    const v = checked.value as { uid: string; currency: string; amount: string; reason: string; campaign?: string | null };
    const member = await memberByUid(db(), v.uid);
    if (!member) throw refuse('uid', 'member_doesnt_exist');
    const creator = caller(req).id;
    const id = await withAudit(req, { topic: 'bonuses', action: 'create', targetUid: member.uid }, async (trx, note) => {
      const made = await giveBonus(trx, {
        member, currency: v.currency, amount: v.amount, reason: v.reason, campaign: v.campaign,
        creator, key, at: app.deps.now(), reviewAmounts: app.deps.config.bonusReviewAmounts,
      });
      if (typeof made === 'string') throw refuse(fieldOf(made), made);
      note(made);
      return made.id;
    });
    return reply.status(201).send(toWire(bonuses, (await getRow(db(), bonuses, id))!));
  });

  app.post('/admin/bonuses/action', async (req, reply) => {
    await requireAbility(req, 'manage', 'Bonus', 'peatio');
    const body = bodyOf(req);
    const [err, id] = ID.validate(body.id, { coerce: true });
    if (err) throw refuse('id', body.id === undefined ? 'missing_id' : 'invalid_id');
    const action = body.action;
    if (action !== 'approve' && action !== 'reject') throw refuse('action', 'invalid_action');
    const me = caller(req).id;
    await withAudit(req, { topic: 'bonuses', action, data: { id, action } }, async (trx, note) => {
      const done = await actOnBonus(trx, id, action as BonusAction, me, app.deps.now());
      if (done === 'not_found') fail(404, `${P}.doesnt_exist`);
      if (done === 'invalid_state') fail(422, `${P}.cannot_perform_${action}_action`);
      if (done === 'creator_cannot_approve') fail(422, `${P}.creator_cannot_approve`);
      note({ state: { from: done.from, to: done.state } });
    });
    return reply.status(201).send(toWire(bonuses, (await getRow(db(), bonuses, id))!));
  });
}
