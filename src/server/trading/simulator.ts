/**
 * The demo market: a few orders a second from the seeded members on the enabled markets, through the
 * matching engine (matching.ts), so the order books, trades, tickers and balances of a demo move as a
 * venue's do. Most orders rest a little off the market's price and build both sides of the book; a
 * quarter are placed across the spread and trade. The price is a random walk in log space pulled back
 * toward where it started, and kept within half and twice of it and inside the market's min/max price,
 * so it never drifts to zero or infinity. The traders are active members (role member) holding what
 * the order locks. Each side of a book keeps DEMO_BOOK_DEPTH members' open orders: older ones — the
 * seeded members' open orders among them, which thus age out as a venue's do — are cancelled
 * (cancelOrders), so a demo left running for weeks keeps the same size of book.
 *
 * The demo seed leaves crossed books (its open pairs share one price, bids and asks ±2 % around the
 * reference). They are uncrossed here, on the simulator's first tick for each market, by the engine
 * itself (uncrossMarket: the crossing top orders trade, the older as maker) rather than by changing the
 * seed: that is what a venue's engine does when it starts on a book it never matched, it mends any
 * crossed book (the bulk trading seed's, imported data) and not only the demo's, and the seed's
 * deterministic history, which its tests fingerprint, stays as it is. With the simulator off
 * (STEWARD_DEMO_MARKET_RATE=0) the seeded book is left as seeded.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { toUnits } from '../../shared/decimal.js';
import { cancelOrders, lockMarket, marketInfo, mul, type MarketInfo } from './orders.js';
import { submitOrder, uncrossMarket, type Side } from './matching.js';

export interface DemoMarketOptions {
  /** Orders per second; 0: no timer (the caller calls tick()). */
  ratePerSecond: number;
  /** The source of randomness (default Math.random); a seeded one makes a run reproducible. */
  random?: () => number;
  /** The time written on orders and trades (default: the wall clock). */
  now?: () => Date;
  /** Market ids to trade (default: every enabled market). */
  markets?: string[];
  /** Told of every order or step that failed; the simulator carries on with the next. */
  log?: (err: unknown) => void;
}

/** A running demo market: stop() ends the timer and waits for the tick in flight; tick() runs one now. */
export interface DemoMarket { stop(): Promise<void>; tick(): Promise<void> }

/** Members' open orders per side of a market the demo keeps; older ones are cancelled. */
export const DEMO_BOOK_DEPTH = 25;
/** Orders cancelled per side and tick, so a huge seeded book is trimmed over several ticks. */
const TRIM_BATCH = 200;
/** Share of orders placed across the spread (they trade at once). */
const CROSSING = 0.25;
/** Per-tick spread of the log price, its pull back toward the start, and the band (start ÷ BAND … × BAND) it stays in. */
const STEP = 0.002, PULL = 0.02, BAND = 2;

interface Market { id: string; pp: number; ap: number; minPrice: number; maxPrice: number; minAmount: number }
interface Walk { anchor: number; centre: number }

const enabledMarkets = async (db: Kysely<DB>, only?: string[]): Promise<Market[]> => {
  let q = db.selectFrom('markets').select(['id', 'price_precision', 'amount_precision', 'min_price', 'max_price', 'min_amount'])
    .where('state', '=', 'enabled');
  if (only) q = q.where('id', 'in', only.length ? only : ['']);
  return (await q.orderBy('position').orderBy('id').execute()).map((m) => ({
    id: m.id, pp: m.price_precision, ap: m.amount_precision, minPrice: Number(m.min_price), maxPrice: Number(m.max_price), minAmount: Number(m.min_amount),
  }));
};

const bestPrice = async (db: Kysely<DB>, market: string, side: Side): Promise<number | undefined> => {
  const row = await db.selectFrom('orders').select('price').where('market_id', '=', market).where('state', '=', 'wait')
    .where('side', '=', side).orderBy('price', side === 'buy' ? 'desc' : 'asc').limit(1).executeTakeFirst();
  return row?.price ? Number(row.price) : undefined;
};

/**
 * Where a market's walk starts: the middle of its book, else its last trade, else one side of its book,
 * else the last trade of its base in another fiat currency (no rate between fiats is known; near enough
 * for a demo), else inside its price limits.
 */
async function startPrice(db: Kysely<DB>, m: Market, info: MarketInfo): Promise<number> {
  const [bid, ask] = [await bestPrice(db, m.id, 'buy'), await bestPrice(db, m.id, 'sell')];
  if (bid && ask) return (bid + ask) / 2;
  const last = await db.selectFrom('trades').select('price').where('market_id', '=', m.id).orderBy('id', 'desc').limit(1).executeTakeFirst();
  if (last) return Number(last.price);
  if (bid ?? ask) return (bid ?? ask)!;
  const fiat = info.quoteType === 'fiat' && await db.selectFrom('trades as t').innerJoin('markets as k', 'k.id', 't.market_id')
    .innerJoin('currencies as q', 'q.code', 'k.quote_unit').select('t.price')
    .where('k.base_unit', '=', info.base).where('q.type', '=', 'fiat').orderBy('t.id', 'desc').limit(1).executeTakeFirst();
  if (fiat) return Number(fiat.price);
  return m.maxPrice > m.minPrice ? Math.sqrt(Math.max(m.minPrice, 1e-8) * m.maxPrice) : Math.max(m.minPrice, 1) * 10;
}

const clamp = (x: number, lo: number, hi: number) => Math.min(Math.max(x, lo), hi);
/** A positive number as a decimal string of at most `places` places. */
const decimal = (x: number, places: number) => x.toFixed(places).replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');

export function startDemoMarket(db: Kysely<DB>, opts: DemoMarketOptions): DemoMarket {
  const random = opts.random ?? Math.random, now = opts.now ?? (() => new Date());
  const log = opts.log ?? ((err: unknown) => console.warn('demo market:', err instanceof Error ? err.message : err));
  const walks = new Map<string, Walk>();
  /** Markets whose book was uncrossed and trimmed once (a market enabled later is settled when first seen). */
  const settled = new Set<string>();
  let users: { lo: number; hi: number } | undefined;

  const guard = async (step: () => Promise<unknown>) => { try { await step(); } catch (e) { log(e); } };

  async function centreOf(m: Market, info: MarketInfo): Promise<number> {
    let w = walks.get(m.id);
    if (!w) { const p = await startPrice(db, m, info); w = { anchor: p, centre: p }; walks.set(m.id, w); }
    const z = (random() * 2 - 1) * Math.sqrt(3);
    w.centre = clamp(w.centre * Math.exp(STEP * z - PULL * Math.log(w.centre / w.anchor)), w.anchor / BAND, w.anchor * BAND);
    return w.centre;
  }

  /** An active member holding `need` of a currency, from a random point of the id range on (then from its start). */
  async function trader(currency: string, need: string): Promise<number | undefined> {
    if (!users) {
      const r = await db.selectFrom('users').select((eb) => [eb.fn.min('id').as('lo'), eb.fn.max('id').as('hi')]).executeTakeFirstOrThrow();
      users = { lo: Number(r.lo ?? 0), hi: Number(r.hi ?? 0) };
    }
    const ids = users;
    const from = async (id: number) => (await db.selectFrom('accounts as a').innerJoin('users as u', 'u.id', 'a.user_id').select('a.user_id')
      .where('a.currency_id', '=', currency).where('a.balance', '>=', need).where('u.role', '=', 'member').where('u.state', '=', 'active')
      .where('a.user_id', '>=', id).orderBy('a.user_id').limit(1).executeTakeFirst())?.user_id;
    return (await from(ids.lo + Math.floor(random() * (ids.hi - ids.lo + 1)))) ?? (await from(ids.lo));
  }

  async function placeOne(m: Market, info: MarketInfo, at: Date): Promise<void> {
    const centre = await centreOf(m, info);
    const side: Side = random() < 0.5 ? 'buy' : 'sell';
    // Resting: 0.05–1.05 % off the price on its own side; crossing: 0.2–0.8 % into the other side.
    const off = random() < CROSSING ? -(0.002 + 0.006 * random()) : 0.0005 + 0.01 * random();
    const pp = Math.min(m.pp, info.quotePrecision), ap = Math.min(m.ap, info.basePrecision);
    const floor = Math.max(m.minPrice, 10 ** -pp);
    const price = decimal(clamp(centre * (side === 'buy' ? 1 - off : 1 + off), floor, m.maxPrice > floor ? m.maxPrice : Infinity), pp);
    const volume = decimal(Math.max(m.minAmount, 10 ** -ap) * (1 + random() ** 3 * 199), ap);
    const need = side === 'sell' ? volume : mul(price, volume, info.quotePrecision);
    if (toUnits(need) <= 0n) return;
    const member = await trader(side === 'sell' ? info.base : info.quote, need);
    if (member !== undefined) await submitOrder(db, { member, market: info, side, price, volume, at });
  }

  /** Cancels members' open orders of one side past the newest DEMO_BOOK_DEPTH, oldest first. */
  async function trim(m: Market, side: Side, at: Date): Promise<void> {
    const stale = await db.selectFrom('orders as o').innerJoin('users as u', 'u.id', 'o.member_id').select('o.id')
      .where('o.market_id', '=', m.id).where('o.state', '=', 'wait').where('o.side', '=', side).where('u.role', '=', 'member')
      .orderBy('o.id', 'desc').offset(DEMO_BOOK_DEPTH).limit(TRIM_BATCH).execute();
    // Under the market's lock: a cancel locks its orders in id order, a sweep in price order; taking turns, they cannot deadlock.
    if (stale.length) await db.transaction().execute(async (trx) => { await lockMarket(trx, m.id); await cancelOrders(trx, stale.map((r) => r.id), at); });
  }

  async function once(): Promise<void> {
    const at = now();
    const markets = await enabledMarkets(db, opts.markets);
    for (const m of markets.filter((x) => !settled.has(x.id))) {
      await guard(async () => {
        const info = await marketInfo(db, m.id);
        if (!info) return;
        const { crossed } = await uncrossMarket(db, info, at);
        await trim(m, 'buy', at);
        await trim(m, 'sell', at);
        if (!crossed) settled.add(m.id);
      });
    }
    const m = markets[Math.floor(random() * markets.length)];
    const info = m && await marketInfo(db, m.id);
    if (!m || !info) return;
    await guard(() => placeOne(m, info, at));
    await guard(() => trim(m, 'buy', at));
    await guard(() => trim(m, 'sell', at));
  }

  let last: Promise<void> = Promise.resolve();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  // Ticks run one after another: one asked for while another runs waits for it.
  const tick = (): Promise<void> => (last = last.then(() => guard(once)));
  const period = opts.ratePerSecond > 0 ? 1000 / opts.ratePerSecond : 0;
  const schedule = (delay: number) => {
    if (stopped || !period) return;
    timer = setTimeout(() => {
      const started = Date.now();
      void tick().then(() => schedule(Math.max(0, period - (Date.now() - started))));
    }, delay);
    // The demo market never keeps the process alive by itself.
    timer.unref();
  };
  schedule(period);
  return { tick, stop: async () => { stopped = true; clearTimeout(timer); await last; } };
}
