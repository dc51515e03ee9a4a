/**
 * The demo's Wonka (src/server/applogic/README.md, Wonka): BTC, ETH, USDT, USD and TRST enabled for Wonka
 * swaps; pairs priced by their markets (one disabled); each pair's config; tier and campaign discounts (one
 * running, one over); then quotes and swaps made by the code the customer calls run (money/wonka.ts) at past
 * times: most quotes swapped within their lifetime, some left to expire, members in a discounted tier and one
 * naming the running campaign. Deterministic: members are the largest holders in id order, times follow from
 * `now`.
 */
import type { SeedContext } from './context.js';
import { executeSwap, makeQuote, type Side } from '../../money/wonka.js';

const HOUR = 3_600_000, DAY = 24 * HOUR;

/** [base, quote, market, state, fee, spread, min, max, ttl seconds]. */
const PAIRS = [
  ['btc', 'usdt', 'btcusdt', 'enabled', '0.002', '0.001', '0.0001', '5', 30],
  ['eth', 'usdt', 'ethusdt', 'enabled', '0.002', '0.0015', '0.001', '100', 30],
  ['btc', 'usd', 'btcusd', 'enabled', '0.0025', '0.001', '0.0001', '0', 60],
  ['trst', 'usdt', 'trstusdt', 'disabled', '0.003', '0.002', '10', '0', 30],
] as const;

/** [pair, side, amount, hours ago, swapped, campaign]: a swap follows its quote by 10 seconds. */
const QUOTES: ReadonlyArray<readonly [string, Side, string, number, boolean, string | null]> = [
  ['btc/usdt', 'sell', '0.01', 70, true, null], ['btc/usdt', 'buy', '0.005', 64, true, null], ['eth/usdt', 'sell', '0.25', 60, false, null],
  ['eth/usdt', 'buy', '0.5', 52, true, null], ['btc/usd', 'sell', '0.002', 47, true, null], ['btc/usdt', 'buy', '0.02', 40, false, null],
  ['btc/usdt', 'sell', '0.003', 33, true, 'swap-week'], ['eth/usdt', 'sell', '0.1', 26, true, null], ['btc/usd', 'buy', '0.001', 20, true, null],
  ['eth/usdt', 'buy', '0.2', 14, false, 'swap-week'], ['btc/usdt', 'sell', '0.004', 9, true, null], ['eth/usdt', 'sell', '0.3', 3, true, null],
];

export async function insertWonka(ctx: SeedContext): Promise<void> {
  const db = ctx.db;
  const at = (ms: number) => new Date(ctx.now.getTime() - ms);
  const have = new Set((await db.selectFrom('markets').select('id').execute()).map((m) => m.id));
  const pairs = PAIRS.filter(([, , market]) => have.has(market));
  if (!pairs.length) return;
  await db.updateTable('currencies').set({ wonka_swap_enabled: true }).where('code', 'in', ['btc', 'eth', 'usdt', 'usd', 'trst']).execute();
  for (const [i, [base, quote, market, state, fee, spread, min, max, ttl]] of pairs.entries()) {
    const made = at((90 - i) * DAY);
    const w = await db.insertInto('wonkas').values({
      base_currency: base, quote_currency: quote, pair: `${base}/${quote}`, market_id: market, state, created_at: made, updated_at: made,
    }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('wonka_configs').values({
      wonka_id: w.id, fee, spread, min_amount: min, max_amount: max, quote_ttl_seconds: ttl, state: state === 'enabled' ? 'enabled' : 'disabled',
      created_at: made, updated_at: made,
    }).execute();
  }
  await db.insertInto('wonka_discounts').values([
    { name: 'VIP-1 swap discount', kind: 'tier', tier: 'vip-1', discount: '0.25', starts_at: at(60 * DAY), ends_at: at(-300 * DAY) },
    { name: 'VIP-3 swap discount', kind: 'tier', tier: 'vip-3', discount: '0.5', starts_at: at(60 * DAY), ends_at: at(-300 * DAY) },
    { name: 'Swap week', kind: 'campaign', campaign: 'swap-week', discount: '0.5', starts_at: at(4 * DAY), ends_at: at(-3 * DAY) },
    { name: 'Summer swap promo', kind: 'campaign', campaign: 'summer-swap', discount: '0.3', starts_at: at(150 * DAY), ends_at: at(90 * DAY), state: 'inactive' },
  ].map((d) => ({ ...d, created_at: d.starts_at, updated_at: d.starts_at }))).execute();

  // The largest holders of each currency a swap pays with, in a fixed order.
  const holders = async (currency: string) => (await db.selectFrom('accounts as a').innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['u.id', 'u.uid', 'u.fee_group']).where('a.currency_id', '=', currency).where('a.balance', '>', '0').where('u.role', '=', 'member')
    .orderBy('a.balance', 'desc').orderBy('u.id').limit(6).execute());
  for (const [i, [pair, side, amount, ago, swapped, campaign]] of QUOTES.entries()) {
    const [base, quote] = pair.split('/') as [string, string];
    const payers = await holders(side === 'sell' ? base : quote);
    const m = payers[i % Math.max(payers.length, 1)];
    if (!m) continue;
    const when = at(ago * HOUR);
    const q = await makeQuote(db, { member: { id: Number(m.id), uid: m.uid, fee_group: m.fee_group }, pair, side, amount, campaign, at: when });
    if (typeof q === 'string') {
      // A pair without trades on its market has no price: no quotes for it (the demo market may be empty).
      if (q === 'price.unavailable') continue;
      throw new Error(`seed quote refused: ${q}`);
    }
    if (!swapped) continue;
    const s = await executeSwap(db, { member: Number(m.id), quote: q.id, at: new Date(when.getTime() + 10_000) });
    if (typeof s === 'string') throw new Error(`seed swap refused: ${s}`);
  }
}
