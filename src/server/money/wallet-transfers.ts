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
import { post } from '../ledger/post.js';

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
): Promise<{ state: string } | TransferRefusal> {
  const t = await trx.selectFrom('wallet_transfers as w').innerJoin('currencies as c', 'c.code', 'w.currency_id')
    .select(['w.id', 'w.currency_id', 'w.amount', 'w.state', 'w.creator_id', 'w.approved_by', 'c.type']).where('w.id', '=', id).forUpdate('w').executeTakeFirst();
  if (!t) return 'not_found';
  if (t.state !== 'pending' && t.state !== 'under_review') return 'invalid_state';
  let to = action === 'reject' ? 'rejected' : 'completed';
  if (action === 'approve') {
    const limit = by.reviewAmounts[t.currency_id];
    if (t.creator_id === by.staff) return 'creator_cannot_approve';
    if (t.state === 'under_review' && t.approved_by === by.staff) return 'second_approver_required';
    if (t.state === 'pending' && limit !== undefined && compareDecimal(t.amount, limit) > 0) to = 'under_review';
  }
  await trx.updateTable('wallet_transfers').set({
    state: to, decided_by: by.staff, updated_at: by.at, ...(to === 'under_review' ? { approved_by: by.staff } : {}),
  }).where('id', '=', id).execute();
  if (to === 'completed') {
    const asset = code('asset', t.type as CurrencyType);
    await post(trx, { reference: { type: 'Transfer', id }, at: by.at, entries: [
      { code: asset, currency: t.currency_id, debit: t.amount }, { code: asset, currency: t.currency_id, credit: t.amount },
    ] });
  }
  return { state: to };
}
