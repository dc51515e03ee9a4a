/**
 * `npm run bench:ranger`: the realtime feed's fan-out, measured the way it runs — a server process
 * (src/server/main.ts) on a local PostgreSQL, clients in this process over loopback WebSockets.
 * For 1, 10, 100 and 1,000 clients subscribed to one market's trades:
 * - memory per connection: the server's RSS with the clients connected and idle, less before, over N;
 * - throughput: a burst of events committed as the triggers send them (pg_notify on steward_events, in
 *   transactions of 100), delivered to every client; trades delivered per second from the first commit
 *   to the last one received (a frame carries a tick's trades: realtime/feed.ts);
 * - latency: single-event transactions sent one at a time, from the commit's return to a client's
 *   receipt (up to 20 clients timed), p50 and p99.
 * Then the steady order flow (bench-ranger-flow.ts: orders matched at 10–40/s and flat out, the largest
 * step's clients on trades and the order book, commit → client latency, CPU, memory per connection).
 * Then a second node on the same database: an adjustment created through node A's API, timed from
 * sending the create to its frame on a staff socket of A and of B (the cost of crossing nodes through NOTIFY).
 * BENCH_RANGER_CLIENTS=1,10 runs fewer steps; BENCH_RANGER_DELIVERIES sizes each burst (default 2,000,000);
 * BENCH_RANGER_RATES (default 10,20,40,max) and BENCH_RANGER_SECONDS (default 20) shape the flow;
 * BENCH_RANGER_CPU_PROF=<dir> profiles the first node (--cpu-prof).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { serverCommand } from './server-bundle.js';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import pg from 'pg';
import WebSocket from 'ws';
import { startCluster } from './pg-cluster.js';
import { orderFlow } from './bench-ranger-flow.js';
import { ADMIN_STREAMS } from '../../shared/realtime-streams.js';

const STEPS = (process.env.BENCH_RANGER_CLIENTS || '1,10,100,1000').split(',').map(Number);
/** BENCH_RANGER_ONLY=flow: only the order flow (bench-ranger-flow.ts). */
const FLOW_ONLY = process.env.BENCH_RANGER_ONLY === 'flow';
const DELIVERIES = Number(process.env.BENCH_RANGER_DELIVERIES || 2_000_000);
const MARKET = 'btcusdt';
const STREAM = `${MARKET}.trades`;
const LATENCY_EVENTS = 200;
const TIMED_CLIENTS = 20;
const PASSWORD = 'Ranger-bench-2026';

const freePort = () => new Promise<number>((res) => { const s = createServer().listen(0, '127.0.0.1', () => { const p = (s.address() as { port: number }).port; s.close(() => res(p)); }); });
const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;
const pct = (xs: number[], p: number) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]; };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Trades received (a frame carries the trades of one tick of the feed), and when each timed client got each. */
interface Bench { trades: number; arrivals: Map<number, number>[] }

/** The trades in a `<market>.trades` frame, without parsing it (1,000 clients parse on the bench's cores). */
const tradesIn = (s: string) => { let n = 0; for (let i = s.indexOf('"tid":'); i >= 0; i = s.indexOf('"tid":', i + 6)) n++; return n; };

async function connectClients(url: string, n: number, b: Bench): Promise<WebSocket[]> {
  const out: WebSocket[] = [];
  for (let i = 0; i < n; i += 50) {
    await Promise.all(Array.from({ length: Math.min(50, n - i) }, (_, j) => new Promise<void>((resolve, reject) => {
      const idx = i + j;
      const ws = new WebSocket(`${url}/api/v2/ranger/public?stream=${STREAM}`, { perMessageDeflate: false });
      const timed = idx < TIMED_CLIENTS ? new Map<number, number>() : null;
      if (timed) b.arrivals.push(timed);
      ws.on('message', (data) => {
        const s = String(data);
        b.trades += tradesIn(s);
        if (!timed || !s.startsWith(`{"${STREAM}"`)) return;
        const at = performance.now();
        for (const t of JSON.parse(s)[STREAM].trades) timed.set(t.tid, at);
      });
      ws.once('message', () => resolve()); // the subscription's acknowledgement
      ws.on('error', reject);
      out.push(ws);
    })));
  }
  return out;
}

/** `count` trade events from id `from`, committed in transactions of `per`. */
async function burst(db: pg.Client, from: number, count: number, per: number): Promise<void> {
  for (let i = 0; i < count; i += per) {
    await db.query(`SELECT pg_notify('steward_events', json_build_object('t', 'trade', 'x', '1', 'id', g, 'market_id', $3::text,
      'price', '64000.5', 'amount', '0.0125', 'total', '800.00625', 'maker_order_id', 1, 'taker_order_id', 2, 'maker_id', 1,
      'taker_id', 2, 'taker_type', 'buy', 'created_at', floor(extract(epoch FROM now()))::bigint)::text)
      FROM generate_series($1::int, $2::int) g`, [from + i, from + Math.min(i + per, count) - 1, MARKET]);
  }
}

interface Node { server: ChildProcess; port: number; memory(): Promise<{ rss: number; heapUsed: number; external: number }> }

/**
 * Preloaded into the server (no code of its own): on SIGUSR2 it writes its memory, after a full
 * collection, to BENCH_MEMORY_FILE, so the bench reads the V8 heap, not only the RSS.
 */
const MEMORY_PROBE = "data:text/javascript,import{writeFileSync}from'node:fs';"
  + "process.on('SIGUSR2',()=>{globalThis.gc();writeFileSync(process.env.BENCH_MEMORY_FILE,JSON.stringify(process.memoryUsage()))})";
/** BENCH_RANGER_CPU_PROF=<dir>: the first node writes a V8 CPU profile there when it stops. */
const CPU_PROF = process.env.BENCH_RANGER_CPU_PROF;

/** A server process on the database (the first one migrates and seeds it). */
async function startNode(dbUrl: string, dataDir: string, profile = false): Promise<Node> {
  const port = await freePort();
  const memoryFile = join(dataDir, `memory-${port}.json`);
  const flags = ['--expose-gc', `--import=${MEMORY_PROBE}`, ...(profile && CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`] : [])];
  const server = spawn(process.execPath, [...flags, ...await serverCommand()], {
    env: {
      ...process.env, HOST: '127.0.0.1', PORT: String(port), DATABASE_URL: dbUrl, STEWARD_DEMO_SEED: 'on', STEWARD_DATA_DIR: dataDir, STEWARD_DEMO_USERS: '50',
      STEWARD_DEMO_ACTIVITIES: '100', STEWARD_DEMO_MARKET_RATE: '0', STEWARD_NODE_SIMULATOR_PORT: '0', STEWARD_STATIC_DIR: '',
      STEWARD_DEMO_PASSWORD: PASSWORD, BENCH_MEMORY_FILE: memoryFile,
      // Every bench client is an anonymous socket from this one address: the caps would refuse them.
      RANGER_MAX_ANONYMOUS_PER_ADDRESS: '1000000', RANGER_MAX_ANONYMOUS: '1000000', HTTP_MAX_CONNECTIONS_PER_ADDRESS: '1000000', HTTP_MAX_CONNECTIONS: '1000000',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  server.stdout!.on('data', (d) => { out += d; });
  for (let t = 0; !/running at/i.test(out); t++) {
    if (t > 600 || server.exitCode !== null) throw new Error(`server did not start:\n${out}`);
    await sleep(250);
  }
  const memory = async () => {
    rmSync(memoryFile, { force: true });
    server.kill('SIGUSR2');
    for (let t = 0; !existsSync(memoryFile) && t < 200; t++) await sleep(50);
    await sleep(50);
    return JSON.parse(readFileSync(memoryFile, 'utf8')) as { rss: number; heapUsed: number; external: number };
  };
  return { server, port, memory };
}

/** Latencies from sending an adjustment's create to `write` to its frame on a staff socket of `listen` (the write's own time included). */
async function acrossNodes(write: Node, listen: Node): Promise<number[]> {
  const UA = 'steward-bench-ranger';
  const base = `http://127.0.0.1:${write.port}`;
  const login = await fetch(`${base}/api/v2/barong/identity/sessions/new`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': UA },
    body: JSON.stringify({ identity: 'superadmin@steward.demo', password: PASSWORD }),
  });
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const headers = { cookie, 'user-agent': UA, 'x-csrf-token': (await login.json()).csrf_token, 'content-type': 'application/json' };
  const member = (await (await fetch(`${base}/api/v2/barong/admin/users?role=member&limit=1`, { headers })).json())[0].uid;
  const seen = new Map<number, number>();
  const ws = new WebSocket(`ws://127.0.0.1:${listen.port}/api/v2/ranger/private?stream=${ADMIN_STREAMS.adjustment}`, { headers: { cookie, 'user-agent': UA } });
  ws.on('message', (d) => { const row = JSON.parse(String(d))[ADMIN_STREAMS.adjustment]; if (row) seen.set(row.id, performance.now()); });
  await new Promise((r) => ws.once('message', r));
  const out: number[] = [];
  for (let i = 0; i < 100; i++) {
    const sent = performance.now();
    const res = await fetch(`${base}/api/v2/peatio/admin/adjustments/new`, {
      method: 'POST', headers, body: JSON.stringify({
        reason: 'Bench', description: `Across nodes ${i}`, category: 'refund', amount: '0.001', currency_id: 'btc', counterpart_code: 202, receiving_member_uid: member,
      }),
    });
    const { id } = await res.json();
    for (let t = 0; !seen.has(id) && t < 400; t++) await sleep(5);
    if (seen.has(id)) out.push(seen.get(id)! - sent);
  }
  ws.terminate();
  return out;
}

async function main(): Promise<void> {
  const cluster = await startCluster('.tmp/ranger-pg');
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS ranger_bench WITH (FORCE)');
  await admin.query('CREATE DATABASE ranger_bench');
  await admin.end();
  const dbUrl = cluster.url.replace(/\/postgres$/, '/ranger_bench');
  const dataDir = mkdtempSync(join(tmpdir(), 'steward-ranger-'));
  const nodes: Node[] = [];
  const db = new pg.Client({ connectionString: dbUrl });
  try {
    const a = await startNode(dbUrl, dataDir, true);
    nodes.push(a);
    const { server, port } = a;
    await db.connect();
    const url = `ws://127.0.0.1:${port}`;
    let nextId = 1;
    const rows: string[] = [];
    for (const n of FLOW_ONLY ? [] : STEPS) {
      const b: Bench = { trades: 0, arrivals: [] };
      await sleep(500);
      const before = rssOf(server.pid!);
      const clients = await connectClients(url, n, b);
      await sleep(1000);
      const perConn = (rssOf(server.pid!) - before) / n;
      // Throughput: a burst, then wait for every frame to arrive.
      const events = Math.max(1, Math.min(50_000, Math.floor(DELIVERIES / n)));
      b.trades = 0;
      const t0 = performance.now();
      await burst(db, nextId, events, 100);
      nextId += events;
      const want = events * n;
      for (let last = -1, still = 0; b.trades < want && still < 100;) {
        await sleep(50);
        still = b.trades === last ? still + 1 : 0;
        last = b.trades;
      }
      const seconds = (performance.now() - t0) / 1000;
      const rate = b.trades / seconds;
      // Latency: one event per transaction, one at a time.
      const sent = new Map<number, number>();
      for (let i = 0; i < LATENCY_EVENTS; i++) {
        const id = nextId++;
        await burst(db, id, 1, 1);
        sent.set(id, performance.now());
        await sleep(5);
      }
      await sleep(1000);
      const lat: number[] = [];
      for (const arrivals of b.arrivals) for (const [id, t] of sent) { const a = arrivals.get(id); if (a !== undefined) lat.push(a - t); }
      const lost = want - Math.min(b.trades, want);
      rows.push(`| ${n.toLocaleString('en')} | ${events.toLocaleString('en')} | ${Math.round(rate).toLocaleString('en')} | ${seconds.toFixed(2)} | ${lost ? lost.toLocaleString('en') : 0} | `
        + `${pct(lat, 50).toFixed(1)} | ${pct(lat, 99).toFixed(1)} | ${(perConn / 1024).toFixed(1)} |`);
      console.log(rows.at(-1));
      for (const c of clients) c.terminate();
    }
    console.log('\n| clients | events | delivered/s | burst s | not delivered | latency p50 ms | p99 ms | server KiB per connection |');
    console.log('|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const r of rows) console.log(r);
    await orderFlow(url, dbUrl, { pid: server.pid!, memory: a.memory }, Math.max(...STEPS));
    if (FLOW_ONLY) return;
    // Two nodes: an adjustment made through node A's API, heard by a staff socket on A and on B.
    const b = await startNode(dbUrl, dataDir);
    nodes.push(b);
    const same = await acrossNodes(a, a), across = await acrossNodes(a, b);
    console.log('\n| write on A, socket on | latency p50 ms | p99 ms |\n|---|---:|---:|');
    console.log(`| A (one node) | ${pct(same, 50).toFixed(1)} | ${pct(same, 99).toFixed(1)} |`);
    console.log(`| B (the other node) | ${pct(across, 50).toFixed(1)} | ${pct(across, 99).toFixed(1)} |`);
  } finally {
    await db.end().catch(() => undefined);
    for (const n of nodes) { n.server.kill('SIGTERM'); await new Promise((r) => n.server.once('exit', r)); }
    rmSync(dataDir, { recursive: true, force: true });
    cluster.stop();
  }
}

main().catch((e) => { console.error(e); process.exit(1); });
