/**
 * npm run bench — the console's read paths at scale (issue 9: 1M users, 10M activities).
 *
 * Uses BENCH_DATABASE_URL, or a local PostgreSQL cluster in .tmp/bench-pg (BENCH_CLUSTER names another
 * directory, e.g. a cluster kept at another scale) that is seeded once and kept (BENCH_USERS /
 * BENCH_ACTIVITIES change the size; a smaller existing data set is re-seeded). Only a cluster the bench
 * starts itself gets the cold pass (it restarts it). For each
 * scenario (bench-scenarios.ts) it records the exact statements the handler sends for the request, then
 * times in turn, BENCH_RUNS times after a warm-up:
 * - api: the request over HTTP to a listening server, signed in as superadmin (client in a worker thread);
 * - sql: the recorded statements sent straight through the pg driver, with the request's concurrency
 *   (raw-replay.ts);
 * - in-process: the same request through Fastify inject (no socket, no client).
 * overhead = api p50 − sql p50 (target ≤ 1.5 ms); in-process = inject p50 − sql p50, the server's own
 * share of it. Then a concurrency-16 row for the main lists (16 keep-alive clients against 16 raw
 * replays at a time), the users list during anonymous sign-in floods (bench-flood.ts), and first-hit
 * figures (bench-cold.ts) with the bench's own cluster.
 * Member rows (issue 27, bench-member.ts): baseapp's reads with a member's own session, and the placement
 * rate through the member API (BENCH_ONLY=placement), at concurrency 1 and 16, the ledger checked after.
 * Combined filters (issue 31, bench-combos.ts): every pair of each money list's and the user directory's declared
 * filters, the member's rare variants and realistic triples, named `combo …`; the deposits are seeded at the
 * withdrawals' size when short (seed/bulk-deposits.ts).
 * BENCH_ONLY=<text> runs the scenarios whose name contains it (`a|b`: either); BENCH_COLD=0 skips the cold pass;
 * BENCH_EXPLAIN=1 prints EXPLAIN (ANALYZE, BUFFERS) of every recorded statement instead of timing.
 */
import { performance } from 'node:perf_hooks';
import { startCluster, type Cluster } from './pg-cluster.js';
import { loadConfig } from '../config.js';
import { openDatabase, sql, type Database } from '../db/index.js';
import { migrate } from '../db/migrate.js';
import { buildApp } from '../app.js';
import { countRows, growServiceLogs, resetDemoData, seedDemo } from '../db/seed/index.js';
import { connectAll, explainPlan, openRawPool, replay, StatementRecorder, type Statement } from '../db/raw-replay.js';
import { SCENARIOS, type Scenario } from './bench-scenarios.js';
import { httpClient } from './bench-http.js';
import { autovacuumCaughtUp, coldMs } from './bench-cold.js';
import { floodRows, printFloods } from './bench-flood.js';
import { bulkCancel, placeForCancel, moneyContext, moneyScenarios, seqScans, BIG_TABLES, SEQ_READ_LIMIT, type BulkCancelRow } from './bench-money.js';
import { seedBulkTrading } from '../db/seed/bulk-trading.js';
import { seedBulkDeposits } from '../db/seed/bulk-deposits.js';
import { comboContext, comboScenarios } from './bench-combos.js';
import { fundPlacers, memberScenarios, memberSessions, placementMarket, placementRate, settlePlacers, type PlacementRow } from './bench-member.js';

const USERS = Number(process.env.BENCH_USERS ?? 1_000_000);
const ACTIVITIES = Number(process.env.BENCH_ACTIVITIES ?? 10_000_000);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 10_000_000);
const SERVICE_LOGS = Number(process.env.BENCH_SERVICE_LOGS ?? 10_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const COLD_RUNS = Number(process.env.BENCH_COLD ?? 1);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20);
/** The app's and the raw side's pool: as many connections as the load row has clients. */
const POOL = 16;
/** Orders placed per placement row (BENCH_PLACEMENTS). */
const PLACEMENTS = Number(process.env.BENCH_PLACEMENTS ?? 2000);
const LOAD = { concurrency: 16, total: Number(process.env.BENCH_LOAD_REQUESTS ?? 1600) };

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};
const f2 = (n: number | undefined) => (n === undefined ? '–' : n.toFixed(2));

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

async function ensureData(db: Database): Promise<void> {
  await migrate(db.kysely);
  const counts = await countRows(db.kysely);
  if ((counts.users ?? 0) >= USERS && (counts.activities ?? 0) >= ACTIVITIES * 0.9) {
    console.log(`data: ${counts.users.toLocaleString('en')} users, ${counts.activities.toLocaleString('en')} activities (kept)`);
    await ensureTrading(db, counts.orders ?? 0);
    await ensureDeposits(db, counts.deposits ?? 0);
    await ensureServiceLogs(db, counts.service_logs ?? 0);
    return;
  }
  console.log(`seeding ${USERS.toLocaleString('en')} users and ~${ACTIVITIES.toLocaleString('en')} activities (once)…`);
  const t = Date.now();
  await resetDemoData(db.kysely);
  await seedDemo(db.kysely, { users: USERS, activities: ACTIVITIES, password: loadConfig({}).demoPassword });
  await sql`VACUUM ANALYZE`.execute(db.kysely);
  console.log(`seeded in ${((Date.now() - t) / 1000).toFixed(0)} s`);
  await ensureTrading(db, 0);
  await ensureDeposits(db, 0);
  await ensureServiceLogs(db, 0);
}

/** The service-log graph's data set: BENCH_SERVICE_LOGS provider calls (the seed makes a fifth of the activities). */
async function ensureServiceLogs(db: Database, have: number): Promise<void> {
  if (have === 0) have = (await countRows(db.kysely)).service_logs ?? 0;
  if (have >= SERVICE_LOGS * 0.9) { console.log(`data: ${have.toLocaleString('en')} service logs (kept)`); return; }
  console.log(`adding service logs: ${have.toLocaleString('en')} → ${SERVICE_LOGS.toLocaleString('en')} (once)…`);
  const t = Date.now();
  const added = await growServiceLogs(db.kysely, USERS, SERVICE_LOGS);
  await sql`VACUUM ANALYZE service_logs`.execute(db.kysely);
  await sql`VACUUM ANALYZE service_log_rollups`.execute(db.kysely);
  console.log(`added ${added.toLocaleString('en')} in ${((Date.now() - t) / 1000).toFixed(0)} s`);
}

/** The trading history at BENCH_ORDERS orders (twice as many trades and operations, a fifth as many withdrawals). */
async function ensureTrading(db: Database, orders: number): Promise<void> {
  if (orders >= ORDERS * 0.9) { console.log(`data: ${orders.toLocaleString('en')} orders (kept)`); return; }
  console.log(`seeding the trading history: ${ORDERS.toLocaleString('en')} orders (once)…`);
  const r = await seedBulkTrading(db.kysely, { orders: ORDERS, trades: 2 * ORDERS, operations: 2 * ORDERS, withdraws: ORDERS / 5 });
  await sql`VACUUM ANALYZE`.execute(db.kysely);
  console.log(`seeded in ${(r.ms / 1000).toFixed(0)} s`);
}

/** The deposits at the withdrawals' size (a fifth of BENCH_ORDERS), for the deposits list's rows. */
async function ensureDeposits(db: Database, have: number): Promise<void> {
  const want = ORDERS / 5;
  if (have >= want * 0.9) { console.log(`data: ${have.toLocaleString('en')} deposits (kept)`); return; }
  console.log(`seeding deposits: ${have.toLocaleString('en')} → ${want.toLocaleString('en')} (once)…`);
  const r = await seedBulkDeposits(db.kysely, want - have);
  console.log(`seeded in ${(r.ms / 1000).toFixed(0)} s`);
}

interface Row { name: string; api: number[]; sql: number[]; inject: number[]; coldApi?: number; coldSql?: number; totals?: string }

/**
 * How the in-process answers of a row gave their Total: `exact`, or how many of them were estimates
 * (`Total-Estimated`: past the count's cap, or past its budget, DB_COUNT_BUDGET_MS). A count cancelled past
 * its budget is not in the recording (only answered statements are), so such a row's SQL column is its page
 * and the planner's estimate: the API's extra there is the budget it waited.
 */
const totalKinds = (kinds: string[]) => {
  const est = kinds.filter((k) => k !== 'exact');
  return est.length === 0 ? 'exact' : `${[...new Set(est)].join('/')} ${est.length}/${kinds.length}`;
};

async function main(): Promise<void> {
  let cluster: Cluster | undefined;
  const url = process.env.BENCH_DATABASE_URL || (cluster = await startCluster(process.env.BENCH_CLUSTER || '.tmp/bench-pg')).url;
  const recorder = new StatementRecorder();
  const db = await openDatabase({ url, poolSize: POOL, onQuery: recorder.onQuery });
  const raw = await openRawPool(url, POOL);
  try {
    await ensureData(db);
    // The member rows and the placers sign in from this one address: more than the default 20 per 15 minutes.
    const config = loadConfig({ DATABASE_URL: url, STEWARD_STATIC_DIR: '', SIGNIN_MAX_PER_IP: '1000', SIGNIN_MAX_PER_ACCOUNT_IP: '100' });
    const app = await buildApp({ config, db });
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const ua = 'steward-bench';
    const login = await fetch(`${base}/api/v2/barong/identity/sessions/new`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': ua },
      body: JSON.stringify({ identity: 'superadmin@steward.demo', password: config.demoPassword }),
    });
    if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
    const headers = { cookie: (login.headers.get('set-cookie') ?? '').split(';')[0]!, 'user-agent': ua };
    // Writes (the bulk cancel) carry the session's CSRF token, as the console sends it.
    const csrf = ((await login.json()) as { csrf_token?: string }).csrf_token ?? '';
    const only = process.env.BENCH_ONLY;
    const money = await moneyContext(db.kysely);
    const all = [...SCENARIOS.list(await SCENARIOS.context(db.kysely)), ...(money ? moneyScenarios(money) : []),
      ...(money ? memberScenarios(money.heavy, money.tail, money.market) : []),
      ...(money ? comboScenarios(money, await comboContext(db.kysely, money)) : [])] as Scenario[];
    // `a|b` runs the scenarios whose name contains either.
    const chosen = all.filter((s) => !only || s.name.startsWith('floor') || only.split('|').some((o) => s.name.includes(o)));
    const members = await memberSessions(db.kysely, base, [...new Set(chosen.flatMap((s) => (s.member ? [s.member] : [])))], config.demoPassword);
    // A GET sends the session cookie alone (baseapp's writes add the CSRF token).
    const sentFor = (s: Scenario) => {
      if (s.anonymous) return { 'user-agent': ua };
      if (!s.member) return headers;
      const { 'x-csrf-token': _csrf, ...get } = members.get(s.member)!;
      return get;
    };
    // The Total each in-process answer gave (totalKinds), by scenario.
    const totals = new Map<Scenario, string[]>();
    const inject = (s: Scenario) => async () => {
      const res = await app.inject({ method: 'GET', url: s.path, headers: sentFor(s) });
      if (res.statusCode !== 200) throw new Error(`${s.path}: ${res.statusCode} ${res.body}`);
      const kind = res.headers['total-estimated'];
      if (res.headers.total !== undefined) totals.set(s, [...(totals.get(s) ?? []), kind === undefined ? 'exact' : kind === 'true' ? 'planner' : String(kind)]);
    };
    // The statements of one warmed request: the handler's own. The session gate's lookup is cached by
    // then, as on any busy server; a request that happened to refresh it is recorded again.
    const plans = new Map<Scenario, Statement[]>();
    // A request that fails (a statement past its timeout: 503 server.database_timeout) is reported, not timed.
    const failed: string[] = [];
    for (const s of chosen) {
      try {
        await inject(s)();
        let plan = await recorder.record(inject(s));
        for (let i = 0; i < 3 && plan.some((q) => /"sessions"/.test(q.text)); i++) plan = await recorder.record(inject(s));
        plans.set(s, plan);
      } catch (e) {
        failed.push(`${s.name}: ${(e as Error).message.slice(0, 300)}`);
        console.log(`FAILED ${failed.at(-1)}`);
      }
    }
    chosen.splice(0, chosen.length, ...chosen.filter((s) => plans.has(s)));

    // Issue 12's rule: no list reads a big money table sequentially (past the first rows a capped count needs).
    const scans: string[] = [];
    for (const s of chosen) {
      const seq = await seqScans(raw, plans.get(s)!);
      if (seq.length) scans.push(`${s.name}: Seq Scan on ${seq.join(', ')}`);
    }
    const scanNote = `plans: ${scans.length ? `SEQUENTIAL SCANS —\n  ${scans.join('\n  ')}` : `no statement of ${chosen.length} scenarios reads more than `
      + `${SEQ_READ_LIMIT.toLocaleString('en')} rows of ${BIG_TABLES.join(', ')} sequentially (EXPLAIN ANALYZE of every recorded statement)`}`;
    console.log(scanNote);

    if (process.env.BENCH_EXPLAIN === '1') {
      for (const s of chosen) console.log(`\n### ${s.name}  ${s.path}\n${(await explainPlan(raw, plans.get(s)!)).join('\n\n')}`);
      await app.close();
      return;
    }
    const http = httpClient();
    const rows: Row[] = [];
    console.log(`\nwarm: ${RUNS} runs each after ${WARMUP} warm-up rounds (ms)`);
    for (const s of chosen) {
      const sent = sentFor(s);
      totals.delete(s);
      const row: Row = { name: s.name, api: [], sql: [], inject: [] };
      for (let i = 0; i < WARMUP + RUNS; i++) {
        // In turn, so none gets the caches another warmed and drift hits all three alike.
        const a = await http.once(`${base}${s.path}`, sent);
        const q = await timed(() => replay(raw, plans.get(s)!));
        const n = await timed(inject(s));
        if (i >= WARMUP) { row.api.push(a); row.sql.push(q); row.inject.push(n); }
      }
      row.totals = totals.has(s) ? totalKinds(totals.get(s)!.slice(WARMUP)) : '–';
      rows.push(row);
      console.log(`  ${s.name.padEnd(52)} api ${f2(pct(row.api, 50))} / ${f2(pct(row.api, 95))}  sql ${f2(pct(row.sql, 50))} / ${f2(pct(row.sql, 95))}  total ${row.totals}`);
    }

    const loads: string[] = [];
    for (const s of chosen.filter((c) => c.load || /^(users: unfiltered|users: active in \w+$|activities: unfiltered|orders: open on \w+$|trades: uid either side \(market maker\)$|withdrawals: pending queue)/.test(c.name))) {
      const h = await http.load(`${base}${s.path}`, headers, LOAD.concurrency, LOAD.total);
      const q: number[] = [];
      let next = 0;
      const t0 = performance.now();
      await Promise.all(Array.from({ length: LOAD.concurrency }, async () => {
        while (next++ < LOAD.total) q.push(await timed(() => replay(raw, plans.get(s)!)));
      }));
      const qWall = performance.now() - t0;
      const rate = (n: number, ms: number) => Math.round((n * 1000) / ms);
      loads.push(`| ${s.name} | ${rate(h.times.length, h.wall)} | ${f2(pct(h.times, 50))} | ${f2(pct(h.times, 95))} | `
        + `${rate(q.length, qWall)} | ${f2(pct(q, 50))} | ${f2(pct(q, 95))} |`);
    }

    const floods = !only || only.split('|').some((o) => 'sign-in flood'.includes(o))
      ? await floodRows({ url, db, list: all.find((s) => s.name === 'users: unfiltered')!.path, headers, lists: http })
      : [];

    let coldNote = 'cold: skipped (BENCH_COLD=0)';
    if (COLD_RUNS > 0 && !cluster) coldNote = 'cold: skipped (BENCH_DATABASE_URL: the bench cannot restart that server)';
    else if (COLD_RUNS > 0 && cluster) {
      const unvacuumed = await autovacuumCaughtUp(db);
      console.log(`cold pass: ${unvacuumed} rows changed since their table's last vacuum (logs, money tables)`);
      let os = true;
      for (const s of chosen.filter((c) => !c.name.startsWith('floor'))) {
        const row = rows.find((r) => r.name === s.name)!;
        const floor = `${base}/api/v2/barong/admin/abilities`;
        const warmApp = async () => {
          await Promise.all(Array.from({ length: POOL }, () => sql`SELECT 1`.execute(db.kysely)));
          await http.once(floor, headers);
        };
        const a = await coldMs(cluster, { reconnect: warmApp, call: () => http.once(`${base}${s.path}`, sentFor(s)) }, COLD_RUNS);
        const q = await coldMs(cluster, { reconnect: () => connectAll(raw, POOL), call: () => replay(raw, plans.get(s)!) }, COLD_RUNS);
        row.coldApi = a.ms; row.coldSql = q.ms; os &&= a.osDropped && q.osDropped;
      }
      coldNote = `cold: worst of ${COLD_RUNS} first request(s), each after a PostgreSQL restart`
        + (os ? ' and a dropped OS page cache' : ' (the OS page cache could NOT be dropped: not root?)');
    }
    const cancels: BulkCancelRow[] = [];
    if (money && (!only || only.split('|').some((o) => 'bulk cancel'.includes(o)))) {
      for (const batch of [200, 1000]) {
        try {
          const price = await placeForCancel(db.kysely, money.cancelMarket, 10_000);
          cancels.push(await bulkCancel(base, { ...headers, 'x-csrf-token': csrf }, money.cancelMarket, price, 10_000, batch));
        } catch (e) {
          console.error(`bulk cancel, batches of ${batch}: ${e instanceof Error ? e.message : e}`);
        }
      }
    }
    const placements: PlacementRow[] = [];
    let placementNote = '';
    if (money && (!only || only.split('|').some((o) => 'placement'.includes(o)))) {
      const where = await placementMarket(db.kysely);
      try {
        const { market, price, volume } = where;
        // Enough quote for every order of both rows to be a resting buy, twice over.
        const quote = String(Math.ceil(Number(price) * Number(volume) * PLACEMENTS * 2) + 1);
        const emails = await fundPlacers(db.kysely, market, 16, quote);
        const sessions = [...(await memberSessions(db.kysely, base, emails, config.demoPassword)).values()];
        for (const c of [1, 16]) placements.push(await placementRate(base, sessions.slice(0, c), market, price, volume, c, PLACEMENTS));
        placementNote = `placement on ${market} (enabled for the run) at ${price} × ${volume}: ${await settlePlacers(db.kysely, base, sessions, market)}`;
      } catch (e) {
        console.error(`placement: ${e instanceof Error ? e.message : e}`);
      } finally {
        await where.restore();
      }
    }
    await http.close();
    await app.close();

    console.log(`\n| scenario | API p50 | API p95 | SQL p50 | SQL p95 | overhead | in-process | cold API | cold SQL | Total |\n|---|---|---|---|---|---|---|---|---|---|`);
    for (const r of rows) {
      const [a, q, n] = [pct(r.api, 50), pct(r.sql, 50), pct(r.inject, 50)];
      console.log(`| ${r.name} | ${f2(a)} | ${f2(pct(r.api, 95))} | ${f2(q)} | ${f2(pct(r.sql, 95))} | ${f2(a - q)} | ${f2(n - q)} | ${f2(r.coldApi)} | ${f2(r.coldSql)} | ${r.totals ?? '–'} |`);
    }
    console.log(`\n${coldNote}`);
    if (loads.length) {
      console.log(`\nconcurrency ${LOAD.concurrency}, ${LOAD.total} requests each (ms):\n\n| scenario | API req/s | API p50 | API p95 | SQL req/s | SQL p50 | SQL p95 |\n|---|---|---|---|---|---|---|`);
      for (const l of loads) console.log(l);
    }
    if (floods.length) printFloods(floods);
    console.log(`\n${scanNote}`);
    if (failed.length) console.log(`FAILED (not timed):\n  ${failed.join('\n  ')}`);
    if (cancels.length) {
      console.log('\n| bulk cancel (list page 1 + POST /admin/bulk/orders_by_id, as the console) | cancelled | calls | seconds | orders/s |\n|---|---|---|---|---|');
      for (const c of cancels) console.log(`| ${c.name} | ${c.cancelled} | ${c.calls} | ${(c.ms / 1000).toFixed(1)} | ${Math.round((c.cancelled * 1000) / c.ms)} |`);
    }
    if (placements.length) {
      console.log('\n| placement (POST /api/v2/peatio/market/orders, member sessions) | concurrency | placed | of which traded | orders/s | p50 ms | p95 ms |\n|---|---|---|---|---|---|---|');
      for (const p of placements) {
        console.log(`| buy/sell alternating | ${p.concurrency} | ${p.placed} | ${p.matched} | ${Math.round((p.placed * 1000) / p.ms)} | ${f2(pct(p.times, 50))} | ${f2(pct(p.times, 95))} |`);
      }
    }
    if (placementNote) console.log(`\n${placementNote}`);
  } finally {
    await raw.end();
    await db.close();
    cluster?.stop();
  }
}

main().catch((e) => { console.error('bench:', e instanceof Error ? e.stack : e); process.exit(1); });
