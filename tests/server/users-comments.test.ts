/**
 * A user's comments and profiles are bounded on the detail and in every comment write's answer, older
 * comments come a page at a time, and only a role that may update the user's comments writes them
 * (issue 10 item 12).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompiledQuery, sql } from 'kysely';
import { testApp, type TestApp } from '../helpers/app.js';
import { commentsPageQuery } from '../../src/server/db/queries/users-records.js';
import { caller, mkUser, staff } from './users-fixtures.js';

let t: TestApp;
let call: ReturnType<typeof caller>;
let admin: Awaited<ReturnType<typeof staff>>;

beforeAll(async () => {
  t = await testApp();
  call = caller(t, '/api/v2/barong/admin');
  admin = await staff(t, 'admin');
});
afterAll(async () => { await t?.close(); });

/** `n` comments on the user, one a minute from 2026-01-01; the last two share a microsecond, so the id breaks the tie. */
async function comments(userId: number, n: number): Promise<number[]> {
  const at = (i: number) => (i >= n - 2 ? '2026-02-01T00:00:00.123456Z' : new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString());
  const rows = await t.db.kysely.insertInto('comments')
    .values(Array.from({ length: n }, (_, i) => ({ user_id: userId, author_uid: admin.uid, title: `c${i}`, data: 'x'.repeat(400), created_at: at(i) })))
    .returning('id').execute();
  return rows.map((r) => r.id);
}
const titles = (list: { title: string }[]) => list.map((c) => c.title);
/** c{from}, c{from-1}, … c{to}: newest first. */
const newest = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => `c${from - i}`);

describe('user detail', () => {
  it('carries the newest 20 comments and 10 profiles with their totals, not all of them', async () => {
    const u = await mkUser(t);
    await comments(u.id, 813);
    await t.db.kysely.insertInto('profiles').values(Array.from({ length: 12 }, (_, i) => ({
      user_id: u.id, first_name: `F${i}`, last_name: 'L', state: 'rejected', created_at: new Date(Date.UTC(2026, 0, i + 1)).toISOString(),
    }))).execute();
    const res = await call(admin, 'GET', `/users/${u.uid}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // c812 and c811 share a created_at: the larger id (c812) is newer.
    expect(titles(body.comments)).toEqual(newest(812, 793));
    expect(body.comments_total).toBe(813);
    expect(body.profiles.map((p: { first_name: string }) => p.first_name)).toEqual(['F11', 'F10', 'F9', 'F8', 'F7', 'F6', 'F5', 'F4', 'F3', 'F2']);
    expect(body.profiles_total).toBe(12);
    expect(body.full_name).toBe('F11 L');
    expect(res.body.length).toBeLessThan(20_000);
  });
});

describe('GET /admin/users/{uid}/comments', () => {
  let u: Awaited<ReturnType<typeof mkUser>>;
  let ids: number[];
  beforeAll(async () => {
    u = await mkUser(t);
    ids = await comments(u.id, 45);
  });
  const list = (q: string) => call(admin, 'GET', `/users/${u.uid}/comments${q}`);

  it('pages newest first by offset, with Barong headers', async () => {
    const first = await list('');
    expect(titles(first.json())).toEqual(newest(44, 25));
    expect(first.headers).toMatchObject({ total: '45', page: '1', 'per-page': '20' });
    expect(first.json()[0]).toEqual({
      id: ids[44], author_uid: admin.uid, title: 'c44', data: 'x'.repeat(400),
      created_at: '2026-02-01T00:00:00.123Z', updated_at: expect.any(String),
    });
    expect(titles((await list('?page=3&limit=20')).json())).toEqual(newest(4, 0));
  });

  it('pages on after the last comment shown (before_id), without a page number', async () => {
    const next = await list(`?before_id=${ids[25]}&limit=20`);
    expect(titles(next.json())).toEqual(newest(24, 5));
    expect(next.headers.total).toBe('45');
    expect(next.headers.page).toBeUndefined();
    // The tie at the top: after c44 (same microsecond as c43, larger id) comes c43, not c42.
    expect(titles((await list(`?before_id=${ids[44]}&limit=1`)).json())).toEqual(['c43']);
    expect((await list(`?before_id=${ids[0]}`)).json()).toEqual([]);
  });

  it('refuses a comment of another user or a deleted one as the anchor, and bad paging', async () => {
    const other = await mkUser(t);
    const [foreign] = await comments(other.id, 1);
    const gone = (await t.db.kysely.insertInto('comments').values({ user_id: u.id, author_uid: admin.uid, title: 'gone', data: 'd' })
      .returning('id').executeTakeFirstOrThrow()).id;
    await t.db.kysely.deleteFrom('comments').where('id', '=', gone).execute();
    for (const anchor of [foreign, gone]) {
      const res = await list(`?before_id=${anchor}`);
      expect([res.statusCode, res.json().errors]).toEqual([404, ['admin.comment.doesnt_exist']]);
    }
    for (const [q, code] of [
      ['?limit=0', 'admin.pagination.invalid_limit'], ['?limit=101', 'admin.pagination.invalid_limit'],
      ['?limit=x', 'admin.pagination.non_integer_limit'], ['?page=0', 'admin.pagination.non_positive_page'],
      ['?page=1e3', 'admin.pagination.non_integer_page'], ['?page=600&limit=20', 'admin.pagination.page_too_deep'],
      ['?before_id=99999999999999999999', 'admin.pagination.invalid_before_id'], ['?before_id=-1', 'admin.pagination.invalid_before_id'],
    ]) {
      const r = await list(q!);
      expect([r.statusCode, r.json().errors], q).toEqual([422, [code]]);
    }
    // Shapes a query string can take besides one plain value: refused with a code, never a 5xx.
    for (const q of ['?limit=1&limit=2', '?before_id=1&before_id=2', '?before_id=%00', '?page=99999999999999999999', '?before_id=1e23']) {
      const r = await list(q);
      expect([r.statusCode >= 400 && r.statusCode < 500, r.json().errors?.length > 0], q).toEqual([true, true]);
    }
    expect((await call(admin, 'GET', '/users/ID0000000000/comments')).json().errors).toEqual(['admin.user.doesnt_exist']);
  });

  it('reads a page from the (user_id, created_at, id) index, without sorting', async () => {
    const plan = async (q: { compile(): CompiledQuery }) => {
      const c = q.compile();
      return t.db.kysely.transaction().execute(async (trx) => {
        // A few dozen rows are cheaper to sort than to walk: make a sort the planner's last resort, so the
        // plan shows whether the index can deliver the page's order at all.
        await sql`SET LOCAL enable_seqscan = off`.execute(trx);
        await sql`SET LOCAL enable_sort = off`.execute(trx);
        const r = await trx.executeQuery<Record<string, string>>(CompiledQuery.raw(`EXPLAIN ${c.sql}`, [...c.parameters]));
        return r.rows.map((row) => Object.values(row)[0]).join('\n');
      });
    };
    for (const p of [{ limit: 20, page: 1 }, { limit: 20, page: 1, beforeId: ids[30] }]) {
      const text = await plan(commentsPageQuery(t.db.kysely, u.id, p));
      expect(text).toContain('comments_user_newest_idx');
      expect(text).not.toMatch(/\bSort\b/);
    }
  });
});

describe('comment writes', () => {
  it('answer the user with the newest page of comments and the total, not every comment', async () => {
    const u = await mkUser(t);
    await comments(u.id, 60);
    const created = await call(admin, 'POST', '/users/comments', { uid: u.uid, title: 'new', data: 'fresh' });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body.comments).toHaveLength(20);
    expect(body.comments[0]).toMatchObject({ title: 'new', data: 'fresh', author_uid: admin.uid });
    expect(body.comments_total).toBe(61);
    const edited = await call(admin, 'PUT', '/users/comments', { id: body.comments[0].id, data: 'edited' });
    expect(edited.json()).toMatchObject({ comments_total: 61, comments: expect.arrayContaining([expect.objectContaining({ data: 'edited' })]) });
    const deleted = await call(admin, 'DELETE', `/users/comments?id=${body.comments[0].id}`);
    expect(deleted.json().comments).toHaveLength(20);
    expect(deleted.json().comments_total).toBe(60);
  });
});

describe('who may write comments: update User on its `comments` attribute', () => {
  let target: Awaited<ReturnType<typeof mkUser>>;
  let commentId: number;
  beforeAll(async () => {
    // The default rows refuse the three at the gateway (their rows follow the routes' fixed attribute,
    // issue 28 item 5, with a DROP where an accepted prefix covers the comments); open the paths so the
    // ability check, not the permission rows, is what refuses them.
    const roles = ['compliance', 'support', 'technical'];
    await t.db.kysely.deleteFrom('permissions').where('role', 'in', roles).where('action', '=', 'DROP')
      .where('path', '=', 'api/v2/barong/admin/users/comments').execute();
    await t.db.kysely.insertInto('permissions').values(roles.map((role) =>
      ({ role, verb: 'ALL', path: 'api/v2/barong/admin/users/comments', action: 'ACCEPT', topic: null }))).execute();
    target = await mkUser(t);
    [commentId] = await comments(target.id, 1) as [number];
  });
  const commentRows = () => t.db.kysely.selectFrom('comments').select(['id', 'title', 'data']).where('user_id', '=', target.id).orderBy('id').execute();

  it.each(['compliance', 'support', 'technical'])('refuses %s (its User update, if any, is limited to other fields)', async (role) => {
    const who = await staff(t, role);
    const before = await commentRows();
    for (const [method, path, body] of [
      ['POST', '/users/comments', { uid: target.uid, title: 't', data: 'd' }],
      ['PUT', '/users/comments', { id: commentId, title: 'changed' }],
      ['DELETE', `/users/comments?id=${commentId}`, undefined],
    ] as const) {
      const res = await call(who, method, path, body);
      expect([res.statusCode, res.json().errors], `${role} ${method}`).toEqual([401, ['admin.ability.not_permitted']]);
    }
    expect(await commentRows()).toEqual(before);
    const denied = await t.db.kysely.selectFrom('activities').select('data').where('user_id', '=', who.id).where('result', '=', 'denied')
      .orderBy('id').execute();
    expect(denied.map((a) => (a.data as { ability: unknown }).ability))
      .toEqual(Array(3).fill({ action: 'update', subject: 'User', fields: ['comments'] }));
    // Reading them is `read User`, which all three hold.
    expect((await call(who, 'GET', `/users/${target.uid}/comments`)).statusCode).toBe(200);
  });

  it.each(['admin', 'superadmin'])('lets %s (update on the whole User) create, edit and delete', async (role) => {
    const who = role === 'admin' ? admin : await staff(t, role);
    const created = await call(who, 'POST', '/users/comments', { uid: target.uid, title: role, data: 'd' });
    expect(created.statusCode).toBe(201);
    const id = created.json().comments.find((c: { title: string }) => c.title === role).id;
    expect((await call(who, 'PUT', '/users/comments', { id, data: 'e' })).statusCode).toBe(200);
    expect((await call(who, 'DELETE', `/users/comments?id=${id}`)).statusCode).toBe(200);
  });
});
