/**
 * Orders and trades on the ledger, in Peatio's accounting:
 * - placing an order moves what it may spend from the member's main balance (20x) to locked (21x): a
 *   sell locks its volume of the base currency, a buy price × volume of the quote currency;
 * - a trade takes the seller's locked base and the buyer's locked quote, credits each side what it
 *   bought less its fee (the maker's or taker's fee fraction of the order), and books the fees as
 *   revenue (30x) of the member who paid them; an order filled completely returns what it still
 *   locks (a buy that filled below its limit price);
 * - cancelling returns what the order still locks to the main balance.
 * Every state change is an UPDATE guarded by the state it leaves (`WHERE state = 'wait'`), in the same
 * transaction as its posting: a second cancel, or a cancel racing a fill, finds no row and moves nothing.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { fromUnits, toUnits } from '../../shared/decimal.js';
import { code, type CurrencyType } from '../ledger/chart.js';
import { post, postMany, type Entry, type Posting } from '../ledger/post.js';

const UNIT = 10n ** 18n;
/** a × b of two decimal strings, truncated to `places` (the currency's precision; 18 at most). */
export const mul = (a: string, b: string, places = 18): string => {
  const step = 10n ** BigInt(18 - Math.min(places, 18));
  return fromUnits(((toUnits(a) * toUnits(b)) / UNIT / step) * step);
};

/**
 * A market and its currencies' types and precisions: a total is truncated to the quote currency's
 * places and a fee to its currency's (in the member's favour), so no balance holds more places than
 * its currency has.
 */
export interface MarketInfo {
  id: string; base: string; quote: string; baseType: CurrencyType; quoteType: CurrencyType; basePrecision: number; quotePrecision: number;
}

export async function marketInfo(db: Kysely<DB>, id: string): Promise<MarketInfo | undefined> {
  const m = await db.selectFrom('markets as m')
    .innerJoin('currencies as b', 'b.code', 'm.base_unit').innerJoin('currencies as q', 'q.code', 'm.quote_unit')
    .select(['m.id', 'm.base_unit', 'm.quote_unit', 'b.type as bt', 'q.type as qt', 'b.precision as bp', 'q.precision as qp'])
    .where('m.id', '=', id).executeTakeFirst();
  return m && {
    id: m.id, base: m.base_unit, quote: m.quote_unit, baseType: m.bt as CurrencyType, quoteType: m.qt as CurrencyType,
    basePrecision: m.bp, quotePrecision: m.qp,
  };
}

/** The fee fractions of a member on a market: the most specific trading_fees row (group and market over `any`). */
export async function feesFor(db: Kysely<DB>, memberId: number, market: string): Promise<{ maker: string; taker: string }> {
  const row = await db.selectFrom('trading_fees as f').innerJoin('users as u', (j) => j.on('u.id', '=', memberId))
    .select(['f.maker', 'f.taker'])
    .where((eb) => eb.or([eb('f.group', '=', eb.ref('u.fee_group')), eb('f.group', '=', 'any')]))
    .where('f.market_id', 'in', [market, 'any'])
    .orderBy(sql`(f."group" = 'any')`).orderBy(sql`(f.market_id = 'any')`).limit(1).executeTakeFirst();
  return row ?? { maker: '0', taker: '0' };
}

/** Moves `amount` of a member's currency between main (20x) and locked (21x): `lock` one way, `unlock` back. */
export function holdEntries(member: number, currency: string, type: CurrencyType, amount: string, dir: 'lock' | 'unlock'): Entry[] {
  const main = code('liability', type), locked = code('liability', type, true);
  return dir === 'lock'
    ? [{ code: main, currency, member, debit: amount }, { code: locked, currency, member, credit: amount }]
    : [{ code: locked, currency, member, debit: amount }, { code: main, currency, member, credit: amount }];
}

export interface NewOrder {
  member: number; market: MarketInfo; side: 'buy' | 'sell'; price: string; volume: string; at: Date;
  /** `pending` until the matching engine takes it (Peatio's submitted order); `wait` by default. */
  state?: 'wait' | 'pending';
}

/** Places a limit order (state wait), locking what it may spend. Refused by the ledger when the balance is short. */
export async function placeOrder(trx: Kysely<DB>, o: NewOrder): Promise<number> {
  const sell = o.side === 'sell';
  const locked = sell ? o.volume : mul(o.price, o.volume, o.market.quotePrecision);
  const fees = await feesFor(trx, o.member, o.market.id);
  const { id } = await trx.insertInto('orders').values({
    member_id: o.member, market_id: o.market.id, side: o.side, ord_type: 'limit', price: o.price,
    origin_volume: o.volume, remaining_volume: o.volume, origin_locked: locked, locked,
    maker_fee: fees.maker, taker_fee: fees.taker, state: o.state ?? 'wait', created_at: o.at, updated_at: o.at,
  }).returning('id').executeTakeFirstOrThrow();
  const [cur, type] = sell ? [o.market.base, o.market.baseType] : [o.market.quote, o.market.quoteType];
  await post(trx, { reference: { type: 'Order', id }, at: o.at, entries: holdEntries(o.member, cur, type, locked, 'lock') });
  return id;
}

/**
 * Serialises matching on one market until the caller's transaction ends. The key is hashed by the
 * server (hashtextextended, as the deposits' idempotency lock does), so every node computes the same one.
 * Matching takes it before any order row (matching.ts), and so does a cancel: the two wait for each
 * other instead of deadlocking over the same orders and accounts.
 */
export async function lockMarket(trx: Kysely<DB>, marketId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`match:${marketId}`}, 0))`.execute(trx);
}

export interface CancelledOrder { id: number; member_id: number; market_id: string; side: string; released: string }

/**
 * Cancels open orders by id, each only if it is still waiting, and returns what each one held to its
 * member in one posting per order (or rejects pending ones: `how`). Returns the orders it cancelled (an order already done or cancelled
 * is skipped, so a retried or racing cancel moves nothing twice).
 */
export async function cancelOrders(
  trx: Kysely<DB>, ids: readonly number[], at: Date, how: { from: 'wait' | 'pending'; to: 'cancel' | 'reject' } = { from: 'wait', to: 'cancel' },
): Promise<CancelledOrder[]> {
  if (!ids.length) return [];
  // The markets' matching locks first, in name order (the matcher's order: market, then rows).
  const touched = (await sql<{ market_id: string }>`
    SELECT DISTINCT market_id FROM orders WHERE id = ANY(${[...ids]}::bigint[]) AND state = ${how.from} ORDER BY market_id`.execute(trx)).rows;
  for (const m of touched) await lockMarket(trx, m.market_id);
  // The rows are locked in id order, so two bulk cancels over overlapping sets cannot deadlock.
  const rows = (await sql<CancelledOrder>`
    WITH target AS (SELECT id, locked FROM orders WHERE id = ANY(${[...ids]}::bigint[]) AND state = ${how.from} ORDER BY id FOR UPDATE)
    UPDATE orders o SET state = ${how.to}, locked = 0, updated_at = ${at}
    FROM target t WHERE o.id = t.id
    RETURNING o.id, o.member_id, o.market_id, o.side, t.locked::text AS released`.execute(trx)).rows;
  const markets = new Map<string, MarketInfo>();
  const releases: Posting[] = [];
  for (const r of rows.sort((a, b) => a.id - b.id)) {
    if (toUnits(r.released) === 0n) continue;
    const m = markets.get(r.market_id) ?? (await marketInfo(trx, r.market_id))!;
    markets.set(r.market_id, m);
    const [cur, type] = r.side === 'sell' ? [m.base, m.baseType] : [m.quote, m.quoteType];
    releases.push({ reference: { type: 'Order', id: r.id }, at, entries: holdEntries(r.member_id, cur, type, r.released, 'unlock') });
  }
  // One posting per order, written together: a batch of a thousand costs a few statements, not thousands.
  await postMany(trx, releases);
  return rows;
}

interface OpenOrder { id: number; member_id: number; side: string; remaining_volume: string; locked: string; maker_fee: string; taker_fee: string }

/**
 * Executes a trade of `volume` at `price` between a resting (maker) order and an incoming (taker)
 * order of the other side, both waiting on the same market. Returns the trade id, or null when either
 * order can no longer take it (not waiting, or less remaining than the volume).
 */
export async function executeTrade(
  trx: Kysely<DB>, market: MarketInfo, makerId: number, takerId: number, price: string, volume: string, at: Date,
): Promise<number | null> {
  const orders = await trx.selectFrom('orders')
    .select(['id', 'member_id', 'side', 'remaining_volume', 'locked', 'maker_fee', 'taker_fee'])
    .where('id', 'in', [makerId, takerId]).where('market_id', '=', market.id).where('state', '=', 'wait')
    .orderBy('id').forUpdate().execute() as OpenOrder[];
  const maker = orders.find((o) => o.id === makerId), taker = orders.find((o) => o.id === takerId);
  if (!maker || !taker || maker.side === taker.side) return null;
  if (toUnits(maker.remaining_volume) < toUnits(volume) || toUnits(taker.remaining_volume) < toUnits(volume)) return null;
  const total = mul(price, volume, market.quotePrecision);
  // Too small to be worth one unit of the quote currency: no trade.
  if (toUnits(total) <= 0n) return null;
  const [buyer, seller] = maker.side === 'buy' ? [maker, taker] : [taker, maker];
  const feeOf = (o: OpenOrder, amount: string, places: number) => mul(amount, o === maker ? o.maker_fee : o.taker_fee, places);
  const buyerFee = feeOf(buyer, volume, market.basePrecision), sellerFee = feeOf(seller, total, market.quotePrecision);
  const sub = (a: string, b: string) => fromUnits(toUnits(a) - toUnits(b));
  if (toUnits(buyer.locked) < toUnits(total) || toUnits(seller.locked) < toUnits(volume)) return null;
  const { id } = await trx.insertInto('trades').values({
    market_id: market.id, price, amount: volume, total, maker_order_id: maker.id, taker_order_id: taker.id,
    maker_id: maker.member_id, taker_id: taker.member_id, taker_type: taker.side,
    maker_fee_amount: maker === buyer ? buyerFee : sellerFee, maker_fee_currency: maker === buyer ? market.base : market.quote,
    taker_fee_amount: taker === buyer ? buyerFee : sellerFee, taker_fee_currency: taker === buyer ? market.base : market.quote,
    created_at: at,
  }).returning('id').executeTakeFirstOrThrow();
  const pos = (s: string) => toUnits(s) > 0n;
  const entries: Entry[] = [
    { code: code('liability', market.baseType, true), currency: market.base, member: seller.member_id, debit: volume },
    { code: code('liability', market.quoteType, true), currency: market.quote, member: buyer.member_id, debit: total },
  ];
  const credit = (c: Entry['code'], currency: string, member: number, amount: string) => {
    if (pos(amount)) entries.push({ code: c, currency, member, credit: amount });
  };
  credit(code('liability', market.baseType), market.base, buyer.member_id, sub(volume, buyerFee));
  credit(code('revenue', market.baseType), market.base, buyer.member_id, buyerFee);
  credit(code('liability', market.quoteType), market.quote, seller.member_id, sub(total, sellerFee));
  credit(code('revenue', market.quoteType), market.quote, seller.member_id, sellerFee);
  await post(trx, { reference: { type: 'Trade', id }, at, entries });
  for (const o of [buyer, seller]) {
    const spent = o === buyer ? total : volume;
    const received = o === buyer ? sub(volume, buyerFee) : sub(total, sellerFee);
    const remaining = sub(o.remaining_volume, volume);
    const left = sub(o.locked, spent);
    const done = !pos(remaining);
    await trx.updateTable('orders').set({
      remaining_volume: remaining, locked: done ? '0' : left, state: done ? 'done' : 'wait',
      funds_received: sql`funds_received + ${received}::numeric`, trades_count: sql`trades_count + 1`, updated_at: at,
      // The volume-weighted price of its trades so far (every SET reads the row as it was): of the
      // trades' prices, not of their totals, which are cut to the quote currency's places — one trade of
      // 0.10922 at 65038.3 (total 7103.48) would otherwise average 65038.2713788683391…
      avg_price: sql`trunc((avg_price * (origin_volume - remaining_volume) + ${price}::numeric * ${volume}::numeric) / (origin_volume - remaining_volume + ${volume}::numeric), 18)`,
    } as never).where('id', '=', o.id).execute();
    // A filled buy that paid less than its limit returns the rest.
    if (done && pos(left)) {
      const [cur, type] = o === buyer ? [market.quote, market.quoteType] : [market.base, market.baseType];
      await post(trx, { reference: { type: 'Order', id: o.id }, at, entries: holdEntries(o.member_id, cur, type, left, 'unlock') });
    }
  }
  return id;
}
