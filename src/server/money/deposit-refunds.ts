/**
 * Refunding a crypto deposit (Peatio's POST /admin/deposits/{id}/refund and its `refund` event): staff
 * send the coins a deposit brought back to an address, and the deposit goes `refunding` until the wallet
 * side sends them (the refund row: pending → processed | failed).
 *
 * From which states. Peatio refunds from `aml_suspicious` and `skipped`, coins only. Here the AML states
 * come before the credit (accept is from submitted or aml_processing), so the states divide by whether
 * the member was credited:
 * - `aml_suspicious`, `rejected`: never credited — the coins sit in the platform's wallet but were never
 *   booked. Peatio cannot refund a rejected deposit because its AML flow keeps suspicious coins in
 *   aml_suspicious; here staff may reject from there, and the coins must still be able to go back.
 * - `skipped`: credited (skipped is reached only through accepted) — collection was skipped, so the
 *   coins are still at the deposit address.
 * Not from submitted or aml_processing (decide first), accepted, processing, fee_processing or collected
 * (the member holds the funds and withdraws them), canceled (no coins), errored, or refunding (once).
 *
 * The ledger, per currency assets + expenses − liabilities − revenues = 0 before and after:
 * - credited: the accept is reversed — the asset debited by the amount (the coins leave), the member's
 *   balance by amount − fee, revenue by the fee (the whole deposit goes back, so its fee does too). A
 *   member who no longer holds the amount − fee (traded, withdrawn, locked in orders) cannot be refunded:
 *   the ledger refuses and nothing changes.
 * - never credited: the coins arriving and leaving, two asset operations of the same amount — the asset
 *   credited (received) and debited (sent back), so the books show the movement and their totals do
 *   not change.
 * Both are posted when the refund is ordered, so the funds cannot be spent or refunded twice meanwhile.
 * The chain's fee comes out of the amount sent (Peatio's wallet sends with `subtract_fee`), so the
 * platform's books move by exactly the deposit's amount.
 *
 * Everything happens under the deposit's row lock in the caller's transaction: of concurrent refunds one
 * finds the state refundable; the others find `refunding` and are refused (`not_refundable`).
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { fromUnits, toUnits } from '../../shared/decimal.js';
import { code, type CurrencyType } from '../ledger/chart.js';
import { post, type Entry } from '../ledger/post.js';
import { isChainAddress } from './chain-addresses.js';
import { DEPOSIT_REFUNDABLE_STATES } from '../../shared/resources/deposits.js';

/** Of the states a refund is allowed from (shared: the client offers it there), those the deposit was credited in. */
const CREDITED: ReadonlySet<string> = new Set(['skipped']);
const REFUNDABLE: ReadonlySet<string> = new Set(DEPOSIT_REFUNDABLE_STATES);

export type RefundRefusal = 'not_found' | 'not_refundable' | 'fiat_not_refundable' | 'invalid_address' | 'own_address';

interface Refundable { id: number; user_id: number; currency_id: string; amount: string; fee: string }

/** The reversal of a credited deposit's accept (money/deposits.ts depositEntries), or the coins in and out of one never credited. */
export function refundEntries(d: Refundable, type: CurrencyType, credited: boolean): Entry[] {
  const asset = code('asset', type);
  if (!credited) return [{ code: asset, currency: d.currency_id, credit: d.amount }, { code: asset, currency: d.currency_id, debit: d.amount }];
  const net = toUnits(d.amount) - toUnits(d.fee);
  const entries: Entry[] = [{ code: asset, currency: d.currency_id, debit: d.amount }];
  if (net > 0n) entries.push({ code: code('liability', type), currency: d.currency_id, member: d.user_id, debit: fromUnits(net) });
  if (toUnits(d.fee) > 0n) entries.push({ code: code('revenue', type), currency: d.currency_id, member: d.user_id, debit: d.fee });
  return entries;
}

/**
 * Orders the refund of deposit `id` to `address`: the refund's id, or why nothing changed. When the
 * member's balance no longer covers a credited deposit, `post` throws LedgerRefusal and the caller rolls back.
 */
export async function refundDeposit(trx: Kysely<DB>, id: number, address: string, staff: number, at: Date)
  : Promise<{ refund: number } | RefundRefusal> {
  const d = await trx.selectFrom('deposits as d').innerJoin('currencies as c', 'c.code', 'd.currency_id')
    .leftJoin('blockchains as b', (j) => j.on(sql<boolean>`b.key = coalesce(d.blockchain_key, c.blockchain_key)`))
    .select(['d.id', 'd.user_id', 'd.currency_id', 'd.amount', 'd.fee', 'd.state', 'd.type', 'c.type as currency_type', 'b.client', 'b.key as chain'])
    .where('d.id', '=', id).forUpdate('d').executeTakeFirst();
  if (!d) return 'not_found';
  if (d.type === 'fiat' || d.currency_type === 'fiat') return 'fiat_not_refundable';
  if (!REFUNDABLE.has(d.state)) return 'not_refundable';
  const credited = CREDITED.has(d.state);
  if (!isChainAddress(d.client, address)) return 'invalid_address';
  // Coins sent to one of the platform's own deposit addresses would come straight back as a deposit.
  // (Ethereum's and bech32 addresses are stored lower-case, as the scanner compares them.)
  let own = trx.selectFrom('payment_addresses').select('id').where('address', 'in', [...new Set([address, address.toLowerCase()])]);
  if (d.chain) own = own.where('blockchain_key', '=', d.chain);
  if (await own.executeTakeFirst()) return 'own_address';
  await trx.updateTable('deposits').set({ state: 'refunding', decided_by: staff, updated_at: at }).where('id', '=', id).execute();
  const refund = await trx.insertInto('refunds').values({
    deposit_id: id, address, state: 'pending', from_state: d.state, credited, created_by: staff, created_at: at, updated_at: at,
  }).returning('id').executeTakeFirstOrThrow();
  await post(trx, { reference: { type: 'Deposit', id }, at, entries: refundEntries(d, d.currency_type as CurrencyType, credited) });
  return { refund: refund.id };
}

/**
 * The wallet side's answer to a refund, recorded by staff as a withdrawal's send is (the codebase has no
 * wallet daemon; the hot wallet's operator sends the coins and says what happened):
 * - `refund_processed {txid}`: the coins left — the refund `processed` with the transaction id; the
 *   deposit stays `refunding` (Peatio's last state for a refunded deposit), its page shows the refund's.
 * - `refund_failed`: the send failed — the refund `failed`, its postings reversed (each operation posted
 *   again on the other side), and the deposit back in the state it was refunded from, so staff may
 *   decide again (refund to another address, or not).
 * Under the deposit's and the refund's row locks, from a `pending` refund only: of concurrent answers one
 * acts, the others find no pending refund (`refund_not_pending`).
 */
export type RefundAnswer = { action: 'refund_processed'; txid: string } | { action: 'refund_failed' };

export async function answerRefund(trx: Kysely<DB>, id: number, answer: RefundAnswer, at: Date)
  : Promise<{ refund: number } | 'not_found' | 'refund_not_pending'> {
  const d = await trx.selectFrom('deposits as d').innerJoin('currencies as c', 'c.code', 'd.currency_id')
    .select(['d.id', 'd.user_id', 'd.currency_id', 'd.amount', 'd.fee', 'd.state', 'c.type as currency_type'])
    .where('d.id', '=', id).forUpdate('d').executeTakeFirst();
  if (!d) return 'not_found';
  const r = await trx.selectFrom('refunds').select(['id', 'from_state', 'credited'])
    .where('deposit_id', '=', id).where('state', '=', 'pending').forUpdate().executeTakeFirst();
  if (!r || d.state !== 'refunding') return 'refund_not_pending';
  if (answer.action === 'refund_processed') {
    await trx.updateTable('refunds').set({ state: 'processed', txid: answer.txid, updated_at: at }).where('id', '=', r.id).execute();
    await trx.updateTable('deposits').set({ updated_at: at }).where('id', '=', id).execute();
    return { refund: r.id };
  }
  await trx.updateTable('refunds').set({ state: 'failed', updated_at: at }).where('id', '=', r.id).execute();
  await trx.updateTable('deposits').set({ state: r.from_state, updated_at: at }).where('id', '=', id).execute();
  const back = refundEntries(d, d.currency_type as CurrencyType, r.credited)
    .map(({ debit, credit, ...rest }) => ({ ...rest, ...(debit ? { credit: debit } : {}), ...(credit ? { debit: credit } : {}) }));
  await post(trx, { reference: { type: 'Deposit', id }, at, entries: back });
  return { refund: r.id };
}
