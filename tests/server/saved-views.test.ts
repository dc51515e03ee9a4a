/**
 * Saved views (issue 17 item 2): kept per staff member, checked against the list's declaration on save,
 * shared with a role, trimmed to the viewer's abilities, written only by the owner, every write audited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { caller, lastActivity, staff } from './users-fixtures.js';
import type { SavedView } from '../../src/shared/saved-views.js';

let t: TestApp;
let call: ReturnType<typeof caller>;
type Staff = Awaited<ReturnType<typeof staff>>;
let compliance: Staff, compliance2: Staff, support: Staff, accountant: Staff;

beforeAll(async () => {
  t = await testApp();
  call = caller(t, '/api/v2/barong/admin');
  [compliance, compliance2, support, accountant] = [
    await staff(t, 'compliance'), await staff(t, 'compliance'), await staff(t, 'support'), await staff(t, 'accountant'),
  ];
}, 60_000);
afterAll(async () => { await t?.close(); });

const BANNED_US = { filters: { state: 'banned', country: 'US' }, order_by: 'email', ordering: 'asc', limit: 50 };
const count = async () => Number((await t.db.kysely.selectFrom('saved_views').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
const views = async (who: Staff) => {
  const res = await call(who, 'GET', '/views');
  expect(res.statusCode).toBe(200);
  return res.json() as SavedView[];
};
const save = (who: Staff, body: Record<string, unknown>) => call(who, 'POST', '/views', body);

describe('POST /admin/views', () => {
  it('saves the list query under a name, for its owner only', async () => {
    const res = await save(compliance, { name: '  Banned in the US ', list: 'users', query: BANNED_US });
    expect(res.statusCode).toBe(201);
    const v = res.json() as SavedView;
    expect(v).toMatchObject({ name: 'Banned in the US', list: 'users', query: BANNED_US, owner_uid: compliance.uid, role: null, mine: true });
    expect((await views(compliance)).map((x) => x.name)).toContain('Banned in the US');
    expect((await views(compliance2)).map((x) => x.id)).not.toContain(v.id);
    expect((await views(support)).map((x) => x.id)).not.toContain(v.id);
    expect(await lastActivity(t, 'views')).toMatchObject({ action: 'create', result: 'succeed', user_id: compliance.id });
  });

  it.each([
    ['missing name', { name: ' ', list: 'users', query: {} }, 'admin.view.missing_name'],
    ['long name', { name: 'x'.repeat(61), list: 'users', query: {} }, 'admin.view.name_too_long'],
    ['unknown list', { name: 'a', list: 'nope', query: {} }, 'admin.view.invalid_list'],
    ['a list the caller may not read', { name: 'a', list: 'adjustments', query: {} }, 'admin.view.invalid_list'],
    ['no query', { name: 'a', list: 'users', query: 'state=banned' }, 'admin.view.invalid_query'],
    ['a key the query has not', { name: 'a', list: 'users', query: { state: 'banned' } }, 'admin.view.invalid_query'],
    ['undeclared filter', { name: 'a', list: 'users', query: { filters: { password: 'x' } } }, 'admin.view.invalid_filter'],
    ['value outside the enum', { name: 'a', list: 'users', query: { filters: { state: 'sleeping' } } }, 'admin.view.invalid_filter_value'],
    ['object as a value', { name: 'a', list: 'users', query: { filters: { state: { $ne: 1 } } } }, 'admin.view.invalid_filter_value'],
    ['a day that is not one', { name: 'a', list: 'users', query: { filters: { from: 'yesterday' } } }, 'admin.view.invalid_filter_value'],
    ['unsortable column', { name: 'a', list: 'users', query: { order_by: 'phone_number' } }, 'admin.view.invalid_order_by'],
    ['bad ordering', { name: 'a', list: 'users', query: { ordering: 'up' } }, 'admin.view.invalid_ordering'],
    ['page size off the dropdown', { name: 'a', list: 'users', query: { limit: 7 } }, 'admin.view.invalid_limit'],
    ['undeclared column', { name: 'a', list: 'users', query: { columns: ['email', 'password'] } }, 'admin.view.invalid_columns'],
    ['a column twice', { name: 'a', list: 'users', query: { columns: ['email', 'email'] } }, 'admin.view.invalid_columns'],
  ])('refuses %s with its code, writing nothing', async (_, body, code) => {
    const before = await count();
    const res = await save(compliance, body);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([code]);
    expect(await count()).toBe(before);
  });

  it('refuses a name the owner already uses (any case), not one another staff member uses', async () => {
    expect((await save(compliance, { name: 'Dupe', list: 'users', query: {} })).statusCode).toBe(201);
    const again = await save(compliance, { name: 'dUPE', list: 'users', query: {} });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual(['admin.view.name_taken']);
    expect((await save(compliance2, { name: 'Dupe', list: 'users', query: {} })).statusCode).toBe(201);
  });

  it('keeps one of two identical saves at once', async () => {
    const body = { name: 'Twice at once', list: 'users', query: {} };
    const codes = (await Promise.all([save(compliance, body), save(compliance, body)])).map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 422]);
    expect((await views(compliance)).filter((v) => v.name === 'Twice at once')).toHaveLength(1);
  });

  it('is refused to a customer (no admin call at all)', async () => {
    const member = await staff(t, 'member');
    expect((await save(member, { name: 'm', list: 'users', query: {} })).statusCode).toBe(401);
  });
});

describe('sharing, renaming, deleting', () => {
  let id: number;
  beforeAll(async () => {
    id = (await save(compliance, { name: 'To share', list: 'users', query: BANNED_US })).json().id;
  });

  it('shares with a role: its members see it, not its owner\'s other role mates beyond it, and may not change it', async () => {
    const res = await call(compliance, 'PUT', '/views', { id, role: 'support' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ role: 'support', mine: true });
    expect(await lastActivity(t, 'views')).toMatchObject({ action: 'share', result: 'succeed' });
    const seen = (await views(support)).find((v) => v.id === id);
    expect(seen).toMatchObject({ name: 'To share', query: BANNED_US, mine: false, owner_uid: compliance.uid });
    expect((await views(accountant)).map((v) => v.id)).not.toContain(id);
    for (const [method, body] of [['PUT', { id, name: 'Mine now' }], ['PUT', { id, role: null }], ['DELETE', { id }]] as const) {
      const r = await call(support, method, '/views', body);
      expect(r.statusCode, method).toBe(403);
      expect(r.json().errors).toEqual(['admin.view.not_owner']);
    }
    // Someone who cannot see it learns nothing about it.
    const hidden = await call(accountant, 'DELETE', '/views', { id });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().errors).toEqual(['admin.view.doesnt_exist']);
    expect((await views(compliance)).find((v) => v.id === id)?.name).toBe('To share');
  });

  it('refuses a role that is not a staff role, and an empty change', async () => {
    for (const role of ['member', 'nobody', 7]) {
      const r = await call(compliance, 'PUT', '/views', { id, role });
      expect(r.statusCode).toBe(422);
      expect(r.json().errors).toEqual(['admin.view.invalid_role']);
    }
    expect((await call(compliance, 'PUT', '/views', { id })).json().errors).toEqual(['admin.view.nothing_to_change']);
    expect((await call(compliance, 'PUT', '/views', { id: 'x', name: 'a' })).json().errors).toEqual(['admin.view.invalid_id']);
  });

  it('renames (audited with the name before), refusing a name the owner uses', async () => {
    expect((await save(compliance, { name: 'Taken', list: 'users', query: {} })).statusCode).toBe(201);
    const clash = await call(compliance, 'PUT', '/views', { id, name: 'taken' });
    expect(clash.json().errors).toEqual(['admin.view.name_taken']);
    const res = await call(compliance, 'PUT', '/views', { id, name: 'Renamed' });
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe('Renamed');
    const a = await lastActivity(t, 'views');
    expect(a).toMatchObject({ action: 'rename', result: 'succeed' });
    expect(a!.data).toMatchObject({ id, name: 'Renamed', before: { name: 'To share', role: 'support' } });
  });

  it('unshares and deletes (audited); a deleted view is gone for everyone', async () => {
    expect((await call(compliance, 'PUT', '/views', { id, role: null })).json().role).toBeNull();
    expect((await views(support)).map((v) => v.id)).not.toContain(id);
    const del = await call(compliance, 'DELETE', '/views', { id });
    expect(del.statusCode).toBe(200);
    const a = await lastActivity(t, 'views');
    expect(a).toMatchObject({ action: 'delete', result: 'succeed' });
    expect(a!.data).toMatchObject({ id, name: 'Renamed', list: 'users' });
    expect((await call(compliance, 'DELETE', '/views', { id })).statusCode).toBe(404);
    expect((await views(compliance)).map((v) => v.id)).not.toContain(id);
  });
});

describe('a shared view opens with the viewer\'s own abilities', () => {
  it('is not offered to a role that may not read its list', async () => {
    // Compliance reads admin activities; the accountant does not.
    const res = await save(compliance, { name: 'Staff actions', list: 'admin-activities', query: {} });
    expect(res.statusCode).toBe(201);
    const id = res.json().id as number;
    expect((await call(compliance, 'PUT', '/views', { id, role: 'accountant' })).statusCode).toBe(200);
    expect((await views(accountant)).map((v) => v.id)).not.toContain(id);
    // Support reads them: the same share with support is offered.
    expect((await call(compliance, 'PUT', '/views', { id, role: 'support' })).statusCode).toBe(200);
    expect((await views(support)).map((v) => v.id)).toContain(id);
  });
});
