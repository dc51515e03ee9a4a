/**
 * Load on the real server process: LOAD_CONNECTIONS keep-alive clients (50) for LOAD_SECONDS (20) on
 * the user directory and on abilities, signed in as a superadmin, with an anonymous burst of
 * LOAD_BURST (200) wrong sign-ins fired at once a quarter of the way in. Prints req/s, p50/p99, errors
 * and the server's RSS before and after (the figures in docs/benchmarks.md, Reliability suite, come from here).
 * Pass or fail depends only on errors and on the server staying up, never on timings: the staff requests must
 * all answer 2xx, and every sign-in of the burst a refusal (401, or 429/503 when the sign-in brakes shed it).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { RunningServer } from '../helpers/server-process.js';
import { call, newStore, signIn, start, UA, type Store } from './helpers/http.js';

const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 20);
const BURST = Number(process.env.LOAD_BURST ?? 200);
const DEMO_USERS = process.env.LOAD_DEMO_USERS ?? '2000';

let store: Store | undefined;
let srv: RunningServer | undefined;
afterAll(async () => { await srv?.stop(); await store?.drop(); });

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

interface Series { name: string; ms: number[]; statuses: Map<number, number> }
const series = (name: string): Series => ({ name, ms: [], statuses: new Map() });

async function timedCall(s: Series, run: () => Promise<{ status: number }>) {
  const t0 = performance.now();
  let status = 0;
  try { status = (await run()).status; } catch { /* no answer */ }
  s.ms.push(performance.now() - t0);
  s.statuses.set(status, (s.statuses.get(status) ?? 0) + 1);
}

function pct(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]! : Number.NaN;
}

function row(s: Series, seconds: number): string {
  const sorted = [...s.ms].sort((a, b) => a - b);
  const ok = [...s.statuses].filter(([st]) => st >= 200 && st < 300).reduce((n, [, c]) => n + c, 0);
  const other = [...s.statuses].filter(([st]) => st < 200 || st >= 300).map(([st, c]) => `${c} × ${st || 'no answer'}`).join(', ') || '0';
  return `| ${s.name} | ${s.ms.length} | ${(s.ms.length / seconds).toFixed(0)} | ${pct(sorted, 0.5).toFixed(1)} | ${pct(sorted, 0.99).toFixed(1)} | ${ok} | ${other} |`;
}

describe('load', () => {
  it(`${CONNECTIONS} connections for ${SECONDS} s on a list and on abilities, plus ${BURST} anonymous sign-ins at once`, async () => {
    store = await newStore(process.env.TEST_DATABASE_URL);
    srv = await start(store, { STEWARD_DEMO_USERS: DEMO_USERS, STEWARD_DEMO_ACTIVITIES: '20' });
    const su = await signIn(srv.url);
    const list = series('GET /admin/users (25 rows)');
    const abilities = series('GET /admin/abilities');
    const burst = series(`${BURST} anonymous sign-ins at once`);
    // Warm up: every connection's first request pays for connection set-up.
    await Promise.all(Array.from({ length: CONNECTIONS }, () => call(srv!.url, su, 'GET', '/api/v2/barong/admin/abilities')));
    const rssBefore = rssMb(srv.pid);

    const end = Date.now() + SECONDS * 1000;
    const worker = async (i: number) => {
      for (let n = i; Date.now() < end; n++) {
        if (n % 2 === 0) await timedCall(list, () => call(srv!.url, su, 'GET', '/api/v2/barong/admin/users?limit=25'));
        else await timedCall(abilities, () => call(srv!.url, su, 'GET', '/api/v2/barong/admin/abilities'));
      }
    };
    let burstSeconds = 0;
    const fireBurst = async () => {
      await new Promise((r) => setTimeout(r, (SECONDS * 1000) / 4));
      const t0 = performance.now();
      await Promise.all(Array.from({ length: BURST }, (_, i) => timedCall(burst, () => call(srv!.url, null, 'POST', '/api/v2/barong/identity/sessions/new',
        { identity: `nobody${i}@steward.test`, password: 'Wrong-password-1' }))));
      burstSeconds = (performance.now() - t0) / 1000;
    };
    await Promise.all([...Array.from({ length: CONNECTIONS }, (_, i) => worker(i)), fireBurst()]);
    const rssAfter = rssMb(srv.pid);

    console.log([
      `load on ${store.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ${DEMO_USERS} demo customers, ${CONNECTIONS} connections, ${SECONDS} s (user agent ${UA}):`,
      '| requests | count | req/s | p50 ms | p99 ms | 2xx | other |',
      '|---|---|---|---|---|---|---|',
      row(list, SECONDS), row(abilities, SECONDS), row(burst, burstSeconds),
      `server RSS: ${rssBefore.toFixed(0)} MB before, ${rssAfter.toFixed(0)} MB after`,
    ].join('\n'));

    for (const s of [list, abilities]) expect([...s.statuses.keys()].filter((st) => st < 200 || st >= 300), s.name).toEqual([]);
    expect([...burst.statuses.keys()].filter((st) => ![401, 429, 503].includes(st)), burst.name).toEqual([]);
    expect(srv.alive()).toBe(true);
    expect((await call(srv.url, su, 'GET', '/api/v2/barong/admin/abilities')).status).toBe(200);
  });
});
