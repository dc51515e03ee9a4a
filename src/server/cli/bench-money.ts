/**
 * The bench's money lists (issue 12), at the bulk trading seed's size (db:seed:trading: 10M orders,
 * 20M trades, 20M operations, 2M withdrawals): page 1 at the console's page size for every filter the
 * console offers on orders, trades, the four ledger lists and withdrawals, both orderings, and a deep
 * keyset page of each. The context picks real values: the busiest member (a market maker), a member
 * of the long tail, the market with the most open orders, an existing price and amount, a day six
 * months back. Also the bulk cancel as the console runs it, over orders the bench places for it
 * (placeForCancel, bulkCancel), and the plan check: no statement of these scenarios may read a big table
 * sequentially (seqScans).
 */
import { performance } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { encodeCursor } from '../db/queries/paging.js';
import type { RawPool, Statement } from '../db/raw-replay.js';
import { one, type Scenario } from './bench-scenarios.js';
import { marketInfo, placeOrder } from '../trading/orders.js';
import { post } from '../ledger/post.js';
import { code } from '../ledger/chart.js';

export const BIG_TABLES = ['orders', 'trades', 'operations', 'withdraws'] as const;

export interface MoneyCtx {
  heavy: { uid: string; email: string }; tail: { uid: string; email: string }; market: string;
  /** Where the bulk cancel places and cancels its orders: not `market`, whose open orders the list rows read. */
  cancelMarket: string;
  price: string; volume: string; midOrder: number; midTrade: number; midOperation: number; midWithdraw: number;
  withdraw: { txid: string; tid: string; rid: string };
  week: [number, number]; dayAgo180: [number, number];
}

const mid = async (db: Kysely<DB>, table: (typeof BIG_TABLES)[number]) =>
  Number((await one(db, sql<{ m: string }>`SELECT ((min(id) + max(id)) / 2)::text AS m FROM ${sql.table(table)}`))?.m ?? 1);

/** Null when the database has no orders (the money rows are then left out). */
export async function moneyContext(db: Kysely<DB>): Promise<MoneyCtx | null> {
  const last = await one(db, sql<{ id: string }>`SELECT max(id)::text AS id FROM orders`);
  if (!last?.id) return null;
  // The busiest maker of the newest trades: a market maker (the bench's own bulk-cancel orders never trade).
  const lastTrade = await one(db, sql<{ id: string }>`SELECT max(id)::text AS id FROM trades`);
  const heavy = await one(db, sql<{ uid: string; email: string }>`SELECT u.uid, u.email FROM users u JOIN (
    SELECT maker_id FROM trades WHERE id > ${Number(lastTrade?.id ?? 0) - 200_000} GROUP BY maker_id ORDER BY count(*) DESC LIMIT 1) t ON t.maker_id = u.id`);
  const midOrder = await mid(db, 'orders');
  const order = await one(db, sql<{ uid: string; email: string; market: string; price: string; volume: string }>`
    SELECT u.uid, u.email, o.market_id AS market, o.price::text AS price, o.origin_volume::text AS volume
    FROM orders o JOIN users u ON u.id = o.member_id WHERE o.id >= ${midOrder} AND o.member_id > 1000 ORDER BY o.id LIMIT 1`);
  // The market with the most open orders (the bench's earlier bulk cancels emptied btcusdt's book).
  const byOpen = (await sql<{ m: string }>`SELECT market_id AS m FROM orders WHERE state = 'wait'
    GROUP BY market_id ORDER BY count(*) DESC`.execute(db)).rows.map((r) => r.m);
  const midWithdraw = await mid(db, 'withdraws');
  const w = await one(db, sql<{ txid: string; tid: string; rid: string }>`SELECT txid, tid, rid FROM withdraws
    WHERE id >= ${midWithdraw} AND txid IS NOT NULL ORDER BY id LIMIT 1`);
  const now = Math.floor(Date.now() / 1000), day = 86_400;
  const ago = now - 180 * day;
  return {
    heavy: heavy ?? { uid: '', email: '' }, tail: { uid: order?.uid ?? '', email: order?.email ?? '' }, market: byOpen[0] ?? 'btcusdt',
    cancelMarket: byOpen[byOpen.length - 1] ?? 'btcusdt',
    price: order?.price ?? '1', volume: order?.volume ?? '1', midOrder, midTrade: await mid(db, 'trades'),
    midOperation: await mid(db, 'operations'), midWithdraw, withdraw: w ?? { txid: '', tid: '', rid: '' },
    week: [now - 7 * day, now], dayAgo180: [ago, ago + day],
  };
}

export const enc = encodeURIComponent;
const P = '/api/v2/peatio/admin';
/** A decimal as typed in a filter: no trailing zeros. */
export const plain = (v: string) => v.replace(/\.?0+$/, '');
const deep = (id: number) => encodeCursor({ dir: 'next', orderBy: 'id', ordering: 'asc', values: [id] });

export function moneyScenarios(c: MoneyCtx): Scenario[] {
  const out: Scenario[] = [];
  const add = (list: string, path: string, limit: number, rows: [string, string][]) => {
    for (const [name, q] of rows) out.push({ name: `${list}: ${name}`, path: `${P}/${path}?limit=${limit}&page=1${q ? `&${q}` : ''}` });
  };
  const dates = (): [string, string][] => [
    ['last 7 days', `from=${c.week[0]}&to=${c.week[1]}`], ['one day 180 days ago', `from=${c.dayAgo180[0]}&to=${c.dayAgo180[1]}`],
  ];
  add('orders', 'orders', 50, [
    ['unfiltered', ''], ['unfiltered desc', 'ordering=desc'], [`open on ${c.market}`, `market=${c.market}&state=wait`],
    [`open on ${c.market} desc`, `market=${c.market}&state=wait&ordering=desc`], [`market ${c.market}`, `market=${c.market}`],
    ['state wait', 'state=wait'], ['state pending', 'state=pending'], ['state done desc', 'state=done&ordering=desc'],
    ['side sell', 'side=sell'], ['type limit', 'order_type=limit'], ['type market (none)', 'order_type=market'],
    ['price', `price=${plain(c.price)}`], ['amount', `amount=${plain(c.volume)}`], ['email (market maker)', `email=${enc(c.heavy.email)}`],
    ['uid (market maker) open', `uid=${c.heavy.uid}&state=wait`], ['uid (long tail)', `uid=${c.tail.uid}`], ...dates(),
    [`${c.market}, last 7 days`, `market=${c.market}&from=${c.week[0]}&to=${c.week[1]}`], ['id', `id=${c.midOrder}`],
    ['cursor mid-table', `cursor=${deep(c.midOrder)}`],
  ]);
  add('trades', 'trades', 10, [
    ['unfiltered', ''], ['unfiltered desc', 'ordering=desc'], [`market ${c.market}`, `market=${c.market}`],
    ['maker email (market maker)', `maker_email=${enc(c.heavy.email)}`], ['taker email (long tail)', `taker_email=${enc(c.tail.email)}`],
    ['uid either side (market maker)', `uid=${c.heavy.uid}`], ['uid either side (market maker) desc', `uid=${c.heavy.uid}&ordering=desc`],
    ['uid either side (long tail)', `uid=${c.tail.uid}`], ...dates(),
    [`${c.market}, one day 180 days ago`, `market=${c.market}&from=${c.dayAgo180[0]}&to=${c.dayAgo180[1]}`], ['id', `id=${c.midTrade}`],
    ['cursor mid-table', `cursor=${deep(c.midTrade)}`],
  ]);
  for (const kind of ['assets', 'liabilities', 'revenues', 'expenses']) add(`operations ${kind}`, kind, 25, [['unfiltered', ''], ['desc', 'ordering=desc']]);
  add('operations', 'liabilities', 25, [
    ['liabilities btc', 'currency=btc'], ['liabilities code 212', 'code=212'], ['liabilities uid (market maker)', `uid=${c.heavy.uid}`],
    ['liabilities uid (long tail)', `uid=${c.tail.uid}`], ['liabilities Trade references', 'reference_type=Trade'],
    ['liabilities rid (a trade)', `reference_type=Trade&rid=${c.midTrade}`], ['all kinds rid', `rid=${c.midOrder}`],
    ...dates().map(([n, q]): [string, string] => [`liabilities ${n}`, q]), ['cursor mid-table', `cursor=${deep(c.midOperation)}`],
  ]);
  add('operations', 'operations', 25, [['all kinds', ''], ['all kinds, usd', 'currency=usd']]);
  add('withdrawals', 'withdraws', 25, [
    ['unfiltered', ''], ['unfiltered desc', 'ordering=desc'], ['pending queue', 'state=pending'], ['state succeed', 'state=succeed'],
    ['state failed desc', 'state=failed&ordering=desc'], ['currency btc', 'currency=btc'], ['type fiat', 'type=fiat'],
    ['uid (long tail)', `uid=${c.tail.uid}`], ['txid', `blockchain_txid=${c.withdraw.txid}`], ['tid', `tid=${c.withdraw.tid}`],
    ['rid', `rid=${enc(c.withdraw.rid)}`], ...dates(), ['cursor mid-table', `cursor=${deep(c.midWithdraw)}`],
  ]);
  return out;
}

/** The most rows a statement may read from a big table sequentially: the first rows of a capped count (cap 10,000) and no more. */
export const SEQ_READ_LIMIT = 50_000;

interface PlanNode { 'Node Type'?: string; 'Relation Name'?: string; 'Actual Rows'?: number; 'Actual Loops'?: number; 'Rows Removed by Filter'?: number; Plans?: PlanNode[] }

/**
 * The big tables a scenario's statements read sequentially beyond SEQ_READ_LIMIT rows (EXPLAIN ANALYZE
 * of each recorded statement). A sequential read under a LIMIT that stops after the first few thousand
 * rows (a capped count where most rows match) is what an index would cost, and passes.
 */
export async function seqScans(raw: RawPool, plan: readonly Statement[]): Promise<string[]> {
  const found: string[] = [];
  const walk = (n: PlanNode) => {
    if (n['Node Type'] === 'Seq Scan' && (BIG_TABLES as readonly string[]).includes(n['Relation Name'] ?? '')) {
      const read = ((n['Actual Rows'] ?? 0) + (n['Rows Removed by Filter'] ?? 0)) * (n['Actual Loops'] ?? 1);
      if (read > SEQ_READ_LIMIT) found.push(`${n['Relation Name']} (${read.toLocaleString('en')} rows)`);
    }
    for (const c of n.Plans ?? []) walk(c);
  };
  for (const s of plan) {
    if (!/^\s*select/i.test(s.text)) continue;
    const res = await raw.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${s.text}`, s.values as unknown[]);
    const cell = Object.values((res.rows as Record<string, unknown>[])[0] ?? {})[0];
    const json = (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan: PlanNode }[];
    walk(json[0]!.Plan);
  }
  return found;
}

export interface BulkCancelRow { name: string; cancelled: number; ms: number; calls: number }

/** Members the bulk cancel's orders are spread over (a market's open orders belong to many accounts). */
const CANCEL_MEMBERS = 1000;

/**
 * The bulk cancel's own open orders: `total` sells spread over the newest members (each funded by an
 * opening posting, as the seed opens balances), all at one price far above the market, placed through
 * the order code — so the bench cancels what it placed rather than eating into the seed's book, which
 * the list rows measure. Returns that price, which tells them apart in the list.
 */
export async function placeForCancel(db: Kysely<DB>, marketId: string, total: number): Promise<string> {
  const market = await marketInfo(db, marketId);
  if (!market) throw new Error(`bulk cancel: no market ${marketId}`);
  const members = (await sql<{ id: number }>`SELECT id FROM users WHERE role = 'member' ORDER BY id DESC LIMIT ${CANCEL_MEMBERS}`
    .execute(db)).rows.map((r) => r.id);
  if (!members.length) throw new Error('bulk cancel: no member to place them');
  const top = (await one(db, sql<{ p: string }>`SELECT max(price)::text AS p FROM orders WHERE market_id = ${marketId}`))?.p ?? '100000';
  const price = String(Math.ceil(Number(top) * 10) + Math.floor(Math.random() * 1000));
  const volume = '0.001';
  const type = market.baseType;
  await db.transaction().execute(async (trx) => {
    for (const member of members) {
      await post(trx, {
        reference: { type: 'Opening', id: member }, at: new Date(),
        entries: [{ code: code('asset', type), currency: market.base, credit: '1000' },
          { code: code('liability', type), currency: market.base, member, credit: '1000' }],
      });
    }
  });
  for (let done = 0; done < total; done += 1000) {
    await db.transaction().execute(async (trx) => {
      for (let i = done; i < Math.min(total, done + 1000); i++) {
        await placeOrder(trx, { member: members[i % members.length]!, market, side: 'sell', price, volume, at: new Date() });
      }
    });
  }
  return price;
}

/**
 * Cancels `total` open orders of a market at one price the way the console's Cancel all does: read page
 * 1 of the filtered list (`batch` rows), send their ids, again until done.
 */
export async function bulkCancel(base: string, headers: Record<string, string>, market: string, price: string, total: number, batch: number): Promise<BulkCancelRow> {
  const t0 = performance.now();
  let cancelled = 0, calls = 0;
  while (cancelled < total) {
    const list = await fetch(`${base}${P}/orders?market=${market}&price=${price}&state=wait&limit=${Math.min(batch, total - cancelled)}&page=1&ordering=asc`, { headers });
    if (!list.ok) throw new Error(`bulk cancel: list ${list.status} ${await list.text()}`);
    const ids = ((await list.json()) as { id: number }[]).map((o) => o.id);
    if (!ids.length) break;
    const res = await fetch(`${base}${P}/bulk/orders_by_id`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(ids) });
    if (res.status !== 201) throw new Error(`bulk cancel: ${res.status} ${await res.text()}`);
    cancelled += ((await res.json()) as unknown[]).length;
    calls += 2;
  }
  return { name: `bulk cancel ${total.toLocaleString('en')} open orders of ${CANCEL_MEMBERS.toLocaleString('en')} members on ${market}, batches of ${batch}`, cancelled, ms: performance.now() - t0, calls };
}
