/**
 * npm run bench — the users-area read paths at scale (issue: 1M users, 10M activities).
 *
 * Uses BENCH_DATABASE_URL, or a local PostgreSQL cluster in .tmp/bench-pg that is seeded once and kept
 * (BENCH_USERS / BENCH_ACTIVITIES change the size; a smaller existing data set is re-seeded). For each
 * scenario it reports p50/p95 through the HTTP API (a listening server, signed in as superadmin) and
 * for the same query functions called directly (alternating, the HTTP client in a worker thread), then:
 * - ratio: api p50 / sql p50;
 * - overhead: api p50 − sql p50, the measure (target: within 1.5 ms);
 * - paired: the median of each API call's time minus the direct call's right after it, a second look
 *   at the same gap in which the database's drift between runs cancels out instead of landing on
 *   whichever side it hit;
 * - in-process: the paired difference for the request served in process (Fastify inject: no socket, no
 *   client), the server's own share of it.
 */
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { startCluster, type Cluster } from './pg-cluster.js';
import { loadConfig } from '../config.js';
import { openDatabase, sql, type Database } from '../db/index.js';
import { migrate } from '../db/migrate.js';
import { buildApp } from '../app.js';
import { countRows, resetDemoData, seedDemo } from '../db/seed/index.js';
import { SCENARIOS, type Scenario } from './bench-scenarios.js';

const USERS = Number(process.env.BENCH_USERS ?? 1_000_000);
const ACTIVITIES = Number(process.env.BENCH_ACTIVITIES ?? 10_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
// BENCH_ONLY (see main) narrows the run to some scenarios while working on them.
const WARMUP = 20;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

/**
 * The HTTP client runs in a worker thread: its own event loop, so client-side work is not billed to the
 * server it measures. It is node:http with one keep-alive connection (lighter than fetch), and it times
 * one request per message.
 */
const CLIENT = `
const { parentPort } = require('node:worker_threads');
const { performance } = require('node:perf_hooks');
const http = require('node:http');
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
parentPort.on('message', ({ url, headers }) => {
  const t = performance.now();
  http.get(url, { agent, headers }, (res) => {
    const chunks = [];
    res.on('data', (c) => chunks.push(c));
    res.on('end', () => {
      const ok = res.statusCode >= 200 && res.statusCode < 300;
      parentPort.postMessage({ ms: performance.now() - t, ok, status: res.statusCode, text: ok ? '' : Buffer.concat(chunks).toString() });
    });
  }).on('error', (e) => parentPort.postMessage({ ms: 0, ok: false, status: 0, text: String(e) }));
});`;

function httpTimer() {
  const worker = new Worker(CLIENT, { eval: true });
  const once = (url: string, headers: Record<string, string>) => new Promise<number>((resolve, reject) => {
    worker.once('message', (m: { ms: number; ok: boolean; status: number; text: string }) =>
      (m.ok ? resolve(m.ms) : reject(new Error(`${url}: ${m.status} ${m.text}`))));
    worker.postMessage({ url, headers });
  });
  return { once, close: () => worker.terminate() };
}

/** Elapsed ms of one call. */
async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

/**
 * The API over HTTP, the same request in process (Fastify inject: no socket, no client) and the direct
 * call run in turn, so none of them gets the caches another one warmed and drift hits all three alike.
 */
async function measure(api: () => Promise<number>, inject: () => Promise<unknown>, direct: () => Promise<unknown>) {
  const out = { api: [] as number[], inject: [] as number[], direct: [] as number[] };
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const a = await api();
    const d = await timed(direct);
    const n = await timed(inject);
    if (i >= WARMUP) { out.api.push(a); out.direct.push(d); out.inject.push(n); }
  }
  return out;
}

async function ensureData(db: Database): Promise<void> {
  await migrate(db.kysely);
  const counts = await countRows(db.kysely);
  if ((counts.users ?? 0) >= USERS && (counts.activities ?? 0) >= ACTIVITIES * 0.9) {
    console.log(`data: ${counts.users.toLocaleString('en')} users, ${counts.activities.toLocaleString('en')} activities (kept)`);
    return;
  }
  console.log(`seeding ${USERS.toLocaleString('en')} users and ~${ACTIVITIES.toLocaleString('en')} activities (once)…`);
  const t = Date.now();
  await resetDemoData(db.kysely);
  await seedDemo(db.kysely, { users: USERS, activities: ACTIVITIES, password: loadConfig({}).demoPassword });
  await sql`VACUUM ANALYZE`.execute(db.kysely);
  console.log(`seeded in ${((Date.now() - t) / 1000).toFixed(0)} s`);
}

async function main(): Promise<void> {
  let cluster: Cluster | undefined;
  const url = process.env.BENCH_DATABASE_URL || (cluster = await startCluster('.tmp/bench-pg')).url;
  const db = await openDatabase({ url, poolSize: 4 });
  try {
    await ensureData(db);
    const config = loadConfig({ DATABASE_URL: url, STEWARD_STATIC_DIR: '' });
    const app = await buildApp({ config, db });
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const ua = 'steward-bench';
    const login = await fetch(`${base}/api/v2/barong/identity/sessions/new`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': ua },
      body: JSON.stringify({ identity: 'superadmin@steward.demo', password: config.demoPassword }),
    });
    if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
    const headers = { cookie: (login.headers.get('set-cookie') ?? '').split(';')[0], 'user-agent': ua };

    const ctx = await SCENARIOS.context(db.kysely);
    console.log(`\n${'scenario'.padEnd(46)}${['api p50', 'api p95', 'sql p50', 'sql p95', 'ratio', 'overhead', 'paired']
      .map((h) => h.padStart(9)).join('')}${'in-process'.padStart(12)}  (ms, ${RUNS} runs)`);
    const http = httpTimer();
    // BENCH_ONLY=<text> runs the scenarios whose name contains it (the floors always run).
    const only = process.env.BENCH_ONLY;
    const chosen = (SCENARIOS.list(ctx) as Scenario[]).filter((s) => !only || s.name.startsWith('floor') || s.name.includes(only));
    for (const s of chosen) {
      const sent = s.anonymous ? { 'user-agent': ua } : headers;
      const inject = async () => {
        const res = await app.inject({ method: 'GET', url: s.path, headers: sent });
        if (res.statusCode !== 200) throw new Error(`${s.path}: ${res.statusCode} ${res.body}`);
      };
      const m = await measure(() => http.once(`${base}${s.path}`, sent), inject, () => s.direct(db.kysely));
      const f = (n: number, w = 9) => n.toFixed(2).padStart(w);
      // Paired: the median of each call minus the direct call next to it.
      const paired = (xs: number[]) => pct(xs.map((x, i) => x - m.direct[i]), 50);
      const [api50, sql50] = [pct(m.api, 50), pct(m.direct, 50)];
      // A scenario without SQL (the floors) has no ratio.
      const ratio = sql50 > 0.05 ? (api50 / sql50).toFixed(2).padStart(9) : '-'.padStart(9);
      console.log(`${s.name.padEnd(46)}${f(api50)}${f(pct(m.api, 95))}${f(sql50)}${f(pct(m.direct, 95))}${ratio}`
        + `${f(api50 - sql50)}${f(paired(m.api))}${f(paired(m.inject), 12)}`);
    }
    await http.close();
    await app.close();
  } finally {
    await db.close();
    cluster?.stop();
  }
}

main().catch((e) => { console.error('bench:', e instanceof Error ? e.stack : e); process.exit(1); });
