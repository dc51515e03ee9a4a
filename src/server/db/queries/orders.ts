/**
 * Orders and trades (Peatio E1, E4): their money-list declarations (money-list.ts: filters, joins, wire) and
 * wire entities. A member filter (uid or e-mail) is resolved to the member's id first, so it walks
 * (member_id, state, id) / (maker_id, id) like any other index; the page's rows are joined to their
 * members only once read.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema.js';
import { orders } from '../../../shared/resources/orders.js';
import { trades } from '../../../shared/resources/trades.js';
import { decorated, defineMoneyList, lower, moneyRow, moneyRows } from './money-list.js';
import { decimalSql, isoSql } from './user-json.js';

/**
 * Peatio's Order as PostgreSQL sends it (isoSql, decimalSql), over `o` — the orders table or a page of its
 * rows — joined to the member as `u`. orderEntity only picks the fields, in the wire's order.
 */
const ORDER_WIRE = ['o.id', 'o.uuid', 'o.side', 'o.ord_type', decimalSql('o.price').as('price'), decimalSql('o.avg_price').as('avg_price'),
  'o.state', 'o.market_id as market', isoSql('o.created_at').as('created_at'), isoSql('o.updated_at').as('updated_at'),
  decimalSql('o.origin_volume').as('origin_volume'), decimalSql('o.remaining_volume').as('remaining_volume'),
  decimalSql(sql`o.origin_volume - o.remaining_volume`).as('executed_volume'), decimalSql('o.maker_fee').as('maker_fee'),
  decimalSql('o.taker_fee').as('taker_fee'), 'o.trades_count', 'u.email', 'u.uid'] as const;

interface OrderRow {
  id: number; uuid: string; side: string; ord_type: string; price: string | null; avg_price: string; state: string; market: string;
  created_at: string; updated_at: string; origin_volume: string; remaining_volume: string; executed_volume: string;
  maker_fee: string; taker_fee: string; trades_count: number; email: string; uid: string;
}

export function orderEntity(o: OrderRow) {
  return {
    id: o.id, uuid: o.uuid, side: o.side, ord_type: o.ord_type, price: o.price, avg_price: o.avg_price, state: o.state,
    market: o.market, created_at: o.created_at, updated_at: o.updated_at, origin_volume: o.origin_volume,
    remaining_volume: o.remaining_volume, executed_volume: o.executed_volume,
    maker_fee: o.maker_fee, taker_fee: o.taker_fee, trades_count: o.trades_count, email: o.email, uid: o.uid,
  };
}

/** A trade in Peatio's wire form (isoSql, decimalSql), over `trades as t` or a page of them, with its maker (`m`) and taker (`k`). */
const TRADE_WIRE = ['t.id', decimalSql('t.price').as('price'), decimalSql('t.amount').as('amount'), decimalSql('t.total').as('total'),
  't.market_id as market', isoSql('t.created_at').as('created_at'), 't.taker_type', 'm.email as maker_order_email', 'm.uid as maker_uid',
  decimalSql('t.maker_fee_amount').as('maker_fee_amount'), 't.maker_fee_currency', 'k.email as taker_order_email', 'k.uid as taker_uid',
  decimalSql('t.taker_fee_amount').as('taker_fee_amount'), 't.taker_fee_currency', 't.maker_order_id', 't.taker_order_id'] as const;

/** Orders: a member by uid or e-mail (or id: the member APIs' own) walks (member_id, state, id); rows read late by id. */
export const ORDER_LIST = defineMoneyList({
  resource: orders, table: 'orders', alias: 'o', late: true,
  filters: [
    { member: { uid: 'uid', email: 'email', id: 'member_id' }, column: 'o.member_id' }, { param: 'id', column: 'o.id' },
    { param: 'market', column: 'o.market_id', value: lower },
    // Any of these markets (a member's orders by base or quote unit).
    { param: 'markets', column: 'o.market_id' },
    { param: 'state', column: 'o.state' }, { param: 'side', column: 'o.side' }, { param: 'ord_type', column: 'o.ord_type' },
    { param: 'price', column: 'o.price', cast: 'numeric' }, { param: 'origin_volume', column: 'o.origin_volume', cast: 'numeric' },
  ],
  join: (q) => q.innerJoin('users as u', 'u.id', 'o.member_id'), select: ORDER_WIRE,
  wire: (o: OrderRow) => orderEntity(o),
});

export const getOrder = (db: Kysely<DB>, id: number) => moneyRow(db, ORDER_LIST, id);
export const getOrders = (db: Kysely<DB>, ids: readonly number[]) => moneyRows(db, ORDER_LIST, ids);

/** Trades: a member on either side (uid, or id: the member APIs' own) walks (maker_id, id) and (taker_id, id), each side paged on its own. */
export const TRADE_LIST = defineMoneyList({
  resource: trades, table: 'trades', alias: 't',
  filters: [
    { member: { uid: 'uid', id: 'member_id' }, column: ['t.maker_id', 't.taker_id'] },
    { member: { email: 'maker_email' }, column: 't.maker_id' }, { member: { email: 'taker_email' }, column: 't.taker_id' },
    { param: 'id', column: 't.id' }, { param: 'market', column: 't.market_id', value: lower }, { param: 'taker_type', column: 't.taker_type' },
  ],
  join: (q) => q.innerJoin('users as m', 'm.id', 't.maker_id').innerJoin('users as k', 'k.id', 't.taker_id'), select: TRADE_WIRE,
  // Both orders of every trade of the page, read in one query (ORDER_LIST by id).
  extra: async (db: Kysely<DB>, rows: TradeRow[]) => new Map((await getOrders(db, [...new Set(rows.flatMap((t) => [t.maker_order_id, t.taker_order_id]))]))
    .map((o) => [o.id, o] as const)),
  wire: (t: TradeRow, orders: Map<number, Order>) => adminTrade(t, orders.get(t.maker_order_id), orders.get(t.taker_order_id)),
});

type Order = ReturnType<typeof orderEntity>;

/**
 * Peatio's admin Trade whole, in its order: with both orders and their fee fractions. Peatio sends those four
 * in GET /admin/trades/{id} only; the list sends them too (one query a page), so every row carries every
 * field of the swagger's Trade — a client reading the list's rows as Peatio's loses nothing to them.
 */
function adminTrade(t: TradeRow, maker: Order | undefined, taker: Order | undefined) {
  const { maker_fee_amount, maker_fee_currency, taker_order_email, taker_uid, taker_fee_amount, taker_fee_currency, ...head } = tradeEntity(t);
  return {
    ...head, maker_fee: maker?.maker_fee ?? null, maker_fee_amount, maker_fee_currency, maker_order: maker ?? null,
    taker_order_email, taker_uid, taker_fee_currency, taker_fee: taker?.taker_fee ?? null, taker_fee_amount, taker_order: taker ?? null,
  };
}

/**
 * The trades of one order of a member, oldest first: the member's trades as maker or taker (trades_maker_idx,
 * trades_taker_idx) from the first trade made since the order was placed (trade ids follow time).
 */
export async function tradesOfOrder(db: Kysely<DB>, member: number, order: number): Promise<TradeRow[]> {
  const since = sql<number>`coalesce((SELECT x.id FROM trades x WHERE x.created_at >= (SELECT created_at FROM orders WHERE id = ${order}) ORDER BY x.created_at, x.id LIMIT 1), 9223372036854775807)`;
  const side = (who: 'maker' | 'taker') => db.selectFrom('trades as t').selectAll('t').where('t.id', '>=', since)
    .where(`t.${who}_id`, '=', member).where(`t.${who}_order_id`, '=', order);
  // Two parts, each over its member index; a self-trade is in both and counted once.
  const both = side('maker').union(side('taker'));
  return await decorated(TRADE_LIST, db.selectFrom(both.as('t'))).orderBy('t.id').execute() as TradeRow[];
}

/** One trade as Peatio's GET /admin/trades/{id} sends it: with both orders and their fee fractions. */
export const getTrade = (db: Kysely<DB>, id: number) => moneyRow(db, TRADE_LIST, id);

/** A trade as TRADE_LIST reads it. */
export interface TradeRow {
  id: number; price: string; amount: string; total: string; market: string; created_at: string; taker_type: string;
  maker_order_email: string; maker_uid: string; maker_fee_amount: string; maker_fee_currency: string;
  taker_order_email: string; taker_uid: string; taker_fee_amount: string; taker_fee_currency: string;
  maker_order_id: number; taker_order_id: number;
}

/** Peatio's Trade: the fields of TRADE_LIST's row, in the wire's order. */
export function tradeEntity(t: TradeRow) {
  return {
    id: t.id, price: t.price, amount: t.amount, total: t.total, market: t.market, created_at: t.created_at, taker_type: t.taker_type,
    maker_order_email: t.maker_order_email, maker_uid: t.maker_uid, maker_fee_amount: t.maker_fee_amount, maker_fee_currency: t.maker_fee_currency,
    taker_order_email: t.taker_order_email, taker_uid: t.taker_uid, taker_fee_amount: t.taker_fee_amount, taker_fee_currency: t.taker_fee_currency,
  };
}
