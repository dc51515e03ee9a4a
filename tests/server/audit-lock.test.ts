/**
 * The audit trail records what a write replaced (issue 10, item 6): "before" is read under the same row
 * lock as the write, so concurrent role changes and fund locks each record the value they actually
 * replaced, and every attempt leaves exactly one activity — a refused one too, even when its body could
 * not be stored (an unpaired surrogate used to drop the 'failed' row).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { caller, mkUser, staff } from './users-fixtures.js';

let t: TestApp;
let root: Awaited<ReturnType<typeof staff>>;
let barong: ReturnType<typeof caller>;
let peatio: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await testApp();
  root = await staff(t, 'superadmin');
  barong = caller(t, '/api/v2/barong/admin');
  peatio = caller(t, '/api/v2/peatio/admin');
  await t.db.kysely.insertInto('currencies').values({ code: 'usd', name: 'US Dollar', type: 'fiat', precision: 2 })
    .onConflict((oc) => oc.doNothing()).execute();
});
afterAll(async () => { await t?.close(); });

/** The admin activities about `targetId` since activity `sinceId`, in commit-lock order (ids are taken under the lock). */
const activitiesSince = (sinceId: number, targetId: number) => t.db.kysely.selectFrom('activities').selectAll()
  .where('category', '=', 'admin').where('target_id', '=', targetId).where('id', '>', sinceId).orderBy('id').execute();
const lastId = async () => (await t.db.kysely.selectFrom('activities').select((e) => e.fn.max('id').as('m')).executeTakeFirst())?.m ?? 0;

describe('before → after under the row lock', () => {
  it('16 concurrent role changes each record the role they replaced', async () => {
    const u = await mkUser(t, { role: 'member' });
    const since = await lastId();
    const roles = ['support', 'technical', 'accountant', 'compliance'];
    const answers = await Promise.all(Array.from({ length: 16 }, (_, i) =>
      barong(root, 'POST', '/users/role', { uid: u.uid, role: roles[i % roles.length] })));
    for (const a of answers) expect([200, 422]).toContain(a.statusCode);
    const acts = await activitiesSince(since, u.id);
    expect(acts).toHaveLength(16);
    const done = acts.filter((a) => a.result === 'succeed').map((a) => a.data as { past_role: string; role: string });
    expect(done.length).toBe(answers.filter((a) => a.statusCode === 200).length);
    let current = 'member';
    for (const d of done) {
      expect(d.past_role).toBe(current);
      current = d.role;
    }
    expect((await t.db.kysely.selectFrom('users').select('role').where('id', '=', u.id).executeTakeFirstOrThrow()).role).toBe(current);
  });

  it('fund locks record the balances each one found and left, in sequence and concurrently', async () => {
    const u = await mkUser(t, { role: 'investor' });
    await t.db.kysely.insertInto('accounts').values({ user_id: u.id, currency_id: 'usd', balance: '100', locked: '0' }).execute();
    const since = await lastId();
    const lock = () => peatio(root, 'POST', '/members/lock_funds', { uid: u.uid, type: 'lock', amount: '1', currency: 'usd' });
    for (let i = 0; i < 10; i++) expect((await lock()).statusCode).toBe(201);
    const answers = await Promise.all(Array.from({ length: 10 }, lock));
    for (const a of answers) expect(a.statusCode).toBe(201);
    const acts = await activitiesSince(since, u.id);
    expect(acts.map((a) => a.result)).toEqual(Array(20).fill('succeed'));
    const locked = (side: unknown) => Number((side as { locked: string }[])[0]!.locked);
    acts.forEach((a, i) => {
      const d = a.data as { before: unknown; after: unknown };
      expect([locked(d.before), locked(d.after)]).toEqual([i, i + 1]);
    });
  });
});

describe('one activity per attempt', () => {
  it('a refused body that cannot be stored still leaves its failed activity', async () => {
    const u = await mkUser(t);
    const since = await lastId();
    const res = await t.app.inject({
      method: 'POST', url: '/api/v2/barong/admin/users/comments', headers: { ...root.headers(), 'content-type': 'application/json' },
      payload: `{"uid":"${u.uid}","title":"\\ud800","data":"x"}`,
    });
    expect([res.statusCode, res.json()]).toEqual([400, { errors: ['server.request.invalid_characters'] }]);
    const acts = await t.db.kysely.selectFrom('activities').selectAll().where('id', '>', since).where('user_id', '=', root.id).execute();
    expect(acts.map((a) => [a.topic, a.result])).toEqual([['users', 'failed']]);
  });

  it('a refusal found under the lock is recorded with the values it saw', async () => {
    const u = await mkUser(t, { role: 'support' });
    const since = await lastId();
    const res = await barong(root, 'POST', '/users/role', { uid: u.uid, role: 'support' });
    expect(res.json()).toEqual({ errors: ['admin.user.role_no_change'] });
    const acts = await activitiesSince(since, u.id);
    expect(acts.map((a) => [a.result, a.data])).toEqual([
      ['failed', { uid: u.uid, field: 'role', past_role: 'support', role: 'support', errors: ['admin.user.role_no_change'] }],
    ]);
  });
});
