/**
 * The trading history at exchange scale (PostgreSQL): millions of orders, trades, withdrawals and the
 * ledger operations behind them, appended to a seeded database by `npm run db:seed:trading`. Set-based
 * SQL (one INSERT … SELECT per table and batch), with the tables' indexes and keys set aside while it
 * loads (bulk.ts); deterministic (hashes of the row number, no random state).
 *
 * Shape: orders come in pairs (a resting maker and the taker that met it) on the enabled markets,
 * weighted like a real venue's volume, a few market makers owning a fifth of them and the rest of the
 * members a long tail; ids follow time over the last year. Per pair: rejected, cancelled untouched,
 * partly filled then cancelled, or filled by K equal trades; over the last weeks every other pair is
 * still open (wait, or pending for the engine) and holds its funds, while trading goes on to the end. Withdrawals: a year of history and a queue of recent
 * ones still holding their sum.
 *
 * The ledger: a real exchange's ledger starts at some cut-over; older history is carried by opening
 * balances. So is this one: the newest pairs' money is posted exactly as trading/orders.ts posts it
 * (lock at placement, per trade the locked sides out and each side's proceeds less fees in, fees to
 * revenue, the rest unlocked at fill or cancel), plus the locks of every open order and queued
 * withdrawal; as many pairs are posted as make the requested number of operations. Older pairs and
 * finished withdrawals are history before the cut-over. A member whose posted history would end below
 * zero is given the difference as an opening posting (asset and main balance credited alike), and the
 * accounts and running totals are brought to the operations, so `npm run ledger:check` passes.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema.js';
import { CUSTOMER_ID_BASE, makeContext, type Progress, type SeedContext, exec } from './context.js';
import { bulkLoad } from './bulk.js';
import { code, type Kind } from '../../ledger/chart.js';
import { staffByRole } from './staff.js';

export interface BulkTradingOptions {
  orders: number; trades: number; operations: number; withdraws: number;
  now?: Date; onProgress?: Progress;
}

/** Markets traded at scale: share of the pairs, reference price, largest order (base units). */
const MARKETS: ReadonlyArray<readonly [string, number, number, number]> = [
  ['btcusdt', 0.30, 64_000, 1.5], ['ethusdt', 0.18, 3_100, 20], ['btcusd', 0.10, 63_900, 1], ['ethusd', 0.08, 3_095, 15],
  ['btceur', 0.06, 59_000, 1], ['etheur', 0.05, 2_860, 12], ['ethbtc', 0.09, 0.0485, 25], ['usdcusdt', 0.06, 1.0001, 40_000],
  ['usdtusd', 0.04, 0.9998, 30_000], ['usdcusd', 0.04, 1, 30_000],
];
/** Withdrawn currencies: share, typical amount, network fee. */
const WITHDRAWN: ReadonlyArray<readonly [string, number, number, number]> = [
  ['btc', 0.3, 0.2, 0.0002], ['eth', 0.25, 3, 0.002], ['usdt', 0.25, 2_000, 1], ['usd', 0.12, 3_000, 0], ['eur', 0.08, 2_500, 0],
];
const MAKER_FEE = '0.001', TAKER_FEE = '0.002';
const DAY_S = 86_400;
const SPAN_S = 365 * DAY_S;
/** Share of the pairs still open (every other pair of the newest twice as many), and of the withdrawals still in the queue. */
const OPEN_SHARE = 0.02, QUEUED_SHARE = 0.005;
/** Rows per INSERT: keeps each statement's progress visible and its sort in memory. */
const BATCH_PAIRS = 500_000;

/** The account code (ledger/chart.ts) for a currency whose type is the SQL expression `type`. */
const codeSql = (kind: Kind, type: string, locked = false) =>
  `CASE ${type} WHEN 'fiat' THEN ${code(kind, 'fiat', locked)} ELSE ${code(kind, 'coin', locked)} END`;

interface Plan {
  pairs: number; k: number; openFrom: number; postFrom: number; slots: number; orderBase: number; tradeBase: number; opBase: number;
  start: string; dt: number;
}

/** A hundred buckets of the unit interval, each the index of the share drawn there (a market, a currency). */
export function marketBuckets(shares: number[]): number[] {
  const total = shares.reduce((a, b) => a + b, 0);
  const out: number[] = [];
  let acc = 0;
  shares.forEach((s, i) => {
    acc += (s / total) * 100;
    while (out.length < Math.round(acc)) out.push(i);
  });
  while (out.length < 100) out.push(shares.length - 1);
  return out;
}

async function marketTable(db: Kysely<DB>) {
  const rows = await db.selectFrom('markets as m')
    .innerJoin('currencies as b', 'b.code', 'm.base_unit').innerJoin('currencies as q', 'q.code', 'm.quote_unit')
    .select(['m.id', 'm.base_unit', 'm.quote_unit', 'm.price_precision', 'm.amount_precision', 'b.type as bt', 'q.type as qt',
      'b.precision as bp', 'q.precision as qp'])
    .where('m.state', '=', 'enabled').execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return MARKETS.filter(([id]) => byId.has(id)).map(([id, share, ref, maxVolume], idx) => ({ idx, share, ref, maxVolume, ...byId.get(id)! }));
}

const maxId = async (db: Kysely<DB>, table: 'orders' | 'trades' | 'operations' | 'withdraws') =>
  Number((await sql<{ m: string | null }>`SELECT max(id)::text AS m FROM ${sql.table(table)}`.execute(db)).rows[0]?.m ?? 0);

/**
 * The pairs (bulk_pairs): class, market, members, price, trade size, and a filled pair's ordinal among
 * the traded ones (its trades' ids). Class by position: of every 20, one rejected, one cancelled, two
 * partly filled then cancelled, sixteen filled — except that from openFrom on every even pair is open
 * (every tenth of those pending).
 */
async function makePairs(ctx: SeedContext, plan: Plan, markets: Awaited<ReturnType<typeof marketTable>>, members: { lo: number; hi: number }) {
  const buckets = marketBuckets(markets.map((m) => m.share));
  const mk = markets.map((m) => `(${m.idx}, '${m.id}', ${m.ref}, ${m.maxVolume}, ${m.price_precision}, ${m.amount_precision}, ${m.bp}, ${m.qp})`).join(', ');
  const { lo, hi } = members;
  const n = hi - lo + 1;
  const mm = `ARRAY[${[0, 1, 2, 3, 4].map((i) => lo + i).join(', ')}]::bigint[]`;
  await hashRandom(ctx);
  await exec(ctx, `CREATE TEMP TABLE bulk_markets (idx int PRIMARY KEY, id text, ref float8, maxvol float8, pp int, ap int, bp int, qp int) ON COMMIT DROP`);
  await exec(ctx, `INSERT INTO bulk_markets VALUES ${mk}`);
  await exec(ctx, `CREATE TEMP TABLE bulk_pairs ON COMMIT DROP AS
    WITH g AS (
      SELECT p,
        CASE WHEN p >= ${plan.openFrom} AND p % 2 = 0 THEN (CASE WHEN p % 20 = 0 THEN 'pending' ELSE 'wait' END)
          WHEN p % 20 = 0 THEN 'reject' WHEN p % 20 = 1 THEN 'cancel' WHEN p % 20 < 4 THEN 'partial' ELSE 'done' END AS cls,
        (ARRAY[${buckets.join(', ')}])[1 + floor(pg_temp.rnd(p, 1) * 100)::int] AS mk,
        CASE WHEN pg_temp.rnd(p, 2) < 0.2 THEN (${mm})[1 + p % 5] ELSE ${lo} + floor(${n} * pg_temp.rnd(p, 3) ^ 2)::bigint END AS seller,
        CASE WHEN pg_temp.rnd(p, 4) < 0.2 THEN (${mm})[1 + (p + 2) % 5] ELSE ${lo} + floor(${n} * pg_temp.rnd(p, 5) ^ 2)::bigint END AS buyer0,
        p % 2 = 0 AS first_sell,
        timestamptz '${plan.start}' + make_interval(secs => p * ${plan.dt}) AS at,
        pg_temp.rnd(p, 6) AS r6, pg_temp.rnd(p, 7) AS r7
      FROM generate_series(0, ${plan.pairs - 1}) AS p
    ), s AS (
      SELECT g.p, g.cls, g.mk, g.seller, g.first_sell, g.at, m.bp, m.qp, m.pp,
        CASE WHEN g.buyer0 <> g.seller THEN g.buyer0 WHEN g.seller < ${hi} THEN g.seller + 1 ELSE ${lo} END AS buyer,
        round((m.ref * (1 + 0.12 * sin(6.283185 * 3 * g.p / ${plan.pairs}) + 0.01 * (g.r6 - 0.5)))::numeric, m.pp) AS price,
        greatest(round((m.maxvol * g.r7 ^ 2 / ${plan.k})::numeric, m.ap), 10 * power(10::numeric, -m.ap)) AS a
      FROM g JOIN bulk_markets m ON m.idx = g.mk
    )
    SELECT s.*, s.a * (CASE s.cls WHEN 'partial' THEN ${plan.k + 2} ELSE ${plan.k} END) AS vol,
      count(*) FILTER (WHERE s.cls IN ('done', 'partial')) OVER (ORDER BY s.p ROWS UNBOUNDED PRECEDING) - 1 AS tord,
      trunc(s.price * s.a, s.qp) AS tot,
      trunc(s.a * (CASE WHEN s.first_sell THEN ${TAKER_FEE} ELSE ${MAKER_FEE} END)::numeric, s.bp) AS fb,
      trunc(trunc(s.price * s.a, s.qp) * (CASE WHEN s.first_sell THEN ${MAKER_FEE} ELSE ${TAKER_FEE} END)::numeric, s.qp) AS fs
    FROM s`);
  await exec(ctx, 'CREATE INDEX ON bulk_pairs (p)');
  await exec(ctx, 'ANALYZE bulk_pairs');
}

/** The two orders of each pair in [from, to): the first placed is the maker. */
async function insertOrders(ctx: SeedContext, plan: Plan, from: number, to: number) {
  const { k, dt } = plan;
  const step = `make_interval(secs => ${dt / (k + 3)})`;
  await exec(ctx, `INSERT INTO orders (id, member_id, market_id, side, ord_type, price, origin_volume, remaining_volume, origin_locked,
      locked, funds_received, avg_price, maker_fee, taker_fee, trades_count, state, created_at, updated_at)
    SELECT o.id, o.member, o.market, CASE WHEN o.sell THEN 'sell' ELSE 'buy' END, 'limit', o.price, o.vol,
      CASE o.cls WHEN 'done' THEN 0 WHEN 'partial' THEN 2 * o.a ELSE o.vol END, o.origin_locked,
      CASE WHEN o.cls IN ('wait', 'pending') THEN o.origin_locked ELSE 0 END,
      CASE WHEN o.traded THEN ${k} * CASE WHEN o.sell THEN o.tot - o.fs ELSE o.a - o.fb END ELSE 0 END,
      CASE WHEN o.traded THEN o.price ELSE 0 END,
      ${MAKER_FEE}, ${TAKER_FEE}, CASE WHEN o.traded THEN ${k} ELSE 0 END,
      CASE o.cls WHEN 'partial' THEN 'cancel' WHEN 'done' THEN 'done' ELSE o.cls END,
      o.at + o.n * ${step},
      o.at + CASE o.cls WHEN 'done' THEN ${k + 1} WHEN 'partial' THEN ${k + 2} WHEN 'cancel' THEN 2 WHEN 'reject' THEN 2 ELSE o.n END * ${step}
    FROM (
      SELECT ${plan.orderBase} + 2 * b.p + n AS id, n, b.cls, b.at, b.a, b.vol, b.tot, b.fb, b.fs, m.id AS market,
        b.cls IN ('done', 'partial') AS traded, (n = 0) = b.first_sell AS sell,
        CASE WHEN (n = 0) = b.first_sell THEN b.seller ELSE b.buyer END AS member,
        x.price, CASE WHEN (n = 0) = b.first_sell THEN b.vol ELSE trunc(x.price * b.vol, b.qp) END AS origin_locked
      FROM bulk_pairs b JOIN bulk_markets m ON m.idx = b.mk CROSS JOIN (VALUES (0), (1)) AS v(n)
      CROSS JOIN LATERAL (SELECT CASE WHEN b.cls NOT IN ('wait', 'pending') THEN b.price
        WHEN (n = 0) = b.first_sell THEN round(b.price * 1.02, b.pp) ELSE round(b.price * 0.98, b.pp) END AS price) x
      WHERE b.p >= ${from} AND b.p < ${to}
    ) o`);
}

/** A traded pair's ordinal among the traded pairs: its trades are tradeBase + tord × K + t. */
const tradedOrdinal = 'b.tord';

async function insertTrades(ctx: SeedContext, plan: Plan, from: number, to: number) {
  const { k, dt } = plan;
  await exec(ctx, `INSERT INTO trades (id, market_id, price, amount, total, maker_order_id, taker_order_id, maker_id, taker_id, taker_type,
      maker_fee_amount, maker_fee_currency, taker_fee_amount, taker_fee_currency, created_at)
    SELECT ${plan.tradeBase} + (${tradedOrdinal}) * ${k} + t, m.id, b.price, b.a, b.tot,
      ${plan.orderBase} + 2 * b.p, ${plan.orderBase} + 2 * b.p + 1,
      CASE WHEN b.first_sell THEN b.seller ELSE b.buyer END, CASE WHEN b.first_sell THEN b.buyer ELSE b.seller END,
      CASE WHEN b.first_sell THEN 'buy' ELSE 'sell' END,
      CASE WHEN b.first_sell THEN b.fs ELSE b.fb END, CASE WHEN b.first_sell THEN mk.quote_unit ELSE mk.base_unit END,
      CASE WHEN b.first_sell THEN b.fb ELSE b.fs END, CASE WHEN b.first_sell THEN mk.base_unit ELSE mk.quote_unit END,
      b.at + make_interval(secs => (t + 2) * ${dt / (k + 3)})
    FROM bulk_pairs b JOIN bulk_markets m ON m.idx = b.mk JOIN markets mk ON mk.id = m.id CROSS JOIN generate_series(0, ${k - 1}) AS t
    WHERE b.p >= ${from} AND b.p < ${to} AND b.cls IN ('done', 'partial')`);
}

/**
 * The postings of pairs [from, to) as trading/orders.ts makes them. Slot s of pair p has the id
 * opBase + (p − postFrom) × slots + s, so operation ids follow time: 0–3 the two orders' locks,
 * 4 + 6t … the trade t's six entries, then the two orders' unlocks. Open pairs post their locks only.
 */
async function insertPostings(ctx: SeedContext, plan: Plan, from: number, to: number) {
  const { k, dt, slots } = plan;
  const step = dt / (k + 3);
  const id = (p: string, slot: string) => `${plan.opBase} + (${p} - ${plan.postFrom}) * ${slots} + ${slot}`;
  // Per order: what it locked, in which currency, and what it returned (at fill or cancel).
  const orderSide = `
    SELECT b.p, n, ${plan.orderBase} + 2 * b.p + n AS oid, b.at,
      CASE WHEN sell THEN b.seller ELSE b.buyer END AS member,
      CASE WHEN sell THEN mk.base_unit ELSE mk.quote_unit END AS cur, CASE WHEN sell THEN bc.type ELSE qc.type END AS ctype,
      o.origin_locked AS locked,
      CASE b.cls WHEN 'done' THEN (CASE WHEN sell THEN 0 ELSE o.origin_locked - ${k} * b.tot END)
        WHEN 'partial' THEN (CASE WHEN sell THEN 2 * b.a ELSE o.origin_locked - ${k} * b.tot END)
        WHEN 'wait' THEN 0 WHEN 'pending' THEN 0 ELSE o.origin_locked END AS unlocked,
      CASE b.cls WHEN 'done' THEN ${k + 1} WHEN 'partial' THEN ${k + 2} ELSE 2 END AS unlock_step
    FROM bulk_pairs b JOIN bulk_markets m ON m.idx = b.mk JOIN markets mk ON mk.id = m.id
    JOIN currencies bc ON bc.code = mk.base_unit JOIN currencies qc ON qc.code = mk.quote_unit
    CROSS JOIN (VALUES (0), (1)) AS v(n) CROSS JOIN LATERAL (SELECT (n = 0) = b.first_sell AS sell) s
    JOIN orders o ON o.id = ${plan.orderBase} + 2 * b.p + n
    WHERE b.p >= ${from} AND b.p < ${to}`;
  const cols = 'id, code, currency_id, member_id, reference_type, reference_id, debit, credit, created_at';
  await exec(ctx, `INSERT INTO operations (${cols})
    SELECT ${id('x.p', '2 * x.n + e.e')}, e.code, x.cur, x.member, 'Order', x.oid,
      CASE WHEN e.debit THEN e.amount ELSE 0 END, CASE WHEN e.debit THEN 0 ELSE e.amount END,
      x.at + make_interval(secs => (x.n + e.later) * ${step})
    FROM (${orderSide}) x
    CROSS JOIN LATERAL (VALUES
      (0, ${codeSql('liability', 'x.ctype')}, true, x.locked, 0),
      (1, ${codeSql('liability', 'x.ctype', true)}, false, x.locked, 0),
      (${4 + 6 * k}, ${codeSql('liability', 'x.ctype', true)}, true, x.unlocked, x.unlock_step - x.n),
      (${4 + 6 * k + 1}, ${codeSql('liability', 'x.ctype')}, false, x.unlocked, x.unlock_step - x.n)
    ) AS e(e, code, debit, amount, later)
    WHERE e.amount > 0`);
  await exec(ctx, `INSERT INTO operations (${cols})
    SELECT ${id('b.p', '4 + 6 * t + e.e')}, e.code, e.cur, e.member, 'Trade', ${plan.tradeBase} + (${tradedOrdinal}) * ${k} + t,
      CASE WHEN e.debit THEN e.amount ELSE 0 END, CASE WHEN e.debit THEN 0 ELSE e.amount END,
      b.at + make_interval(secs => (t + 2) * ${step})
    FROM bulk_pairs b JOIN bulk_markets m ON m.idx = b.mk JOIN markets mk ON mk.id = m.id
    JOIN currencies bc ON bc.code = mk.base_unit JOIN currencies qc ON qc.code = mk.quote_unit
    CROSS JOIN generate_series(0, ${k - 1}) AS t
    CROSS JOIN LATERAL (VALUES
      (0, ${codeSql('liability', 'bc.type', true)}, mk.base_unit, b.seller, true, b.a),
      (1, ${codeSql('liability', 'qc.type', true)}, mk.quote_unit, b.buyer, true, b.tot),
      (2, ${codeSql('liability', 'bc.type')}, mk.base_unit, b.buyer, false, b.a - b.fb),
      (3, ${codeSql('revenue', 'bc.type')}, mk.base_unit, b.buyer, false, b.fb),
      (4, ${codeSql('liability', 'qc.type')}, mk.quote_unit, b.seller, false, b.tot - b.fs),
      (5, ${codeSql('revenue', 'qc.type')}, mk.quote_unit, b.seller, false, b.fs)
    ) AS e(e, code, cur, member, debit, amount)
    WHERE b.p >= ${from} AND b.p < ${to} AND b.cls IN ('done', 'partial') AND e.amount > 0`);
}

/** A year of withdrawals; the newest QUEUED_SHARE still in the queue (submitted … confirming), holding their sum. */
async function insertWithdraws(ctx: SeedContext, count: number, base: number, start: string, members: { lo: number; hi: number }) {
  const present = new Set((await ctx.db.selectFrom('currencies').select('code').execute()).map((c) => c.code));
  const rows = WITHDRAWN.filter(([c]) => present.has(c));
  if (!rows.length || count < 1) return;
  const buckets = marketBuckets(rows.map((r) => r[1]));
  const cur = `(ARRAY[${rows.map(([c]) => `'${c}'`).join(', ')}])`;
  const typical = `(ARRAY[${rows.map((r) => r[2]).join(', ')}]::float8[])`;
  const fee = `(ARRAY[${rows.map((r) => r[3]).join(', ')}]::numeric[])`;
  const queuedFrom = count - Math.max(1, Math.round(count * QUEUED_SHARE));
  const n = members.hi - members.lo + 1;
  const compliance = staffByRole('compliance').id, admin = staffByRole('admin').id;
  const dt = SPAN_S / count;
  for (let from = 0; from < count; from += BATCH_PAIRS) {
    const to = Math.min(count, from + BATCH_PAIRS);
    await exec(ctx, `INSERT INTO withdraws (id, member_id, currency_id, blockchain_key, type, amount, fee, rid, tid, txid, block_number,
        confirmations, reject_reason, state, approved_by, decided_by, created_at, updated_at, done_at)
      SELECT ${base} + w.i, w.member, c.code, c.blockchain_key, CASE c.type WHEN 'fiat' THEN 'fiat' ELSE 'coin' END,
        greatest(round((w.typical * (0.05 + 2 * w.r ^ 2))::numeric, least(c.precision, 6)), 1), w.fee,
        CASE WHEN c.type = 'fiat' THEN 'DE' || lpad((w.i % 97)::text, 2, '0') || lpad(w.member::text, 18, '0')
          WHEN c.code = 'btc' THEN 'bc1q' || left(md5('r' || w.member), 38) ELSE '0x' || left(md5('r' || w.member) || md5('s' || w.member), 40) END,
        'TIDZ' || lpad((${base} + w.i)::text, 12, '0'),
        CASE WHEN c.type <> 'fiat' AND w.state IN ('succeed', 'confirming') THEN '0x' || md5('t' || w.i) || md5('u' || w.i) END,
        CASE WHEN c.type <> 'fiat' AND w.state = 'succeed' THEN 800000 + w.i / 40 END,
        CASE WHEN w.state = 'succeed' THEN 6 ELSE 0 END,
        CASE WHEN w.state = 'rejected' THEN (ARRAY['Beneficiary name does not match the account holder', 'Destination address on a sanctions list',
          'Source of funds not documented', 'Duplicate request'])[1 + w.i % 4] END,
        w.state,
        CASE WHEN w.state IN ('accepted', 'processing', 'confirming', 'succeed', 'failed') THEN ${compliance} END,
        CASE WHEN w.state IN ('rejected', 'accepted', 'processing', 'confirming', 'succeed', 'failed') THEN ${admin} END,
        w.at, w.at + CASE WHEN w.state IN ('submitted', 'under_review') THEN interval '0' ELSE interval '1 hour' END,
        CASE WHEN w.state IN ('succeed', 'rejected', 'canceled', 'failed') THEN w.at + interval '1 hour' END
      FROM (
        SELECT i, ${cur}[b] AS cur, ${typical}[b] AS typical, ${fee}[b] AS fee, pg_temp.rnd(i, 14) AS r,
          ${members.lo} + floor(${n} * pg_temp.rnd(i, 12) ^ 2)::bigint AS member,
          timestamptz '${start}' + make_interval(secs => i * ${dt}) AS at,
          CASE WHEN i >= ${queuedFrom} THEN (CASE WHEN i % 20 < 10 THEN 'submitted' WHEN i % 20 < 14 THEN 'under_review'
              WHEN i % 20 < 17 THEN 'accepted' WHEN i % 20 < 19 THEN 'processing' ELSE 'confirming' END)
            ELSE (CASE WHEN pg_temp.rnd(i, 13) < 0.88 THEN 'succeed' WHEN pg_temp.rnd(i, 13) < 0.93 THEN 'rejected'
              WHEN pg_temp.rnd(i, 13) < 0.97 THEN 'canceled' ELSE 'failed' END) END AS state
        FROM generate_series(${from}, ${to - 1}) AS i
        CROSS JOIN LATERAL (SELECT (ARRAY[${buckets.map((b) => b + 1).join(', ')}])[1 + floor(pg_temp.rnd(i, 11) * 100)::int] AS b) x
      ) w JOIN currencies c ON c.code = w.cur`);
    ctx.progress('withdrawals', to, count);
  }
  await exec(ctx, `INSERT INTO operations (code, currency_id, member_id, reference_type, reference_id, debit, credit, created_at)
    SELECT e.code, w.currency_id, w.member_id, 'Withdraw', w.id, CASE WHEN e.debit THEN w.sum ELSE 0 END,
      CASE WHEN e.debit THEN 0 ELSE w.sum END, w.created_at
    FROM withdraws w JOIN currencies c ON c.code = w.currency_id
    CROSS JOIN LATERAL (VALUES (${codeSql('liability', 'c.type')}, true), (${codeSql('liability', 'c.type', true)}, false)) AS e(code, debit)
    WHERE w.id >= ${base + queuedFrom}
    ORDER BY w.id, e.debit DESC`);
}

/** The seeded customers' ids (members), first to last: what the bulk seeds draw their members from. */
export async function customerRange(db: Kysely<DB>): Promise<{ lo: number; hi: number }> {
  const m = (await sql<{ lo: string | null; hi: string | null }>`SELECT min(id)::text AS lo, max(id)::text AS hi FROM users
    WHERE id > ${CUSTOMER_ID_BASE} AND role = 'member'`.execute(db)).rows[0];
  if (!m?.lo || !m.hi || Number(m.hi) - Number(m.lo) < 10) throw new Error('seed the customers first (npm run db:seed)');
  return { lo: Number(m.lo), hi: Number(m.hi) };
}

/** pg_temp.rnd(row, stream): a deterministic draw in [0, 1) from a row number, for the session's bulk seeds. */
export const hashRandom = (ctx: SeedContext) => exec(ctx, `CREATE OR REPLACE FUNCTION pg_temp.rnd(p bigint, s bigint) RETURNS float8
  LANGUAGE sql IMMUTABLE AS $$ SELECT (hashint8extended(p, s) & 2147483647)::float8 / 2147483648 $$`);

export const setSequence = (ctx: SeedContext, table: string) =>
  exec(ctx, `SELECT setval(pg_get_serial_sequence('${table}', 'id'), greatest((SELECT max(id) FROM ${table}), 1))`);

/**
 * Brings accounts and running totals to the operations posted since `opBase`: a member short of what
 * its posted history spends gets the difference as an opening posting first.
 */
async function settle(ctx: SeedContext, opBase: number, start: string) {
  await exec(ctx, `CREATE TEMP TABLE bulk_net ON COMMIT DROP AS
    SELECT member_id, currency_id,
      coalesce(sum(credit - debit) FILTER (WHERE code IN (201, 202)), 0) AS main,
      coalesce(sum(credit - debit) FILTER (WHERE code IN (211, 212)), 0) AS held
    FROM operations WHERE id >= ${opBase} AND kind = 2 GROUP BY member_id, currency_id`);
  await exec(ctx, `INSERT INTO accounts (user_id, currency_id, created_at, updated_at)
    SELECT member_id, currency_id, timestamptz '${start}', timestamptz '${start}' FROM bulk_net
    ON CONFLICT (user_id, currency_id) DO NOTHING`);
  await exec(ctx, `INSERT INTO operations (code, currency_id, member_id, reference_type, reference_id, credit, created_at)
    SELECT v.code, n.currency_id, CASE WHEN v.code / 100 = 2 THEN n.member_id END, 'Opening', a.id, -(a.balance + n.main),
      timestamptz '${start}' - interval '1 day'
    FROM bulk_net n JOIN accounts a ON a.user_id = n.member_id AND a.currency_id = n.currency_id
    JOIN currencies c ON c.code = n.currency_id
    CROSS JOIN LATERAL (VALUES (${codeSql('asset', 'c.type')}), (${codeSql('liability', 'c.type')})) AS v(code)
    WHERE a.balance + n.main < 0`);
  ctx.progress('opening balances', 1, 3);
  await exec(ctx, `UPDATE accounts a SET balance = greatest(a.balance + n.main, 0), locked = a.locked + n.held, updated_at = ${ctx.nowSql}
    FROM bulk_net n WHERE a.user_id = n.member_id AND a.currency_id = n.currency_id`);
  ctx.progress('opening balances', 2, 3);
  await exec(ctx, `INSERT INTO ledger_totals (currency_id, kind, shard, amount)
    SELECT currency_id, kind, 0, sum(credit - debit) FROM operations WHERE id >= ${opBase} GROUP BY currency_id, kind
    ON CONFLICT (currency_id, kind, shard) DO UPDATE SET amount = ledger_totals.amount + EXCLUDED.amount`);
  ctx.progress('opening balances', 3, 3);
}

function makePlan(opts: BulkTradingOptions, bases: { order: number; trade: number; op: number }, existingOps: number, queued: number, start: string): Plan {
  const pairs = Math.max(20, Math.floor(opts.orders / 2));
  const openFrom = pairs - 2 * Math.max(1, Math.round(pairs * OPEN_SHARE));
  // Traded: 18 of every 20 pairs before openFrom, the odd ones after it but those ending in 1 (cancelled).
  let tail = 0, open = 0;
  for (let p = openFrom; p < pairs; p++) if (p % 2 === 0) open++; else if (p % 20 !== 1) tail++;
  const traded = Math.floor(openFrom / 20) * 18 + Math.max(0, (openFrom % 20) - 2) + tail;
  const k = Math.max(1, Math.ceil(opts.trades / Math.max(1, traded)));
  // Operations per posted pair, on average (16 filled, 2 partly filled, 2 untouched of 20), with a margin for zero fees.
  const perPair = (16 * (6 * k + 6) + 2 * (6 * k + 8) + 2 * 8) / 20 * 0.97;
  const wanted = opts.operations - existingOps - 4 * open - (pairs - openFrom - open) * perPair - 2 * queued;
  const posted = Math.min(openFrom, Math.max(0, Math.ceil(wanted / perPair)));
  return {
    pairs, k, openFrom, postFrom: openFrom - posted, slots: 6 * k + 8, orderBase: bases.order, tradeBase: bases.trade, opBase: bases.op,
    start, dt: SPAN_S / pairs,
  };
}

export interface BulkTradingResult { pairs: number; tradesPerPair: number; postedPairs: number; ms: number }

export async function seedBulkTrading(db: Kysely<DB>, opts: BulkTradingOptions): Promise<BulkTradingResult> {
  const started = Date.now();
  const now = new Date(Math.floor((opts.now ?? new Date()).getTime() / 1000) * 1000);
  const start = new Date(now.getTime() - SPAN_S * 1000);
  const progress = opts.onProgress ?? (() => {});
  let plan: Plan | undefined;
  await db.transaction().execute(async (trx) => {
    await sql`SET LOCAL TimeZone = 'UTC'`.execute(trx);
    await sql`SET LOCAL jit = off`.execute(trx);
    // No realtime events for the load (migration 0019's switch): a NOTIFY per row, queued until the commit,
    // overflowed PostgreSQL's notification queue at 10M orders ("too many notifications") and the load failed;
    // a node that listens reads the books afresh anyway.
    await sql`SET LOCAL steward.events = 'off'`.execute(trx);
    await sql`SET LOCAL work_mem = '256MB'`.execute(trx);
    await sql`SET LOCAL maintenance_work_mem = '1GB'`.execute(trx);
    const ctx = makeContext(trx, 0, now, progress);
    const members = await customerRange(trx);
    const markets = await marketTable(trx);
    if (!markets.length) throw new Error('no enabled market to trade on: seed the exchange first (npm run db:seed)');
    const existingOps = Number((await sql<{ n: string }>`SELECT count(*)::text AS n FROM operations`.execute(trx)).rows[0]!.n);
    const queued = Math.max(1, Math.round(opts.withdraws * QUEUED_SHARE));
    const bases = { order: await maxId(trx, 'orders') + 1, trade: await maxId(trx, 'trades') + 1, op: await maxId(trx, 'operations') + 1 };
    const withdrawBase = await maxId(trx, 'withdraws') + 1;
    const p = makePlan(opts, bases, existingOps, opts.withdraws > 0 ? queued : 0, start.toISOString());
    plan = p;
    await bulkLoad(ctx, ['orders', 'trades', 'operations', 'withdraws'], async () => {
      await makePairs(ctx, p, markets, members);
      ctx.progress('pairs', 1, 1);
      for (let from = 0; from < p.pairs; from += BATCH_PAIRS) {
        const to = Math.min(p.pairs, from + BATCH_PAIRS);
        await insertOrders(ctx, p, from, to);
        await insertTrades(ctx, p, from, to);
        ctx.progress('orders and trades', to, p.pairs);
      }
      for (let from = p.postFrom; from < p.pairs; from += BATCH_PAIRS) {
        const to = Math.min(p.pairs, from + BATCH_PAIRS);
        await insertPostings(ctx, p, from, to);
        ctx.progress('postings', to - p.postFrom, p.pairs - p.postFrom);
      }
      for (const t of ['orders', 'trades', 'operations']) await setSequence(ctx, t);
      await insertWithdraws(ctx, opts.withdraws, withdrawBase, p.start, members);
      await setSequence(ctx, 'withdraws');
      await settle(ctx, p.opBase, p.start);
    });
  });
  // Vacuumed too: the visibility map lets the capped counts read the new indexes alone.
  await sql`VACUUM (ANALYZE) orders, trades, operations, withdraws, accounts`.execute(db);
  return { pairs: plan!.pairs, tradesPerPair: plan!.k, postedPairs: plan!.pairs - plan!.postFrom, ms: Date.now() - started };
}
