/**
 * The demo's trading and ledger history, made through the same code the API runs (trading/orders.ts,
 * ledger/post.ts), so it balances by construction: on the enabled markets, customers' orders in every
 * state (open, filled, partly filled then cancelled, cancelled, pending, rejected) and their trades over
 * the last 30 days; and adjustments created by the accountant — pending, accepted by the admin (posted),
 * rejected. Deterministic: a seeded generator and the seed's `now`. An order is placed only when its
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

/** One pair of orders on a market at `at`, and what became of them. */
async function tradePair(db: Kysely<DB>, t: Traded, at: Date, random: () => number): Promise<void> {
  const { m } = t;
  const seller = t.sellers[Math.floor(random() * t.sellers.length)]!;
  const buyer = t.buyers[Math.floor(random() * t.buyers.length)]!;
  if (seller === buyer) return;
  const price = fixed(t.ref * (1 + (random() - 0.5) * 0.04), t.pp);
  const volume = fixed(Math.max(t.maxVolume * random() ** 2, 10 ** -t.ap * 10), t.ap);
  if (toUnits(await balanceOf(db, seller, m.base)) < toUnits(volume)) return;
  if (toUnits(await balanceOf(db, buyer, m.quote)) < toUnits(mul(price, volume, m.quotePrecision))) return;
  const roll = random();
  const pending = roll > 0.97;
  const ask = await placeOrder(db, { member: seller, market: m, side: 'sell', price, volume, at, state: pending ? 'pending' : 'wait' });
  const bid = await placeOrder(db, { member: buyer, market: m, side: 'buy', price, volume, at: new Date(at.getTime() + 1000) });
  if (pending) {
    // The engine refused every other pending order; the rest are still pending.
    if (roll > 0.985) await cancelOrders(db, [ask], new Date(at.getTime() + 2000), { from: 'pending', to: 'reject' });
    return;
  }
  if (roll < 0.6) {
    // Filled completely, or partly and then the rest cancelled (or left open).
    const part = roll < 0.35 ? volume : fixed(Number(volume) * (0.3 + random() * 0.5), t.ap);
    await executeTrade(db, m, ask, bid, price, part, new Date(at.getTime() + 2000));
    if (part !== volume && roll < 0.45) await cancelOrders(db, [ask, bid], new Date(at.getTime() + 60_000));
  } else if (roll < 0.8) {
    await cancelOrders(db, [ask, bid], new Date(at.getTime() + 5 * 60_000));
  }
}

async function adjustmentsHistory(ctx: SeedContext, random: () => number): Promise<void> {
  const db = ctx.db;
  const creator = staffByRole('accountant').id, validator = staffByRole('admin').id;
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
      receiving_member_id: member, creator_id: creator, created_at: at, updated_at: at,
    };
    const { id } = await db.insertInto('adjustments').values(row).returning('id').executeTakeFirstOrThrow();
    if (state === 'pending') continue;
    const decided = new Date(at.getTime() + Math.floor((1 + random() * 8) * 3_600_000));
    await db.updateTable('adjustments').set({ state, validator_id: validator, updated_at: decided }).where('id', '=', id).execute();
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
