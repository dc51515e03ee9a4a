import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testApp, type TestApp } from '../helpers/app.js';
import { createUser } from '../helpers/users.js';
import type { SignedIn } from '../helpers/auth.js';
import { insertActivity } from '../../src/server/db/queries/activities.js';
import { B, codes, epoch, get, minute, staff } from './logs-fixtures.js';

let t: TestApp;
let admin: SignedIn;
let broker: SignedIn;
let adminUid: string;
let a: { id: number; uid: string; email: string };
let b: { id: number; uid: string; email: string };

// userA: 30 activities, one a minute from 2026-01-01, cycling through three topics; every 7th failed.
const TOPICS = ['session', 'account', 'labels'];
const topicOf = (i: number) => TOPICS[i % 3];

beforeAll(async () => {
  t = await testApp();
  const s = await staff(t, 'admin');
  admin = s.session; adminUid = s.user.uid;
  broker = (await staff(t, 'broker')).session;
  a = await createUser(t.db, { email: 'Alice.Logs@test.example' });
  b = await createUser(t.db);
  for (let i = 0; i < 30; i++) {
    await insertActivity(t.db.kysely, {
      category: 'user', userId: a.id, topic: topicOf(i), action: i % 2 ? 'login' : 'signup',
      result: i % 7 === 0 ? 'failed' : 'succeed', data: { i }, userIp: '10.0.0.1', createdAt: minute(i),
    });
  }
  // Two rows in the same instant: the id breaks the tie, in the same order on every page.
  for (let i = 0; i < 2; i++) {
    await insertActivity(t.db.kysely, { category: 'user', userId: b.id, topic: 'session', action: 'login', result: 'succeed', createdAt: minute(100) });
  }
  for (let i = 0; i < 12; i++) {
    await insertActivity(t.db.kysely, {
      category: 'admin', userId: s.user.id, targetId: i % 3 ? a.id : b.id, topic: i % 2 ? 'users' : 'labels',
      action: ['create', 'update', 'read'][i % 3], result: 'succeed', data: { n: i }, createdAt: minute(200 + i),
    });
  }
});
afterAll(async () => { await t?.close(); });

const listA = (q = '') => get(t, admin, `${B}/activities?uid=${a.uid}${q}`);

describe('GET /admin/activities (user activities)', () => {
  it('lists one user newest first as ActivityWithUser, with Total, Page and Per-Page', async () => {
    const res = await listA();
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({ total: '30', page: '1', 'per-page': '100' });
    expect(res.headers['total-estimated']).toBeUndefined();
    const rows = res.json();
    expect(rows).toHaveLength(30);
    expect(rows.map((r: any) => JSON.parse(r.data).i)).toEqual([...Array(30).keys()].reverse());
    expect(rows[0]).toMatchObject({
      topic: topicOf(29), action: 'login', result: 'succeed', user_ip: '10.0.0.1', created_at: minute(29).toISOString(),
      user: { uid: a.uid, email: a.email, role: 'member', level: 3, otp: false, state: 'active' },
    });
    expect(rows[0]).not.toHaveProperty('admin');
  });

  it('filters by the actor email case-insensitively, and an unknown actor is an empty page', async () => {
    const byEmail = await get(t, admin, `${B}/activities?email=${encodeURIComponent('alice.logs@TEST.example')}&limit=5`);
    expect(byEmail.headers.total).toBe('30');
    expect(byEmail.json().every((r: any) => r.user.uid === a.uid)).toBe(true);
    const none = await get(t, admin, `${B}/activities?email=nobody@test.example`);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual([]);
    expect(none.headers.total).toBe('0');
    expect((await get(t, admin, `${B}/activities?uid=${a.uid}&email=${encodeURIComponent(b.email)}`)).json()).toEqual([]);
  });

  it('filters by date range as epoch seconds, ISO-8601 and the console start_date/end_date', async () => {
    const epochRes = await listA(`&from=${epoch(minute(10).toISOString())}&to=${epoch(minute(19).toISOString())}`);
    expect(epochRes.headers.total).toBe('10');
    const isoRes = await listA(`&from=${minute(10).toISOString()}&to=${minute(19).toISOString()}`);
    expect(isoRes.json()).toEqual(epochRes.json());
    // A bare end date covers its whole day.
    expect((await listA('&start_date=2026-01-01&end_date=2026-01-01')).headers.total).toBe('30');
    expect((await listA('&start_date=2026-01-02')).headers.total).toBe('0');
  });

  it('filters by topic, action, result and activity type', async () => {
    const topic = (await listA('&topic=labels')).json();
    expect(topic).toHaveLength(10);
    expect(topic.every((r: any) => r.topic === 'labels')).toBe(true);
    expect((await listA('&action=signup')).headers.total).toBe('15');
    const failed = (await listA('&result=failed')).json();
    expect(failed.map((r: any) => JSON.parse(r.data).i)).toEqual([28, 21, 14, 7, 0]);
    expect((await listA('&type=kyc')).json().every((r: any) => r.topic === 'labels')).toBe(true);
    expect((await listA('&type=user-status')).json().every((r: any) => r.topic === 'account')).toBe(true);
    const general = (await listA('&type=general')).json();
    expect(general).toHaveLength(10);
    expect(general.every((r: any) => r.topic === 'session')).toBe(true);
  });

  it('serves the spec spelling /admin/activities/user as the same list', async () => {
    const alias = await get(t, admin, `${B}/activities/user?uid=${a.uid}&limit=7`);
    expect(alias.statusCode).toBe(200);
    expect(alias.json()).toEqual((await listA('&limit=7')).json());
  });

  it('gives keyset pages (cursor and before_id) identical to offset pages', async () => {
    const page1 = await listA('&limit=10');
    const page2 = await listA('&limit=10&page=2');
    const cursor = page1.headers['next-cursor'] as string;
    expect(cursor).toBeTruthy();
    const byCursor = await listA(`&limit=10&cursor=${cursor}`);
    expect(byCursor.json()).toEqual(page2.json());
    expect(byCursor.headers.page).toBeUndefined();
    expect(byCursor.headers.total).toBe('30');
    const lastId = page1.json()[9].id;
    expect((await listA(`&limit=10&before_id=${lastId}`)).json()).toEqual(page2.json());
    // Walking the cursor visits every row once and ends without a next cursor.
    const seen: number[] = [];
    let next: string | undefined = undefined;
    for (let i = 0; i < 5; i++) {
      const res = await listA(`&limit=7${next ? `&cursor=${next}` : ''}`);
      seen.push(...res.json().map((r: any) => r.id));
      next = res.headers['next-cursor'] as string | undefined;
      if (!next) break;
    }
    expect(next).toBeUndefined();
    expect(new Set(seen).size).toBe(30);
    // Ascending order walks forward from the anchor.
    const asc = (await listA(`&ordering=asc&limit=3&before_id=${lastId}`)).json();
    expect(asc.map((r: any) => r.id)).toEqual(page1.json().slice(6, 9).reverse().map((r: any) => r.id));
  });

  it('breaks created_at ties by id consistently across pages', async () => {
    const both = (await get(t, admin, `${B}/activities?uid=${b.uid}`)).json();
    expect(both).toHaveLength(2);
    const first = await get(t, admin, `${B}/activities?uid=${b.uid}&limit=1`);
    const second = await get(t, admin, `${B}/activities?uid=${b.uid}&limit=1&cursor=${first.headers['next-cursor']}`);
    expect([first.json()[0].id, second.json()[0].id]).toEqual(both.map((r: any) => r.id));
    expect(both[0].id).toBeGreaterThan(both[1].id);
  });

  it('refuses bad input with codes, never a 5xx', async () => {
    const cases: [string, string][] = [
      ['from=abc', 'admin.filter.range_from_invalid'],
      ['to=yesterday', 'admin.filter.range_to_invalid'],
      ['type=security', 'admin.activity.invalid_type'],
      ['result=maybe', 'admin.activity.invalid_result'],
      ['limit=0', 'admin.pagination.invalid_limit'],
      ['limit=101', 'admin.pagination.invalid_limit'],
      ['limit=ten', 'admin.pagination.non_integer_limit'],
      ['page=0', 'admin.pagination.non_positive_page'],
      ['ordering=up', 'admin.pagination.invalid_ordering'],
      ['order_by=password_digest', 'admin.pagination.invalid_order_by'],
      ['cursor=not-a-cursor', 'admin.pagination.invalid_cursor'],
      ['before_id=-3', 'admin.pagination.invalid_before_id'],
      ['page=1002&limit=10', 'admin.pagination.page_too_deep'],
      [`from=${epoch('2026-02-01T00:00:00Z')}&to=${epoch('2026-01-01T00:00:00Z')}`, 'admin.activity.invalid_range'],
      // A repeated parameter arrives as an array.
      ['email=a@x.example&email=b@x.example', 'admin.activity.invalid_email'],
    ];
    for (const [q, code] of cases) {
      const res = await get(t, admin, `${B}/activities?${q}`);
      expect(res.statusCode, q).toBe(422);
      expect(codes(res), q).toEqual([code]);
    }
  });

  it('needs read Activity: a broker is refused at the gateway (401 authz.invalid_permission)', async () => {
    for (const path of ['activities', 'activities/user']) {
      const res = await get(t, broker, `${B}/${path}`);
      expect(res.statusCode, path).toBe(401);
      expect(res.json()).toEqual({ errors: ['authz.invalid_permission'] });
    }
    // Admin activities too: the broker's abilities do not hold AdminActivity.
    expect(codes(await get(t, broker, `${B}/activities/admin`))).toEqual(['authz.invalid_permission']);
  });
});

describe('GET /admin/activities/admin', () => {
  it('lists AdminActivity rows with admin and target, filtered by target uid or email and action', async () => {
    const res = await get(t, admin, `${B}/activities/admin?uid=${adminUid}&target_uid=${a.uid}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers.total).toBe('8');
    const rows = res.json();
    expect(rows[0]).toMatchObject({ admin: { uid: adminUid, role: 'admin' }, target: { uid: a.uid, email: a.email } });
    expect(rows[0]).not.toHaveProperty('user');
    const byEmail = await get(t, admin, `${B}/activities/admin?target_email=${encodeURIComponent(b.email)}`);
    expect(byEmail.json().map((r: any) => JSON.parse(r.data).n)).toEqual([9, 6, 3, 0]);
    const reads = (await get(t, admin, `${B}/activities/admin?uid=${adminUid}&action=read&topic=users`)).json();
    expect(reads.map((r: any) => JSON.parse(r.data).n)).toEqual([11, 5]);
    expect(codes(await get(t, admin, `${B}/activities/admin?action=login`))).toEqual(['admin.activity.invalid_action']);
    expect((await get(t, admin, `${B}/activities/admin?uid=${adminUid}&type=kyc`)).headers.total).toBe('6');
  });
});

describe('who reads admin activities', () => {
  it('compliance and support do (they review staff actions); accountant does not: its rows follow its abilities (issue 28 item 5)', async () => {
    for (const role of ['compliance', 'support']) {
      const who = (await staff(t, role)).session;
      expect((await get(t, who, `${B}/activities/admin?limit=1`)).statusCode).toBe(200);
    }
    const accountant = (await staff(t, 'accountant')).session;
    const refused = await get(t, accountant, `${B}/activities/admin?limit=1`);
    expect(refused.statusCode).toBe(401);
    expect(codes(refused)).toEqual(['authz.invalid_permission']);
    // …while its abilities agree, so the console never offers the screen to it.
    const ab = (await get(t, accountant, `${B}/abilities`)).json();
    expect(JSON.stringify(ab)).not.toContain('AdminActivity');
  });
});

describe('capped totals', () => {
  it('counts exactly up to 10 000 rows and estimates past it, flagged Total-Estimated', async () => {
    const big = await createUser(t.db);
    await sql`INSERT INTO activities (category, user_id, topic, action, result, created_at)
      SELECT 'user', ${big.id}, 'session', 'login', 'succeed', timestamptz '2025-06-01' + g * interval '1 second'
      FROM generate_series(1, 10050) g`.execute(t.db.kysely);
    await sql`ANALYZE activities`.execute(t.db.kysely);
    const all = await get(t, admin, `${B}/activities?uid=${big.uid}&limit=10`);
    expect(all.statusCode).toBe(200);
    expect(all.headers['total-estimated']).toBe('true');
    expect(Number(all.headers.total)).toBeGreaterThan(10_000);
    expect(all.json()).toHaveLength(10);
    const someOf = await get(t, admin, `${B}/activities?uid=${big.uid}&to=${epoch('2025-06-01T01:00:00Z')}`);
    expect(someOf.headers).toMatchObject({ total: '3600' });
    expect(someOf.headers['total-estimated']).toBeUndefined();
  });
});
