/**
 * `id=<row id>` on every list without a per-row GET (issue 9 item 8: the palette's `#id` shows a row that
 * is not on the current page): the row alone, nothing for an unknown id, the list's own 422 code for a
 * bad one (the id struct's rule: a safe positive integer), and Prev-/Next-Cursor on the log lists.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { createUser } from '../helpers/users.js';
import type { SignedIn } from '../helpers/auth.js';
import { B, get, minute, staff } from './logs-fixtures.js';

let t: TestApp;
let admin: SignedIn;
/** Per list: its path and the id of the row to find (the second of two, so a filter is needed). */
const lists: { name: string; path: string; code: string; id: number }[] = [];

beforeAll(async () => {
  t = await testApp();
  admin = (await staff(t, 'admin')).session;
  const k = t.db.kysely;
  const [u1, u2] = [await createUser(t.db), await createUser(t.db)];
  const two = async <R extends { id: number }>(insert: (i: number) => Promise<R>) => { await insert(0); return (await insert(1)).id; };
  const add = (name: string, path: string, code: string, id: number) => lists.push({ name, path, code, id });

  for (const category of ['user', 'admin'] as const) {
    add(`${category} activities`, `${B}/activities${category === 'admin' ? '/admin' : ''}`, 'admin.activity.invalid_id',
      await two((i) => k.insertInto('activities').values({ category, user_id: u1.id, target_id: u2.id, topic: 'session', action: category === 'user' ? 'login' : 'update', result: 'succeed', created_at: minute(i) }).returning('id').executeTakeFirstOrThrow()));
  }
  add('service logs', `${B}/service_logs`, 'admin.service_log.invalid_id',
    await two((i) => k.insertInto('service_logs').values({ service_name: 'sms', service_type: 'sms', result: 'success', created_at: minute(i) }).returning('id').executeTakeFirstOrThrow()));
  add('devices', `${B}/devices`, 'admin.device.invalid_id',
    await two((i) => k.insertInto('devices').values({ user_id: u1.id, device_id: `d${i}`, device_type: 'ios', created_at: minute(i), updated_at: minute(i) }).returning('id').executeTakeFirstOrThrow()));
  await k.updateTable('users').set({ referral_uid: u1.uid }).where('id', '=', u2.id).execute();
  const referred = await createUser(t.db);
  await k.updateTable('users').set({ referral_uid: u1.uid }).where('id', '=', referred.id).execute();
  add('referrals', `${B}/referrals`, 'admin.referral.invalid_id', referred.id);
  await k.insertInto('currencies').values({ code: 'zid', name: 'Id coin', created_at: minute(0), updated_at: minute(0) }).onConflict((oc) => oc.doNothing()).execute();
  add('beneficiaries', '/api/v2/peatio/admin/beneficiaries', 'admin.beneficiary.invalid_id',
    await two((i) => k.insertInto('beneficiaries').values({ user_id: u1.id, currency_id: 'zid', name: `b${i}`, state: 'active', created_at: minute(i), updated_at: minute(i) }).returning('id').executeTakeFirstOrThrow()));
  for (const u of [u1, u2]) {
    await k.insertInto('labels').values({ user_id: u.id, key: 'document', value: 'pending', scope: 'private', created_at: minute(1), updated_at: minute(1) }).execute();
  }
  add('pending applications', `${B}/users/documents/pending`, 'admin.pending_application.invalid_id', u2.id);
  const notification = await two((i) => k.insertInto('notifications').values({ title: `n${i}`, body: 'b', created_at: minute(i), updated_at: minute(i) }).returning('id').executeTakeFirstOrThrow());
  add('notifications', `${B}/notifications`, 'admin.notification.invalid_id', notification);
  add('notification recipients', `${B}/notifications/recipients`, 'admin.notification_recipient.invalid_id',
    await two((i) => k.insertInto('notification_recipients').values({ notification_id: notification, user_id: u1.id, status: 'success', created_at: minute(i), updated_at: minute(i) }).returning('id').executeTakeFirstOrThrow()));
});
afterAll(async () => { await t?.close(); });

const ids = (res: { json(): any }) => (res.json() as { id: number }[]).map((r) => r.id);

describe('id filter on the lists without a per-row GET', () => {
  it('has a row on each list', () => { expect(lists.map((l) => l.name)).toHaveLength(9); });

  it.each(['user activities', 'admin activities', 'service logs', 'devices', 'referrals', 'beneficiaries',
    'pending applications', 'notifications', 'notification recipients'])('%s: id finds the row, an unknown id nothing, a bad id 422', async (name) => {
    const l = lists.find((x) => x.name === name)!;
    expect((await get(t, admin, l.path)).json().length).toBeGreaterThan(1);
    const hit = await get(t, admin, `${l.path}?id=${l.id}&limit=1`);
    expect(hit.statusCode, hit.body).toBe(200);
    expect(ids(hit)).toEqual([l.id]);
    expect(hit.headers.total).toBe('1');
    expect(ids(await get(t, admin, `${l.path}?id=${l.id + 100_000}`))).toEqual([]);
    for (const bad of ['x', '0', '1.5', '1e23', '99999999999999999999']) {
      const res = await get(t, admin, `${l.path}?id=${bad}`);
      expect(res.statusCode, `${name} ${bad}`).toBe(422);
      expect(res.json().errors, `${name} ${bad}`).toEqual([l.code]);
    }
  });
});

describe('cursors on the log lists', () => {
  it('a page after a cursor carries Prev-Cursor back to the page before it', async () => {
    const l = lists.find((x) => x.name === 'service logs')!;
    const first = await get(t, admin, `${l.path}?limit=1`);
    expect(first.headers['prev-cursor']).toBeUndefined();
    const second = await get(t, admin, `${l.path}?limit=1&page=7&cursor=${first.headers['next-cursor']}`);
    expect(second.headers['next-cursor']).toBeUndefined();
    const back = await get(t, admin, `${l.path}?limit=1&cursor=${second.headers['prev-cursor']}`);
    expect(ids(back)).toEqual(ids(first));
    expect(back.headers['prev-cursor']).toBeUndefined();
    const other = await get(t, admin, `${l.path}?limit=1&ordering=asc&cursor=${first.headers['next-cursor']}`);
    expect(other.json().errors).toEqual(['admin.pagination.invalid_cursor']);
  });
});
