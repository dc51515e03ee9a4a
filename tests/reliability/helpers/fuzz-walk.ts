/**
 * Every route the server registers (read from Fastify's route table, so a new route is walked without
 * an edit here), as a superadmin (who passes every permission and ability) and as an anonymous caller,
 * and the member's account routes (Peatio's /account: balances, deposits, beneficiaries, withdrawals,
 * which refuse staff sessions) as a signed-in member,
 * with seeded malformed variations of a valid request (helpers/generators.ts). Each answer must be:
 * below 500, within REQUEST_TIMEOUT_MS, an error body of codes only (no stack, no SQL, no message), and
 * a refused request must leave every table as it was (checksums of the tables a statement touched;
 * append-only logs excepted, see checksums.ts). FUZZ_SEED replays a run; FUZZ_CASES sets the variations per route and caller.
 *
 * The walks are shared out between test files (fuzz.test.ts, fuzz-2.test.ts), each on an app and database of its
 * own, so that the two workers of a run share the superadmin's walk (~15,700 requests: 170 s of one worker on a
 * loaded PGlite run while the other sat idle): a shard takes every other route of the walk's order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../helpers/app.js';
import { loadConfig } from '../../../src/server/config.js';
import { signInAs, type SignedIn, TEST_USER_AGENT } from '../../helpers/auth.js';
import { createUser } from '../../helpers/users.js';
import { isPassPath } from '../../../src/server/auth/paths.js';
import { rand, variation, type Variation } from './generators.js';
import { changed, checkedTables, checksums, watchChanges } from './checksums.js';
import { isWrite, NOT_ADMIN_WRITES, routeKey, writeCaseFor, type Ctx } from './writes.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const CASES = Number(process.env.FUZZ_CASES ?? 40);
const REQUEST_TIMEOUT_MS = 10_000;
/** A code: dotted segments, no spaces (a field's own name may follow `unknown_`, so any case). */
const ERROR_CODE = /^[a-z][a-z0-9_]*(\.[^\s.]+)+$/;
/** Codes that mean the caller's session stopped working (a refused path is authz.invalid_permission). */
const SESSION_LOST = /^authz\.(invalid_session|client_session_mismatch|missing_csrf_token|csrf_token_mismatch|user_not_active)$/;
/** What an answer must never carry: a stack frame, a source path, SQL or a driver's words. */
const LEAK = /\n\s+at |node_modules|\.ts:\d+|\b(SELECT|INSERT INTO|UPDATE \w+ SET|DELETE FROM)\b|syntax error|violates|relation "/;

let t: TestApp;
let su: SignedIn;
let tables: string[];
let touched: () => Promise<string[]>;

/** One walk: who calls, with which seed, and which share of the routes (shard `index` of `of`: every `of`-th route). */
export interface Walk { who: string; caller: 'staff' | 'anonymous' | 'member'; seed: number; shard?: { index: number; of: number } }

interface Base { url: string; body?: Record<string, unknown>; query: Record<string, unknown> }

/** The route with its parameters filled in: a uid parameter with a real user's, ids with `id`. */
const fill = (url: string, uid: string, id: string) => url.replace(/:([a-z_]+)/gi, (_m, name: string) => (name === 'uid' ? uid : id));

/**
 * A member's writes with bodies of their shape, for the variations to mutate: each refused as it stands (no
 * such beneficiary, a fiat beneficiary without its holder's name), so no pin e-mail is sent whose service-log
 * row would land while a later refusal is judged.
 */
const MEMBER_BODIES: Record<string, Record<string, unknown>> = {
  'POST /api/v2/peatio/account/beneficiaries': { currency: 'usd', name: 'fuzz', data: {} },
  'PATCH /api/v2/peatio/account/beneficiaries/:id/activate': { pin: 123456 },
  'POST /api/v2/peatio/account/withdraws': { currency: 'usd', amount: '1', beneficiary_id: 1, otp: 123456 },
};

/** A valid request of the route: the write catalogue's for staff writes, a plain one otherwise. */
async function baseOf(route: { method: string; url: string }, ctx: Ctx, uid: string): Promise<Base> {
  const key = routeKey(route);
  if (MEMBER_BODIES[key]) return { url: fill(route.url, uid, '1'), body: MEMBER_BODIES[key], query: {} };
  if (route.url.includes('/identity/sessions')) return { url: route.url, body: { identity: 'nobody@steward.test', email: 'nobody@steward.test', password: 'Wrong-password-1' }, query: {} };
  if (isWrite(route.method) && !NOT_ADMIN_WRITES[key]) {
    const w = await writeCaseFor(route).prepare(ctx);
    return { url: w.url, body: w.body, query: {} };
  }
  return { url: fill(route.url, uid, '1'), query: {} };
}

interface Attempt { url: string; method: string; headers: Record<string, string>; payload?: string }

function attemptOf(route: { method: string; url: string }, base: Base, v: Variation, session: SignedIn | null): Attempt {
  const url = v.pathValue !== undefined ? fill(route.url, v.pathValue, v.pathValue) : base.url;
  const query = v.query ?? (base.body ? '' : new URLSearchParams(base.query as Record<string, string>).toString());
  const headers: Record<string, string> = session ? session.headers() : { 'user-agent': TEST_USER_AGENT };
  const withBody = isWrite(route.method) && (v.body !== undefined || (v.query === undefined && base.body !== undefined));
  if (withBody) headers['content-type'] = v.contentType ?? 'application/json';
  return {
    url: query ? `${url}?${query}` : url, method: route.method, headers,
    ...(withBody ? { payload: v.body ?? JSON.stringify(base.body) } : {}),
  };
}

/** What is wrong with one answer, if anything. */
function judge(status: number, body: string, signedIn: boolean): string | null {
  if (status >= 500) return `answered ${status}`;
  if (LEAK.test(body)) return 'leaks a stack, a path or SQL';
  if (status < 400) return null;
  let json: { errors?: unknown; fields?: unknown };
  try { json = JSON.parse(body); } catch { return 'error body is not JSON'; }
  const extra = Object.keys(json).filter((k) => k !== 'errors' && k !== 'fields');
  if (extra.length) return `error body carries ${extra.join(', ')}`;
  if (!Array.isArray(json.errors) || json.errors.length === 0 || !json.errors.every((c) => typeof c === 'string' && ERROR_CODE.test(c))) return 'error without codes';
  if (signedIn && (json.errors as string[]).some((c) => SESSION_LOST.test(c))) return 'the session was lost';
  return null;
}

async function timed<T>(p: Promise<T>): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const out = await Promise.race([p, new Promise<'timeout'>((r) => { timer = setTimeout(() => r('timeout'), REQUEST_TIMEOUT_MS); })]);
  clearTimeout(timer);
  return out;
}

/** The walks, in one describe: an app and database for the file, the walks one after the other on it. */
export function fuzzEveryRoute(walks: readonly Walk[]): void {
  beforeAll(async () => {
    // The session cache as a server runs it by default, on both databases (testApp turns it off on PostgreSQL,
    // where its invalidation arrives a moment after the commit, for tests that read a session's end at once): the
    // walk ends no session of its own callers, and on PostgreSQL it was a session lookup per request, ~10 % of
    // the walk's CPU (FUZZ_CASES=16, two runs each way: 27.1–28.6 s of CPU against 24.7–25.4 s).
    t = await testApp({ env: { SESSION_CACHE_MS: String(loadConfig({}).sessionCacheMs) } });
    su = (await signInAs(t, 'superadmin')).session;
    tables = await checkedTables(t.db.kysely);
    touched = await watchChanges(t.db.kysely, tables);
    console.log(`fuzz: FUZZ_SEED=${SEED} FUZZ_CASES=${CASES} on ${t.db.kind}`);
  });
  afterAll(async () => { await t?.close(); });

  describe('every route under seeded malformed input', () => {
    it('walks a good number of routes, every write route with a valid base request', () => {
      const api = t.app.routeList.filter((r) => r.url.startsWith('/api/'));
      expect(api.length).toBeGreaterThan(30);
      for (const r of api.filter((x) => isWrite(x.method) && !NOT_ADMIN_WRITES[routeKey(x)])) expect(() => writeCaseFor(r)).not.toThrow();
    });

    it.each(walks.map((w) => [w.shard ? `${w.who} (share ${w.shard.index + 1} of ${w.shard.of} of the routes)` : w.who, w] as const))('as %s: no 5xx, no hang, codes only, refusals change nothing', async (_who, { caller, seed, shard }) => {
      const r = rand(SEED + seed);
      const signedIn = caller !== 'anonymous';
      const session = caller === 'staff' ? su : caller === 'member' ? (await signInAs(t, 'member', { level: 3 })).session : null;
      const ctx: Ctx = { t, su };
      const uid = (await createUser(t.db)).uid;
      const failures: string[] = [];
      const tally = new Map<string, number>();
      let sent = 0;
      await touched();
      const sums = await checksums(t.db.kysely, tables);
      // Sign-out as the superadmin would end the walk's own session (it is walked anonymously).
      // The exports first, while the audit log is small: every request of the walk writes an admin activity, and
      // 40 variations of the admin-activities export over the ~13,000 rows the walk wrote by then took 42 s on
      // PostgreSQL and 67 s on PGlite, a third of the walk, measuring the export rather than its input handling
      // (the export's speed is the bench's: cli/bench-export.ts).
      const routes = t.app.routeList.filter((x) => !x.url.includes('*') && !(signedIn && x.method === 'DELETE' && x.url.endsWith('/identity/sessions'))
        && (caller !== 'member' || x.url.startsWith('/api/v2/peatio/account/')))
        .sort((a, b) => Number(!a.url.includes('/exports/')) - Number(!b.url.includes('/exports/')))
        .filter((_route, i) => !shard || i % shard.of === shard.index);
      const spent = new Map<string, number>();
      for (const route of routes) {
        const began = performance.now();
        const base = await baseOf(route, ctx, uid);
        // What making the valid request wrote (and the walk before it) is the new starting point.
        for (const [x, h] of await checksums(t.db.kysely, await touched())) sums.set(x, h);
        // Admin routes answer an anonymous caller at the session gate; a few variations show the gate holds.
        const n = signedIn || isPassPath(route.url) ? CASES : Math.ceil(CASES / 4);
        for (let i = 0; i < n; i++) {
          const v = variation(r, base.body ?? base.query, { body: isWrite(route.method), pathParam: route.url.includes(':') });
          const a = attemptOf(route, base, v, session);
          const res = await timed(t.app.inject({ method: a.method as 'GET', url: a.url, headers: a.headers, ...(a.payload !== undefined ? { payload: a.payload } : {}) }));
          sent++;
          const where = `${routeKey(route)} [${v.family}] ${a.method} ${a.url.slice(0, 200)} ${a.headers['content-type'] ?? ''} ${a.payload?.slice(0, 300) ?? ''}`;
          if (res === 'timeout') { failures.push(`${where} → no answer in ${REQUEST_TIMEOUT_MS} ms`); continue; }
          const klass = `${Math.floor(res.statusCode / 100)}xx`;
          tally.set(klass, (tally.get(klass) ?? 0) + 1);
          const wrong = judge(res.statusCode, res.body, signedIn);
          if (wrong) failures.push(`${where} → ${wrong}: ${res.statusCode} ${res.body.slice(0, 160)}`);
          const moved = await touched();
          if (moved.length === 0) continue;
          const after = await checksums(t.db.kysely, moved);
          if (res.statusCode >= 400) {
            const diff = changed(new Map(moved.map((x) => [x, sums.get(x)!])), after);
            if (diff.length) failures.push(`${where} → refused (${res.statusCode}) but changed ${diff.join(', ')}`);
          }
          for (const [x, h] of after) sums.set(x, h);
        }
        spent.set(routeKey(route), performance.now() - began);
      }
      const slowest = [...spent].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([k, ms]) => `${k} ${(ms / 1000).toFixed(1)} s`);
      console.log(`fuzz as ${_who}: slowest routes: ${slowest.join('; ')}`);
      console.log(`fuzz as ${_who}: ${sent} requests over ${routes.length} routes, ${[...tally].map(([k, v]) => `${v} × ${k}`).join(', ')}`);
      expect(failures).toEqual([]);
      if (signedIn) expect((await t.app.inject({ url: '/api/v2/barong/admin/abilities', headers: su.headers() })).statusCode).toBe(200);
    }, 900_000);
  });
}
