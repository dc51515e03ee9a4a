/**
 * Deposits' state machine (Peatio's, with its AML states): staff actions, each allowed only from the
 * states listed, made under the row's lock in the caller's transaction. Accepting credits the member
 * through the ledger — the platform's asset with the whole amount, the member's balance with amount −
 * fee and revenue with the fee — so a deposit found by a block scan moves no money until staff accept it,
 * and one staff recorded (a fiat transfer) until another staff member does.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { amountRefusal, fromUnits, toUnits, type AmountRefusal } from '../../shared/decimal.js';
import { code, type CurrencyType } from '../ledger/chart.js';
import type { Entry } from '../ledger/post.js';
import { transition, type Check, type Moved } from './transition.js';
import { memberByUid } from '../db/queries/activity-log.js';

export const DEPOSIT_ACTIONS = {
  accept: { from: ['submitted', 'aml_processing'], to: 'accepted' },
  reject: { from: ['submitted', 'aml_processing', 'aml_suspicious'], to: 'rejected' },
  cancel: { from: ['submitted'], to: 'canceled' },
  process: { from: ['accepted', 'skipped'], to: 'processing' },
  fee_process: { from: ['accepted'], to: 'fee_processing' },
  dispatch: { from: ['processing', 'fee_processing'], to: 'collected' },
  skip: { from: ['accepted', 'processing'], to: 'skipped' },
} as const satisfies Record<string, { from: readonly string[]; to: string }>;
export type DepositAction = keyof typeof DEPOSIT_ACTIONS;
export const isDepositAction = (a: unknown): a is DepositAction => typeof a === 'string' && Object.hasOwn(DEPOSIT_ACTIONS, a);

/** The credit of an accepted deposit. */
export function depositEntries(d: { user_id: number; currency_id: string; amount: string; fee: string }, type: CurrencyType): Entry[] {
  const net = toUnits(d.amount) - toUnits(d.fee);
  const entries: Entry[] = [{ code: code('asset', type), currency: d.currency_id, credit: d.amount }];
  if (net > 0n) entries.push({ code: code('liability', type), currency: d.currency_id, member: d.user_id, credit: fromUnits(net) });
  if (toUnits(d.fee) > 0n) entries.push({ code: code('revenue', type), currency: d.currency_id, member: d.user_id, credit: d.fee });
  return entries;
}

export type DepositRefusal = 'not_found' | 'invalid_state' | 'fee_exceeds_amount' | 'creator_cannot_accept';

/** Takes one action on a deposit: the states it left and entered, or why nothing changed. */
export async function actOnDeposit(trx: Kysely<DB>, id: number, action: DepositAction, staff: number, at: Date): Promise<Moved | DepositRefusal> {
  const move = DEPOSIT_ACTIONS[action];
  return transition(trx, id, {
    table: 'deposits', from: move.from, to: move.to,
    lock: (db, key) => db.selectFrom('deposits as d').innerJoin('currencies as c', 'c.code', 'd.currency_id')
      .select(['d.id', 'd.user_id', 'd.currency_id', 'd.amount', 'd.fee', 'd.state', 'd.creator_id', 'c.type as currency_type'])
      .where('d.id', '=', key).forUpdate('d').executeTakeFirst(),
    check: (d): Check<'fee_exceeds_amount' | 'creator_cannot_accept'> => {
      if (action !== 'accept') return undefined;
      if (toUnits(d.fee) >= toUnits(d.amount)) return { refused: 'fee_exceeds_amount' };
      // Four-eyes: a deposit staff recorded is credited only on someone else's word.
      return d.creator_id === staff ? { refused: 'creator_cannot_accept' } : undefined;
    },
    columns: (_d, to) => (to === 'collected' || to === 'accepted' ? { completed_at: at } : {}),
    entries: (d) => (action === 'accept' ? depositEntries(d, d.currency_type as CurrencyType) : undefined),
  }, { staff, at });
}

export interface NewFiatDeposit { user_id: number; currency_id: string; amount: string; fee: string; tid: string | null }
export type FiatDepositRefusal = 'user_doesnt_exist' | 'currency_doesnt_exist' | 'currency_not_fiat' | AmountRefusal | 'fee_exceeds_amount';

/** A fiat deposit staff record (Peatio's POST /admin/deposits/new), checked against the database: the row, or why not (its tid is checked when it is written). */
export async function checkFiatDeposit(db: Kysely<DB>, v: { uid: string; currency: string; amount: string; tid?: string | null })
  : Promise<NewFiatDeposit | { refused: FiatDepositRefusal; field: string }> {
  const member = await memberByUid(db, v.uid);
  if (!member) return { refused: 'user_doesnt_exist', field: 'uid' };
  const c = await db.selectFrom('currencies').select(['code', 'type', 'precision', 'deposit_fee']).where('code', '=', v.currency.toLowerCase()).executeTakeFirst();
  if (!c) return { refused: 'currency_doesnt_exist', field: 'currency' };
  if (c.type !== 'fiat') return { refused: 'currency_not_fiat', field: 'currency' };
  const amount = amountRefusal(v.amount, c.precision);
  if (amount) return { refused: amount, field: 'amount' };
  const fee = String(c.deposit_fee);
  if (toUnits(fee) >= toUnits(v.amount)) return { refused: 'fee_exceeds_amount', field: 'amount' };
  return { user_id: member.id, currency_id: c.code, amount: v.amount, fee: fromUnits(toUnits(fee)), tid: v.tid || null };
}
