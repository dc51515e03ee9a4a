/**
 * Orders and trades (Peatio E1, E4): filtered lists, keyset paged by id (list-page.ts), and their wire
 * entities. A member filter (uid or e-mail) is resolved to the member's id first, so it walks
 * (member_id, state, id) / (maker_id, id) like any other index; the page's rows are joined to their
 * members only once read.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema.js';
import { COUNT_CAP } from './count.js';
import type { PageRequest } from './paging.js';
import { emptyPage, timedListPage, type Page } from './list-page.js';
import { Filters } from './filters.js';
import { resolveUserId } from './activity-log.js';
import { decimalSql, isoSql } from './user-json.js';

export interface OrderFilters {
  id?: number; market?: string; ord_type?: string; price?: string; origin_volume?: string; side?: string;
  email?: string; uid?: string; state?: string; from?: Date; to?: Date;
  /** The member by id (the member APIs: the caller's own orders), instead of uid or e-mail. */
  member_id?: number;
  /** Any of these markets (a member's orders by base or quote unit); never empty. */
  markets?: string[];
}

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

/** Orders (as `o`) with their members (as `u`), in Peatio's wire form. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const withMembers = (q: any) => q.innerJoin('users as u', 'u.id', 'o.member_id').select(ORDER_WIRE);

export async function getOrder(db: Kysely<DB>, id: number) {
  const o = await withMembers(db.selectFrom('orders as o')).where('o.id', '=', id).executeTakeFirst();
  return o && orderEntity(o as OrderRow);
}

export async function getOrders(db: Kysely<DB>, ids: readonly number[]) {
  if (!ids.length) return [];
  const rows = await withMembers(db.selectFrom('orders as o')).where('o.id', 'in', [...ids]).orderBy('o.id').execute();
  return rows.map((o: OrderRow) => orderEntity(o));
}

export async function listOrders(db: Kysely<DB>, f: OrderFilters, page: PageRequest, cap = COUNT_CAP): Promise<Page<ReturnType<typeof orderEntity>>> {
  const member = f.member_id ?? await resolveUserId(db, f.uid, f.email);
  if (member === null) return emptyPage();
  const base = new Filters(db, 'orders as o').where('o.member_id', '=', member).where('o.id', '=', f.id)
    .where('o.market_id', '=', f.market?.toLowerCase()).where('o.market_id', 'in', f.markets).where('o.state', '=', f.state).where('o.side', '=', f.side)
    .where('o.ord_type', '=', f.ord_type).where('o.price', '=', f.price, 'numeric').where('o.origin_volume', '=', f.origin_volume, 'numeric')
    .where('o.created_at', '>=', f.from).where('o.created_at', '<=', f.to);
  return timedListPage(db, {
    filtered: base, alias: 'o', page, cap, dated: !!(f.from || f.to), late: 'orders', decorate: withMembers,
  }, orderEntity);
}

export interface TradeFilters {
  id?: number; market?: string; taker_type?: string; maker_email?: string; taker_email?: string; uid?: string; from?: Date; to?: Date;
  /** Either side's member by id (the member APIs: the caller's own trades), instead of uid. */
  member_id?: number;
}

export async function listTrades<T = ReturnType<typeof tradeEntity>>(
  db: Kysely<DB>, f: TradeFilters, page: PageRequest, cap = COUNT_CAP, wire: (t: TradeRow) => T = tradeEntity as (t: TradeRow) => T,
): Promise<Page<T>> {
  const [maker, taker, either] = await Promise.all([
    resolveUserId(db, undefined, f.maker_email), resolveUserId(db, undefined, f.taker_email), f.member_id ?? resolveUserId(db, f.uid),
  ]);
  if (maker === null || taker === null || either === null) return emptyPage<T>();
  const tradesFrom = () => db.selectFrom('trades as t');
  const filter = (q: ReturnType<typeof tradesFrom>) => {
    let out = q;
    if (maker !== undefined) out = out.where('t.maker_id', '=', maker);
    if (taker !== undefined) out = out.where('t.taker_id', '=', taker);
    if (f.id !== undefined) out = out.where('t.id', '=', f.id);
    if (f.market !== undefined) out = out.where('t.market_id', '=', f.market.toLowerCase());
    if (f.taker_type !== undefined) out = out.where('t.taker_type', '=', f.taker_type);
    if (f.from) out = out.where('t.created_at', '>=', f.from);
    if (f.to) out = out.where('t.created_at', '<=', f.to);
    return out;
  };
  // Either side: the member's trades as maker, and as taker of someone else's order — two parts, each
  // paged from its own index, (maker_id, id) and (taker_id, id) (an OR would be a bitmap of all of a
  // market maker's trades, or a table walk).
  const branches = either === undefined ? undefined
    : [filter(tradesFrom().where('t.maker_id', '=', either)), filter(tradesFrom().where('t.taker_id', '=', either).where('t.maker_id', '<>', either))];
  const base = branches ? db.selectFrom(branches[0]!.selectAll('t').unionAll(branches[1]!.selectAll('t')).as('t')) : filter(tradesFrom());
  return timedListPage(db, {
    filtered: base, alias: 't', page, cap, dated: !!(f.from || f.to), branches,
    decorate: tradeMembers,
  }, wire);
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
  return await tradeMembers(db.selectFrom(both.as('t'))).orderBy('t.id').execute() as TradeRow[];
}

/** A trade in Peatio's wire form (isoSql, decimalSql), over `trades as t` or a page of them, with its maker and taker. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const tradeMembers = (q: any) => q.innerJoin('users as m', 'm.id', 't.maker_id').innerJoin('users as k', 'k.id', 't.taker_id')
  .select(['t.id', decimalSql('t.price').as('price'), decimalSql('t.amount').as('amount'), decimalSql('t.total').as('total'),
    't.market_id as market', isoSql('t.created_at').as('created_at'), 't.taker_type', 'm.email as maker_order_email', 'm.uid as maker_uid',
    decimalSql('t.maker_fee_amount').as('maker_fee_amount'), 't.maker_fee_currency', 'k.email as taker_order_email', 'k.uid as taker_uid',
    decimalSql('t.taker_fee_amount').as('taker_fee_amount'), 't.taker_fee_currency', 't.maker_order_id', 't.taker_order_id']);

/** One trade as Peatio's GET /admin/trades/{id} sends it: with both orders and their fee fractions. */
export async function getTrade(db: Kysely<DB>, id: number) {
  const t = await tradeMembers(db.selectFrom('trades as t')).where('t.id', '=', id).executeTakeFirst();
  if (!t) return undefined;
  const [maker, taker] = await Promise.all([getOrder(db, t.maker_order_id), getOrder(db, t.taker_order_id)]);
  return { ...tradeEntity(t), maker_fee: maker?.maker_fee ?? null, taker_fee: taker?.taker_fee ?? null, maker_order: maker ?? null, taker_order: taker ?? null };
}

/** A trade as tradeMembers reads it. */
export interface TradeRow {
  id: number; price: string; amount: string; total: string; market: string; created_at: string; taker_type: string;
  maker_order_email: string; maker_uid: string; maker_fee_amount: string; maker_fee_currency: string;
  taker_order_email: string; taker_uid: string; taker_fee_amount: string; taker_fee_currency: string;
  maker_order_id: number; taker_order_id: number;
}

/** Peatio's Trade: the fields of tradeMembers' row, in the wire's order. */
export function tradeEntity(t: TradeRow) {
  return {
    id: t.id, price: t.price, amount: t.amount, total: t.total, market: t.market, created_at: t.created_at, taker_type: t.taker_type,
    maker_order_email: t.maker_order_email, maker_uid: t.maker_uid, maker_fee_amount: t.maker_fee_amount, maker_fee_currency: t.maker_fee_currency,
    taker_order_email: t.taker_order_email, taker_uid: t.taker_uid, taker_fee_amount: t.taker_fee_amount, taker_fee_currency: t.taker_fee_currency,
  };
}
