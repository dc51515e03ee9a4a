/**
 * The order flow of `npm run bench:ranger` (bench-ranger-flow.ts), in a process of its own so its clock
 * is not held up by the bench's 1,000 sockets: orders placed and matched on btcusdt by `submitOrder` —
 * the code the API's order create runs — at a steady rate (or as fast as four placers go), a third of
 * them crossing the spread and trading, and the oldest of the bench members' orders cancelled past 50
 * a side (`cancelOrders`, as the demo market trims its book). For each trade: its id and the moment
 * its placing transaction's commit returned (performance.timeOrigin + now(), comparable across processes).
 * Asked over IPC: `{ rate, seconds }` → `{ orders, refused, trades: [tid, committedAt][], late }`.
 */
import { openDatabase, sql } from '../db/index.js';
import { code } from '../ledger/chart.js';
import { post } from '../ledger/post.js';
import { cancelOrders, lockMarket, marketInfo, type MarketInfo } from '../trading/orders.js';
import { submitOrder, uncrossMarket, type Side } from '../trading/matching.js';

const MARKET = 'btcusdt';
const MEMBERS = 10;
const DEPTH = 50;
/** Orders in flight at once at a steady rate (an order that would pass it is counted late and skipped). */
const MAX_IN_FLIGHT = 16;
const MAX_PLACERS = 4;

export interface FlowAsk { rate: number | 'max'; seconds: number }
export interface FlowAnswer { orders: number; refused: number; late: number; trades: [number, number][] }

const clock = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main(): Promise<void> {
  const db = await openDatabase({ url: process.argv[2], poolSize: MAX_IN_FLIGHT + 2 });
  const k = db.kysely;
  const market = (await marketInfo(k, MARKET)) as MarketInfo;
  const row = await k.selectFrom('markets').select(['price_precision', 'amount_precision', 'min_amount']).where('id', '=', MARKET).executeTakeFirstOrThrow();
  const members = (await k.selectFrom('users').select('id').where('role', '=', 'member').where('state', '=', 'active')
    .orderBy('id').limit(MEMBERS).execute()).map((r) => r.id);
  // Funded as an accepted deposit credits a member; references far above the seed's deposits.
  for (const [i, m] of members.entries()) {
    for (const [currency, type, amount] of [[market.base, market.baseType, '100000'], [market.quote, market.quoteType, '10000000000']] as const) {
      await post(k, { reference: { type: 'Deposit', id: 900_000_000 + i * 2 + (currency === market.base ? 0 : 1) }, at: new Date(), entries: [
        { code: code('asset', type), currency, credit: amount }, { code: code('liability', type), currency, member: m, credit: amount },
      ] });
    }
  }
  // The demo seed's book crosses (it was made without an engine): the engine trades it apart first.
  while ((await uncrossMarket(k, market, new Date())).crossed);
  const best = async (side: Side) => Number((await sql<{ p: string }>`SELECT price::text AS p FROM orders WHERE market_id = ${MARKET}
    AND state = 'wait' AND side = ${side} ORDER BY price ${side === 'buy' ? sql`DESC` : sql`ASC`} LIMIT 1`.execute(k)).rows[0]?.p ?? 64000);
  const anchor = (await best('buy') + await best('sell')) / 2;
  let centre = anchor;
  const pp = Math.min(row.price_precision, market.quotePrecision), ap = Math.min(row.amount_precision, market.basePrecision);
  const minAmount = Math.max(Number(row.min_amount), 10 ** -ap);
  let placed = 0;

  async function one(): Promise<{ trades: number[]; at: number } | null> {
    centre = Math.min(anchor * 1.05, Math.max(anchor * 0.95, centre * Math.exp((Math.random() - 0.5) * 0.002 - 0.02 * Math.log(centre / anchor))));
    const side: Side = Math.random() < 0.5 ? 'buy' : 'sell';
    const crossing = Math.random() < 1 / 3;
    const off = crossing ? -0.003 : 0.0005 + 0.0045 * Math.random();
    const price = (centre * (side === 'buy' ? 1 - off : 1 + off)).toFixed(pp);
    const volume = (minAmount * (1 + Math.floor(Math.random() * 20)) * (crossing ? 2 : 1)).toFixed(ap);
    const member = members[Math.floor(Math.random() * members.length)];
    const done = await submitOrder(k, { member, market, side, price, volume });
    const at = clock();
    if (++placed % 25 === 0) await trim();
    return { trades: done.trades, at };
  }

  async function trim(): Promise<void> {
    for (const side of ['buy', 'sell'] as const) {
      const stale = await k.selectFrom('orders').select('id').where('market_id', '=', MARKET).where('state', '=', 'wait')
        .where('side', '=', side).where('member_id', 'in', members).orderBy('id', 'desc').offset(DEPTH).limit(200).execute();
      if (stale.length) await k.transaction().execute(async (trx) => { await lockMarket(trx, MARKET); await cancelOrders(trx, stale.map((r) => r.id), new Date()); });
    }
  }

  process.on('message', async (ask: FlowAsk | 'stop') => {
    if (ask === 'stop') { await db.close(); process.exit(0); }
    const out: FlowAnswer = { orders: 0, refused: 0, late: 0, trades: [] };
    const record = async () => {
      try {
        const r = await one();
        out.orders++;
        if (r) for (const t of r.trades) out.trades.push([t, r.at]);
      } catch { out.refused++; }
    };
    const end = clock() + ask.seconds * 1000;
    if (ask.rate === 'max') {
      await Promise.all(Array.from({ length: MAX_PLACERS }, async () => { while (clock() < end) await record(); }));
    } else {
      const every = 1000 / ask.rate;
      const inFlight = new Set<Promise<void>>();
      for (let next = clock(); next < end; next += every) {
        await sleep(Math.max(0, next - clock()));
        if (inFlight.size >= MAX_IN_FLIGHT) { out.late++; continue; }
        const p = record().finally(() => inFlight.delete(p));
        inFlight.add(p);
      }
      await Promise.all(inFlight);
    }
    process.send!(out);
  });
  process.send!('ready');
}

main().catch((e) => { console.error(e); process.exit(1); });
