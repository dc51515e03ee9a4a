/**
 * The steady order flow of `npm run bench:ranger` (issue 31 item 5): N clients on `btcusdt.trades` and
 * `btcusdt.ob-inc` (each gets the ob-snap first) while the placer process (bench-ranger-placer.ts)
 * places and matches orders at 10, 20, 40 orders/s and as fast as it goes. Per rate: orders and trades
 * per second, frames delivered per second (every client counted), commit → client latency of the trades
 * on a sample of clients (from the placing transaction's commit returning to the frame's receipt), the
 * server's CPU, and whether clients fell behind: the latency of the window's last third against its
 * first, and how long frames kept coming after the last commit. Sequence gaps on the sampled clients
 * are counted. Then memory: the server's RSS and V8 heap (after a collection) with the clients
 * connected, subscribed and the traffic through, less before they connected, over N.
 */
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import type { FlowAnswer, FlowAsk } from './bench-ranger-placer.js';

const MARKET = 'btcusdt';
const TIMED_CLIENTS = 20;
const RATES: (number | 'max')[] = (process.env.BENCH_RANGER_RATES || '10,20,40,max').split(',').map((r) => (r === 'max' ? 'max' : Number(r)));
const SECONDS = Number(process.env.BENCH_RANGER_SECONDS || 20);

export interface ServerProbe { pid: number; memory(): Promise<{ rss: number; heapUsed: number; external: number }> }

const clock = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (xs: number[], p: number) => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : NaN; };
/** The process's CPU time so far, in seconds (utime + stime). */
const cpuOf = (pid: number) => { const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' '); return (Number(f[11]) + Number(f[12])) / 100; };
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

interface Sample { trades: Map<number, number>; gaps: number; seq: number | null }

async function connect(url: string, n: number, count: { frames: number }): Promise<{ sockets: WebSocket[]; samples: Sample[] }> {
  const sockets: WebSocket[] = [], samples: Sample[] = [];
  for (let i = 0; i < n; i += 50) {
    await Promise.all(Array.from({ length: Math.min(50, n - i) }, (_, j) => new Promise<void>((resolve, reject) => {
      const ws = new WebSocket(`${url}/api/v2/ranger/public?stream=${MARKET}.trades&stream=${MARKET}.ob-inc`, { perMessageDeflate: false });
      const sample: Sample | null = i + j < TIMED_CLIENTS ? { trades: new Map(), gaps: 0, seq: null } : null;
      if (sample) samples.push(sample);
      ws.on('message', (data) => {
        count.frames++;
        if (!sample) return;
        const at = clock();
        const f = JSON.parse(String(data));
        if (f[`${MARKET}.trades`]) for (const t of f[`${MARKET}.trades`].trades) sample.trades.set(t.tid, at);
        else if (f[`${MARKET}.ob-snap`]) { sample.seq = f[`${MARKET}.ob-snap`].sequence; resolve(); }
        else if (f[`${MARKET}.ob-inc`]) {
          const s = f[`${MARKET}.ob-inc`].sequence;
          if (sample.seq !== null && s !== sample.seq + 1) sample.gaps++;
          sample.seq = s;
        }
      });
      if (!sample) ws.once('message', () => resolve());
      ws.on('error', reject);
      sockets.push(ws);
    })));
  }
  return { sockets, samples };
}

export async function orderFlow(url: string, dbUrl: string, server: ServerProbe, n: number): Promise<void> {
  const placer = fork(fileURLToPath(new URL('./bench-ranger-placer.ts', import.meta.url)), [dbUrl], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const answer = <T>() => new Promise<T>((r) => placer.once('message', (m) => r(m as T)));
  await answer<'ready'>();
  await sleep(1000);
  const before = await server.memory();
  const count = { frames: 0 };
  const { sockets, samples } = await connect(url, n, count);
  const rows: string[] = [];
  for (const rate of RATES) {
    await sleep(2000);
    const [cpu0, mine0, frames0, t0] = [cpuOf(server.pid), process.cpuUsage(), count.frames, clock()];
    placer.send({ rate, seconds: SECONDS } satisfies FlowAsk);
    const got = await answer<FlowAnswer>();
    const t1 = clock(), frames1 = count.frames, cpu1 = cpuOf(server.pid), mine1 = process.cpuUsage(mine0);
    const lastCommit = Math.max(...got.trades.map(([, at]) => at));
    // Drain: until every sampled client has every trade (or 30 s).
    const all = () => got.trades.every(([tid]) => samples.every((s) => s.trades.has(tid)));
    for (let i = 0; i < 600 && !all(); i++) await sleep(50);
    const lastFrame = Math.max(...samples.flatMap((s) => got.trades.map(([tid]) => s.trades.get(tid) ?? 0)));
    const lat = (from: number, to: number) => samples.flatMap((s) => got.trades
      .filter(([, at]) => at >= from && at < to).map(([tid, at]) => (s.trades.get(tid) ?? Infinity) - at));
    const span = (t1 - t0) / 3;
    const every = lat(0, Infinity), first = lat(t0, t0 + span), last = lat(t1 - span, Infinity);
    const missing = every.filter((x) => x === Infinity).length;
    const s = (t1 - t0) / 1000;
    rows.push(`| ${rate} | ${(got.orders / s).toFixed(1)} | ${(got.trades.length / s).toFixed(1)} | ${Math.round((frames1 - frames0) / s).toLocaleString('en')} | `
      + `${pct(every, 50).toFixed(1)} | ${pct(every, 99).toFixed(1)} | ${pct(first, 50).toFixed(1)} → ${pct(last, 50).toFixed(1)} | `
      + `${((lastFrame - lastCommit) / 1000).toFixed(2)} | ${Math.round((100 * (cpu1 - cpu0)) / s)} % | ${Math.round((mine1.user + mine1.system) / 1e4 / s)} % | `
      + `${samples.reduce((a, x) => a + x.gaps, 0)} | ${missing} | ${got.late} | ${load()} |`);
    console.log(rows.at(-1));
  }
  await sleep(2000);
  const after = await server.memory();
  console.log(`\n${n.toLocaleString('en')} clients on ${MARKET}.trades + ${MARKET}.ob-inc, ${SECONDS} s a rate:`);
  console.log('| orders/s asked | placed/s | trades/s | frames delivered/s | commit → client p50 ms | p99 ms | p50 first → last third | last frame after last commit s | server CPU | bench CPU | seq gaps | trades never received | orders late | load average |');
  console.log('|---|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---|');
  for (const r of rows) console.log(r);
  const kib = (x: number) => (x / n / 1024).toFixed(1);
  console.log(`\nper connection (${n} clients, after the flow): RSS ${kib(after.rss - before.rss)} KiB, V8 heap ${kib(after.heapUsed - before.heapUsed)} KiB, `
    + `external ${kib(after.external - before.external)} KiB`);
  for (const ws of sockets) ws.terminate();
  placer.send('stop');
  await new Promise((r) => placer.once('exit', r));
}
