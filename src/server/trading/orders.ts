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
import { toUnits } from '../../shared/decimal.js';
import type { CurrencyType } from '../ledger/chart.js';
import { post, postMany, type Posting } from '../ledger/post.js';
import { orderHoldEntries, orderLocks, tradeOutcome, type MarketInfo, type TradedOrder } from './entries.js';

export {
  averagePrice, heldCurrency, holdEntries, mul, orderHoldEntries, orderLocks, tradeOutcome,
  type MarketInfo, type TradedOrder, type TradeOutcome,
} from './entries.js';

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

/**
 * The fee fractions of members on a market: for each, the most specific trading_fees row (its group and
 * the market over `any`); a member no row covers pays nothing.
 */
export async function feeTable(db: Kysely<DB>, members: readonly number[], market: string): Promise<Map<number, Fees>> {
  if (!members.length) return new Map();
  const rows = (await sql<{ id: number; maker: string; taker: string }>`
    SELECT DISTINCT ON (u.id) u.id, f.maker, f.taker FROM users u
    JOIN trading_fees f ON (f."group" = u.fee_group OR f."group" = 'any') AND f.market_id IN (${market}, 'any')
    WHERE u.id = ANY(${[...members]}::bigint[])
    ORDER BY u.id, (f."group" = 'any'), (f.market_id = 'any')`.execute(db)).rows;
  const out = new Map(rows.map((r) => [Number(r.id), { maker: r.maker, taker: r.taker }]));
  for (const m of members) if (!out.has(m)) out.set(m, { maker: '0', taker: '0' });
  return out;
}

export interface Fees { maker: string; taker: string }

/** The fee fractions of a member on a market (feeTable). */
export async function feesFor(db: Kysely<DB>, memberId: number, market: string): Promise<Fees> {
  return (await feeTable(db, [memberId], market)).get(memberId)!;
}

export interface NewOrder {
  member: number; market: MarketInfo; side: 'buy' | 'sell'; price: string; volume: string; at: Date;
  /** `pending` until the matching engine takes it (Peatio's submitted order); `wait` by default. */
  state?: 'wait' | 'pending';
}

/** A market order: no price; it locks what taking its volume from the book costs (matching.ts reckons it). */
export interface NewMarketOrder extends Omit<NewOrder, 'price'> { price: null; ordType: 'market'; locked: string }

/**
 * Places an order (state wait), locking what it may spend: a limit order orderLocks, a market order the
 * amount it names. Refused by the ledger when the balance is short.
 */
export async function placeOrder(trx: Kysely<DB>, o: NewOrder | NewMarketOrder): Promise<number> {
  const locked = o.price === null ? o.locked : orderLocks(o);
  const fees = await feesFor(trx, o.member, o.market.id);
  const { id } = await trx.insertInto('orders').values({
    member_id: o.member, market_id: o.market.id, side: o.side, ord_type: o.price === null ? 'market' : 'limit', price: o.price,
    origin_volume: o.volume, remaining_volume: o.volume, origin_locked: locked, locked,
    maker_fee: fees.maker, taker_fee: fees.taker, state: o.state ?? 'wait', created_at: o.at, updated_at: o.at,
  }).returning('id').executeTakeFirstOrThrow();
  await post(trx, { reference: { type: 'Order', id }, at: o.at, entries: orderHoldEntries(o.market, o.member, o.side, locked, 'lock') });
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
    releases.push({ reference: { type: 'Order', id: r.id }, at, entries: orderHoldEntries(m, r.member_id, r.side, r.released, 'unlock') });
  }
  // One posting per order, written together: a batch of a thousand costs a few statements, not thousands.
  await postMany(trx, releases);
  return rows;
}

/**
 * Executes a trade of `volume` at `price` between a resting (maker) order and an incoming (taker)
 * order of the other side, both waiting on the same market (tradeOutcome). Returns the trade id, or
 * null when either order can no longer take it (not waiting, or less remaining than the volume).
 */
export async function executeTrade(
  trx: Kysely<DB>, market: MarketInfo, makerId: number, takerId: number, price: string, volume: string, at: Date,
): Promise<number | null> {
  const orders = await trx.selectFrom('orders')
    .select(['id', 'member_id', 'side', 'origin_volume', 'remaining_volume', 'locked', 'funds_received', 'avg_price', 'trades_count', 'maker_fee', 'taker_fee'])
    .where('id', 'in', [makerId, takerId]).where('market_id', '=', market.id).where('state', '=', 'wait')
    .orderBy('id').forUpdate().execute() as TradedOrder[];
  const maker = orders.find((o) => o.id === makerId), taker = orders.find((o) => o.id === takerId);
  const outcome = maker && taker && tradeOutcome(market, maker, taker, price, volume);
  if (!outcome) return null;
  const { id } = await trx.insertInto('trades').values({ ...outcome.trade, created_at: at }).returning('id').executeTakeFirstOrThrow();
  for (const o of outcome.orders) {
    await trx.updateTable('orders').set({
      remaining_volume: o.remaining_volume, locked: o.locked, state: o.state, funds_received: o.funds_received,
      trades_count: o.trades_count, avg_price: o.avg_price, updated_at: at,
    }).where('id', '=', o.id).execute();
  }
  await postMany(trx, [
    { reference: { type: 'Trade', id }, at, entries: outcome.entries },
    ...outcome.releases.map((r) => ({ reference: { type: 'Order', id: r.order }, at, entries: r.entries })),
  ]);
  return id;
}
