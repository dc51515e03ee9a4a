/**
 * Wallet transfers' rules: both wallets active, different, and holding the currency. The platform's own
 * funds move on two people's word at any amount: the requester never approves their own transfer, so
 * another staff member's approval completes it — or, above the currency's review amount
 * (WITHDRAW_REVIEW_AMOUNTS, the withdrawals' rule), puts it under review, and a third person, neither the
 * requester nor the first approver, completes it. Reject is anyone's (the requester may withdraw a request: it moves nothing). Completing
 * posts a balanced pair of asset operations (reference Transfer): credit − debit of the platform's assets
 * is unchanged, and the transfer row says which wallet each side is. Guarded by the state under the row's lock.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { amountRefusal, compareDecimal, type AmountRefusal } from '../../shared/decimal.js';
import { code, type CurrencyType } from '../ledger/chart.js';
import { transition, type Check, type Moved } from './transition.js';

export type TransferCheck = 'wallet_doesnt_exist' | 'same_wallet' | 'wallet_not_active' | 'currency_not_in_wallet' | 'currency_doesnt_exist' | AmountRefusal;

/** Why a transfer request cannot be made, or null. */
export async function checkTransfer(db: Kysely<DB>, t: { from: number; to: number; currency: string; amount: string }): Promise<TransferCheck | null> {
  if (t.from === t.to) return 'same_wallet';
  const currency = await db.selectFrom('currencies').select(['precision']).where('code', '=', t.currency).executeTakeFirst();
  if (!currency) return 'currency_doesnt_exist';
  const amount = amountRefusal(t.amount, currency.precision);
  if (amount) return amount;
  const wallets = await db.selectFrom('wallets').select(['id', 'status', 'currencies']).where('id', 'in', [t.from, t.to]).execute();
  if (wallets.length !== 2) return 'wallet_doesnt_exist';
  if (wallets.some((w) => w.status !== 'active')) return 'wallet_not_active';
  if (wallets.some((w) => !(w.currencies as string[]).includes(t.currency))) return 'currency_not_in_wallet';
  return null;
}

export type TransferRefusal = 'not_found' | 'invalid_state' | 'creator_cannot_approve' | 'second_approver_required';

export async function actOnTransfer(
  trx: Kysely<DB>, id: number, action: 'approve' | 'reject', by: { staff: number; at: Date; reviewAmounts: Readonly<Record<string, string>> },
): Promise<Moved | TransferRefusal> {
  return transition(trx, id, {
    table: 'wallet_transfers', from: ['pending', 'under_review'], to: action === 'reject' ? 'rejected' : 'completed',
    lock: (db, key) => db.selectFrom('wallet_transfers as w').innerJoin('currencies as c', 'c.code', 'w.currency_id')
      .select(['w.id', 'w.currency_id', 'w.amount', 'w.state', 'w.creator_id', 'w.approved_by', 'c.type']).where('w.id', '=', key).forUpdate('w').executeTakeFirst(),
    check: (t): Check<'creator_cannot_approve' | 'second_approver_required'> => {
      if (action !== 'approve') return undefined;
      const limit = by.reviewAmounts[t.currency_id];
      if (t.creator_id === by.staff) return { refused: 'creator_cannot_approve' };
      if (t.state === 'under_review' && t.approved_by === by.staff) return { refused: 'second_approver_required' };
      return t.state === 'pending' && limit !== undefined && compareDecimal(t.amount, limit) > 0 ? { to: 'under_review' } : undefined;
    },
    columns: (_t, to) => (to === 'under_review' ? { approved_by: by.staff } : {}),
    entries: (t, to) => {
      if (to !== 'completed') return undefined;
      const asset = code('asset', t.type as CurrencyType);
      return [{ code: asset, currency: t.currency_id, debit: t.amount }, { code: asset, currency: t.currency_id, credit: t.amount }];
    },
  }, by);
}
