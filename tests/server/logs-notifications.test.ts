import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { createUser } from '../helpers/users.js';
import type { SignedIn } from '../helpers/auth.js';
import { B, codes, get, minute, staff } from './logs-fixtures.js';

let t: TestApp;
let admin: SignedIn;
let adminId: number;
let support: SignedIn;
let withDevices: { id: number; uid: string };
let without: { id: number; uid: string };

beforeAll(async () => {
  t = await testApp();
  const a = await staff(t, 'admin');
  admin = a.session; adminId = a.user.id;
  support = (await staff(t, 'support')).session;
  withDevices = await createUser(t.db);
  without = await createUser(t.db);
  await t.db.kysely.insertInto('devices').values([
    { user_id: withDevices.id, device_id: 'p-1', device_type: 'android', active: true, created_at: minute(1), updated_at: minute(1) },
    { user_id: withDevices.id, device_id: 'p-2', device_type: 'ios', active: true, created_at: minute(2), updated_at: minute(2) },
    { user_id: withDevices.id, device_id: 'p-old', device_type: 'ios', active: false, created_at: minute(0), updated_at: minute(0) },
  ]).execute();
});
afterAll(async () => { await t?.close(); });

const push = (payload: unknown, who: SignedIn = admin) =>
  t.app.inject({ method: 'POST', url: `${B}/notification/push`, headers: who.headers(), payload: payload as object });

describe('POST /admin/notification/push', () => {
  it('records the notification, a success recipient per active device, and its audit row, in one go', async () => {
    const res = await push({ uid: withDevices.uid, title: 'Hello', message: 'Your KYC is approved' });
    expect(res.statusCode).toBe(201);
    const n = res.json();
    expect(n).toMatchObject({ id: expect.any(Number), title: 'Hello', body: 'Your KYC is approved' });
    // Honest about delivery: nothing was handed to a push provider.
    expect(JSON.parse(n.metadata)).toMatchObject({ delivery: 'not_sent', reason: 'no_push_provider', devices: 2 });
    const recipients = await t.db.kysely.selectFrom('notification_recipients').selectAll().where('notification_id', '=', n.id).orderBy('id').execute();
    expect(recipients.map((r) => [r.device_id, r.device_type, r.status])).toEqual([['p-1', 'android', 'success'], ['p-2', 'ios', 'success']]);
    const audit = await t.db.kysely.selectFrom('activities').selectAll()
      .where('category', '=', 'admin').where('topic', '=', 'notifications').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ user_id: adminId, target_id: withDevices.id, action: 'create', result: 'succeed' });
    expect(audit.data).toMatchObject({ uid: withDevices.uid, title: 'Hello' });
  });

  it('records a failed recipient when the user has no active device', async () => {
    const n = (await push({ uid: without.uid, title: 'T', message: 'M' })).json();
    const rows = (await get(t, admin, `${B}/notifications/recipients?notification_id=${n.id}`)).json();
    expect(rows).toEqual([expect.objectContaining({ uid: without.uid, status: 'failed', device_id: null })]);
    expect(JSON.parse(rows[0].metadata)).toMatchObject({ error: 'no_active_device', delivery: 'not_sent' });
  });

  it('answers the form codes for missing or blank fields and 404 for an unknown user, writing nothing', async () => {
    const before = await t.db.kysely.selectFrom('notifications').select((e) => e.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const missing = await push({ uid: withDevices.uid });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({
      errors: ['admin.notification.missing_title', 'admin.notification.missing_message'],
      fields: { title: ['admin.notification.missing_title'], message: ['admin.notification.missing_message'] },
    });
    expect(codes(await push({ uid: withDevices.uid, title: '  ', message: 'x' }))).toEqual(['admin.notification.empty_title']);
    expect(codes(await push({ uid: withDevices.uid, title: 'x', message: 'x', extra: 1 }))).toEqual(['admin.notification.unknown_extra']);
    const unknown = await push({ uid: 'ID000NOPE', title: 'x', message: 'x' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      errors: ['admin.notification.uid_doesnt_exist'], fields: { uid: ['admin.notification.uid_doesnt_exist'] },
    });
    const after = await t.db.kysely.selectFrom('notifications').select((e) => e.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('needs update Device: support (read only) is refused even where the gateway lets it post', async () => {
    await t.db.kysely.insertInto('permissions').values({
      role: 'support', verb: 'POST', path: 'api/v2/barong/admin/notification', action: 'ACCEPT', topic: null,
      created_at: minute(0), updated_at: minute(0),
    }).execute();
    t.app.permissionCache.clear();
    const res = await push({ uid: withDevices.uid, title: 'x', message: 'x' }, support);
    expect(res.statusCode).toBe(401);
    expect(codes(res)).toEqual(['admin.ability.not_permitted']);
  });
});

describe('GET /admin/notifications and /admin/notifications/recipients', () => {
  it('lists notifications newest first with totals', async () => {
    await push({ uid: withDevices.uid, title: 'Third', message: 'x' });
    const res = await get(t, admin, `${B}/notifications?limit=2`);
    expect(res.statusCode).toBe(200);
    expect(Number(res.headers.total)).toBeGreaterThanOrEqual(3);
    expect(res.json()[0]).toMatchObject({ title: 'Third' });
    expect(res.headers['next-cursor']).toBeTruthy();
  });

  it('filters recipients by uid and status, embedding the notification', async () => {
    const mine = (await get(t, admin, `${B}/notifications/recipients?uid=${withDevices.uid}`)).json();
    expect(mine.length).toBe(4);
    expect(mine.every((r: any) => r.uid === withDevices.uid && r.status === 'success')).toBe(true);
    expect(mine[0].notification).toEqual({ title: 'Third', body: 'x' });
    expect((await get(t, admin, `${B}/notifications/recipients?status=failed`)).json()).toHaveLength(1);
    expect(codes(await get(t, admin, `${B}/notifications/recipients?status=lost`))).toEqual(['admin.notification_recipient.invalid_status']);
    expect(codes(await get(t, admin, `${B}/notifications/recipients?notification_id=abc`))).toEqual(['admin.notification_recipient.invalid_notification_id']);
  });

  it('needs read Notification / NotificationRecipient', async () => {
    const broker = (await staff(t, 'broker')).session;
    for (const path of ['notifications', 'notifications/recipients']) {
      expect(codes(await get(t, broker, `${B}/${path}`)), path).toEqual(['authz.invalid_permission']);
    }
  });
});
