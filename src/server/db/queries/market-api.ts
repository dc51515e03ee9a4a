/**
 * SQL of Peatio's public and member APIs (src/server/market-api): the book's depth, a market's recent
 * trades, its candles, a member's accounts and one member's order by id or uuid. The lists shared with the
 * admin side (orders, trades, currencies, markets, fees) are read by their own queries (orders.ts,
 * resources.ts); only what those have no form for lives here.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema.js';
import { decimalSql, isoSql } from './user-json.js';
import { escapeLike } from './resources.js';

/** The markets a customer may trade on (Peatio's `Market.enabled`); the public lists show the same ones. */
export async function publicMarket(db: Kysely<DB>, id: string): Promise<{ id: string; state: string } | undefined> {
  return db.selectFrom('markets').select(['id', 'state']).where('id', '=', id).where('state', '=', 'enabled').executeTakeFirst();
}

/**
 * Price levels of one side of a market's book, best first (asks lowest, bids highest), at most `limit`:
 * the waiting limit orders' remaining volume summed per price, over orders_book_idx (migration 0019).
 */
export async function depthLevels(db: Kysely<DB>, market: string, side: 'buy' | 'sell', limit: number): Promise<[string, string][]> {
  const rows = (await sql<{ price: string; volume: string }>`
    SELECT trim_scale(price)::text AS price, trim_scale(sum(remaining_volume))::text AS volume FROM orders
    WHERE market_id = ${market} AND state = 'wait' AND side = ${side} AND ord_type = 'limit'
    GROUP BY price ORDER BY price ${side === 'sell' ? sql`ASC` : sql`DESC`} LIMIT ${limit}`.execute(db)).rows;
  return rows.map((r) => [r.price, r.volume]);
}

export interface PublicTrade { id: number; price: string; amount: string; total: string; market: string; created_at: string; taker_type: string }

/**
 * A market's trades before `before` (none: any), newest or oldest first, over trades_market_idx (market_id,
 * id): trade ids follow time, so the bound is the first trade id at `before` (trades_created_idx), and the
 * created_at test stays as the exact one (realtime/market-data.ts reads its windows the same way).
 */
export async function marketTrades(
  db: Kysely<DB>, market: string, o: { limit: number; before?: Date; ordering: 'asc' | 'desc' },
): Promise<PublicTrade[]> {
  let q = db.selectFrom('trades as t').select([
    't.id', decimalSql('t.price').as('price'), decimalSql('t.amount').as('amount'), decimalSql('t.total').as('total'),
    't.market_id as market', isoSql('t.created_at').as('created_at'), 't.taker_type',
  ]).where('t.market_id', '=', market);
  if (o.before) {
    const first = sql<number>`coalesce((SELECT id FROM trades WHERE created_at >= ${o.before} ORDER BY created_at, id LIMIT 1), 9223372036854775807)`;
    q = q.where('t.id', '<', first).where('t.created_at', '<', o.before);
  }
  return q.orderBy('t.id', o.ordering).limit(o.limit).execute() as Promise<PublicTrade[]>;
}

/**
 * A market's candles of `seconds` each over [from, to): `[time, open, high, low, close, volume]` as
 * numbers, oldest first, one per period that has trades (as Peatio's k-line answers). The window is found
 * through trades_created_idx and read per market, as the Ranger candle is (realtime/market-data.ts).
 */
export async function candles(
  db: Kysely<DB>, market: string, seconds: number, from: Date, to: Date, limit: number,
): Promise<[number, number, number, number, number, number][]> {
  const rows = (await sql<{ t: string; open: string; high: string; low: string; close: string; volume: string }>`
    SELECT (floor(extract(epoch FROM created_at) / ${seconds}) * ${seconds})::bigint::text AS t,
      (array_agg(price ORDER BY id))[1]::text AS open, max(price)::text AS high, min(price)::text AS low,
      (array_agg(price ORDER BY id DESC))[1]::text AS close, sum(amount)::text AS volume
    FROM trades WHERE market_id = ${market} AND created_at >= ${from} AND created_at < ${to}
    GROUP BY 1 ORDER BY 1 LIMIT ${limit}`.execute(db)).rows;
  return rows.map((r) => [Number(r.t), Number(r.open), Number(r.high), Number(r.low), Number(r.close), Number(r.volume)]);
}

/** Peatio's Account: a member's balance and locked funds of one currency, decimal strings. */
export interface MemberAccount { currency: string; balance: string; locked: string }

/**
 * A member's accounts of visible currencies, in currency order: every visible currency, with zeros where
 * the member has no account row yet (Peatio creates the accounts on first read). `currency` limits to one;
 * `nonzero` drops empty ones; `search` matches code or name (ILIKE, matched literally).
 */
export async function memberAccountsPage(
  db: Kysely<DB>, member: number,
  o: { currency?: string; nonzero?: boolean; code?: string; name?: string; limit: number; page: number },
): Promise<{ rows: MemberAccount[]; total: number }> {
  let q = db.selectFrom('currencies as c')
    .leftJoin('accounts as a', (j) => j.onRef('a.currency_id', '=', 'c.code').on('a.user_id', '=', member))
    .where('c.visible', '=', true);
  if (o.currency !== undefined) q = q.where('c.code', '=', o.currency);
  if (o.nonzero) q = q.where((eb) => eb.or([eb('a.balance', '>', '0'), eb('a.locked', '>', '0')]));
  if (o.code !== undefined) q = q.where('c.code', 'ilike', `%${escapeLike(o.code)}%`);
  if (o.name !== undefined) q = q.where('c.name', 'ilike', `%${escapeLike(o.name)}%`);
  const [{ total }, rows] = await Promise.all([
    q.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    q.select(['c.code as currency', decimalSql(sql`coalesce(a.balance, 0)`).as('balance'), decimalSql(sql`coalesce(a.locked, 0)`).as('locked')])
      .orderBy('c.position').orderBy('c.code').limit(o.limit).offset((o.page - 1) * o.limit).execute(),
  ]);
  return { rows: rows as MemberAccount[], total: Number(total) };
}

/** The id of a member's own order named by id or uuid; undefined for anyone else's, so another member's order is "not found". */
export async function memberOrderId(db: Kysely<DB>, member: number, ref: { id: number } | { uuid: string }): Promise<number | undefined> {
  let q = db.selectFrom('orders').select('id').where('member_id', '=', member);
  q = 'id' in ref ? q.where('id', '=', ref.id) : q.where('uuid', '=', ref.uuid);
  return (await q.executeTakeFirst())?.id;
}

/** A member's waiting orders (of one market and side, when named), oldest first, at most `limit`. */
export async function memberWaitingOrders(db: Kysely<DB>, member: number, o: { market?: string; side?: string; limit: number }): Promise<number[]> {
  let q = db.selectFrom('orders').select('id').where('member_id', '=', member).where('state', '=', 'wait');
  if (o.market) q = q.where('market_id', '=', o.market);
  if (o.side) q = q.where('side', '=', o.side);
  return (await q.orderBy('id').limit(o.limit).execute()).map((r) => r.id);
}

/** Codes of the currencies whose name contains `name` (ILIKE, matched literally): the markets' search by a unit's name. */
export async function currencyCodesNamed(db: Kysely<DB>, name: string): Promise<string[]> {
  return (await db.selectFrom('currencies').select('code').where('name', 'ilike', `%${escapeLike(name)}%`).execute()).map((r) => r.code);
}

/** Every currency code (a member's order filter by unit names one). */
export async function currencyCodes(db: Kysely<DB>): Promise<string[]> {
  return (await db.selectFrom('currencies').select('code').execute()).map((r) => r.code);
}

/** The markets trading `base` against `quote` (either may be left out). */
export async function marketsOf(db: Kysely<DB>, base?: string, quote?: string): Promise<string[]> {
  let q = db.selectFrom('markets').select('id');
  if (base) q = q.where('base_unit', '=', base);
  if (quote) q = q.where('quote_unit', '=', quote);
  return (await q.execute()).map((r) => r.id);
}
