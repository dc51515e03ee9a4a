import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { createUser } from '../helpers/users.js';
import type { SignedIn } from '../helpers/auth.js';
import { B, codes, epoch, get, minute, staff } from './logs-fixtures.js';

let t: TestApp;
let admin: SignedIn;
const made: { id: number; uid: string; email: string }[] = [];

// Five customers: documents pending (0, 3), replaced (1), verified (2), a public pending label (4).
beforeAll(async () => {
  t = await testApp();
  admin = (await staff(t, 'admin')).session;
  const values = ['pending', 'replaced', 'verified', 'pending', 'pending'];
  for (let i = 0; i < values.length; i++) {
    const u = await createUser(t.db);
    made.push(u);
    await t.db.kysely.updateTable('users').set({ country: i % 2 ? 'FR' : 'DE', created_at: minute(i * 1440) }).where('id', '=', u.id).execute();
    await t.db.kysely.insertInto('labels').values({
      user_id: u.id, key: 'document', value: values[i], scope: i === 4 ? 'public' : 'private', description: null,
      // The label of user 3 was submitted first: the queue is oldest submission first.
      created_at: minute(10), updated_at: minute(i === 3 ? 1 : 10 + i),
    }).execute();
  }
});
afterAll(async () => { await t?.close(); });

const P = `${B}/users/documents/pending`;
const uids = (res: { json(): any }) => res.json().map((u: any) => u.uid);

describe('GET /admin/users/documents/pending', () => {
  it('lists users with a private document label pending or replaced, oldest submission first', async () => {
    const res = await get(t, admin, P);
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({ total: '3', page: '1' });
    expect(uids(res)).toEqual([made[3].uid, made[0].uid, made[1].uid]);
    expect(res.json()[0]).toMatchObject({ id: made[3].id, email: made[3].email, country: 'FR', submitted_at: minute(1).toISOString() });
  });

  it('is not taken for a user uid by /admin/users/:uid', async () => {
    const res = await get(t, admin, P);
    expect(Array.isArray(res.json())).toBe(true);
  });

  it('filters by email, country and account dates, and pages', async () => {
    expect(uids(await get(t, admin, `${P}?email=${encodeURIComponent(made[1].email.toUpperCase())}`))).toEqual([made[1].uid]);
    expect(uids(await get(t, admin, `${P}?country=DE`))).toEqual([made[0].uid]);
    const days = `from=${epoch(minute(1440).toISOString())}&to=${epoch(minute(3 * 1440).toISOString())}`;
    expect(uids(await get(t, admin, `${P}?${days}`))).toEqual([made[3].uid, made[1].uid]);
    expect(uids(await get(t, admin, `${P}?start_date=2026-01-04&end_date=2026-01-04`))).toEqual([made[3].uid]);
    const p2 = await get(t, admin, `${P}?limit=2&page=2`);
    expect(uids(p2)).toEqual([made[1].uid]);
    expect(p2.headers).toMatchObject({ total: '3', page: '2', 'per-page': '2' });
  });

  it('validates and checks the ability', async () => {
    expect(codes(await get(t, admin, `${P}?from=x`))).toEqual(['admin.filter.range_from_invalid']);
    expect(codes(await get(t, admin, `${P}?limit=0`))).toEqual(['admin.pagination.invalid_limit']);
    const investor = (await staff(t, 'investor')).session;
    expect(codes(await get(t, investor, P))).toEqual(['authz.invalid_permission']);
  });

  it('with extended=true sends each user\'s labels, phones and profiles (latest first)', async () => {
    const db = t.db.kysely;
    const u3 = made[3].id;
    await db.insertInto('labels').values({ user_id: u3, key: 'vip', value: 'gold', scope: 'public', description: 'big', created_at: minute(20), updated_at: minute(21) }).execute();
    await db.insertInto('phones').values([
      { user_id: u3, country: 'FR', number: '33123456', validated_at: minute(30), created_at: minute(30), updated_at: minute(30) },
      { user_id: u3, country: 'FR', number: '33999999', validated_at: null, created_at: minute(31), updated_at: minute(31) },
    ]).execute();
    await db.insertInto('profiles').values([
      { user_id: u3, first_name: 'Ann', last_name: 'Old', dob: '1990-01-02', country: 'FR', state: 'rejected', metadata: JSON.stringify({ a: 1 }), created_at: minute(40), updated_at: minute(40) },
      { user_id: u3, first_name: 'Ann', last_name: 'New', country: 'FR', state: 'submitted', created_at: minute(50), updated_at: minute(50) },
    ]).execute();
    const res = await get(t, admin, `${P}?extended=true`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers).toMatchObject({ total: '3', page: '1' });
    const rows = res.json();
    expect(rows.map((r: any) => r.uid)).toEqual([made[3].uid, made[0].uid, made[1].uid]);
    expect(rows[0]).toMatchObject({ email: made[3].email, country: 'FR', submitted_at: minute(1).toISOString(), documents: [] });
    expect(rows[0].labels).toEqual([
      { key: 'document', value: 'pending', scope: 'private', description: null, created_at: minute(10).toISOString(), updated_at: minute(1).toISOString() },
      { key: 'vip', value: 'gold', scope: 'public', description: 'big', created_at: minute(20).toISOString(), updated_at: minute(21).toISOString() },
    ]);
    expect(rows[0].phones).toEqual([
      { country: 'FR', number: '33123456', validated_at: minute(30).toISOString() },
      { country: 'FR', number: '33999999', validated_at: null },
    ]);
    expect(rows[0].profiles.map((p: any) => [p.last_name, p.state, p.dob, p.metadata])).toEqual([
      ['New', 'submitted', null, null], ['Old', 'rejected', '1990-01-02', '{"a":1}'],
    ]);
    expect(rows[0].profiles[0]).toMatchObject({ created_at: minute(50).toISOString(), updated_at: minute(50).toISOString() });
    expect(rows[0].profiles[0]).not.toHaveProperty('user_id');
    // Other users get their own rows only.
    expect(rows[1]).toMatchObject({ phones: [], profiles: [], documents: [] });
    expect(rows[1].labels.map((l: any) => [l.key, l.value])).toEqual([['document', 'pending']]);
    expect(rows[2].labels.map((l: any) => [l.key, l.value])).toEqual([['document', 'replaced']]);
    expect((await get(t, admin, `${P}?extended=false&limit=1`)).json()[0]).not.toHaveProperty('labels');
  });

  it('without extended sends no labels, phones, profiles or documents', async () => {
    for (const row of (await get(t, admin, P)).json()) {
      for (const k of ['labels', 'phones', 'profiles', 'documents', 'user_id']) expect(row).not.toHaveProperty(k);
      // The user's id is on every row, as on the directory's (grids key rows by it).
      expect(row.id).toEqual(expect.any(Number));
    }
  });

  it('refuses a non-boolean extended as Barong does', async () => {
    for (const v of ['maybe', '1', 'TRUE']) {
      const res = await get(t, admin, `${P}?extended=${v}`);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ errors: ['admin.user.non_boolean_extended'], fields: { extended: ['admin.user.non_boolean_extended'] } });
    }
  });

  it('pages by cursor through both values in queue order, either way, past the offset bound', async () => {
    const seen: string[] = [];
    let res = await get(t, admin, `${P}?limit=1`);
    seen.push(...uids(res));
    // A cursor page ignores the page number the console still sends, however deep (the queue's tail is past 10,000 rows).
    while (res.headers['next-cursor']) {
      res = await get(t, admin, `${P}?limit=1&page=20000&cursor=${res.headers['next-cursor']}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers.page).toBeUndefined();
      seen.push(...uids(res));
    }
    expect(seen).toEqual([made[3].uid, made[0].uid, made[1].uid]);
    const back = await get(t, admin, `${P}?limit=2&cursor=${res.headers['prev-cursor']}`);
    expect(uids(back)).toEqual([made[3].uid, made[0].uid]);
    expect(back.headers['prev-cursor']).toBeUndefined();
    // Newest first, with a filter: the cursor keeps both.
    const desc = await get(t, admin, `${P}?limit=1&ordering=desc&country=FR`);
    expect(uids(desc)).toEqual([made[1].uid]);
    const next = await get(t, admin, `${P}?limit=1&ordering=desc&country=FR&cursor=${desc.headers['next-cursor']}`);
    expect(uids(next)).toEqual([made[3].uid]);
    expect(next.headers['next-cursor']).toBeUndefined();
  });

  it('refuses a cursor it did not make, or made for the other ordering, and deep offsets', async () => {
    const first = await get(t, admin, `${P}?limit=1`);
    expect(codes(await get(t, admin, `${P}?cursor=anything`))).toEqual(['admin.pagination.invalid_cursor']);
    expect(codes(await get(t, admin, `${P}?ordering=desc&cursor=${first.headers['next-cursor']}`))).toEqual(['admin.pagination.invalid_cursor']);
    expect(codes(await get(t, admin, `${P}?limit=100&page=102`))).toEqual(['admin.pagination.page_too_deep']);
  });
});
