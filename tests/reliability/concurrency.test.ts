/**
 * 50 concurrent identical requests on every staff write route (enumerated from the route table; the
 * valid request of each comes from helpers/writes.ts), on PostgreSQL with the server's pool of 10:
 * - no 5xx and no hang;
 * - a unique write takes effect once (one 2xx, the others refused), a repeatable one every time;
 * - exactly one admin activity per attempt, and one 'succeed' activity per 2xx (it commits with the write);
 * - before → after values chain: each success's "before" is the previous success's "after", and a
 *   refusal that noted the locked row saw the last success's "after".
 * PGlite runs one transaction at a time, so there is nothing to race there: PostgreSQL only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { isDeepStrictEqual } from 'node:util';
import { testApp, type TestApp } from '../helpers/app.js';
import { signInAs, type SignedIn } from '../helpers/auth.js';
import { openTestDb } from '../helpers/db.js';
import { isWrite, NOT_ADMIN_WRITES, routeKey, writeCaseFor } from './helpers/writes.js';

const N = 50;
const onPostgres = inject('dbTemplate').kind === 'postgres';

let t: TestApp;
let su: SignedIn & { id: number };

beforeAll(async () => {
  if (!onPostgres) return;
  t = await testApp({ db: await openTestDb({ poolSize: 10 }) });
  const s = await signInAs(t, 'superadmin');
  su = Object.assign(s.session, { id: s.user.id });
});
afterAll(async () => { await t?.close(); await t?.db.close(); });

type Data = Record<string, unknown>;

/** The (before, after) pairs an activity's data records: `{from, to}` values, past_x / x, before / after. */
function transitions(d: Data): Map<string, [unknown, unknown]> {
  const out = new Map<string, [unknown, unknown]>();
  for (const [k, v] of Object.entries(d)) {
    if (v && typeof v === 'object' && 'from' in v && 'to' in v) out.set(k, [(v as Data).from, (v as Data).to]);
    if (k.startsWith('past_') && k.slice(5) in d) out.set(k.slice(5), [v, d[k.slice(5)]]);
  }
  if ('before' in d && 'after' in d) out.set('balances', [d.before, d.after]);
  return out;
}

/** Breaks of the before → after chain over activities in lock order. */
function chainBreaks(acts: { result: string; data: Data }[]): string[] {
  const breaks: string[] = [];
  const last = new Map<string, unknown>();
  for (const a of acts) {
    for (const [k, [before, after]] of transitions(a.data ?? {})) {
      if (last.has(k) && !isDeepStrictEqual(before, last.get(k))) breaks.push(`${a.result} ${k}: before ${JSON.stringify(before)}, the previous write left ${JSON.stringify(last.get(k))}`);
      if (a.result === 'succeed') last.set(k, after);
    }
  }
  return breaks;
}

describe.skipIf(!onPostgres)(`${N} concurrent identical writes per write route (PostgreSQL)`, () => {
  it('keeps every write route to its effects, one audit row per attempt and right before → after values', async () => {
    const routes = t.app.routeList.filter((r) => isWrite(r.method) && !NOT_ADMIN_WRITES[routeKey(r)]);
    expect(routes.length).toBeGreaterThan(20);
    const problems: string[] = [];
    for (const route of routes) {
      const c = writeCaseFor(route);
      const req = await c.prepare({ t, su });
      const since = Number((await t.db.kysely.selectFrom('activities').select((e) => e.fn.max('id').as('m')).executeTakeFirst())?.m ?? 0);
      const answers = await Promise.all(Array.from({ length: N }, () => t.app.inject({
        method: route.method as 'POST', url: req.url, headers: su.headers(), ...(req.body ? { payload: req.body } : {}),
      })));
      const acts = await t.db.kysely.selectFrom('activities').select(['result', 'data']).where('id', '>', since)
        .where('user_id', '=', su.id).where('category', '=', 'admin').orderBy('id').execute();
      const ok = answers.filter((a) => a.statusCode < 300).length;
      const succeed = acts.filter((a) => a.result === 'succeed').length;
      const key = routeKey(route);
      const fail = (what: string) => problems.push(`${key}: ${what}`);
      const statuses = [...new Set(answers.map((a) => `${a.statusCode} ${a.statusCode >= 400 ? a.json().errors : ''}`))];
      if (answers.some((a) => a.statusCode >= 500)) fail(`5xx among ${statuses.join(' | ')}`);
      if (c.kind === 'unique' && ok !== 1) fail(`a unique write took effect ${ok} times (${statuses.join(' | ')})`);
      if (c.kind === 'repeatable' && ok !== N) fail(`${N - ok} of ${N} repeatable writes refused (${statuses.join(' | ')})`);
      if (acts.length !== N) fail(`${acts.length} activities for ${N} attempts`);
      if (succeed !== ok) fail(`${succeed} succeed activities for ${ok} successful answers`);
      for (const b of chainBreaks(acts as { result: string; data: Data }[])) fail(b);
    }
    expect(problems).toEqual([]);
  });
});
