/**
 * The matching engine: an incoming limit order meets the resting (`wait`) orders of the other side of
 * its market in price-time priority — the best price first (the lowest ask for a buy, the highest bid
 * for a sell), then the oldest id — while the prices cross, each trade at the resting (maker) order's
 * price for the smaller of the two remainders, posted through the ledger by executeTrade (orders.ts).
 *
 * Matching on a market takes a transaction-level advisory lock on that market first, so one market
 * matches one order at a time across every connection and node (the lock lives in PostgreSQL, like
 * everything else a node shares); markets match in parallel. Self-trades are allowed, as in Peatio:
 * the member pays both fees and the ledger balances as for any trade.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/schema.js';
import { fromUnits, toUnits } from '../../shared/decimal.js';
import { cancelOrders, executeTrade, lockMarket, mul, placeOrder, type MarketInfo } from './orders.js';

export type Side = 'buy' | 'sell';

/**
 * An order to place and match: a limit order of `volume` base units at `price` quote units each, or a
 * market order (`price` null) that takes `volume` from the book at whatever prices rest there.
 */
export interface Submission { member: number; market: MarketInfo; side: Side; price: string | null; volume: string; at?: Date }

/** The book cannot fill a market order's volume (Peatio's market.order.insufficient_market_liquidity): nothing is written. */
export class InsufficientLiquidity extends Error {}

/** Runs a submission's transaction: a plain one by default, or the caller's (an audited one, plugins/audit.ts). */
export type TransactionRunner = <T>(fn: (trx: Transaction<DB>) => Promise<T>) => Promise<T>;

/** The placed order and the trades it made at once, in the order they were made. */
export interface Submitted { id: number; trades: number[] }

/** Resting orders read per query while matching: enough for a sweep, few enough not to read the whole book. */
const BATCH = 50;
/** PostgreSQL's deadlock and serialization failures: the transaction was rolled back whole, so running it again is safe. */
const RETRIED = new Set(['40P01', '40001']);
const ATTEMPTS = 3;

interface Resting { id: number; price: string; remaining: string }

/**
 * The resting orders of `side` on a market, best first, that cross `limit` (none: any price), after
 * `after` in that order, skipping `except`. A keyset page over orders_book_idx (market, side, price,
 * id of the waiting orders; migration 0019).
 */
async function resting(
  trx: Kysely<DB>, marketId: string, side: Side, limit: string | null, after: Resting | null, n: number, except: readonly number[] = [],
): Promise<Resting[]> {
  const asks = side === 'sell';
  let q = trx.selectFrom('orders').select(['id', 'price', 'remaining_volume as remaining'])
    .where('market_id', '=', marketId).where('state', '=', 'wait').where('side', '=', side);
  if (limit !== null) q = q.where('price', asks ? '<=' : '>=', limit);
  if (after) {
    q = q.where((eb) => eb.or([
      eb('price', asks ? '>' : '<', after.price), eb.and([eb('price', '=', after.price), eb('id', '>', after.id)]),
    ]));
  }
  if (except.length) q = q.where('id', 'not in', except);
  return await q.orderBy('price', asks ? 'asc' : 'desc').orderBy('id').limit(n).execute() as Resting[];
}

const min = (a: bigint, b: bigint) => (a < b ? a : b);

/**
 * Matches a waiting order against the resting orders of the other side that cross its limit, until it
 * is filled or nothing crosses. Call it inside the transaction that holds `lockMarket` (the incoming
 * order may be placed in the same one). Returns the trades' ids.
 */
export async function matchOrder(
  trx: Kysely<DB>, market: MarketInfo, taker: { id: number; side: Side; price: string | null; volume: string }, at: Date,
): Promise<number[]> {
  const trades: number[] = [];
  let left = toUnits(taker.volume);
  let after: Resting | null = null;
  while (left > 0n) {
    const page = await resting(trx, market.id, taker.side === 'buy' ? 'sell' : 'buy', taker.price, after, BATCH);
    for (const maker of page) {
      after = maker;
      const volume = fromUnits(min(toUnits(maker.remaining), left));
      const trade = await executeTrade(trx, market, maker.id, taker.id, maker.price, volume, at);
      if (trade !== null) {
        trades.push(trade);
        left -= toUnits(volume);
        if (left === 0n) break;
        continue;
      }
      // No trade: one of the two is worth less than one unit of the quote currency at this price (or the
      // maker was cancelled meanwhile). When it is the incoming order's remainder, a sell's only shrinks
      // at the lower bids that follow, so it rests, and a buy's rests once it is dust even at its own
      // limit; otherwise the maker is skipped and the next one tried.
      const takerTooSmall = toUnits(volume) === left && toUnits(mul(maker.price, volume, market.quotePrecision)) === 0n;
      if (takerTooSmall && (taker.side === 'sell' || toUnits(mul(taker.price ?? maker.price, volume, market.quotePrecision)) === 0n)) return trades;
    }
    if (page.length < BATCH) break;
  }
  return trades;
}

/**
 * What a market order locks: a sell its volume, a buy what taking its volume from the asks costs, best
 * first, each level's total cut to the quote's places as the trades will cut it. Read under the market's
 * lock in the transaction that matches the order, so the estimate is what matching takes (Peatio, which
 * estimates outside the engine, adds a 10 % buffer; none is needed here). Null when the book's other
 * side holds less than the volume.
 */
async function marketLocks(trx: Kysely<DB>, market: MarketInfo, side: Side, volume: string): Promise<string | null> {
  let left = toUnits(volume), cost = 0n;
  let after: Resting | null = null;
  while (left > 0n) {
    const page = await resting(trx, market.id, side === 'buy' ? 'sell' : 'buy', null, after, BATCH);
    for (const r of page) {
      after = r;
      const take = min(toUnits(r.remaining), left);
      cost += toUnits(mul(r.price, fromUnits(take), market.quotePrecision));
      left -= take;
      if (left === 0n) break;
    }
    if (page.length < BATCH) break;
  }
  if (left > 0n) return null;
  return side === 'sell' ? volume : fromUnits(cost);
}

/**
 * Places an order and matches it, in one transaction under the market's lock. A market order's
 * unfilled rest (the book changed shape under dust, say) is cancelled at once, as Peatio does, so it
 * never rests. A refusal of the ledger (LedgerRefusal: the balance does not cover the lock) or of the
 * book (InsufficientLiquidity) propagates and nothing is written; a deadlock with another market's
 * matching (trades lock members' accounts as they come) is retried, each attempt in a new transaction
 * of `run`.
 */
export async function submitOrder(db: Kysely<DB>, o: Submission, run?: TransactionRunner): Promise<Submitted> {
  const at = o.at ?? new Date();
  const transaction: TransactionRunner = run ?? ((fn) => db.transaction().execute(fn));
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction(async (trx) => {
        await lockMarket(trx, o.market.id);
        const base = { member: o.member, market: o.market, side: o.side, volume: o.volume, at };
        let id: number;
        if (o.price === null) {
          const locked = await marketLocks(trx, o.market, o.side, o.volume);
          if (locked === null) throw new InsufficientLiquidity();
          id = await placeOrder(trx, { ...base, price: null, ordType: 'market', locked });
        } else {
          id = await placeOrder(trx, { ...base, price: o.price });
        }
        const trades = await matchOrder(trx, o.market, { id, side: o.side, price: o.price, volume: o.volume }, at);
        if (o.price === null) await cancelOrders(trx, [id], at);
        return { id, trades };
      });
    } catch (e) {
      if (attempt >= ATTEMPTS || !RETRIED.has((e as { code?: string }).code ?? '')) throw e;
    }
  }
}

/**
 * Trades a crossed book (best bid ≥ best ask, left by data the engine never matched, such as the demo
 * seed's) against itself under the market's lock: the best bid and best ask trade, the older of the two
 * as the maker at its price, until they no longer cross or `maxTrades` trades were made (a huge crossed
 * book is uncrossed over several calls). A pair that cannot trade (dust) sets aside its smaller order.
 * Returns the trades made and whether the book may still be crossed.
 */
export async function uncrossMarket(db: Kysely<DB>, market: MarketInfo, at: Date, maxTrades = 500): Promise<{ trades: number; crossed: boolean }> {
  return db.transaction().execute(async (trx) => {
    await lockMarket(trx, market.id);
    const skipped: number[] = [];
    let trades = 0;
    for (let steps = 0; ; steps++) {
      const [bid] = await resting(trx, market.id, 'buy', null, null, 1, skipped);
      const [ask] = await resting(trx, market.id, 'sell', null, null, 1, skipped);
      if (!bid || !ask || toUnits(bid.price) < toUnits(ask.price)) return { trades, crossed: false };
      if (steps >= maxTrades) return { trades, crossed: true };
      const [maker, taker] = bid.id < ask.id ? [bid, ask] : [ask, bid];
      const [mr, tr] = [toUnits(maker.remaining), toUnits(taker.remaining)];
      if (await executeTrade(trx, market, maker.id, taker.id, maker.price, fromUnits(min(mr, tr)), at) !== null) trades++;
      else skipped.push(...(mr === tr ? [maker.id, taker.id] : [mr < tr ? maker.id : taker.id]));
    }
  });
}
