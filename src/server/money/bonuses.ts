/**
 * Bonuses on the ledger (src/server/applogic/README.md, Bonuses): a credit to a member paid by the platform —
 * the expense account (40x) and the member's balance (20x) in the bonus's currency, one posting, reference
 * Bonus. At or under the currency's review amount the bonus is credited as it is made; above it (or for a
 * currency with no review amount) it waits `pending_approval` until another staff member than its creator
 * approves it, under the bonus's row lock with the state in the guard, so it is credited once. The API
 * (applogic/bonuses.ts) and the demo seed both run these, so the seeded ledger balances by construction.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { amountRefusal, compareDecimal, type AmountRefusal } from '../../shared/decimal.js';
import { code, type CurrencyType } from '../ledger/chart.js';
import { post } from '../ledger/post.js';
import { insertOnce, requestHash } from '../plugins/idempotency.js';

export type BonusRefusal = 'currency_doesnt_exist' | AmountRefusal;

export interface BonusInput {
  member: { id: number; uid: string };
  currency: string;
  amount: string;
  reason: string;
  campaign?: string | null;
  /** The staff member giving it (the idempotency key is theirs). */
  creator: number;
  key?: string;
  at: Date;
  /** BONUS_REVIEW_AMOUNTS: per currency, the largest bonus credited without a second approver. */
  reviewAmounts: Readonly<Record<string, string>>;
}

/** Whether a bonus of this amount needs a second staff member (a currency without a review amount always does). */
export function needsApproval(currency: string, amount: string, reviewAmounts: Readonly<Record<string, string>>): boolean {
  const limit = reviewAmounts[currency];
  return limit === undefined || compareDecimal(amount, limit) > 0;
}

/**
 * A credit paid by the platform (a bonus, a reward): its expense grows (its credit side, see
 * ledger/chart.ts) and so does the member's balance, one posting under `reference`.
 */
export async function payFromExpense(
  trx: Kysely<DB>, reference: { type: 'Bonus' | 'Reward'; id: number }, b: { member_id: number; currency: string; amount: string }, at: Date,
): Promise<void> {
  const c = await trx.selectFrom('currencies').select('type').where('code', '=', b.currency).executeTakeFirstOrThrow();
  const type = c.type as CurrencyType;
  await post(trx, {
    reference, at, entries: [
      { code: code('expense', type), currency: b.currency, credit: b.amount },
      { code: code('liability', type), currency: b.currency, member: b.member_id, credit: b.amount },
    ],
  });
}

const credit = (trx: Kysely<DB>, b: { id: number; member_id: number; currency: string; amount: string }, at: Date) =>
  payFromExpense(trx, { type: 'Bonus', id: b.id }, b, at);

/**
 * Records one bonus, crediting it at once when its amount is within the review amount; answers its id
 * (`replayed` when the key had already made it) or why not. Concurrent submits under one key make one
 * row (the insert's unique key waits for the first) and one posting (only the fresh row posts).
 */
export async function giveBonus(trx: Kysely<DB>, b: BonusInput): Promise<{ id: number; replayed: boolean; state: string } | BonusRefusal> {
  const currency = await trx.selectFrom('currencies').select(['code', 'precision']).where('code', '=', b.currency.toLowerCase()).executeTakeFirst();
  if (!currency) return 'currency_doesnt_exist';
  const amount = amountRefusal(b.amount, currency.precision);
  if (amount) return amount;
  const campaign = b.campaign?.trim() ? b.campaign.trim() : null;
  const request = { uid: b.member.uid, currency: currency.code, amount: b.amount, reason: b.reason, campaign };
  const state = needsApproval(currency.code, b.amount, b.reviewAmounts) ? 'pending_approval' : 'credited';
  const row = {
    member_id: b.member.id, uid: b.member.uid, currency: currency.code, amount: b.amount, reason: b.reason, campaign, state,
    credited_at: state === 'credited' ? b.at : null,
  };
  const made = await insertOnce(trx, 'bonuses', row, { creator: b.creator, key: b.key, at: b.at, prefix: 'admin.bonus', hash: requestHash(request) });
  if (made.replayed) {
    const first = await trx.selectFrom('bonuses').select('state').where('id', '=', made.id).executeTakeFirstOrThrow();
    return { ...made, state: first.state };
  }
  if (state === 'credited') await credit(trx, { id: made.id, member_id: b.member.id, currency: currency.code, amount: b.amount }, b.at);
  return { ...made, state };
}

export type BonusAction = 'approve' | 'reject';

/**
 * Approves (crediting it) or rejects a pending bonus, under its row lock and only while pending; the
 * creator may not approve their own. Answers the state it left and the new one, or why not.
 */
export async function actOnBonus(
  trx: Kysely<DB>, id: number, action: BonusAction, staff: number, at: Date,
): Promise<{ from: string; state: string } | 'not_found' | 'invalid_state' | 'creator_cannot_approve'> {
  const b = await trx.selectFrom('bonuses').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!b) return 'not_found';
  if (b.state !== 'pending_approval') return 'invalid_state';
  if (action === 'approve' && Number(b.creator_id) === staff) return 'creator_cannot_approve';
  const state = action === 'approve' ? 'credited' : 'rejected';
  await trx.updateTable('bonuses').set({ state, approver_id: staff, credited_at: action === 'approve' ? at : null, updated_at: at })
    .where('id', '=', id).where('state', '=', 'pending_approval').execute();
  if (action === 'approve') await credit(trx, { id, member_id: Number(b.member_id), currency: b.currency, amount: b.amount }, at);
  return { from: b.state, state };
}
