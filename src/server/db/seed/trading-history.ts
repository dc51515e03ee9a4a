/**
 * The demo's trading and ledger history: on the enabled markets, customers' orders in every state (open,
 * filled, partly filled then cancelled, cancelled, pending, rejected) and their trades over the last 30
 * days; and adjustments created by the accountant — pending, accepted by the admin (posted), rejected — and
 * a few pending ones the admin raised. Deterministic: a seeded generator and the seed's `now`.
 *
 * The order history is planned in memory first (trading-plan.ts: the order code's own pure entry
 * builders over a copy of the balances, an order placed only when its member's balance covers it). The
 * first pair of each outcome is then made through the order code itself — placeOrder, executeTrade,
 * cancelOrders, the ledger's post — and its orders compared with the plan, which proves on every seed that
 * plan and code agree; the pairs between are written in bulk, in time order: the orders and trades as
 * multi-row INSERTs under ids reserved from their sequences (ids follow time), their postings through
 * the ledger's postMany (checked one by one, a few statements for all). Pair by pair through the order
 * code this step was ~4,000 statements and 8–13 s of CPU on PGlite; now it is a few dozen.
 * Adjustments (24) go through the ledger one by one.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema.js';
import type { SeedContext } from './context.js';
import { staffByRole } from './staff.js';
import { cancelOrders, executeTrade, feeTable, marketInfo, placeOrder, type MarketInfo } from '../../trading/orders.js';
import { post, postMany } from '../../ledger/post.js';
import { adjustmentEntries } from '../../exchange/adjustments.js';
import { toUnits } from '../../../shared/decimal.js';
import { prng } from '../../../shared/prng.js';
import { balanceKey, planTradingHistory, type Balances, type PlannedPair, type Traded } from './trading-plan.js';

/** Markets traded in the demo: id, a reference price, the largest order's volume. */
const TRADED: ReadonlyArray<readonly [string, number, number]> = [
  ['btcusdt', 64_000, 0.25], ['ethusdt', 3_100, 4], ['btcusd', 63_900, 0.2], ['ethusd', 3_095, 3], ['ethbtc', 0.0485, 2],
];
/** Order pairs per market. */
export const DEMO_ORDER_PAIRS = 90;
const DAY = 86_400_000;
/** Rows per multi-row INSERT (17 parameters an order: well inside the protocol's 65,535). */
const INSERT_ROWS = 2000;

async function holders(db: Kysely<DB>, currency: string): Promise<number[]> {
  const rows = await db.selectFrom('accounts').select('user_id').where('currency_id', '=', currency).where('balance', '>', '0')
    .where('user_id', '>=', 100).orderBy('balance', 'desc').orderBy('user_id').limit(60).execute();
  return rows.map((r) => r.user_id);
}

async function tradedMarket(db: Kysely<DB>, m: MarketInfo, ref: number, maxVolume: number): Promise<Traded | null> {
  const market = await db.selectFrom('markets').select(['price_precision', 'amount_precision']).where('id', '=', m.id).executeTakeFirstOrThrow();
  const [sellers, buyers] = [await holders(db, m.base), await holders(db, m.quote)];
  if (!sellers.length || !buyers.length) return null;
  const fees = await feeTable(db, [...new Set([...sellers, ...buyers])], m.id);
  return { m, ref, maxVolume, pp: market.price_precision, ap: market.amount_precision, sellers, buyers, fees };
}

async function balancesOf(db: Kysely<DB>, members: number[]): Promise<Balances> {
  const rows = await db.selectFrom('accounts').select(['user_id', 'currency_id', 'balance', 'locked'])
    .where('user_id', 'in', members.length ? members : [0]).execute();
  return new Map(rows.map((r) => [balanceKey(r.user_id, r.currency_id), { balance: toUnits(r.balance), locked: toUnits(r.locked) }]));
}

/** The first of `n` ids taken from a table's identity sequence at once (the next insert gets the one after). */
async function reserveIds(db: Kysely<DB>, table: 'orders' | 'trades', n: number): Promise<number> {
  const { rows } = await sql<{ first: string | number }>`
    SELECT setval(pg_get_serial_sequence(${table}, 'id'), nextval(pg_get_serial_sequence(${table}, 'id')) + ${n - 1}) - ${n - 1} AS first`.execute(db);
  return Number(rows[0]!.first);
}

/** Writes planned pairs in bulk: their orders and trades under reserved ids, their postings in one postMany. */
async function writePlanned(db: Kysely<DB>, pairs: readonly PlannedPair[]): Promise<void> {
  const orders = pairs.flatMap((p) => p.orders.map((o) => ({ o, market: p.market.id })));
  if (!orders.length) return;
  const trades = pairs.flatMap((p) => p.trades);
  const [firstOrder, firstTrade] = [await reserveIds(db, 'orders', orders.length), trades.length ? await reserveIds(db, 'trades', trades.length) : 0];
  const orderId = new Map(orders.map(({ o }, i) => [o.id, firstOrder + i]));
  const tradeId = new Map(trades.map((t, i) => [t.id, firstTrade + i]));
  const rows = orders.map(({ o, market }) => ({
    id: orderId.get(o.id)!, member_id: o.member_id, market_id: market, side: o.side, ord_type: 'limit', price: o.price,
    origin_volume: o.origin_volume, remaining_volume: o.remaining_volume, origin_locked: o.origin_locked, locked: o.locked,
    funds_received: o.funds_received, avg_price: o.avg_price, maker_fee: o.maker_fee, taker_fee: o.taker_fee,
    trades_count: o.trades_count, state: o.state, created_at: o.created_at, updated_at: o.updated_at,
  }));
  for (let i = 0; i < rows.length; i += INSERT_ROWS) await db.insertInto('orders').values(rows.slice(i, i + INSERT_ROWS)).execute();
  const tradeRows = trades.map((t) => ({
    ...t.row, id: tradeId.get(t.id)!, maker_order_id: orderId.get(t.row.maker_order_id)!, taker_order_id: orderId.get(t.row.taker_order_id)!, created_at: t.at,
  }));
  for (let i = 0; i < tradeRows.length; i += INSERT_ROWS) await db.insertInto('trades').values(tradeRows.slice(i, i + INSERT_ROWS)).execute();
  await postMany(db, pairs.flatMap((p) => p.postings).map((x) => ({
    ...x, reference: { type: x.reference.type, id: (x.reference.type === 'Trade' ? tradeId : orderId).get(x.reference.id)! },
  })));
}

/** Makes a pair through the order code, step by step, and checks its orders came out as planned. */
async function replay(db: Kysely<DB>, p: PlannedPair): Promise<void> {
  const ids = new Map<number, number>();
  const id = (key: number) => ids.get(key)!;
  for (const s of p.steps) {
    if (s.op === 'place') {
      const o = s.order;
      ids.set(o.id, await placeOrder(db, { member: o.member_id, market: p.market, side: o.side, price: o.price, volume: o.origin_volume, at: o.created_at, state: s.state }));
    } else if (s.op === 'trade') await executeTrade(db, p.market, id(s.maker.id), id(s.taker.id), s.price, s.volume, s.at);
    else await cancelOrders(db, [id(s.order.id)], s.at, s.how);
  }
  const rows = await db.selectFrom('orders').select(['id', 'state', 'remaining_volume', 'locked', 'funds_received', 'avg_price', 'trades_count', 'updated_at'])
    .where('id', 'in', [...ids.values()]).execute();
  for (const o of p.orders) {
    const r = rows.find((x) => x.id === id(o.id));
    const same = r && r.state === o.state && r.trades_count === o.trades_count && r.updated_at.getTime() === o.updated_at.getTime()
      && (['remaining_volume', 'locked', 'funds_received', 'avg_price'] as const).every((k) => toUnits(r[k]) === toUnits(o[k]));
    if (!same) throw new Error(`trading history: order ${id(o.id)} (${p.outcome}) is not as planned: ${JSON.stringify(r)} vs ${JSON.stringify(o)}`);
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
  const balances = await balancesOf(ctx.db, [...new Set(traded.flatMap((t) => [...t.sellers, ...t.buyers]))]);
  const pairs = planTradingHistory(traded, TRADED.length + 1, DEMO_ORDER_PAIRS, balances, ctx.now, random);
  let bulk: PlannedPair[] = [];
  for (const p of pairs) {
    if (!p.domain) { bulk.push(p); continue; }
    await writePlanned(ctx.db, bulk);
    bulk = [];
    await replay(ctx.db, p);
  }
  await writePlanned(ctx.db, bulk);
  await adjustmentsHistory(ctx, random);
}
