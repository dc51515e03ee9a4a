/** Labels (with level/state recomputation), comments and profiles. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { caller, lastActivity, mkUser, staff, userRow } from './users-fixtures.js';

let t: TestApp;
let call: ReturnType<typeof caller>;
let admin: Awaited<ReturnType<typeof staff>>;
let root: Awaited<ReturnType<typeof staff>>;

beforeAll(async () => {
  t = await testApp();
  call = caller(t, '/api/v2/barong/admin');
  admin = await staff(t, 'admin');
  root = await staff(t, 'superadmin');
});
afterAll(async () => { await t?.close(); });

const labelsOf = (id: number) => t.db.kysely.selectFrom('labels').select(['key', 'value', 'scope', 'description'])
  .where('user_id', '=', id).orderBy('key').orderBy('scope').execute();
const add = (uid: string, key: string, value = 'verified', scope = 'private', who = admin) =>
  call(who, 'POST', '/users/labels', { uid, key, value, scope });
const remove = (uid: string, key: string, scope = 'private') =>
  call(admin, 'DELETE', `/users/labels?uid=${uid}&key=${key}&scope=${scope}`);

describe('label writes', () => {
  it('creates a label lower-cased, refuses a duplicate, and audits it', async () => {
    const u = await mkUser(t, { state: 'pending', level: 0 });
    const res = await call(admin, 'POST', '/users/labels', { uid: u.uid, key: 'VIP', value: 'Gold', scope: 'public', description: 'big spender' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ key: 'vip', value: 'gold', scope: 'public', description: 'big spender' });
    expect((await call(admin, 'POST', '/users/labels', { uid: u.uid, key: 'vip', value: 'silver', scope: 'public' })).json().errors).toEqual(['key.taken']);
    expect(await labelsOf(u.id)).toEqual([{ key: 'vip', value: 'gold', scope: 'public', description: 'big spender' }]);
    // Public labels leave level and state alone.
    expect(await userRow(t, u.uid)).toMatchObject({ level: 0, state: 'pending' });
    // The refused duplicate is audited as failed, right after the successful create.
    const acts = await t.db.kysely.selectFrom('activities').selectAll().where('topic', '=', 'labels').where('target_id', '=', u.id)
      .orderBy('id').execute();
    expect(acts).toMatchObject([
      { action: 'create', result: 'succeed', user_id: admin.id, data: { uid: u.uid, key: 'vip', value: 'gold', scope: 'public' } },
      { action: 'create', result: 'failed', data: { errors: ['key.taken'] } },
    ]);
  });

  it.each([
    [{ value: 'x', scope: 'private' }, 'admin.label.missing_key'],
    [{ key: '', value: 'x', scope: 'private' }, 'admin.label.empty_key'],
    [{ key: 'a'.repeat(21), value: 'x', scope: 'private' }, 'admin.label.key_too_long'],
    [{ key: 'bad key', value: 'x', scope: 'private' }, 'admin.label.invalid_key'],
    [{ key: 'k', scope: 'private' }, 'admin.label.missing_value'],
    [{ key: 'k', value: 'v'.repeat(21), scope: 'private' }, 'admin.label.value_too_long'],
    [{ key: 'k', value: 'v', scope: 'secret' }, 'admin.label.invalid_scope'],
  ])('%j → %s', async (body, code) => {
    const u = await mkUser(t);
    const res = await call(admin, 'POST', '/users/labels', { uid: u.uid, ...body });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([code]);
    expect(await labelsOf(u.id)).toEqual([]);
  });

  it('updates with replace (creating a missing label) and without it (404), via POST …/update and PUT', async () => {
    const u = await mkUser(t);
    expect((await call(admin, 'POST', '/users/labels/update', { uid: u.uid, key: 'tier', value: 'one', scope: 'public', replace: false })).statusCode).toBe(404);
    expect(await labelsOf(u.id)).toEqual([]);
    expect((await call(admin, 'POST', '/users/labels/update', { uid: u.uid, key: 'tier', value: 'one', scope: 'public' })).statusCode).toBe(200);
    expect((await call(admin, 'PUT', '/users/labels', { uid: u.uid, key: 'tier', value: 'two', scope: 'public', replace: 'false', description: 'd' })).json())
      .toMatchObject({ key: 'tier', value: 'two', description: 'd' });
    expect(await labelsOf(u.id)).toEqual([{ key: 'tier', value: 'two', scope: 'public', description: 'd' }]);
    expect((await call(admin, 'PUT', '/users/labels', { uid: u.uid, key: 'tier', value: 'x', scope: 'public', replace: 'perhaps' })).json().errors)
      .toEqual(['admin.user.non_boolean_replace']);
  });

  it('deletes by uid, key and scope from the query; 404 when absent', async () => {
    const u = await mkUser(t);
    await add(u.uid, 'note', 'x', 'public');
    expect((await remove(u.uid, 'note', 'private')).json().errors).toEqual(['admin.label.doesnt_exist']);
    expect((await remove(u.uid, 'note', 'public')).statusCode).toBe(200);
    expect(await labelsOf(u.id)).toEqual([]);
    expect((await lastActivity(t, 'labels'))).toMatchObject({ action: 'delete', result: 'succeed' });
  });

  it('keeps admins off a superadmin\'s labels; a superadmin may', async () => {
    const sa = await mkUser(t, { role: 'superadmin' });
    expect((await add(sa.uid, 'vip', 'gold', 'public')).json().errors).toEqual(['admin.user.superadmin_change']);
    expect((await add(sa.uid, 'vip', 'gold', 'public', root)).statusCode).toBe(200);
    expect((await remove(sa.uid, 'vip', 'public')).json().errors).toEqual(['admin.user.superadmin_change']);
    expect(await labelsOf(sa.id)).toHaveLength(1);
  });
});

describe('private labels recompute level and state (openware §5.4)', () => {
  it('raises the level step by step and activates on a verified email', async () => {
    const u = await mkUser(t, { state: 'pending', level: 0 });
    await add(u.uid, 'phone');
    expect(await userRow(t, u.uid)).toMatchObject({ level: 0, state: 'pending' });
    await add(u.uid, 'email');
    expect(await userRow(t, u.uid)).toMatchObject({ level: 2, state: 'active' });
    const act = await lastActivity(t, 'labels');
    expect(act!.data).toMatchObject({ level: { from: 0, to: 2 }, state: { from: 'pending', to: 'active' } });
    await add(u.uid, 'document');
    expect((await userRow(t, u.uid)).level).toBe(3);
    await call(admin, 'POST', '/users/labels/update', { uid: u.uid, key: 'phone', value: 'rejected', scope: 'private' });
    expect((await userRow(t, u.uid)).level).toBe(1);
    await remove(u.uid, 'email');
    expect(await userRow(t, u.uid)).toMatchObject({ level: 0, state: 'pending' });
    const logs = await t.db.kysely.selectFrom('user_state_logs').select(['past_state', 'state', 'remark']).where('user_id', '=', u.id).orderBy('id').execute();
    expect(logs).toEqual([
      { past_state: 'pending', state: 'active', remark: 'label email:verified' },
      { past_state: 'active', state: 'pending', remark: 'label email removed' },
    ]);
  });

  it('a ban label bans, and removing it restores the derived state', async () => {
    const u = await mkUser(t, { state: 'pending', level: 0 });
    await add(u.uid, 'email');
    await add(u.uid, 'ban', 'yes');
    expect((await userRow(t, u.uid)).state).toBe('banned');
    await remove(u.uid, 'ban');
    expect((await userRow(t, u.uid)).state).toBe('active');
  });

  it('does not lift a ban staff set through the state change when another label changes', async () => {
    const u = await mkUser(t, { state: 'pending', level: 0 });
    await add(u.uid, 'email');
    expect((await call(admin, 'POST', '/users/update', { uid: u.uid, state: 'banned', remark: 'chargebacks' })).statusCode).toBe(200);
    await add(u.uid, 'phone');
    expect(await userRow(t, u.uid)).toMatchObject({ state: 'banned', level: 2 });
    await remove(u.uid, 'email');
    expect(await userRow(t, u.uid)).toMatchObject({ state: 'banned', level: 0 });
    // A label that demands a state still wins.
    await add(u.uid, 'delete', 'requested');
    expect((await userRow(t, u.uid)).state).toBe('deleted');
  });
});

describe('label reads', () => {
  it('lists users carrying a label, and counts private labels', async () => {
    const a = await mkUser(t);
    const b = await mkUser(t);
    await add(a.uid, 'region', 'emea', 'private');
    await add(b.uid, 'region', 'emea', 'public');
    const res = await call(admin, 'GET', '/users/labels?key=region&value=EMEA&limit=1');
    expect(res.headers).toMatchObject({ total: '2', page: '1', 'per-page': '1' });
    expect(res.json().map((u: { uid: string }) => u.uid)).toEqual([a.uid]);
    expect((await call(admin, 'GET', '/users/labels?key=region')).json().errors).toEqual(['admin.label.missing_value']);
    const counts = (await call(admin, 'GET', '/users/labels/list')).json();
    expect(counts).toContainEqual({ key: 'region', value: 'emea', count: 1 });
  });

  it('lists a user labelled in both scopes once, in user id order, and keeps offsets shallow', async () => {
    const [a, b] = [await mkUser(t), await mkUser(t)];
    for (const scope of ['private', 'public']) await add(a.uid, 'tier', 'gold', scope);
    await add(b.uid, 'tier', 'gold', 'public');
    const page = async (n: number) => (await call(admin, 'GET', `/users/labels?key=tier&value=gold&limit=1&page=${n}`));
    expect((await page(1)).headers.total).toBe('2');
    expect([(await page(1)).json()[0].uid, (await page(2)).json()[0].uid]).toEqual([a.uid, b.uid]);
    expect((await page(3)).json()).toEqual([]);
    expect((await call(admin, 'GET', '/users/labels?key=tier&value=gold&limit=100&page=102')).json().errors)
      .toEqual(['admin.pagination.page_too_deep']);
  });
});

describe('comments', () => {
  it('adds, edits and deletes a comment, answering with the user detail', async () => {
    const u = await mkUser(t);
    const created = await call(admin, 'POST', '/users/comments', { uid: u.uid, title: 'KYC call', data: 'asked for a new ID' });
    expect(created.statusCode).toBe(201);
    const c = created.json().comments[0];
    expect(c).toMatchObject({ author_uid: admin.uid, title: 'KYC call', data: 'asked for a new ID' });
    const edited = await call(admin, 'PUT', '/users/comments', { id: c.id, data: 'received' });
    expect(edited.json().comments[0]).toMatchObject({ id: c.id, title: 'KYC call', data: 'received' });
    expect(await lastActivity(t, 'comments')).toMatchObject({ action: 'update', result: 'succeed', target_id: u.id, user_id: admin.id });
    expect((await call(admin, 'DELETE', `/users/comments?id=${c.id}`)).json().comments).toEqual([]);
    expect((await call(admin, 'DELETE', '/users/comments', { id: c.id })).json().errors).toEqual(['admin.comment.doesnt_exist']);
  });

  it('limits title and data and needs them', async () => {
    const u = await mkUser(t);
    const codes = async (body: object, method: 'POST' | 'PUT' = 'POST') => (await call(admin, method, '/users/comments', body)).json().errors;
    expect(await codes({ uid: u.uid, title: 't'.repeat(65), data: 'x' })).toEqual(['admin.comments.title_too_long']);
    expect(await codes({ uid: u.uid, title: 't', data: 'x'.repeat(65536) })).toEqual(['admin.comments.data_too_long']);
    expect(await codes({ uid: u.uid, data: 'x' })).toEqual(['admin.comment.missing_title']);
    expect(await codes({ uid: 'ID404', title: 't', data: 'x' })).toEqual(['admin.user.doesnt_exist']);
    expect(await codes({ id: 'x', title: 't' }, 'PUT')).toEqual(['admin.comment.invalid_id']);
    expect(await t.db.kysely.selectFrom('comments').select('id').where('user_id', '=', u.id).execute()).toEqual([]);
  });
});

describe('profiles', () => {
  it('creates a submitted profile authored by the caller, then verifies it and sets the profile label', async () => {
    const u = await mkUser(t);
    const res = await call(admin, 'POST', '/profiles', { uid: u.uid, first_name: 'Ada', last_name: 'L', dob: '1990-12-10', country: 'GB', metadata: '{"src":"call"}' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ first_name: 'Ada', dob: '1990-12-10', state: 'submitted', metadata: '{"src":"call"}' });
    const put = await call(admin, 'PUT', '/profiles', { uid: u.uid, state: 'verified' });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ first_name: 'Ada', state: 'verified' });
    expect(await labelsOf(u.id)).toEqual([{ key: 'profile', value: 'verified', scope: 'private', description: null }]);
    expect(await lastActivity(t, 'profiles')).toMatchObject({ action: 'update', result: 'succeed', target_id: u.id });
    // Nothing left to decide on.
    const again = await call(admin, 'PUT', '/profiles', { uid: u.uid, state: 'rejected' });
    expect(again.statusCode).toBe(404);
    expect(again.json().errors).toEqual(['admin.profiles.doesnt_exist_or_not_editable']);
  });

  it('rejects a profile with the rejected label; refuses bad input', async () => {
    const u = await mkUser(t);
    await call(admin, 'POST', '/profiles', { uid: u.uid, first_name: 'Bo' });
    expect((await call(admin, 'PUT', '/profiles', { uid: u.uid, state: 'approved' })).json().errors).toEqual(['admin.profile.invalid_state']);
    expect((await call(admin, 'PUT', '/profiles', { uid: u.uid, state: 'rejected' })).json()).toMatchObject({ state: 'rejected' });
    expect(await labelsOf(u.id)).toMatchObject([{ key: 'profile', value: 'rejected' }]);
    expect((await call(admin, 'POST', '/profiles', { uid: u.uid, dob: '1990-13-45' })).json().errors).toEqual(['admin.profile.invalid_dob']);
    expect((await call(admin, 'POST', '/profiles', { uid: u.uid, metadata: '[1]' })).json().errors).toEqual(['admin.profile.invalid_metadata']);
    expect(await t.db.kysely.selectFrom('profiles').select('id').where('user_id', '=', u.id).execute()).toHaveLength(1);
  });
});
