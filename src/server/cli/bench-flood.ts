/**
 * The bench's sign-in flood rows (issue 10 item 2): a staff list's latency while anonymous sign-ins
 * arrive 400 at once, BENCH_FLOOD_ROUNDS times (default 5) back to back. The list is requested one at a
 * time by one client thread for as long as the bursts last; a second client thread sends the bursts.
 * Each row runs on its own server instance over the bench's database (sessions are shared, so the
 * superadmin cookie works), trusting the loopback as its proxy so a burst can come from 400 addresses:
 * - "reference": 400 GETs of the public config at once — what any burst of that size costs the list;
 * - "400 addresses": each sign-in from its own address, so only the hash gate holds them back;
 * - "one address": the per-address brake refuses all but two at once;
 * - "gate off": 400 addresses with PASSWORD_HASH_CONCURRENCY=64 and PASSWORD_HASH_QUEUE=10000, i.e.
 *   every attempt hashed as soon as it arrives — what the server did before the gate.
 * PASSWORD_HASH_CONCURRENCY / PASSWORD_HASH_QUEUE in the bench's environment set the gate of the first two.
 */
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { Database } from '../db/index.js';
import { httpClient } from './bench-http.js';

type Client = ReturnType<typeof httpClient>;

const ROUNDS = Number(process.env.BENCH_FLOOD_ROUNDS ?? 5);
const BURST = 400;
const IDLE_SAMPLES = 100;

export interface FloodRow {
  name: string;
  idle: number[];
  during: number[];
  statuses: Record<string, number>;
  signIn: number[];
  wall: number;
}

/** The gate's settings as the bench was started with (the server's defaults when unset), to try others. */
const GATE = Object.fromEntries(['PASSWORD_HASH_CONCURRENCY', 'PASSWORD_HASH_QUEUE']
  .filter((k) => process.env[k]).map((k) => [k, process.env[k]!]));

const VARIANTS: { name: string; forwarded: boolean; env: Record<string, string>; plain?: boolean }[] = [
  { name: 'reference: 400 GETs of the public config, no sign-in', forwarded: false, env: {}, plain: true },
  { name: '400 addresses', forwarded: true, env: GATE },
  { name: 'one address', forwarded: false, env: GATE },
  { name: 'gate off (unbounded hashing), 400 addresses', forwarded: true, env: { PASSWORD_HASH_CONCURRENCY: '64', PASSWORD_HASH_QUEUE: '10000' } },
];

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};
const f2 = (n: number) => n.toFixed(2);

export function printFloods(rows: FloodRow[]): void {
  console.log(`\nsign-in flood: ${ROUNDS} bursts of ${BURST} anonymous sign-ins; the users list (page 1) before and during (ms)\n`);
  console.log('| sign-in flood | list p50 idle | list p95 idle | list p50 during | list p95 during | list max during | list requests | answers 401 / 429 / 503 / other | answer p50 | answer p95 | s per burst |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const { 401: ko = 0, 429: tooMany = 0, 503: busy = 0, ...rest } = r.statuses;
    const other = Object.values(rest).reduce((a, b) => a + b, 0);
    console.log(`| ${r.name} | ${f2(pct(r.idle, 50))} | ${f2(pct(r.idle, 95))} | ${f2(pct(r.during, 50))} | ${f2(pct(r.during, 95))} | `
      + `${f2(Math.max(...r.during))} | ${r.during.length} | ${ko} / ${tooMany} / ${busy} / ${other} | ${f2(pct(r.signIn, 50))} | `
      + `${f2(pct(r.signIn, 95))} | ${(r.wall / ROUNDS / 1000).toFixed(2)} |`);
  }
}

interface Opts { url: string; db: Database; list: string; headers: Record<string, string>; lists: Client }

/** One variant on its own server instance: the list alone, then while the bursts go on. */
async function variant(v: (typeof VARIANTS)[number], opts: Opts, bursts: Client): Promise<FloodRow> {
  const config = loadConfig({ DATABASE_URL: opts.url, STEWARD_STATIC_DIR: '', TRUST_PROXY: '127.0.0.1', ...v.env });
  const app = await buildApp({ config, db: opts.db });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const list = `${base}${opts.list}`;
    const row: FloodRow = { name: v.name, idle: [], during: [], statuses: {}, signIn: [], wall: 0 };
    for (let i = 0; i < IDLE_SAMPLES; i++) row.idle.push(await opts.lists.once(list, opts.headers));
    let done = false;
    const sending = (async () => {
      for (let r = 0; r < ROUNDS; r++) {
        const b = await bursts.burst(`${base}/api/v2/barong/identity/${v.plain ? 'configs' : 'sessions/new'}`,
          { 'user-agent': 'steward-bench-flood' }, BURST, { forwarded: v.forwarded, tag: `${Date.now().toString(36)}-${r}`, plain: v.plain });
        for (const [k, n] of Object.entries(b.statuses)) row.statuses[k] = (row.statuses[k] ?? 0) + n;
        row.signIn.push(...b.times);
        row.wall += b.wall;
      }
    })().finally(() => { done = true; });
    while (!done) row.during.push(await opts.lists.once(list, opts.headers));
    await sending;
    return row;
  } finally {
    await app.close();
  }
}

export async function floodRows(opts: Opts): Promise<FloodRow[]> {
  const bursts = httpClient();
  try {
    const rows: FloodRow[] = [];
    for (const v of VARIANTS) rows.push(await variant(v, opts, bursts));
    return rows;
  } finally {
    await bursts.close();
  }
}
