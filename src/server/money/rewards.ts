/**
 * Rewards on the ledger (src/server/applogic/README.md, Reward history): a campaign reward added by staff
 * (pending, once per Idempotency-Key), and the two staff actions on a pending reward — Pay, which posts the
 * platform's expense 40x and the member's balance 20x once (reference Reward), and Cancel. Both act under the
 * reward's row lock with the state in the UPDATE's condition, so concurrent payers post once. Referral rewards
 * are made by the settlement (reward-settlement.ts). The API and the demo seed run these.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { amountRefusal, type AmountRefusal } from '../../shared/decimal.js';
import { insertOnce, requestHash } from '../plugins/idempotency.js';
import { payFromExpense } from './bonuses.js';

export type RewardRefusal = 'currency_doesnt_exist' | AmountRefusal | 'missing_campaign';

export interface CampaignRewardInput {
  member: { id: number; uid: string };
  currency: string;
  amount: string;
  campaign: string;
  reason?: string | null;
  creator: number;
  key?: string;
  at: Date;
}

/** Records a pending campaign reward; answers its id (`replayed` when the key had made it already) or why not. */
export async function addCampaignReward(trx: Kysely<DB>, r: CampaignRewardInput): Promise<{ id: number; replayed: boolean } | RewardRefusal> {
  const currency = await trx.selectFrom('currencies').select(['code', 'precision']).where('code', '=', r.currency.toLowerCase()).executeTakeFirst();
  if (!currency) return 'currency_doesnt_exist';
  const amount = amountRefusal(r.amount, currency.precision);
  if (amount) return amount;
  const campaign = r.campaign.trim();
  if (!campaign) return 'missing_campaign';
  const reason = r.reason?.trim() ? r.reason.trim() : null;
  const row = { member_id: r.member.id, uid: r.member.uid, kind: 'campaign', currency: currency.code, amount: r.amount, campaign, reason, state: 'pending' };
  return insertOnce(trx, 'rewards', row, { creator: r.creator, key: r.key, at: r.at, prefix: 'admin.reward', hash: requestHash({ uid: r.member.uid, currency: currency.code, amount: r.amount, campaign, reason }) });
}

export type RewardAction = 'pay' | 'cancel';

/**
 * Pays (posting it) or cancels a pending reward, under its row lock and only while pending. Answers the
 * state it left and the new one, or why not.
 */
export async function actOnReward(
  trx: Kysely<DB>, id: number, action: RewardAction, staff: number, at: Date,
): Promise<{ from: string; state: string; uid: string } | 'not_found' | 'invalid_state'> {
  const r = await trx.selectFrom('rewards').select(['id', 'state', 'member_id', 'uid', 'currency', 'amount']).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!r) return 'not_found';
  if (r.state !== 'pending') return 'invalid_state';
  const state = action === 'pay' ? 'paid' : 'canceled';
  const done = await trx.updateTable('rewards')
    .set({ state, payer_id: staff, paid_at: action === 'pay' ? at : null, canceled_at: action === 'cancel' ? at : null, updated_at: at })
    .where('id', '=', id).where('state', '=', 'pending').executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) return 'invalid_state';
  if (action === 'pay') await payFromExpense(trx, { type: 'Reward', id }, { member_id: Number(r.member_id), currency: r.currency, amount: r.amount }, at);
  return { from: r.state, state, uid: r.uid };
}
