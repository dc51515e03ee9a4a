/**
 * `npm run bench:export`: the CSV export of a list view at 1,000,000 rows (issue 17 item 4), measured
 * the way it runs — a server process (src/server/main.ts) on PostgreSQL, the client in this process
 * streaming the file to disk over loopback HTTP — reporting rows/s and the server's RSS: before, sampled
 * every 100 ms during the export (peak and at each tenth of the rows), so a flat line shows the memory
 * bounded.
 *
 * The database: BENCH_DATABASE_URL, or the bench's cluster in .tmp/bench-pg (`npm run bench` seeds 10M
 * orders there); a database with fewer orders than the export needs gets demo users and a year of
 * trading history added first (BENCH_EXPORT_ROWS × 1.2 orders; minutes, once).
 * BENCH_EXPORT_ROWS (default 1,000,000) is the cap and so the rows exported; BENCH_EXPORT_LIST picks
 * the list (`orders`, default, on the exchange service; `activities` on the auth service, 100-row pages).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { serverCommand } from './server-bundle.js';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { startCluster, type Cluster } from './pg-cluster.js';
import { openDatabase, sql } from '../db/index.js';
import { migrate } from '../db/migrate.js';
import { countRows, seedDemo } from '../db/seed/index.js';
import { seedBulkTrading } from '../db/seed/bulk-trading.js';
import { exportPath } from '../../shared/export.js';
import { resourceNamed } from '../../shared/resources/index.js';

const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 1_000_000);
const LIST = process.env.BENCH_EXPORT_LIST ?? 'orders';
const PASSWORD = process.env.STEWARD_DEMO_PASSWORD ?? 'Steward-demo-2026!';
const UA = 'steward-bench-export';

const freePort = () => new Promise<number>((res) => { const s = createServer().listen(0, '127.0.0.1', () => { const p = (s.address() as { port: number }).port; s.close(() => res(p)); }); });
const status = (pid: number, key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;
const mb = (n: number) => `${(n / 1048576).toFixed(0)} MB`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function ensureData(url: string): Promise<void> {
  const db = await openDatabase({ url, poolSize: 2 });
  try {
    await migrate(db.kysely);
    const counts = await countRows(db.kysely);
    if ((counts.users ?? 0) < 1000) {
      console.log('seeding demo users (once)…');
      await seedDemo(db.kysely, { users: 20_000, activities: 200_000, password: PASSWORD });
    }
    const need = LIST === 'orders' ? ROWS * 1.2 : 0;
    if ((counts.orders ?? 0) < need) {
      console.log(`seeding the trading history: ${need.toLocaleString('en')} orders (once)…`);
      const r = await seedBulkTrading(db.kysely, { orders: need, trades: need, operations: need, withdraws: need / 20 });
      await sql`VACUUM ANALYZE`.execute(db.kysely);
      console.log(`seeded in ${(r.ms / 1000).toFixed(0)} s`);
    }
  } finally { await db.close(); }
}

async function startServer(url: string): Promise<{ server: ChildProcess; port: number }> {
  const port = await freePort();
  const server = spawn(process.execPath, await serverCommand(), {
    env: {
      ...process.env, HOST: '127.0.0.1', PORT: String(port), DATABASE_URL: url,
      // Seeded above with the demo password: on a database server that takes asking for the demo (config.ts demoSeed).
      STEWARD_DEMO_SEED: 'on',
      STEWARD_DEMO_MARKET_RATE: '0', STEWARD_NODE_SIMULATOR_PORT: '0', STEWARD_STATIC_DIR: '', EXPORT_MAX_ROWS: String(ROWS),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  server.stdout!.on('data', (d) => { out += d; });
  for (let t = 0; !/running at|listening/i.test(out); t++) {
    if (t > 600 || server.exitCode !== null) throw new Error(`server did not start:\n${out}`);
    await sleep(250);
  }
  return { server, port };
}

async function main(): Promise<void> {
  let cluster: Cluster | undefined;
  const url = process.env.BENCH_DATABASE_URL || (cluster = await startCluster('.tmp/bench-pg')).url;
  let node: { server: ChildProcess; port: number } | undefined;
  const dir = mkdtempSync(join(tmpdir(), 'steward-export-'));
  try {
    await ensureData(url);
    node = await startServer(url);
    const pid = node.server.pid!;
    const base = `http://127.0.0.1:${node.port}`;
    const login = await fetch(`${base}/api/v2/barong/identity/sessions/new`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': UA },
      body: JSON.stringify({ identity: 'superadmin@steward.demo', password: PASSWORD }),
    });
    if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
    const headers = { cookie: login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; '), 'user-agent': UA };
    const r = resourceNamed(LIST);
    // Warm the process (JIT, pools) on a small export first, then measure from a settled baseline.
    await (await fetch(`${base}/api/v2/${r.service}${exportPath(r)}?${r.service === 'peatio' ? 'state=cancel' : 'result=failed'}`, { headers })).arrayBuffer().catch(() => undefined);
    await sleep(1000);
    const before = status(pid, 'VmRSS');
    let peak = before;
    let rows = 0;
    const marks: string[] = [];
    let nextMark = ROWS / 10;
    const sampler = setInterval(() => { peak = Math.max(peak, status(pid, 'VmRSS')); }, 100);
    const file = join(dir, `${LIST}.csv`);
    const out = createWriteStream(file);
    const t0 = performance.now();
    const res = await fetch(`${base}/api/v2/${r.service}${exportPath(r)}`, { headers });
    if (!res.ok) throw new Error(`export refused: ${res.status} ${await res.text()}`);
    const reader = res.body!.getReader();
    let first = true;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      for (let i = 0; i < value.length; i++) if (value[i] === 10) rows++;
      if (first) { rows--; first = false; }
      if (!out.write(value)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      while (rows >= nextMark && nextMark <= ROWS) {
        marks.push(`${(nextMark / 1000).toFixed(0)}k: ${mb(status(pid, 'VmRSS'))}`);
        nextMark += ROWS / 10;
      }
    }
    await new Promise<void>((resolve) => out.end(() => resolve()));
    const secs = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    const hwm = status(pid, 'VmHWM');
    console.log(`\nexport of ${LIST} (${r.service}) on PostgreSQL, cap ${ROWS.toLocaleString('en')}:`);
    console.log(`| rows | file | time | rows/s | server RSS before | peak RSS during | VmHWM (process lifetime) |`);
    console.log(`|---|---|---|---|---|---|---|`);
    console.log(`| ${rows.toLocaleString('en')} | ${mb(statSync(file).size)} | ${secs.toFixed(1)} s | ${Math.round(rows / secs).toLocaleString('en')} | ${mb(before)} | ${mb(peak)} | ${mb(hwm)} |`);
    console.log(`RSS at each tenth: ${marks.join(', ')}`);
  } finally {
    node?.server.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
    cluster?.stop();
  }
}

main().catch((err) => { console.error(err); process.exit(1); });
