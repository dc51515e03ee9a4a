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
import { resolveUserId } from './activity-log.js';
import { iso } from './user-json.js';
import { plainDecimal } from '../../auth/users/entity.js';

export interface OrderFilters {
  id?: number; market?: string; ord_type?: string; price?: string; origin_volume?: string; side?: string;
  email?: string; uid?: string; state?: string; from?: Date; to?: Date;
}

const dec = (s: string | null) => (s === null ? null : plainDecimal(s));

interface OrderRow {
  id: number; uuid: string; member_id: number; market_id: string; side: string; ord_type: string; price: string | null;
  avg_price: string; origin_volume: string; remaining_volume: string; maker_fee: string; taker_fee: string; trades_count: number;
  state: string; created_at: Date; updated_at: Date; email: string; uid: string; executed_volume: string;
}

export function orderEntity(o: OrderRow) {
  return {
    id: o.id, uuid: o.uuid, side: o.side, ord_type: o.ord_type, price: dec(o.price), avg_price: dec(o.avg_price), state: o.state,
    market: o.market_id, created_at: iso(o.created_at), updated_at: iso(o.updated_at), origin_volume: dec(o.origin_volume),
    remaining_volume: dec(o.remaining_volume),
    executed_volume: plainDecimal(o.executed_volume),
    maker_fee: dec(o.maker_fee), taker_fee: dec(o.taker_fee), trades_count: o.trades_count, email: o.email, uid: o.uid,
  };
}

const ORDER_COLUMNS = ['o.id', 'o.uuid', 'o.member_id', 'o.market_id', 'o.side', 'o.ord_type', 'o.price', 'o.avg_price', 'o.origin_volume',
  'o.remaining_volume', 'o.maker_fee', 'o.taker_fee', 'o.trades_count', 'o.state', 'o.created_at', 'o.updated_at',
  sql<string>`(o.origin_volume - o.remaining_volume)::text`.as('executed_volume')] as const;

export async function getOrder(db: Kysely<DB>, id: number) {
  const o = await db.selectFrom('orders as o').innerJoin('users as u', 'u.id', 'o.member_id')
    .select([...ORDER_COLUMNS, 'u.email', 'u.uid']).where('o.id', '=', id).executeTakeFirst();
  return o && orderEntity(o as OrderRow);
}

export async function getOrders(db: Kysely<DB>, ids: readonly number[]) {
  if (!ids.length) return [];
  const rows = await db.selectFrom('orders as o').innerJoin('users as u', 'u.id', 'o.member_id')
    .select([...ORDER_COLUMNS, 'u.email', 'u.uid']).where('o.id', 'in', [...ids]).orderBy('o.id').execute();
  return rows.map((o) => orderEntity(o as OrderRow));
}

export async function listOrders(db: Kysely<DB>, f: OrderFilters, page: PageRequest, cap = COUNT_CAP): Promise<Page<ReturnType<typeof orderEntity>>> {
  const member = await resolveUserId(db, f.uid, f.email);
  if (member === null) return emptyPage();
  let base = db.selectFrom('orders as o');
  if (member !== undefined) base = base.where('o.member_id', '=', member);
  if (f.id !== undefined) base = base.where('o.id', '=', f.id);
  if (f.market !== undefined) base = base.where('o.market_id', '=', f.market.toLowerCase());
  if (f.state !== undefined) base = base.where('o.state', '=', f.state);
  if (f.side !== undefined) base = base.where('o.side', '=', f.side);
  if (f.ord_type !== undefined) base = base.where('o.ord_type', '=', f.ord_type);
  if (f.price !== undefined) base = base.where('o.price', '=', sql<string>`${f.price}::numeric`);
  if (f.origin_volume !== undefined) base = base.where('o.origin_volume', '=', sql<string>`${f.origin_volume}::numeric`);
  if (f.from) base = base.where('o.created_at', '>=', f.from);
  if (f.to) base = base.where('o.created_at', '<=', f.to);
  return timedListPage(db, {
    filtered: base, alias: 'o', page, cap, dated: !!(f.from || f.to), columns: (q) => q.select(ORDER_COLUMNS), late: 'orders',
    decorate: (q) => q.innerJoin('users as u', 'u.id', 'o.member_id').selectAll('o').select(['u.email', 'u.uid']),
  }, (r) => orderEntity(r as OrderRow));
}

export interface TradeFilters { id?: number; market?: string; taker_type?: string; maker_email?: string; taker_email?: string; uid?: string; from?: Date; to?: Date }

export async function listTrades(db: Kysely<DB>, f: TradeFilters, page: PageRequest, cap = COUNT_CAP) {
  const [maker, taker, either] = await Promise.all([
    resolveUserId(db, undefined, f.maker_email), resolveUserId(db, undefined, f.taker_email), resolveUserId(db, f.uid),
  ]);
  if (maker === null || taker === null || either === null) return emptyPage<ReturnType<typeof tradeEntity>>();
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
  }, tradeEntity);
}

/** A trade's maker and taker, joined to a query over `trades as t`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const tradeMembers = (q: any) => q.innerJoin('users as m', 'm.id', 't.maker_id').innerJoin('users as k', 'k.id', 't.taker_id')
  .selectAll('t').select(['m.email as maker_email', 'm.uid as maker_uid', 'k.email as taker_email', 'k.uid as taker_uid']);

/** One trade as Peatio's GET /admin/trades/{id} sends it: with both orders and their fee fractions. */
export async function getTrade(db: Kysely<DB>, id: number) {
  const t = await tradeMembers(db.selectFrom('trades as t')).where('t.id', '=', id).executeTakeFirst();
  if (!t) return undefined;
  const [maker, taker] = await Promise.all([getOrder(db, t.maker_order_id), getOrder(db, t.taker_order_id)]);
  return { ...tradeEntity(t), maker_fee: maker?.maker_fee ?? null, taker_fee: taker?.taker_fee ?? null, maker_order: maker ?? null, taker_order: taker ?? null };
}

export function tradeEntity(t: {
  id: number; price: string; amount: string; total: string; market_id: string; created_at: Date; taker_type: string;
  maker_email: string; maker_uid: string; maker_fee_amount: string; maker_fee_currency: string;
  taker_email: string; taker_uid: string; taker_fee_amount: string; taker_fee_currency: string;
}) {
  return {
    id: t.id, price: plainDecimal(t.price), amount: plainDecimal(t.amount), total: plainDecimal(t.total), market: t.market_id,
    created_at: iso(t.created_at), taker_type: t.taker_type,
    maker_order_email: t.maker_email, maker_uid: t.maker_uid, maker_fee_amount: plainDecimal(t.maker_fee_amount), maker_fee_currency: t.maker_fee_currency,
    taker_order_email: t.taker_email, taker_uid: t.taker_uid, taker_fee_amount: plainDecimal(t.taker_fee_amount), taker_fee_currency: t.taker_fee_currency,
  };
}
