/**
 * Withdrawals' state machine, on the ledger (Peatio's model, with a four-eyes review):
 * - submitting locks `sum` (amount + network fee) from the member's balance;
 * - accept: one staff member's acceptance is enough up to the currency's review amount
 *   (WITHDRAW_REVIEW_AMOUNTS); above it, or when the member's request was over their withdraw limits
 *   (`over_limits`), the first acceptance puts it `under_review` and a second, by someone else, accepts it;
 * - process hands it to the hot wallet, dispatch records the transaction id (confirming), success
 *   debits the locked sum: the platform's asset by the amount sent, revenue by the fee;
 * - reject (with a reason), cancel and fail return the locked sum; skip leaves it locked for staff to
 *   send by hand and then succeed or fail.
 * Every action is allowed only from the states listed and made under the row's lock, so a double
 * process, a reject racing an accept, or a retried call acts once.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { compareDecimal } from '../../shared/decimal.js';
import { code, type CurrencyType } from '../ledger/chart.js';
import { post, type Entry } from '../ledger/post.js';
import { holdEntries } from '../trading/orders.js';
import { transition, type Check, type Moved } from './transition.js';

export const WITHDRAW_ACTIONS = {
  accept: { from: ['submitted', 'under_review'], to: 'accepted' },
  reject: { from: ['submitted', 'under_review', 'accepted'], to: 'rejected' },
  cancel: { from: ['submitted', 'under_review', 'accepted'], to: 'canceled' },
  process: { from: ['accepted'], to: 'processing' },
  dispatch: { from: ['processing'], to: 'confirming' },
  success: { from: ['processing', 'confirming', 'skipped'], to: 'succeed' },
  fail: { from: ['processing', 'confirming', 'skipped'], to: 'failed' },
  skip: { from: ['processing'], to: 'skipped' },
} as const satisfies Record<string, { from: readonly string[]; to: string }>;
export type WithdrawAction = keyof typeof WITHDRAW_ACTIONS;
export const isWithdrawAction = (a: unknown): a is WithdrawAction => typeof a === 'string' && Object.hasOwn(WITHDRAW_ACTIONS, a);

/** States that return the locked sum. */
const RETURNS = new Set(['rejected', 'canceled', 'failed']);

export interface NewWithdraw {
  member: number; currency: string; type: CurrencyType; amount: string; fee: string; rid: string; blockchainKey?: string | null;
  at: Date; note?: string;
  /** The member's beneficiary a customer's request names (its address is `rid`). */
  beneficiary?: number;
  /** Over the member's withdraw limits (market-api/withdraw-limits.ts): two staff members accept it, whatever its amount. */
  overLimits?: boolean;
}

/** A member's withdrawal request, its sum locked. Refused by the ledger (LedgerRefusal) when the balance is short. */
export async function submitWithdraw(trx: Kysely<DB>, w: NewWithdraw): Promise<number> {
  const { id, sum } = await trx.insertInto('withdraws').values({
    member_id: w.member, currency_id: w.currency, blockchain_key: w.blockchainKey ?? null, type: w.type, amount: w.amount, fee: w.fee,
    rid: w.rid, tid: `TID${randomBytes(5).toString('hex').toUpperCase()}`, note: w.note ?? null, state: 'submitted', beneficiary_id: w.beneficiary ?? null,
    over_limits: w.overLimits ?? false, created_at: w.at, updated_at: w.at,
  }).returning(['id', 'sum']).executeTakeFirstOrThrow();
  await post(trx, { reference: { type: 'Withdraw', id }, at: w.at, entries: holdEntries(w.member, w.currency, w.type, sum, 'lock') });
  return id;
}

/** The debit of a withdrawal that succeeded: the locked sum out; the asset by the amount sent, the fee to revenue. */
function sentEntries(w: { member_id: number; currency_id: string; amount: string; fee: string; sum: string }, type: CurrencyType): Entry[] {
  const entries: Entry[] = [
    { code: code('liability', type, true), currency: w.currency_id, member: w.member_id, debit: w.sum },
    { code: code('asset', type), currency: w.currency_id, debit: w.amount },
  ];
  if (compareDecimal(w.fee, '0') > 0) entries.push({ code: code('revenue', type), currency: w.currency_id, member: w.member_id, credit: w.fee });
  return entries;
}

export type WithdrawRefusal = 'not_found' | 'invalid_state' | 'second_approver_required' | 'missing_reason';

export interface WithdrawActor { staff: number; at: Date; reason?: string; txid?: string; reviewAmounts: Readonly<Record<string, string>> }

/** Takes one action on a withdrawal; the states it left and entered, or why nothing changed. */
export async function actOnWithdraw(trx: Kysely<DB>, id: number, action: WithdrawAction, by: WithdrawActor): Promise<Moved | WithdrawRefusal> {
  const move = WITHDRAW_ACTIONS[action];
  return transition(trx, id, {
    table: 'withdraws', from: move.from, to: move.to,
    lock: (db, key) => db.selectFrom('withdraws').selectAll().where('id', '=', key).forUpdate().executeTakeFirst(),
    check: (w): Check<'missing_reason' | 'second_approver_required'> => {
      if (action === 'reject' && !by.reason?.trim()) return { refused: 'missing_reason' };
      if (action !== 'accept') return undefined;
      if (w.state === 'under_review' && w.approved_by === by.staff) return { refused: 'second_approver_required' };
      const limit = by.reviewAmounts[w.currency_id];
      const big = (limit !== undefined && compareDecimal(w.amount, limit) > 0) || w.over_limits;
      return big && w.state === 'submitted' ? { to: 'under_review' } : undefined;
    },
    columns: (_w, to) => ({
      ...(to === 'under_review' ? { approved_by: by.staff } : {}),
      ...(action === 'reject' ? { reject_reason: by.reason!.trim() } : {}),
      ...(action === 'dispatch' && by.txid ? { txid: by.txid } : {}),
      ...(to === 'succeed' || RETURNS.has(to) ? { done_at: by.at } : {}),
    }),
    entries: (w, to) => {
      const type = w.type as CurrencyType;
      if (to === 'succeed') return sentEntries(w, type);
      return RETURNS.has(to) ? holdEntries(w.member_id, w.currency_id, type, w.sum, 'unlock') : undefined;
    },
  }, by);
}
