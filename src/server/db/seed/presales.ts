/**
 * The demo's token and presale area: four TRST presales — a closed seed round (soft cap met, investments
 * allotted), a running public sale (investments pending in escrow, a milestone completed and others
 * ahead), an upcoming BTC round on the `trstbtc` market (Peatio's `presale` state) and a canceled
 * community round (refunded) — with milestones, advertisements in every placement, and investments by
 * funded customers made by the same code the API runs (money/presales.ts), so the seeded ledger balances
 * by construction. Deterministic: amounts and investors follow from row order, times from `now`.
 */
import type { SeedContext } from './context.js';
import { staffByRole } from './staff.js';
import { actOnPresale, invest } from '../../money/presales.js';

const DAY = 86_400_000, HOUR = 3_600_000;

interface PresaleSeed {
  name: string; price_currency: string; market_id: string | null; price: string; soft_cap: string; hard_cap: string;
  min: string; max: string; from: number; to: number; description: string;
  /** What happens after the investments: stays running, closes, is canceled; upcoming presales are never started. */
  then: 'running' | 'close' | 'cancel' | 'upcoming';
  investors: number; milestones: readonly string[];
}

const PRESALES: readonly PresaleSeed[] = [
  {
    name: 'TRST seed round', price_currency: 'usdt', market_id: 'trstusdt', price: '0.02', soft_cap: '500', hard_cap: '250000', min: '100', max: '5000',
    from: -120, to: -60, then: 'close', investors: 24, milestones: ['1000', '10000', '250000'],
    description: 'Early supporters buy TRST at the seed price; tokens are allotted when the round closes.',
  },
  {
    name: 'TRST public sale', price_currency: 'usdt', market_id: 'trstusdt', price: '0.05', soft_cap: '5000', hard_cap: '500000', min: '50', max: '10000',
    from: -10, to: 20, then: 'running', investors: 18, milestones: ['2500', '25000', '100000', '500000'],
    description: 'The public TRST sale: invest in USDT, receive TRST at close if the soft cap is met, or a full refund.',
  },
  {
    name: 'TRST BTC round', price_currency: 'btc', market_id: 'trstbtc', price: '0.0000012', soft_cap: '0.5', hard_cap: '12', min: '0.001', max: '0.5',
    from: 15, to: 45, then: 'upcoming', investors: 0, milestones: ['1', '6'],
    description: 'TRST for BTC ahead of the trstbtc market opening.',
  },
  {
    name: 'TRST community round', price_currency: 'usd', market_id: 'trstusd', price: '0.04', soft_cap: '1000', hard_cap: '100000', min: '25', max: '2000',
    from: -45, to: -20, then: 'cancel', investors: 6, milestones: ['20000'],
    description: 'Canceled after the listing moved: every investment was refunded.',
  },
];

/** Advertisements: [presale index, title, placement, start day, end day, state]. */
const ADS: ReadonlyArray<readonly [number, string, string, number, number, 'active' | 'inactive']> = [
  [1, 'TRST public sale is live', 'home_banner', -10, 20, 'active'],
  [1, 'Buy TRST with USDT', 'markets_banner', -8, 20, 'active'],
  [1, 'TRST sale: last days', 'mobile_popup', 14, 20, 'inactive'],
  [1, 'How the TRST sale works', 'presale_page', -10, 20, 'active'],
  [2, 'TRST for BTC: coming soon', 'home_banner', 5, 45, 'inactive'],
  [0, 'TRST seed round', 'presale_page', -120, -60, 'inactive'],
];

const fixed = (n: number, places: number) => n.toFixed(places).replace(/\.?0+$/, '') || '0';

export async function insertPresales(ctx: SeedContext): Promise<void> {
  const db = ctx.db;
  const have = new Set((await db.selectFrom('currencies').select('code').execute()).map((c) => c.code));
  const markets = new Set((await db.selectFrom('markets').select('id').execute()).map((m) => m.id));
  const admin = staffByRole('admin').id;
  const ids: number[] = [];
  for (const [n, s] of PRESALES.entries()) {
    if (!have.has('trst') || !have.has(s.price_currency)) { ids.push(0); continue; }
    const start = new Date(ctx.now.getTime() + s.from * DAY), end = new Date(ctx.now.getTime() + s.to * DAY);
    const created = new Date(start.getTime() - 7 * DAY);
    const { id } = await db.insertInto('presales').values({
      name: s.name, token_currency: 'trst', price_currency: s.price_currency, market_id: s.market_id && markets.has(s.market_id) ? s.market_id : null,
      price: s.price, soft_cap: s.soft_cap, hard_cap: s.hard_cap, min_investment: s.min, max_investment: s.max, start_date: start, end_date: end,
      description: s.description, created_at: created, updated_at: created,
    }).returning('id').executeTakeFirstOrThrow();
    ids.push(Number(id));
    for (const value of s.milestones) {
      await db.insertInto('milestones').values({ presale_id: id, value, description: `${value} ${s.price_currency.toUpperCase()} raised`, created_at: created, updated_at: created }).execute();
    }
    if (s.then === 'upcoming') continue;
    await actOnPresale(db, id, 'start', start);
    const precision = (await db.selectFrom('currencies').select('precision').where('code', '=', s.price_currency).executeTakeFirstOrThrow()).precision;
    // Customers holding the price currency, richest first: each puts in a share of their balance within the limits.
    const holders = await db.selectFrom('accounts as a').innerJoin('users as u', 'u.id', 'a.user_id').select(['u.id', 'u.uid', 'a.balance'])
      .where('a.currency_id', '=', s.price_currency).where('a.user_id', '>=', 100).where('a.balance', '>=', s.min)
      .orderBy('a.balance', 'desc').orderBy('a.user_id').offset(n * 3).limit(s.investors).execute();
    const span = Math.max(1, Math.min(end.getTime(), ctx.now.getTime()) - start.getTime());
    for (const [i, h] of holders.entries()) {
      const share = 0.05 + ((i * 37 + n * 11) % 20) / 100;
      const amount = fixed(Math.min(Number(s.max), Math.max(Number(s.min), Number(h.balance) * share)), Math.min(precision, 6));
      const at = new Date(start.getTime() + Math.floor((span * (i + 1)) / (holders.length + 1)));
      const made = await invest(db, { presale: id, member: { id: Number(h.id), uid: h.uid }, amount, creator: admin, at });
      // The hard cap refuses before writing anything; any other refusal would leave the seed half done.
      if (typeof made === 'string' && made !== 'hard_cap_reached') throw new Error(`seed investment refused: ${made}`);
    }
    if (s.then === 'close') await actOnPresale(db, id, 'close', new Date(end.getTime() + HOUR));
    if (s.then === 'cancel') await actOnPresale(db, id, 'cancel', new Date(end.getTime() - 2 * DAY));
  }
  for (const [k, [p, title, placement, from, to, state]] of ADS.entries()) {
    if (!ids[p]) continue;
    const at = new Date(ctx.now.getTime() + Math.min(from, 0) * DAY - DAY);
    await db.insertInto('advertisements').values({
      presale_id: ids[p]!, title, placement, image_url: `https://assets.steward.example/ads/${placement}.png`, link_url: `/presales/${ids[p]}`,
      start_date: new Date(ctx.now.getTime() + from * DAY), end_date: new Date(ctx.now.getTime() + to * DAY), position: k,
      state, created_at: at, updated_at: at,
    }).execute();
  }
}
