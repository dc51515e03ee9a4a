import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { createUser, TEST_PASSWORD } from '../helpers/users.js';
import { signIn, type SignedIn } from '../helpers/auth.js';
import { defaultPermissions, ensureDefaultPermissions } from '../../src/server/auth/permissions-seed.js';

const URL_ = '/api/v2/barong/admin/permissions';
let t: TestApp;
let admin: SignedIn;
let adminId: number;

beforeAll(async () => {
  t = await testApp();
  const u = await createUser(t.db, { role: 'admin' });
  adminId = u.id;
  admin = await signIn(t.app, { email: u.email, password: TEST_PASSWORD });
});
afterAll(async () => { await t?.close(); });

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', payload?: object, url = URL_, who: SignedIn = admin) =>
  t.app.inject({ method, url, headers: who.headers(), ...(payload ? { payload } : {}) });

describe('GET /admin/permissions', () => {
  it('pages with Total, Page and Per-Page headers', async () => {
    const res = await call('GET', undefined, `${URL_}?page=2&limit=5`);
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({ total: String(defaultPermissions().length), page: '2', 'per-page': '5' });
    const rows = res.json();
    expect(rows).toHaveLength(5);
    expect(rows[0]).toMatchObject({ id: 6, role: 'superadmin', verb: expect.stringMatching(/^[A-Z]+$/) });
    const desc = (await call('GET', undefined, `${URL_}?ordering=desc&limit=1`)).json();
    expect(desc[0].id).toBe(defaultPermissions().length);
    expect((await call('GET')).headers['per-page']).toBe('100');
  });

  it('filters by role, verb, action and path prefix', async () => {
    const res = await call('GET', undefined, `${URL_}?role=manager&verb=get&action=accept&path=api/v2/peatio`);
    const expected = defaultPermissions().filter((p) => p.role === 'manager' && p.verb === 'get' && p.action === 'accept'
      && p.path.startsWith('api/v2/peatio'));
    expect(expected.length).toBeGreaterThan(0);
    expect(res.json().map((r: { path: string }) => r.path)).toEqual(expected.map((p) => p.path));
    expect(res.headers.total).toBe(String(expected.length));
    // The path filter is a literal prefix: LIKE wildcards in it match nothing.
    expect((await call('GET', undefined, `${URL_}?path=api%25`)).json()).toEqual([]);
  });

  it('rejects bad paging', async () => {
    for (const [q, code] of [['limit=101', 'admin.pagination.invalid_limit'], ['limit=x', 'admin.pagination.non_integer_limit'],
      ['page=0', 'admin.pagination.non_positive_page'], ['ordering=up', 'admin.pagination.invalid_ordering']]) {
      const res = await call('GET', undefined, `${URL_}?${q}`);
      expect(res.statusCode, q).toBe(422);
      expect(res.json().errors).toEqual([code]);
    }
  });
});

describe('writes', () => {
  it('creates a row upper-cased, audited once, and returns it', async () => {
    const res = await call('POST', { role: 'manager', verb: 'get', path: '/api/v2/peatio/admin/faqs', action: 'Accept', topic: 'faq' });
    expect(res.statusCode).toBe(200);
    const row = res.json();
    expect(row).toMatchObject({ role: 'manager', verb: 'GET', path: 'api/v2/peatio/admin/faqs', action: 'ACCEPT', topic: 'faq' });
    const stored = await t.db.kysely.selectFrom('permissions').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(stored.verb).toBe('GET');
    const acts = await t.db.kysely.selectFrom('activities').selectAll().where('user_id', '=', adminId)
      .where('topic', '=', 'permissions').where('action', '=', 'create').execute();
    expect(acts).toHaveLength(1);
    expect(acts[0]).toMatchObject({ category: 'admin', result: 'succeed' });
  });

  it('validates required fields, verb, action and role', async () => {
    const missing = await call('POST', { verb: 'get' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual(expect.arrayContaining([
      'admin.permission.missing_role', 'admin.permission.missing_path', 'admin.permission.missing_action',
    ]));
    const bad = await call('POST', { role: 'admin', verb: 'fetch', path: 'api/v2', action: 'allow' });
    expect(bad.json()).toMatchObject({ errors: ['admin.permissions.invalid_verb', 'admin.permissions.invalid_action'] });
    const role = await call('POST', { role: 'pirate', verb: 'get', path: 'api/v2', action: 'accept' });
    expect(role.statusCode).toBe(422);
    expect(role.json().errors).toEqual(['admin.permission.role_doesnt_exist']);
  });

  it('accepts a spec role with no rows yet, and a custom role once it has one', async () => {
    await t.db.kysely.deleteFrom('permissions').where('role', '=', 'investor').execute();
    expect((await call('POST', { role: 'investor', verb: 'get', path: 'api/v2/peatio/admin', action: 'accept' })).statusCode).toBe(200);
    await t.db.kysely.insertInto('permissions').values({ role: 'auditor', verb: 'GET', path: 'api/v2/x', action: 'ACCEPT', topic: null }).execute();
    expect((await call('POST', { role: 'auditor', verb: 'GET', path: 'api/v2/y', action: 'DROP' })).statusCode).toBe(200);
  });

  it('refuses a row identical to one that exists, on create and on update, and records the refusal', async () => {
    const row = { role: 'manager', verb: 'get', path: 'api/v2/dup', action: 'accept' };
    expect((await call('POST', row)).statusCode).toBe(200);
    // Same row in other spellings: verb and action are stored upper-case, the path without its slash.
    for (const again of [row, { ...row, verb: 'GET', action: 'ACCEPT', path: '/api/v2/dup', topic: '' }]) {
      const res = await call('POST', again);
      expect([res.statusCode, res.json().errors]).toEqual([422, ['admin.permission.already_exists']]);
    }
    const other = (await call('POST', { ...row, path: 'api/v2/dup2' })).json();
    const clash = await call('PUT', { id: other.id, path: 'api/v2/dup' });
    expect([clash.statusCode, clash.json().errors]).toEqual([422, ['admin.permission.already_exists']]);
    const rows = await t.db.kysely.selectFrom('permissions').select('path').where('role', '=', 'manager')
      .where('path', 'in', ['api/v2/dup', 'api/v2/dup2']).execute();
    expect(rows.map((r) => r.path).sort()).toEqual(['api/v2/dup', 'api/v2/dup2']);
    const failed = await t.db.kysely.selectFrom('activities').select('data').where('user_id', '=', adminId)
      .where('topic', '=', 'permissions').where('result', '=', 'failed').execute();
    expect(failed.length).toBeGreaterThanOrEqual(3);
  });

  it('updates with the same validation and 404s an unknown id', async () => {
    const created = (await call('POST', { role: 'manager', verb: 'get', path: 'api/v2/a', action: 'accept' })).json();
    const res = await call('PUT', { id: created.id, verb: 'delete', action: 'drop', topic: 'x' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: created.id, verb: 'DELETE', action: 'DROP', topic: 'x', path: 'api/v2/a' });
    expect((await call('PUT', { id: created.id, verb: 'fetch' })).json().errors).toEqual(['admin.permissions.invalid_verb']);
    expect((await call('PUT', { verb: 'get' })).json().errors).toEqual(['admin.permission.missing_id']);
    const gone = await call('PUT', { id: 999_999, verb: 'get' });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().errors).toEqual(['admin.permission.doesnt_exist']);
  });

  it('deletes by id in the query or the body, 404 after', async () => {
    const a = (await call('POST', { role: 'manager', verb: 'get', path: 'api/v2/b', action: 'accept' })).json();
    const b = (await call('POST', { role: 'manager', verb: 'get', path: 'api/v2/c', action: 'accept' })).json();
    const byQuery = await call('DELETE', undefined, `${URL_}?id=${a.id}`);
    expect(byQuery.statusCode).toBe(200);
    expect(byQuery.json().id).toBe(a.id);
    expect((await call('DELETE', { id: b.id })).statusCode).toBe(200);
    const again = await call('DELETE', undefined, `${URL_}?id=${a.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().errors).toEqual(['admin.permission.doesnt_exist']);
    expect((await call('DELETE', undefined, `${URL_}?id=abc`)).json().errors).toEqual(['admin.permission.invalid_id']);
    expect(await t.db.kysely.selectFrom('permissions').select('id').where('id', 'in', [a.id, b.id]).execute()).toEqual([]);
  });

  it('clears the permission cache: a DROP added through the API refuses the next call', async () => {
    const u = await createUser(t.db, { role: 'technical' });
    const s = await signIn(t.app, { email: u.email, password: TEST_PASSWORD });
    const abilities = () => t.app.inject({ url: '/api/v2/barong/admin/abilities', headers: s.headers() });
    expect((await abilities()).statusCode).toBe(200);
    const drop = (await call('POST', { role: 'technical', verb: 'all', path: 'api/v2/barong/admin/abilities', action: 'drop' })).json();
    expect((await abilities()).statusCode).toBe(401);
    await call('DELETE', { id: drop.id });
    expect((await abilities()).statusCode).toBe(200);
  });
});

describe('who may use it', () => {
  it('refuses roles that lack the Permission ability, and roles whose rows staff narrowed', async () => {
    const u = await createUser(t.db, { role: 'compliance' });
    const s = await signIn(t.app, { email: u.email, password: TEST_PASSWORD });
    // The default rows follow the abilities (issue 28 item 5): no Permission ability, no row to the permissions API.
    const gated = await call('GET', undefined, URL_, s);
    expect(gated.statusCode).toBe(401);
    expect(gated.json().errors).toEqual(['authz.invalid_permission']);
    // An ACCEPT row staff add opens the gateway; the handler's ability check still refuses.
    const open = (await call('POST', { role: 'compliance', verb: 'get', path: 'api/v2/barong/admin/permissions', action: 'accept' })).json();
    const refused = await call('GET', undefined, URL_, s);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().errors).toEqual(['admin.ability.not_permitted']);
    // A DROP row staff add closes the path at the gateway, whatever ACCEPT matches too.
    const drop = (await call('POST', { role: 'compliance', verb: 'all', path: 'api/v2/barong/admin/permissions', action: 'drop' })).json();
    const dropped = await call('GET', undefined, URL_, s);
    expect(dropped.statusCode).toBe(401);
    expect(dropped.json().errors).toEqual(['authz.invalid_permission']);
    await call('DELETE', { id: open.id });
    await call('DELETE', { id: drop.id });
  });
});

describe('ensureDefaultPermissions', () => {
  it('seeds an empty table only', async () => {
    expect(await ensureDefaultPermissions(t.db.kysely)).toBe(0);
    await t.db.kysely.deleteFrom('permissions').execute();
    expect(await ensureDefaultPermissions(t.db.kysely)).toBe(defaultPermissions().length);
    const rows = await t.db.kysely.selectFrom('permissions').select(['verb', 'action']).execute();
    expect(rows.every((r) => r.verb === r.verb.toUpperCase() && r.action === r.action.toUpperCase())).toBe(true);
  });
});
