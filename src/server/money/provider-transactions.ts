/**
 * Provider transactions on the ledger (src/server/applogic/README.md,
 * Provider transactions): one webhook event applied to the
 * purchase it is about, in the caller's transaction. Every event is kept (provider_events, unique per
 * provider and event id: a redelivery changes nothing); the purchase's row lock orders concurrent events;
 * an event applies only when newer than the status shown (its timestamp, ties by stage) and the move is
 * allowed, so a late, older status never overwrites a newer one. The event that first makes a purchase
 * completed credits the member once: the crypto the provider delivered enters the platform's wallet
 * (asset 10x), the member is owed it less the platform's fee (20x), the fee is revenue (30x); a refund
 * (chargeback) after that takes the three back once, when the member still holds the credit.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { fromUnits, placesOf, toUnits } from '../../shared/decimal.js';
import { code, type CurrencyType } from '../ledger/chart.js';
import { post, type Entry } from '../ledger/post.js';
import type { Provider } from '../../shared/resources/provider-transactions.js';
import { mayMove, RANK, type ProviderEvent, type TxState } from '../applogic/providers.js';

export type IngestRefusal = 'member_doesnt_exist' | 'currency_doesnt_exist' | 'transaction_mismatch' | 'amount_exceeds_precision';

export interface IngestResult {
  id: number;
  duplicate: boolean;
  applied: boolean;
  state: string;
  credited: boolean;
  /** A refund (chargeback) after the credit took it back from the member. */
  reversed: boolean;
}


/** Whether `e` is newer than what the purchase shows. */
const newer = (e: { occurred_at: Date; state: TxState }, tx: { last_event_at: Date; state: string }) =>
  e.occurred_at.getTime() > tx.last_event_at.getTime()
  || (e.occurred_at.getTime() === tx.last_event_at.getTime() && RANK[e.state] > RANK[tx.state as TxState]);

/**
 * Takes a refunded purchase's credit back (the three operations reversed), when the member still holds
 * it: their account is locked and read first, so the posting cannot be refused half-way. When they no
 * longer do, nothing is posted and `reversed_at` stays empty: the shortfall is staff's (an adjustment).
 */
async function reverse(trx: Kysely<DB>, tx: { id: number; member_id: number; crypto_amount: string; crypto_currency: string; fee: string }, type: CurrencyType, at: Date): Promise<boolean> {
  const net = fromUnits(toUnits(tx.crypto_amount) - toUnits(tx.fee));
  const account = await trx.selectFrom('accounts').select('balance').where('user_id', '=', tx.member_id).where('currency_id', '=', tx.crypto_currency)
    .forUpdate().executeTakeFirst();
  if (toUnits(net) > 0n && (!account || toUnits(account.balance) < toUnits(net))) return false;
  const entries: Entry[] = [{ code: code('asset', type), currency: tx.crypto_currency, debit: tx.crypto_amount }];
  if (toUnits(net) > 0n) entries.push({ code: code('liability', type), currency: tx.crypto_currency, member: tx.member_id, debit: net });
  if (toUnits(tx.fee) > 0n) entries.push({ code: code('revenue', type), currency: tx.crypto_currency, member: tx.member_id, debit: tx.fee });
  await post(trx, { reference: { type: 'ProviderTransaction', id: tx.id }, at, entries });
  return true;
}

async function credit(trx: Kysely<DB>, tx: { id: number; member_id: number; crypto_amount: string; crypto_currency: string; fee: string }, type: CurrencyType, at: Date) {
  const net = fromUnits(toUnits(tx.crypto_amount) - toUnits(tx.fee));
  const entries: Entry[] = [{ code: code('asset', type), currency: tx.crypto_currency, credit: tx.crypto_amount }];
  if (toUnits(net) > 0n) entries.push({ code: code('liability', type), currency: tx.crypto_currency, member: tx.member_id, credit: net });
  if (toUnits(tx.fee) > 0n) entries.push({ code: code('revenue', type), currency: tx.crypto_currency, member: tx.member_id, credit: tx.fee });
  await post(trx, { reference: { type: 'ProviderTransaction', id: tx.id }, at, entries });
}

/**
 * Applies one checked event; answers what became of it, or why it cannot be taken (nothing written: the
 * caller's transaction rolls back on a refusal thrown after the event's insert, so return before it).
 */
export async function applyEvent(trx: Kysely<DB>, provider: Provider, e: ProviderEvent, now: Date): Promise<IngestResult | IngestRefusal> {
  const seen = await trx.selectFrom('provider_events').select('id').where('provider', '=', provider).where('event_id', '=', e.event_id).executeTakeFirst();
  const existing = () => trx.selectFrom('provider_transactions').selectAll().where('provider', '=', provider).where('reference', '=', e.reference);
  if (seen) {
    const tx = await existing().executeTakeFirst();
    return { id: Number(tx?.id ?? 0), duplicate: true, applied: false, state: tx?.state ?? e.state, credited: false, reversed: false };
  }
  const member = await trx.selectFrom('users').select(['id', 'uid']).where('uid', '=', e.uid).executeTakeFirst();
  if (!member) return 'member_doesnt_exist';
  const currency = await trx.selectFrom('currencies').select(['code', 'type', 'precision']).where('code', '=', e.crypto_currency).executeTakeFirst();
  if (!currency) return 'currency_doesnt_exist';
  if (placesOf(e.crypto_amount) > currency.precision || placesOf(e.fee) > currency.precision) return 'amount_exceeds_precision';
  // The event row first: of two deliveries of one event at once, the second waits here and then does nothing.
  const ev = await trx.insertInto('provider_events').values({
    provider, event_id: e.event_id, reference: e.reference, status: e.status, occurred_at: e.occurred_at, applied: false,
    payload: JSON.stringify(e.payload), received_at: now,
  }).onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing()).returning('id').executeTakeFirst();
  if (!ev) {
    const tx = await existing().executeTakeFirst();
    return { id: Number(tx?.id ?? 0), duplicate: true, applied: false, state: tx?.state ?? e.state, credited: false, reversed: false };
  }
  const values = {
    member_id: Number(member.id), uid: member.uid, fiat_amount: e.fiat_amount, fiat_currency: e.fiat_currency, crypto_amount: e.crypto_amount,
    crypto_currency: currency.code, fee: e.fee, state: e.state, provider_status: e.status, last_event_at: e.occurred_at,
  };
  const fresh = await trx.insertInto('provider_transactions').values({ provider, reference: e.reference, ...values, events: 1, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['provider', 'reference']).doNothing()).returning('id').executeTakeFirst();
  let id: number, applied: boolean, state: string, credited = false, reversed = false;
  if (fresh) {
    id = Number(fresh.id); applied = true; state = e.state;
  } else {
    const tx = await existing().forUpdate().executeTakeFirstOrThrow();
    id = Number(tx.id);
    // A purchase's member and coin are its first event's: an event naming others is not about this purchase.
    if (Number(tx.member_id) !== Number(member.id) || tx.crypto_currency !== currency.code) return 'transaction_mismatch';
    applied = newer(e, tx) && mayMove(tx.state as TxState, e.state);
    state = applied ? e.state : tx.state;
    // Amounts are settled once the member is credited; before, the newest event's are the provider's word.
    const amounts = tx.credited_at ? {} : { fiat_amount: e.fiat_amount, fiat_currency: e.fiat_currency, crypto_amount: e.crypto_amount, fee: e.fee };
    await trx.updateTable('provider_transactions').set({
      ...(applied ? { ...amounts, state: e.state, provider_status: e.status, last_event_at: e.occurred_at } : {}),
      events: tx.events + 1, updated_at: now,
    }).where('id', '=', id).execute();
  }
  if (applied) await trx.updateTable('provider_events').set({ applied: true }).where('id', '=', Number(ev.id)).execute();
  if (applied && (state === 'completed' || state === 'refunded')) {
    const tx = await trx.selectFrom('provider_transactions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const money = { id, member_id: Number(tx.member_id), crypto_amount: tx.crypto_amount, crypto_currency: tx.crypto_currency, fee: tx.fee };
    if (state === 'completed' && !tx.credited_at) {
      await credit(trx, money, currency.type as CurrencyType, now);
      await trx.updateTable('provider_transactions').set({ credited_at: now }).where('id', '=', id).where('credited_at', 'is', null).execute();
      credited = true;
    }
    // Only a credited purchase has anything to give back, and only once.
    if (state === 'refunded' && tx.credited_at && !tx.reversed_at && await reverse(trx, money, currency.type as CurrencyType, now)) {
      await trx.updateTable('provider_transactions').set({ reversed_at: now }).where('id', '=', id).execute();
      reversed = true;
    }
  }
  return { id, duplicate: false, applied, state, credited, reversed };
}
