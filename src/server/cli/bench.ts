/**
 * npm run bench — the users-area read paths at scale (issue: 1M users, 10M activities).
 *
 * Uses BENCH_DATABASE_URL, or a local PostgreSQL cluster in .tmp/bench-pg that is seeded once and kept
 * (BENCH_USERS / BENCH_ACTIVITIES change the size; a smaller existing data set is re-seeded). For each
 * scenario it reports p50/p95 through the HTTP API (a listening server, signed in as superadmin) and
 * for the same query functions called directly (alternating, the HTTP client in a worker thread), and
 * the API overhead at p50: the median of each API call's time minus the direct call's right after it
 * (a paired difference, so the database's own drift between runs cancels out instead of landing on
 * whichever side it hit).
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

/** API and direct runs alternate, so neither side gets the caches the other one warmed. */
async function measure(api: () => Promise<number>, direct: () => Promise<unknown>): Promise<{ api: number[]; direct: number[] }> {
  const out = { api: [] as number[], direct: [] as number[] };
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const a = await api();
    const t = performance.now();
    await direct();
    const d = performance.now() - t;
    if (i >= WARMUP) { out.api.push(a); out.direct.push(d); }
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
    console.log(`\n${'scenario'.padEnd(46)}${'api p50'.padStart(9)}${'api p95'.padStart(9)}${'sql p50'.padStart(9)}`
      + `${'sql p95'.padStart(9)}${'overhead p50'.padStart(14)}  (ms, ${RUNS} runs)`);
    const http = httpTimer();
    for (const s of SCENARIOS.list(ctx) as Scenario[]) {
      const { api, direct } = await measure(() => http.once(`${base}${s.path}`, headers), () => s.direct(db.kysely));
      const f = (n: number) => n.toFixed(2).padStart(9);
      const overhead = pct(api.map((a, i) => a - direct[i]), 50);
      console.log(`${s.name.padEnd(46)}${f(pct(api, 50))}${f(pct(api, 95))}${f(pct(direct, 50))}${f(pct(direct, 95))}`
        + `${overhead.toFixed(2).padStart(14)}`);
    }
    await http.close();
    await app.close();
  } finally {
    await db.close();
    cluster?.stop();
  }
}

main().catch((e) => { console.error('bench:', e instanceof Error ? e.stack : e); process.exit(1); });
