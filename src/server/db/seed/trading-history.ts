/**
 * The demo's trading and ledger history, made through the same code the API runs (trading/orders.ts,
 * ledger/post.ts), so it balances by construction: on the enabled markets, customers' orders in every
 * state (open, filled, partly filled then cancelled, cancelled, pending, rejected) and their trades over
 * the last 30 days; and adjustments created by the accountant — pending, accepted by the admin (posted),
 * rejected — and a few pending ones the admin raised. Deterministic: a seeded generator and the seed's `now`. An order is placed only when its
 * member's balance covers it (read in the seeding transaction, which nothing else writes).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../schema.js';
import type { SeedContext } from './context.js';
import { staffByRole } from './staff.js';
import { cancelOrders, executeTrade, marketInfo, mul, placeOrder, type MarketInfo } from '../../trading/orders.js';
import { post } from '../../ledger/post.js';
import { adjustmentEntries } from '../../exchange/adjustments.js';
import { toUnits } from '../../../shared/decimal.js';
import { prng } from '../../../shared/prng.js';

/** Markets traded in the demo: id, a reference price, the largest order's volume. */
const TRADED: ReadonlyArray<readonly [string, number, number]> = [
  ['btcusdt', 64_000, 0.25], ['ethusdt', 3_100, 4], ['btcusd', 63_900, 0.2], ['ethusd', 3_095, 3], ['ethbtc', 0.0485, 2],
];
/** Order pairs per market. */
export const DEMO_ORDER_PAIRS = 90;
const DAY = 86_400_000;


const fixed = (n: number, places: number) => n.toFixed(places).replace(/\.?0+$/, '') || '0';

async function holders(db: Kysely<DB>, currency: string): Promise<number[]> {
  const rows = await db.selectFrom('accounts').select('user_id').where('currency_id', '=', currency).where('balance', '>', '0')
    .where('user_id', '>=', 100).orderBy('balance', 'desc').orderBy('user_id').limit(60).execute();
  return rows.map((r) => r.user_id);
}

const balanceOf = async (db: Kysely<DB>, member: number, currency: string) => (await db.selectFrom('accounts').select('balance')
  .where('user_id', '=', member).where('currency_id', '=', currency).executeTakeFirst())?.balance ?? '0';

interface Traded { m: MarketInfo; ref: number; maxVolume: number; pp: number; ap: number; sellers: number[]; buyers: number[] }

async function tradedMarket(db: Kysely<DB>, m: MarketInfo, ref: number, maxVolume: number): Promise<Traded | null> {
  const market = await db.selectFrom('markets').select(['price_precision', 'amount_precision']).where('id', '=', m.id).executeTakeFirstOrThrow();
  const [sellers, buyers] = await Promise.all([holders(db, m.base), holders(db, m.quote)]);
  if (!sellers.length || !buyers.length) return null;
  return { m, ref, maxVolume, pp: market.price_precision, ap: market.amount_precision, sellers, buyers };
}

/**
 * One pair of orders on a market at `at`, and what became of them. The book they leave is never crossed,
 * as a matching engine's is not: an order left open rests on its own side of the market's reference
 * price (bids under it, asks over it), and a partial fill leaves only the bigger order (the ask) open,
 * priced at or over the reference.
 */
async function tradePair(db: Kysely<DB>, t: Traded, at: Date, random: () => number): Promise<void> {
  const { m } = t;
  const seller = t.sellers[Math.floor(random() * t.sellers.length)]!;
  const buyer = t.buyers[Math.floor(random() * t.buyers.length)]!;
  if (seller === buyer) return;
  const swing = random() - 0.5;
  const price = fixed(t.ref * (1 + swing * 0.04), t.pp);
  const volume = fixed(Math.max(t.maxVolume * random() ** 2, 10 ** -t.ap * 10), t.ap);
  // Every price below is at most `price`'s, or (a partial fill) its bid is for at most 80 % of the volume.
  if (toUnits(await balanceOf(db, seller, m.base)) < toUnits(volume)) return;
  if (toUnits(await balanceOf(db, buyer, m.quote)) < toUnits(mul(price, volume, m.quotePrecision))) return;
  const roll = random();
  const later = (ms: number) => new Date(at.getTime() + ms);
  const place = (side: 'sell' | 'buy', p: string, v: string, state?: 'pending') =>
    placeOrder(db, { member: side === 'sell' ? seller : buyer, market: m, side, price: p, volume: v, at: side === 'sell' ? at : later(1000), state });
  const off = Math.abs(swing) * 0.04 + 0.001;
  if (roll >= 0.8) {
    // Left open (or the ask still pending at the engine): the bid under the reference, the ask over it.
    const ask = await place('sell', fixed(t.ref * (1 + off), t.pp), volume, roll > 0.97 ? 'pending' : undefined);
    await place('buy', fixed(t.ref * (1 - off), t.pp), volume);
    // The engine refused every other pending order; the rest are still pending.
    if (roll > 0.985) await cancelOrders(db, [ask], later(2000), { from: 'pending', to: 'reject' });
    return;
  }
  if (roll < 0.35) {
    const ask = await place('sell', price, volume), bid = await place('buy', price, volume);
    await executeTrade(db, m, ask, bid, price, volume, later(2000));
  } else if (roll < 0.6) {
    // A bid for part of the ask fills; the ask's rest stays open over the reference, or is cancelled.
    const part = fixed(Number(volume) * (0.3 + random() * 0.5), t.ap);
    const over = fixed(t.ref * (1 + Math.abs(swing) * 0.04), t.pp);
    const ask = await place('sell', over, volume), bid = await place('buy', over, part);
    await executeTrade(db, m, ask, bid, over, part, later(2000));
    if (roll < 0.45) await cancelOrders(db, [ask], later(60_000));
  } else {
    const ask = await place('sell', price, volume), bid = await place('buy', price, volume);
    await cancelOrders(db, [ask, bid], later(5 * 60_000));
  }
}

async function adjustmentsHistory(ctx: SeedContext, random: () => number): Promise<void> {
  const db = ctx.db;
  const accountant = staffByRole('accountant').id, admin = staffByRole('admin').id;
  const members = await holders(db, 'usd');
  const reasons = ['Bank wire without reference', 'Card chargeback reversed', 'Referral campaign payout', 'Exchange rate correction',
    'Bank fee refund', 'Cold wallet registration', 'Interest on fiat reserves', 'Fee overcharge refund'];
  const kinds: ReadonlyArray<readonly [string, string, number, string, boolean]> = [
    // currency, category, receiving code, amount, member account
    ['usd', 'refund', 201, '125.50', true], ['btc', 'compensation', 202, '0.015', true], ['usd', 'incentive', 401, '50', false],
    ['eth', 'asset_registration', 302, '2.5', false], ['usd', 'bank_fees', 401, '-12.40', false], ['usd', 'bank_interest', 301, '310.75', false],
    ['btc', 'balance_anomaly', 202, '0.002', true], ['usd', 'refund', 201, '19.99', true],
  ];
  for (let i = 0; i < 24; i++) {
    const [currency, category, code, amount, toMember] = kinds[i % kinds.length]!;
    const member = toMember ? members[i % members.length] ?? null : null;
    if (toMember && member === null) continue;
    const at = new Date(ctx.now.getTime() - (24 - i) * 1.2 * DAY);
    const state = i >= 16 ? 'pending' : i % 3 === 2 ? 'rejected' : 'accepted';
    const currencyType = (await db.selectFrom('currencies').select('type').where('code', '=', currency).executeTakeFirstOrThrow()).type;
    const row = {
      reason: reasons[i % reasons.length]!, description: `Ticket #${4100 + i}: ${reasons[i % reasons.length]!.toLowerCase()}.`, category,
      amount, currency_id: currency, asset_account_code: currencyType === 'fiat' ? 101 : 102, receiving_account_code: code,
      // The accountant raises them; the oldest half of the pending queue the admin raised from support tickets,
      // so the queue holds some for the accountant to decide and some only another staff member may accept.
      receiving_member_id: member, creator_id: state === 'pending' && i < 20 ? admin : accountant, created_at: at, updated_at: at,
    };
    const { id } = await db.insertInto('adjustments').values(row).returning('id').executeTakeFirstOrThrow();
    if (state === 'pending') continue;
    const decided = new Date(at.getTime() + Math.floor((1 + random() * 8) * 3_600_000));
    await db.updateTable('adjustments').set({ state, validator_id: admin, updated_at: decided }).where('id', '=', id).execute();
    if (state === 'accepted') await post(db, { reference: { type: 'Adjustment', id }, at: decided, entries: adjustmentEntries(row) });
  }
}

export async function insertTradingHistory(ctx: SeedContext): Promise<void> {
  const random = prng(20261125);
  const traded: Traded[] = [];
  for (const [id, ref, maxVolume] of TRADED) {
    const m = await marketInfo(ctx.db, id);
    const t = m && await tradedMarket(ctx.db, m, ref, maxVolume);
    if (t) traded.push(t);
  }
  // The markets take turns, each pair a slot of its own, so ids follow time as in a running exchange.
  const slot = (30 * DAY) / DEMO_ORDER_PAIRS / (TRADED.length + 1);
  for (let i = 0; i < DEMO_ORDER_PAIRS; i++) {
    for (const [k, t] of traded.entries()) {
      const at = new Date(ctx.now.getTime() - 30 * DAY + (i * (TRADED.length + 1) + k) * slot + Math.floor(random() * slot * 0.3));
      await tradePair(ctx.db, t, at, random);
    }
  }
  await adjustmentsHistory(ctx, random);
}
