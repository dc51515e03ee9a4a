/**
 * Wonka quotes and swaps on the ledger (src/server/applogic/README.md, Wonka). A quote prices `amount` of the
 * pair's base currency at the price market's last trade, moved by the pair's spread against the member (sell:
 * below, buy: above), with the pair's fee less the member's best applicable discount, taken in the quote
 * currency; it lives `quote_ttl_seconds`. A swap executes an unexpired, unused quote of the member's once: the
 * quote's row is locked, its `used_at` set and the swap inserted in the same transaction as the posting
 * (reference Swap) — the `from` currency: the member's balance 20x debit and the platform's revenue 30x credit;
 * the `to` currency: revenue 30x debit and the member 20x credit. The fee and spread are in the amounts, so the
 * platform's position per currency shows in its revenues. The customer calls (applogic/wonka-customer.ts) and
 * the demo seed both run these.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { amountRefusal, compareDecimal, fitsColumn, fromUnits, SCALE, toUnits, type AmountRefusal } from '../../shared/decimal.js';
import { code, type CurrencyType } from '../ledger/chart.js';
import { post } from '../ledger/post.js';

const UNIT = 10n ** BigInt(SCALE);
const mulDown = (a: bigint, b: bigint) => (a * b) / UNIT;
const mulUp = (a: bigint, b: bigint) => (a * b + UNIT - 1n) / UNIT;
const step = (places: number) => 10n ** BigInt(SCALE - Math.min(places, SCALE));
const roundDown = (u: bigint, places: number) => u - (u % step(places));
const roundUp = (u: bigint, places: number) => { const s = step(places), r = u % s; return r === 0n ? u : u - r + s; };

export type Side = 'buy' | 'sell';

export interface Pair {
  id: number; pair: string; base_currency: string; quote_currency: string; market_id: string;
  base_precision: number; quote_precision: number;
  config: { fee: string; spread: string; min_amount: string; max_amount: string; quote_ttl_seconds: number };
}

/** Why a pair cannot be quoted now. */
export type PairRefusal = 'pair.doesnt_exist' | 'pair.disabled' | 'price.unavailable';

/** The price market's last trade (quote currency per base), or null before its first trade. */
export async function lastPrice(db: Kysely<DB>, market: string): Promise<{ price: string; at: Date } | null> {
  const t = await db.selectFrom('trades').select(['price', 'created_at']).where('market_id', '=', market)
    .orderBy('id', 'desc').limit(1).executeTakeFirst();
  return t ? { price: fromUnits(toUnits(String(t.price))), at: t.created_at } : null;
}

/**
 * A pair open for swaps: enabled, with an enabled config, both currencies still `wonka_swap_enabled`
 * (a currency's flag turned off closes its pairs at once, without editing them).
 */
export async function openPair(db: Kysely<DB>, by: { name: string } | { id: number }): Promise<Pair | PairRefusal> {
  let q = db.selectFrom('wonkas as w')
    .innerJoin('currencies as b', 'b.code', 'w.base_currency').innerJoin('currencies as q', 'q.code', 'w.quote_currency')
    .leftJoin('wonka_configs as c', 'c.wonka_id', 'w.id')
    .select([
      'w.id', 'w.pair', 'w.base_currency', 'w.quote_currency', 'w.market_id', 'w.state', 'b.precision as base_precision',
      'q.precision as quote_precision', 'b.wonka_swap_enabled as base_on', 'q.wonka_swap_enabled as quote_on', 'c.state as config_state',
      'c.fee', 'c.spread', 'c.min_amount', 'c.max_amount', 'c.quote_ttl_seconds',
    ]);
  q = 'id' in by ? q.where('w.id', '=', by.id) : q.where('w.pair', '=', by.name.trim().toLowerCase());
  const w = await q.executeTakeFirst();
  if (!w) return 'pair.doesnt_exist';
  if (w.state !== 'enabled' || w.config_state !== 'enabled' || !w.base_on || !w.quote_on) return 'pair.disabled';
  return {
    id: Number(w.id), pair: w.pair, base_currency: w.base_currency, quote_currency: w.quote_currency, market_id: w.market_id,
    base_precision: w.base_precision, quote_precision: w.quote_precision,
    config: { fee: String(w.fee), spread: String(w.spread), min_amount: String(w.min_amount), max_amount: String(w.max_amount), quote_ttl_seconds: Number(w.quote_ttl_seconds) },
  };
}

/**
 * The member's best discount now: a tier discount of their fee group, or the campaign they named; the
 * largest wins, none stack. `campaign_unknown` when they named a campaign that is not running.
 */
export async function bestDiscount(db: Kysely<DB>, tier: string, campaign: string | null, at: Date)
  : Promise<{ id: number; discount: string } | null | 'campaign_unknown'> {
  const rows = await db.selectFrom('wonka_discounts').select(['id', 'kind', 'discount'])
    .where('state', '=', 'active').where('starts_at', '<=', at).where('ends_at', '>', at)
    .where((e) => e.or([
      e.and([e('kind', '=', 'tier'), e('tier', '=', tier)]),
      ...(campaign ? [e.and([e('kind', '=', 'campaign'), e('campaign', '=', campaign)])] : []),
    ]))
    .orderBy('discount', 'desc').orderBy('id').execute();
  if (campaign && !rows.some((r) => r.kind === 'campaign')) return 'campaign_unknown';
  const best = rows[0];
  return best ? { id: Number(best.id), discount: String(best.discount) } : null;
}

export interface Priced {
  from_currency: string; from_amount: string; to_currency: string; to_amount: string; rate: string; fee_rate: string; fee: string; fee_currency: string;
}

/**
 * The terms of a quote: `amount` of the base at `price` moved by the spread against the member, the fee
 * (fee × (1 − discount)) in the quote currency, amounts rounded to the currencies' precision in the
 * platform's favour (what the member receives down, what they pay up). Null when they would receive nothing.
 */
export function price(pair: Pair, side: Side, amount: string, marketPrice: string, discount: string): Priced | null {
  const [a, p, s, f] = [toUnits(amount), toUnits(marketPrice), toUnits(pair.config.spread), toUnits(pair.config.fee)];
  const feeRate = mulDown(f, UNIT - toUnits(discount));
  const qp = pair.quote_precision;
  if (side === 'sell') {
    const rate = mulDown(p, UNIT - s);
    const gross = mulDown(a, rate);
    const fee = roundUp(mulUp(gross, feeRate), qp);
    const to = roundDown(gross - fee, qp);
    if (to <= 0n) return null;
    return {
      from_currency: pair.base_currency, from_amount: amount, to_currency: pair.quote_currency, to_amount: fromUnits(to),
      rate: fromUnits(rate), fee_rate: fromUnits(feeRate), fee: fromUnits(fee), fee_currency: pair.quote_currency,
    };
  }
  const rate = mulUp(p, UNIT + s);
  const cost = roundUp(mulUp(a, rate), qp);
  const fee = roundUp(mulUp(cost, feeRate), qp);
  if (cost <= 0n) return null;
  return {
    from_currency: pair.quote_currency, from_amount: fromUnits(cost + fee), to_currency: pair.base_currency, to_amount: amount,
    rate: fromUnits(rate), fee_rate: fromUnits(feeRate), fee: fromUnits(fee), fee_currency: pair.quote_currency,
  };
}

export type QuoteRefusal =
  | PairRefusal | `quote.${AmountRefusal}` | 'quote.amount_below_minimum'
  | 'quote.amount_above_maximum' | 'quote.amount_too_small' | 'quote.unknown_campaign';

export interface QuoteInput {
  member: { id: number; uid: string; fee_group: string };
  pair: string;
  side: Side;
  amount: string;
  campaign?: string | null;
  at: Date;
}

/** Prices and records a quote for the member; answers its id or why not (nothing written then). */
export async function makeQuote(db: Kysely<DB>, q: QuoteInput): Promise<{ id: number } | QuoteRefusal> {
  const pair = await openPair(db, { name: q.pair });
  if (typeof pair === 'string') return pair;
  const amount = amountRefusal(q.amount, pair.base_precision);
  if (amount) return `quote.${amount}`;
  const { min_amount: min, max_amount: max, quote_ttl_seconds: ttl } = pair.config;
  if (compareDecimal(q.amount, min) < 0) return 'quote.amount_below_minimum';
  if (compareDecimal(max, '0') > 0 && compareDecimal(q.amount, max) > 0) return 'quote.amount_above_maximum';
  const last = await lastPrice(db, pair.market_id);
  if (!last) return 'price.unavailable';
  const campaign = q.campaign?.trim() ? q.campaign.trim() : null;
  const discount = await bestDiscount(db, q.member.fee_group, campaign, q.at);
  if (discount === 'campaign_unknown') return 'quote.unknown_campaign';
  const terms = price(pair, q.side, q.amount, last.price, discount?.discount ?? '0');
  if (!terms) return 'quote.amount_too_small';
  if (![terms.from_amount, terms.to_amount].every(fitsColumn)) return 'quote.amount_too_large';
  const row = await db.insertInto('quotes').values({
    member_id: q.member.id, uid: q.member.uid, wonka_id: pair.id, pair: pair.pair, side: q.side, amount: q.amount, ...terms,
    price: last.price, discount_id: discount?.id ?? null, campaign, expires_at: new Date(q.at.getTime() + ttl * 1000),
    created_at: q.at, updated_at: q.at,
  }).returning('id').executeTakeFirstOrThrow();
  return { id: Number(row.id) };
}

export type SwapRefusal = 'quote.doesnt_exist' | 'quote.used' | 'quote.expired' | 'pair.disabled' | 'swap.insufficient_balance';

const typeOf = async (trx: Kysely<DB>, c: string) =>
  (await trx.selectFrom('currencies').select('type').where('code', '=', c).executeTakeFirstOrThrow()).type as CurrencyType;

/**
 * Executes the member's quote once, in the caller's transaction: answers the swap's id or why not, and
 * on a refusal nothing was written (a short balance leaves the quote usable until it expires).
 */
export async function executeSwap(trx: Kysely<DB>, s: { member: number; quote: number; at: Date }): Promise<{ id: number } | SwapRefusal> {
  const q = await trx.selectFrom('quotes').selectAll().where('id', '=', s.quote).where('member_id', '=', s.member).forUpdate().executeTakeFirst();
  if (!q) return 'quote.doesnt_exist';
  if (q.used_at) return 'quote.used';
  if (q.expires_at.getTime() <= s.at.getTime()) return 'quote.expired';
  const pair = await openPair(trx, { id: Number(q.wonka_id) });
  if (typeof pair === 'string') return 'pair.disabled';
  const member = Number(q.member_id);
  // The member's two accounts locked in the ledger's own order (member, currency), so a swap the other way
  // cannot wait on them crosswise; the balance is read under that lock, so the posting is never short.
  const accounts = await trx.selectFrom('accounts').select(['currency_id', 'balance']).where('user_id', '=', member)
    .where('currency_id', 'in', [q.from_currency, q.to_currency]).orderBy('currency_id').forUpdate().execute();
  const held = accounts.find((a) => a.currency_id === q.from_currency)?.balance ?? '0';
  if (compareDecimal(String(held), String(q.from_amount)) < 0) return 'swap.insufficient_balance';
  const used = await trx.updateTable('quotes').set({ used_at: s.at, updated_at: s.at })
    .where('id', '=', q.id).where('used_at', 'is', null).executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) return 'quote.used';
  const terms = {
    from_currency: q.from_currency, from_amount: String(q.from_amount), to_currency: q.to_currency, to_amount: String(q.to_amount),
  };
  const swap = await trx.insertInto('swaps').values({
    quote_id: Number(q.id), member_id: member, uid: q.uid, wonka_id: Number(q.wonka_id), pair: q.pair, side: q.side, ...terms,
    price: String(q.price), rate: String(q.rate), fee: String(q.fee), fee_currency: q.fee_currency, discount_id: q.discount_id,
    state: 'completed', created_at: s.at, updated_at: s.at,
  }).returning('id').executeTakeFirstOrThrow();
  const [fromType, toType] = [await typeOf(trx, terms.from_currency), await typeOf(trx, terms.to_currency)];
  await post(trx, {
    reference: { type: 'Swap', id: Number(swap.id) }, at: s.at, entries: [
      { code: code('liability', fromType), currency: terms.from_currency, member, debit: terms.from_amount },
      { code: code('revenue', fromType), currency: terms.from_currency, credit: terms.from_amount },
      { code: code('revenue', toType), currency: terms.to_currency, debit: terms.to_amount },
      { code: code('liability', toType), currency: terms.to_currency, member, credit: terms.to_amount },
    ],
  });
  return { id: Number(swap.id) };
}
