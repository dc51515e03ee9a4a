/**
 * The embedded database under a flood (issue 30 item 10), on the real server process with its default
 * bounds (DB_QUEUE 64, DB_QUEUE_WAIT_MS 5 s): FLOOD_READERS (200) clients list activities back to back
 * for FLOOD_SECONDS (10), waiting a second after a 503 as its Retry-After asks, while one client signs
 * in every second. Some requests must be refused 503 server.busy with Retry-After quickly, the rest
 * answered 200, none later than the bound, the sign-ins answered 200 or busy; afterwards the server
 * serves a list and an audited write normally. Prints the latencies (the README's figures). PGlite only:
 * a PostgreSQL server has a pool of connections and its own bounds (db-stall.test.ts).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { call, errorCode, newStore, recorded, signIn, someUid, start, UA } from './helpers/http.js';
import type { RunningServer } from '../helpers/server-process.js';
import type { Store } from './helpers/http.js';

const PG_URL = process.env.TEST_DATABASE_URL;
const READERS = Number(process.env.FLOOD_READERS ?? 200);
const SECONDS = Number(process.env.FLOOD_SECONDS ?? 10);
const LIST = '/api/v2/barong/admin/activities?limit=100';
/** No answer may take longer: the wait bound (5 s), a second wait for an older request, and slack for a loaded machine. */
const BOUND_MS = 20_000;
/** A refusal this quick cannot have waited out the wait bound: the queue was full. */
const QUICK_MS = 1_000;

let store: Store | undefined;
let srv: RunningServer | undefined;
afterAll(async () => { await srv?.stop(); await store?.drop(); });

if (PG_URL) console.log('embedded-flood.test.ts: PGlite only (the embedded database\'s one connection); skipped on PostgreSQL');

interface Sample { ms: number; status: number; code: string | null; retryAfter: string | null }

async function timed(send: () => Promise<Response>): Promise<Sample> {
  const t0 = performance.now();
  try {
    const res = await send();
    const text = await res.text();
    return { ms: performance.now() - t0, status: res.status, code: res.status >= 300 ? errorCode(text) : null, retryAfter: res.headers.get('retry-after') };
  } catch {
    return { ms: performance.now() - t0, status: 0, code: null, retryAfter: null };
  }
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? Math.round(s[Math.min(s.length - 1, Math.floor(p * s.length))]!) : NaN;
};

describe.skipIf(!!PG_URL)('the embedded database flooded', () => {
  it(`refuses past its queue quickly, answers the rest, hangs nothing, and serves normally after ${READERS} readers for ${SECONDS} s`, async () => {
    store = await newStore(undefined);
    srv = await start(store);
    const su = await signIn(srv.url);
    const uid = await someUid(srv.url, su);
    const base = srv.url;
    const reads: Sample[] = [];
    const signIns: Sample[] = [];
    const end = Date.now() + SECONDS * 1000;
    const reader = async () => {
      while (Date.now() < end) {
        const s = await timed(() => fetch(base + LIST, { headers: su.headers }));
        reads.push(s);
        if (s.status === 503) await new Promise((r) => setTimeout(r, 1000));
      }
    };
    const signer = async () => {
      while (Date.now() < end) {
        signIns.push(await timed(() => fetch(`${base}/api/v2/barong/identity/sessions/new`, {
          method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': UA },
          body: JSON.stringify({ identity: 'support@steward.demo', password: 'Reliability-demo-1' }),
        })));
        await new Promise((r) => setTimeout(r, 1000));
      }
    };
    await Promise.all([...Array.from({ length: READERS }, reader), signer()]);

    const ok = reads.filter((s) => s.status === 200);
    const busy = reads.filter((s) => s.status === 503 && s.code === 'server.busy');
    expect(reads.filter((s) => s.status !== 200 && !busy.includes(s)), 'answers other than 200 and 503 server.busy').toEqual([]);
    expect(busy.filter((s) => s.retryAfter !== '1'), 'busy without Retry-After: 1').toEqual([]);
    expect(busy.filter((s) => s.ms < QUICK_MS).length, 'refusals as soon as the queue was full').toBeGreaterThan(0);
    expect(ok.length, 'requests served').toBeGreaterThan(0);
    expect(reads.filter((s) => s.ms > BOUND_MS), `answered later than ${BOUND_MS} ms`).toEqual([]);
    expect(signIns.filter((s) => !(s.status === 200 || (s.status === 503 && s.code === 'server.busy')) || s.ms > BOUND_MS), 'sign-ins').toEqual([]);

    // Afterwards, business as usual: a list, and a write with its audit row.
    const after = await timed(() => fetch(base + LIST, { headers: su.headers }));
    expect(after.status).toBe(200);
    expect((await call(base, su, 'POST', '/api/v2/barong/admin/users/comments', { uid, title: 'flood-after', data: 'x' })).status).toBe(201);
    expect(srv.alive()).toBe(true);
    await srv.stop();
    const db = await store.open();
    try {
      expect(await recorded(db, 'flood')).toEqual({ comments: ['flood-after'], audited: ['flood-after'] });
    } finally {
      await db.close();
    }
    const row = (name: string, xs: Sample[]) => `| ${name} | ${xs.length} | ${pct(xs.map((s) => s.ms), 0.5)} | ${pct(xs.map((s) => s.ms), 0.99)} | ${pct(xs.map((s) => s.ms), 1)} |`;
    console.log([
      `PGlite, ${READERS} readers of ${LIST} for ${SECONDS} s, default bounds (ms):`,
      '| answers | count | p50 | p99 | max |', '|---|---|---|---|---|',
      row('200', ok), row('503 server.busy', busy),
      row(`sign-ins (${signIns.filter((s) => s.status === 200).length} × 200)`, signIns),
      `after the flood: a list in ${Math.round(after.ms)} ms`,
    ].join('\n'));
  });
});
