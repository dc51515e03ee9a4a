/**
 * The user directory's keyset paging in every order (issue 9 item 4): Next-Cursor and Prev-Cursor walk
 * the whole list both ways without losing or repeating a row, ties included (same role, level, state
 * and created_at; e-mails differing only in case); a cursor only works for the order it was made for;
 * `page` beside a cursor is ignored; and `id` finds one row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testApp, type TestApp } from '../helpers/app.js';
import type { SignedIn } from '../helpers/auth.js';
import { caller, staff } from './users-fixtures.js';
import { MAX_CURSOR_LENGTH } from '../../src/server/db/queries/paging.js';

let t: TestApp;
let admin: SignedIn;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await testApp();
  call = caller(t, '/api/v2/barong/admin');
  admin = await staff(t, 'admin', { created_at: '2020-01-01T00:00:00Z' });
  // 23 customers with many ties: 3 roles, 2 levels, 2 states, 4 distinct created_at and updated_at.
  await sql`INSERT INTO users (uid, email, password_digest, role, level, state, created_at, updated_at)
    SELECT 'IDPG' || lpad(g::text, 6, '0'), CASE WHEN g % 5 = 0 THEN 'Case' ELSE 'case' END || g || '@paging.test', 'x',
      (ARRAY['member', 'trader', 'broker'])[g % 3 + 1], g % 2, (ARRAY['active', 'pending'])[g % 2 + 1],
      timestamptz '2026-05-01' + (g % 4) * interval '1 day', timestamptz '2026-06-01' + (g % 4) * interval '1 microsecond'
    FROM generate_series(1, 23) g`.execute(t.db.kysely);
});
afterAll(async () => { await t?.close(); });

const get = async (q: string) => {
  const res = await call(admin, 'GET', `/users?${q}`);
  expect(res.statusCode, res.body).toBe(200);
  return { uids: (res.json() as { uid: string }[]).map((r) => r.uid), next: res.headers['next-cursor'] as string | undefined,
    prev: res.headers['prev-cursor'] as string | undefined, headers: res.headers };
};
const SORTS = ['uid', 'email', 'role', 'level', 'created_at', 'updated_at', 'state'];

describe('keyset pages of the user directory', () => {
  it.each(SORTS.flatMap((by) => [[by, 'asc'], [by, 'desc']]))('order_by=%s ordering=%s: next to the end, prev back to the start', async (by, dir) => {
    const order = `order_by=${by}&ordering=${dir}`;
    const all = (await get(`${order}&limit=100`)).uids;
    expect(all.length).toBeGreaterThan(20);
    const first = await get(`${order}&limit=4`);
    expect(first.prev).toBeUndefined();
    const pages = [first.uids];
    let p = first;
    while (p.next) {
      p = await get(`${order}&limit=4&cursor=${p.next}`);
      expect(p.headers.page).toBeUndefined();
      pages.push(p.uids);
    }
    expect(pages.flat()).toEqual(all);
    // Back from the last page: the same pages, each in display order, ending on the first one.
    const back = [p.uids];
    while (p.prev) {
      p = await get(`${order}&limit=4&cursor=${p.prev}`);
      back.unshift(p.uids);
    }
    expect(back).toEqual(pages);
  });

  it('offset pages past the first carry a Prev-Cursor to the rows before them, and Next-Cursor when more follow', async () => {
    const all = (await get('order_by=email&ordering=asc&limit=100')).uids;
    const second = await get('order_by=email&ordering=asc&limit=4&page=2');
    expect(second.uids).toEqual(all.slice(4, 8));
    expect((await get(`order_by=email&ordering=asc&limit=4&cursor=${second.prev}`)).uids).toEqual(all.slice(0, 4));
    expect((await get(`order_by=email&ordering=asc&limit=4&cursor=${second.next}`)).uids).toEqual(all.slice(8, 12));
    const last = await get(`order_by=email&ordering=asc&limit=100`);
    expect(last.next).toBeUndefined();
  });

  it('ignores page beside a cursor: no page_too_deep, the cursor decides', async () => {
    const first = await get('order_by=role&ordering=desc&limit=3');
    const withPage = await get(`order_by=role&ordering=desc&limit=3&page=9999&cursor=${first.next}`);
    expect(withPage.uids).toEqual((await get(`order_by=role&ordering=desc&limit=3&cursor=${first.next}`)).uids);
    const deep = await call(admin, 'GET', '/users?order_by=role&limit=100&page=9999');
    expect(deep.json().errors).toEqual(['admin.pagination.page_too_deep']);
  });

  it('refuses a cursor made for another order, a tampered or an overlong one: 422 invalid_cursor', async () => {
    const { next } = await get('order_by=email&ordering=asc&limit=3');
    const tampered = Buffer.from(Buffer.from(next!, 'base64url').toString().replace('"n"', '"q"')).toString('base64url');
    const forged = Buffer.from(JSON.stringify(['n', 'level', 'asc', ['x', '2026-01-01T00:00:00.000000Z', 1]])).toString('base64url');
    for (const q of [`order_by=email&ordering=desc&cursor=${next}`, `order_by=uid&ordering=asc&cursor=${next}`, `cursor=${next}`,
      `order_by=email&ordering=asc&cursor=${tampered}`, `order_by=level&ordering=asc&cursor=${forged}`,
      `order_by=email&ordering=asc&cursor=${'A'.repeat(MAX_CURSOR_LENGTH + 1)}`, 'cursor=a,b']) {
      const res = await call(admin, 'GET', `/users?${q}`);
      expect(res.statusCode, q).toBe(422);
      expect(res.json().errors, q).toEqual(['admin.pagination.invalid_cursor']);
    }
    // A NUL is refused before any handler, on every route (plugins/input.ts).
    const nul = await call(admin, 'GET', '/users?cursor=%00');
    expect([nul.statusCode, nul.json().errors]).toEqual([400, ['server.request.invalid_characters']]);
  });

  it('sorts e-mail case-insensitively', async () => {
    const rows = (await call(admin, 'GET', '/users?order_by=email&ordering=asc&limit=100')).json() as { email: string }[];
    const emails = rows.map((r) => r.email.toLowerCase());
    expect(emails).toEqual([...emails].sort());
  });
});

describe('id filter of the directory', () => {
  it('finds the one row by its id (the palette turns a row id into a uid), and refuses a bad id', async () => {
    const row = await t.db.kysely.selectFrom('users').select(['id', 'uid']).where('uid', '=', 'IDPG000007').executeTakeFirstOrThrow();
    const hit = await call(admin, 'GET', `/users?id=${row.id}&limit=1`);
    expect(hit.json().map((u: { uid: string; id: number }) => [u.uid, u.id])).toEqual([[row.uid, row.id]]);
    expect(hit.headers.total).toBe('1');
    expect((await call(admin, 'GET', '/users?id=99999999&limit=1')).json()).toEqual([]);
    for (const bad of ['abc', '0', '-1', '1.5', '1e23', '99999999999999999999', String(2 ** 53)]) {
      const res = await call(admin, 'GET', `/users?id=${bad}`);
      expect(res.statusCode, bad).toBe(422);
      expect(res.json().errors, bad).toEqual(['admin.user.invalid_id']);
    }
  });
});
