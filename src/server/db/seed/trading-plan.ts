/**
 * The demo's trading history planned in memory (trading-history.ts writes it): order pairs on the traded
 * markets, each placed, traded and cancelled by the order code's own pure functions (trading/entries.ts:
 * what an order locks, what a trade posts and leaves of its orders, what a cancel releases), against a
 * copy of the members' balances kept by the ledger's own account arithmetic (accountDeltas). So the
 * planned rows and postings are the ones placeOrder, executeTrade and cancelOrders would write — and for
 * the first pair of each kind they are written by them, and compared (trading-history.ts).
 *
 * The book a pair leaves is never crossed, as a matching engine's is not: an order left open rests on
 * its own side of the market's reference price (bids under it, asks over it), and a partial fill leaves
 * only the bigger order (the ask) open, priced at or over the reference.
 */
import { toUnits } from '../../../shared/decimal.js';
import { accountDeltas, type Posting } from '../../ledger/post.js';
import { mul, orderHoldEntries, orderLocks, tradeOutcome, type MarketInfo, type TradedOrder, type TradeOutcome } from '../../trading/entries.js';

/** A traded market: its reference price, largest order, precisions, who sells and buys on it and their fees. */
export interface Traded {
  m: MarketInfo; ref: number; maxVolume: number; pp: number; ap: number; sellers: number[]; buyers: number[];
  fees: ReadonlyMap<number, { maker: string; taker: string }>;
}

export type OrderState = 'wait' | 'pending' | 'done' | 'cancel' | 'reject';
/** An order as the history leaves it; `id` is its key in the plan until it is written. */
export interface PlannedOrder extends TradedOrder { side: 'buy' | 'sell'; price: string; origin_locked: string; state: OrderState; created_at: Date; updated_at: Date }
export interface PlannedTrade { id: number; row: TradeOutcome['trade']; at: Date }

/** What the order code was called with, in order (the pairs written through it replay these). */
export type Step =
  | { op: 'place'; order: PlannedOrder; state: 'wait' | 'pending' }
  | { op: 'trade'; maker: PlannedOrder; taker: PlannedOrder; price: string; volume: string; at: Date }
  | { op: 'cancel'; order: PlannedOrder; at: Date; how: { from: 'wait' | 'pending'; to: 'cancel' | 'reject' } };

export type Outcome = 'filled' | 'partial' | 'partial-cancelled' | 'cancelled' | 'open' | 'pending' | 'rejected';
export interface PlannedPair {
  market: MarketInfo; outcome: Outcome;
  /** The first pair of its outcome: written through the order code rather than in bulk. */
  domain: boolean;
  steps: Step[]; orders: PlannedOrder[]; trades: PlannedTrade[];
  /** References are plan keys (Order: an order's id here, Trade: a trade's). */
  postings: Posting[];
}

/** Members' balances (main and locked, units of 10⁻¹⁸) by `member \0 currency`, changed as postings are planned. */
export type Balances = Map<string, { balance: bigint; locked: bigint }>;
export const balanceKey = (member: number, currency: string) => `${member}\u0000${currency}`;

const DAY = 86_400_000;
const fixed = (n: number, places: number) => n.toFixed(places).replace(/\.?0+$/, '') || '0';

/** Keys for planned orders and trades, and the balances the plan has reached. */
interface State { balances: Balances; orders: number; trades: number }

/** A pair's planner: each call does what the order code's function of the same name would. */
function pairPlanner(s: State, t: Traded, outcome: Outcome) {
  const pair: PlannedPair = { market: t.m, outcome, domain: false, steps: [], orders: [], trades: [], postings: [] };
  const post = (p: Posting) => {
    for (const d of accountDeltas([p])) {
      const b = s.balances.get(balanceKey(d.member, d.currency)) ?? { balance: 0n, locked: 0n };
      const next = { balance: b.balance + d.balance, locked: b.locked + d.locked };
      // The ledger would refuse it (LedgerRefusal) and the seed roll back: a planning error.
      if (next.balance < 0n || next.locked < 0n) throw new Error(`trading plan: member ${d.member} ${d.currency} would go below zero`);
      s.balances.set(balanceKey(d.member, d.currency), next);
    }
    pair.postings.push(p);
  };
  return {
    pair,
    place(member: number, side: 'buy' | 'sell', price: string, volume: string, at: Date, state: 'wait' | 'pending' = 'wait') {
      const locked = orderLocks({ market: t.m, side, price, volume });
      const fees = t.fees.get(member) ?? { maker: '0', taker: '0' };
      const o: PlannedOrder = {
        id: ++s.orders, member_id: member, side, price, origin_volume: volume, remaining_volume: volume, origin_locked: locked, locked,
        funds_received: '0', avg_price: '0', trades_count: 0, maker_fee: fees.maker, taker_fee: fees.taker, state, created_at: at, updated_at: at,
      };
      pair.orders.push(o);
      pair.steps.push({ op: 'place', order: o, state });
      post({ reference: { type: 'Order', id: o.id }, at, entries: orderHoldEntries(t.m, member, side, locked, 'lock') });
      return o;
    },
    trade(maker: PlannedOrder, taker: PlannedOrder, price: string, volume: string, at: Date) {
      pair.steps.push({ op: 'trade', maker, taker, price, volume, at });
      const out = maker.state === 'wait' && taker.state === 'wait' ? tradeOutcome(t.m, maker, taker, price, volume) : null;
      if (!out) return;
      const id = ++s.trades;
      pair.trades.push({ id, row: out.trade, at });
      for (const o of out.orders) {
        const { remaining_volume, locked, state, funds_received, trades_count, avg_price } = o;
        Object.assign(o.id === maker.id ? maker : taker, { remaining_volume, locked, state, funds_received, trades_count, avg_price, updated_at: at });
      }
      post({ reference: { type: 'Trade', id }, at, entries: out.entries });
      for (const r of out.releases) post({ reference: { type: 'Order', id: r.order }, at, entries: r.entries });
    },
    cancel(o: PlannedOrder, at: Date, how: { from: 'wait' | 'pending'; to: 'cancel' | 'reject' } = { from: 'wait', to: 'cancel' }) {
      pair.steps.push({ op: 'cancel', order: o, at, how });
      if (o.state !== how.from) return;
      const released = o.locked;
      Object.assign(o, { state: how.to, locked: '0', updated_at: at });
      // As cancelOrders: an order that holds nothing releases nothing.
      if (toUnits(released) > 0n) post({ reference: { type: 'Order', id: o.id }, at, entries: orderHoldEntries(t.m, o.member_id, o.side, released, 'unlock') });
    },
  };
}

/** One pair of orders on a market at `at` and what became of them; null when its members cannot pay for it. */
function planPair(s: State, t: Traded, at: Date, random: () => number): PlannedPair | null {
  const { m } = t;
  const seller = t.sellers[Math.floor(random() * t.sellers.length)]!;
  const buyer = t.buyers[Math.floor(random() * t.buyers.length)]!;
  if (seller === buyer) return null;
  const swing = random() - 0.5;
  const price = fixed(t.ref * (1 + swing * 0.04), t.pp);
  const volume = fixed(Math.max(t.maxVolume * random() ** 2, 10 ** -t.ap * 10), t.ap);
  // Every price below is at most `price`'s, or (a partial fill) its bid is for at most 80 % of the volume.
  const balance = (member: number, currency: string) => s.balances.get(balanceKey(member, currency))?.balance ?? 0n;
  if (balance(seller, m.base) < toUnits(volume)) return null;
  if (balance(buyer, m.quote) < toUnits(mul(price, volume, m.quotePrecision))) return null;
  const roll = random();
  const later = (ms: number) => new Date(at.getTime() + ms);
  const off = Math.abs(swing) * 0.04 + 0.001;
  const outcome: Outcome = roll >= 0.8 ? (roll > 0.985 ? 'rejected' : roll > 0.97 ? 'pending' : 'open')
    : roll < 0.35 ? 'filled' : roll < 0.6 ? (roll < 0.45 ? 'partial-cancelled' : 'partial') : 'cancelled';
  const p = pairPlanner(s, t, outcome);
  const ask = (at: Date, pr: string, v: string, state?: 'pending') => p.place(seller, 'sell', pr, v, at, state);
  const bid = (pr: string, v: string) => p.place(buyer, 'buy', pr, v, later(1000));
  if (roll >= 0.8) {
    // Left open (or the ask still pending at the engine): the bid under the reference, the ask over it.
    const a = ask(at, fixed(t.ref * (1 + off), t.pp), volume, roll > 0.97 ? 'pending' : undefined);
    bid(fixed(t.ref * (1 - off), t.pp), volume);
    // The engine refused every other pending order; the rest are still pending.
    if (roll > 0.985) p.cancel(a, later(2000), { from: 'pending', to: 'reject' });
  } else if (roll < 0.35) {
    const a = ask(at, price, volume), b = bid(price, volume);
    p.trade(a, b, price, volume, later(2000));
  } else if (roll < 0.6) {
    // A bid for part of the ask fills; the ask's rest stays open over the reference, or is cancelled.
    const part = fixed(Number(volume) * (0.3 + random() * 0.5), t.ap);
    const over = fixed(t.ref * (1 + Math.abs(swing) * 0.04), t.pp);
    const a = ask(at, over, volume), b = bid(over, part);
    p.trade(a, b, over, part, later(2000));
    if (roll < 0.45) p.cancel(a, later(60_000));
  } else {
    const a = ask(at, price, volume), b = bid(price, volume);
    p.cancel(a, later(5 * 60_000));
    p.cancel(b, later(5 * 60_000));
  }
  return p.pair;
}

/**
 * `pairs` rounds over the last 30 days: the markets take turns, each pair a slot of its own (`slots`
 * per round), so ids follow time as in a running exchange. Deterministic: `random` and `now`. The
 * first pair of each outcome is marked to go through the order code.
 */
export function planTradingHistory(traded: readonly Traded[], slots: number, pairs: number, balances: Balances, now: Date, random: () => number): PlannedPair[] {
  const s: State = { balances, orders: 0, trades: 0 };
  const slot = (30 * DAY) / pairs / slots;
  const out: PlannedPair[] = [];
  const seen = new Set<Outcome>();
  for (let i = 0; i < pairs; i++) {
    for (const [k, t] of traded.entries()) {
      const at = new Date(now.getTime() - 30 * DAY + (i * slots + k) * slot + Math.floor(random() * slot * 0.3));
      const pair = planPair(s, t, at, random);
      if (!pair) continue;
      pair.domain = !seen.has(pair.outcome);
      seen.add(pair.outcome);
      out.push(pair);
    }
  }
  return out;
}
