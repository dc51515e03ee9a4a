/**
 * What orders and trades do to the ledger, as pure functions of the orders (the accounting is described
 * in orders.ts): the API's order code (orders.ts, matching.ts) writes what they compute, and the demo
 * seed plans its trading history with them (db/seed/trading-plan.ts), so the two cannot drift apart.
 */
import { fromUnits, toUnits } from '../../shared/decimal.js';
import { code, type CurrencyType } from '../ledger/chart.js';
import type { Entry } from '../ledger/post.js';

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

/** Moves `amount` of a member's currency between main (20x) and locked (21x): `lock` one way, `unlock` back. */
export function holdEntries(member: number, currency: string, type: CurrencyType, amount: string, dir: 'lock' | 'unlock'): Entry[] {
  const main = code('liability', type), locked = code('liability', type, true);
  return dir === 'lock'
    ? [{ code: main, currency, member, debit: amount }, { code: locked, currency, member, credit: amount }]
    : [{ code: locked, currency, member, debit: amount }, { code: main, currency, member, credit: amount }];
}

/** The currency an order of `side` holds: a sell its base, a buy its quote. */
export const heldCurrency = (m: MarketInfo, side: string): [string, CurrencyType] =>
  side === 'sell' ? [m.base, m.baseType] : [m.quote, m.quoteType];

/** What an order of `side` holds of `amount` held, as a posting's entries: locked at placement, released (`unlock`) after. */
export const orderHoldEntries = (m: MarketInfo, member: number, side: string, amount: string, dir: 'lock' | 'unlock'): Entry[] =>
  holdEntries(member, ...heldCurrency(m, side), amount, dir);

/** What placing a limit order locks: a sell its volume, a buy price × volume cut to the quote's places. */
export const orderLocks = (o: { market: MarketInfo; side: string; price: string; volume: string }): string =>
  o.side === 'sell' ? o.volume : mul(o.price, o.volume, o.market.quotePrecision);

/** An order as a trade reads and changes it (the columns of its row). */
export interface TradedOrder {
  id: number; member_id: number; side: string; origin_volume: string; remaining_volume: string; locked: string;
  funds_received: string; avg_price: string; trades_count: number; maker_fee: string; taker_fee: string;
}

/** What a trade does, computed from its two orders as they are (tradeOutcome); the caller writes it. */
export interface TradeOutcome {
  trade: {
    market_id: string; price: string; amount: string; total: string; maker_order_id: number; taker_order_id: number;
    maker_id: number; taker_id: number; taker_type: string;
    maker_fee_amount: string; maker_fee_currency: string; taker_fee_amount: string; taker_fee_currency: string;
  };
  /** The trade's posting. */
  entries: Entry[];
  /** The buyer's order then the seller's, as the trade leaves them. */
  orders: Array<TradedOrder & { state: 'wait' | 'done' }>;
  /** An order filled completely that still held something (a buy filled below its limit) releases it: one posting each, after the trade's. */
  releases: Array<{ order: number; entries: Entry[] }>;
}

const sub = (a: string, b: string) => fromUnits(toUnits(a) - toUnits(b));
const add = (a: string, b: string) => fromUnits(toUnits(a) + toUnits(b));

/**
 * The volume-weighted mean of an order's trade prices after one more trade, truncated to 18 places:
 * of the trades' prices, not of their totals, which are cut to the quote currency's places — one trade
 * of 0.10922 at 65038.3 (total 7103.48) would otherwise average 65038.2713788683391…
 */
export function averagePrice(o: TradedOrder, price: string, volume: string): string {
  const filled = toUnits(o.origin_volume) - toUnits(o.remaining_volume), v = toUnits(volume);
  // Units of 10⁻¹⁸: (avg·filled + price·volume) is in 10⁻³⁶, its quotient by (filled + volume) in 10⁻¹⁸, cut.
  return fromUnits((toUnits(o.avg_price) * filled + toUnits(price) * v) / (filled + v));
}

/**
 * A trade of `volume` at `price` between a resting (maker) order and an incoming (taker) order of the
 * other side, as Peatio accounts it (the header); null when it cannot be made: the same side, less
 * remaining or locked than it takes, or a total under one unit of the quote currency. Pure: the
 * API's executeTrade and the demo seed's planned history (db/seed/trading-plan.ts) both use it.
 */
export function tradeOutcome(market: MarketInfo, maker: TradedOrder, taker: TradedOrder, price: string, volume: string): TradeOutcome | null {
  if (maker.side === taker.side) return null;
  if (toUnits(maker.remaining_volume) < toUnits(volume) || toUnits(taker.remaining_volume) < toUnits(volume)) return null;
  const total = mul(price, volume, market.quotePrecision);
  // Too small to be worth one unit of the quote currency: no trade.
  if (toUnits(total) <= 0n) return null;
  const [buyer, seller] = maker.side === 'buy' ? [maker, taker] : [taker, maker];
  const feeOf = (o: TradedOrder, amount: string, places: number) => mul(amount, o === maker ? o.maker_fee : o.taker_fee, places);
  const buyerFee = feeOf(buyer, volume, market.basePrecision), sellerFee = feeOf(seller, total, market.quotePrecision);
  if (toUnits(buyer.locked) < toUnits(total) || toUnits(seller.locked) < toUnits(volume)) return null;
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
  const orders: TradeOutcome['orders'] = [];
  const releases: TradeOutcome['releases'] = [];
  for (const o of [buyer, seller]) {
    const received = o === buyer ? sub(volume, buyerFee) : sub(total, sellerFee);
    const remaining = sub(o.remaining_volume, volume);
    const left = sub(o.locked, o === buyer ? total : volume);
    const done = !pos(remaining);
    orders.push({
      ...o, remaining_volume: remaining, locked: done ? '0' : left, state: done ? 'done' : 'wait',
      funds_received: add(o.funds_received, received), trades_count: o.trades_count + 1, avg_price: averagePrice(o, price, volume),
    });
    if (done && pos(left)) releases.push({ order: o.id, entries: orderHoldEntries(market, o.member_id, o.side, left, 'unlock') });
  }
  return {
    trade: {
      market_id: market.id, price, amount: volume, total, maker_order_id: maker.id, taker_order_id: taker.id,
      maker_id: maker.member_id, taker_id: taker.member_id, taker_type: taker.side,
      maker_fee_amount: maker === buyer ? buyerFee : sellerFee, maker_fee_currency: maker === buyer ? market.base : market.quote,
      taker_fee_amount: taker === buyer ? buyerFee : sellerFee, taker_fee_currency: taker === buyer ? market.base : market.quote,
    },
    entries, orders, releases,
  };
}

