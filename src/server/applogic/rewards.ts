/**
 * Rewards on the application-logic service (src/server/applogic/README.md, Reward history): `GET
 * /admin/rewards[/{id}]` are the engine's generic list and read (read Reward); `POST /admin/rewards/new {uid,
 * currency, amount, campaign, reason?}` (manage Reward) adds a pending campaign reward, once per
 * `Idempotency-Key`; `POST /admin/rewards/action {id, action: pay|cancel}` (manage Reward) pays (the ledger,
 * once) or cancels a pending one; `POST /admin/rewards/settle {from, to}` (manage Reward) makes the period's
 * pending referral rewards (money/reward-settlement.ts), creating nothing twice.
 */
import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import { rewards } from '../../shared/resources/rewards.js';
import { isCalendarDay } from '../../shared/calendar.js';
import { handlers } from '../resources/handlers.js';
import { requireAbility } from '../auth/require-ability.js';
import { bodyOf, caller } from '../auth/users/guards.js';
import { withAudit } from '../plugins/audit.js';
import { actOnReward, addCampaignReward, type RewardRefusal } from '../money/rewards.js';
import { settleRewards, type SettleRefusal } from '../money/reward-settlement.js';
import { auditedAction, fieldError, idOf } from '../money/action-route.js';
import { guardedCreate, wireRow, withMember } from '../money/guarded-create.js';

const P = rewards.errorPrefix;
const refuse = (field: string, c: string) => fieldError(P, field, c);

/** The field a refusal is about (every refusal not named here is an amount check). */
const fieldOf = (refusal: RewardRefusal) => (refusal === 'currency_doesnt_exist' ? 'currency' : refusal === 'missing_campaign' ? 'campaign' : 'amount');
const SETTLE_REFUSALS: Record<SettleRefusal, string> = {
  invalid_period: 'to', period_too_long: 'to', period_not_over: 'to', period_overlaps: 'from',
};

/** A UTC day as YYYY-MM-DD that is a real date, or the field's code. */
function dayOf(body: Record<string, unknown>, field: 'from' | 'to'): string {
  const v = body[field];
  if (v === undefined || v === null || v === '') throw refuse(field, `missing_${field}`);
  if (!isCalendarDay(v)) throw refuse(field, `invalid_${field}`);
  return v;
}

export function rewardRoutes(app: FastifyInstance): void {
  const db = () => app.deps.db.kysely;
  const h = handlers(rewards);
  const answer = wireRow(rewards);
  app.get(rewards.endpoints.list!.path, h.list as RouteHandlerMethod);
  app.get(rewards.endpoints.get!.path, h.get as RouteHandlerMethod);

  app.post(rewards.endpoints.create!.path, guardedCreate(app, {
    ability: ['manage', 'Reward'], prefix: P, topic: 'rewards', answer,
    check: withMember<{ uid: string; currency: string; amount: string; campaign: string; reason?: string | null }>(rewards, P),
    target: (v) => v.member.uid,
    write: (trx, v, c) => addCampaignReward(trx, { member: v.member, currency: v.currency, amount: v.amount, campaign: v.campaign, reason: v.reason, ...c }),
    refusal: fieldOf,
  }));

  app.post('/admin/rewards/action', async (req, reply) => {
    await requireAbility(req, 'manage', 'Reward', 'peatio');
    const body = bodyOf(req);
    const id = idOf(body.id, P);
    const action = body.action;
    if (action !== 'pay' && action !== 'cancel') throw refuse('action', 'invalid_action');
    await auditedAction(req, {
      topic: 'rewards', action, data: { id, action }, prefix: P,
      run: (trx) => actOnReward(trx, id, action, caller(req).id, app.deps.now()),
      codes: { invalid_state: `${P}.cannot_perform_${action}_action` },
      note: (done) => ({ uid: done.uid, state: { from: done.from, to: done.state } }),
    });
    return reply.status(201).send(await answer(db(), id));
  });

  app.post('/admin/rewards/settle', async (req, reply) => {
    await requireAbility(req, 'manage', 'Reward', 'peatio');
    const body = bodyOf(req);
    const from = dayOf(body, 'from'), to = dayOf(body, 'to');
    const creator = caller(req).id;
    const result = await withAudit(req, { topic: 'rewards', action: 'settle', data: { from, to } }, async (trx, note) => {
      const done = await settleRewards(trx, { from, to, creator, at: app.deps.now() });
      if (typeof done === 'string') throw refuse(SETTLE_REFUSALS[done], done);
      note({ ...done });
      return done;
    });
    return reply.status(201).send(result);
  });
}
