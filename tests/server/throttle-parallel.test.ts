/**
 * Issue 10 item 1: attempts are counted before the password is checked, atomically, so parallel
 * attempts — on one node or two sharing the database — never get more checks than the budget.
 * Run on PostgreSQL too: `.ci/with-postgres npx vitest run --project server tests/server/throttle-parallel.test.ts`.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { createUser } from '../helpers/users.js';
import { Throttle, attemptKeys, signInLimits } from '../../src/server/auth/throttle.js';
import { loadConfig } from '../../src/server/config.js';

// A hash gate long enough not to answer 503 here (sign-in-flood.test.ts tests it; testApp lifts PGlite's
// queue bounds the same way): 300 attempts at once are the point, not load.
const ENV = { PASSWORD_HASH_QUEUE: '1000' };
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await testApp({ env: ENV });
  b = await testApp({ env: ENV, db: a.db });
});
afterAll(async () => { await b?.close(); await a?.close(); });

const login = (t: TestApp, identity: string, ip: string) => t.app.inject({
  method: 'POST', url: '/api/v2/barong/identity/sessions/new', remoteAddress: ip,
  payload: { identity, password: 'wrong-password' },
});
const tally = (codes: number[]) => codes.reduce<Record<number, number>>((m, c) => ({ ...m, [c]: (m[c] ?? 0) + 1 }), {});

describe('attempt accounting under parallel attempts', () => {
  it('a budget admits exactly its size to 300 parallel takers', async () => {
    const limits = signInLimits(loadConfig({}));
    const throttle = new Throttle(a.db.kysely, a.clock.now, limits);
    const { pair } = attemptKeys('target@parallel.example', '10.40.0.1');
    const taken = await Promise.all(Array.from({ length: 300 }, () => throttle.take([pair])));
    expect(taken.filter(Boolean)).toHaveLength(limits.pair.max);
  });

  it('200 parallel wrong passwords for one account from 200 addresses: only the account budget is checked', async () => {
    const u = await createUser(a.db);
    const res = await Promise.all(Array.from({ length: 200 }, (_, i) => login(a, u.email, `10.41.${i >> 8}.${i & 255}`)));
    expect(tally(res.map((r) => r.statusCode))).toEqual({ 401: 30, 429: 170 });
  });

  it('300 parallel wrong sign-ins from one address: at most its pair budget is checked, the rest 429', async () => {
    const u = await createUser(a.db);
    const res = await Promise.all(Array.from({ length: 300 }, () => login(a, u.email, '10.42.0.1')));
    const counts = tally(res.map((r) => r.statusCode));
    expect(counts[401] ?? 0).toBeGreaterThan(0);
    expect(counts[401]).toBeLessThanOrEqual(5);
    expect((counts[401] ?? 0) + (counts[429] ?? 0)).toBe(300);
    for (const r of res.filter((x) => x.statusCode === 429)) expect(r.json()).toEqual({ errors: ['identity.session.too_many_attempts'] });
  });

  it('two nodes on one database share the account budget', async () => {
    const u = await createUser(a.db);
    const res = await Promise.all(Array.from({ length: 100 }, (_, i) => login(i % 2 ? a : b, u.email, `10.43.0.${i + 1}`)));
    expect(tally(res.map((r) => r.statusCode))).toEqual({ 401: 30, 429: 70 });
  });
});
