import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { createUser } from '../helpers/users.js';
import type { SignedIn } from '../helpers/auth.js';
import { B, codes, epoch, get, minute, staff } from './logs-fixtures.js';

let t: TestApp;
let admin: SignedIn;
let broker: SignedIn;
let u1: { id: number; uid: string; email: string };
let u2: { id: number; uid: string; email: string };

beforeAll(async () => {
  t = await testApp();
  admin = (await staff(t, 'admin')).session;
  broker = (await staff(t, 'broker')).session;
  u1 = await createUser(t.db);
  u2 = await createUser(t.db);
  const k = t.db.kysely;
  await k.insertInto('service_logs').values([...Array(20).keys()].map((i) => ({
    user_id: i % 2 ? u1.id : u2.id, uid: i % 2 ? u1.uid : u2.uid, email: i % 2 ? u1.email.toUpperCase() : u2.email,
    service_name: i % 4 < 2 ? 'twilio' : 'sendgrid', service_type: i % 4 < 2 ? 'sms' : 'email', topic: 'otp',
    user_country: i < 10 ? 'DE' : 'FR', user_ip: '10.0.0.2', phone_number: i % 4 < 2 ? `4915${i}` : null,
    result: i % 5 === 0 ? 'failed' : 'success', metadata: JSON.stringify({ i }), created_at: minute(i),
  }))).execute();
  await k.insertInto('devices').values([
    { user_id: u1.id, device_id: 'dev-a', device_type: 'android', active: true, created_at: minute(1), updated_at: minute(1) },
    { user_id: u1.id, device_id: 'dev-b', device_type: 'ios', active: false, created_at: minute(2), updated_at: minute(2) },
    { user_id: u2.id, device_id: 'dev-c', device_type: 'ios', active: true, created_at: minute(3), updated_at: minute(3) },
  ]).execute();
  await k.updateTable('users').set({ referral_uid: u1.uid }).where('id', '=', u2.id).execute();
  for (const state of ['active', 'pending', 'active']) {
    const r = await createUser(t.db, { state });
    await k.updateTable('users').set({ referral_uid: u1.uid, created_at: minute(50 + r.id) }).where('id', '=', r.id).execute();
  }
});
afterAll(async () => { await t?.close(); });

const idx = (res: { json(): any }) => res.json().map((r: any) => JSON.parse(r.metadata).i);

describe('GET /admin/service_logs', () => {
  const SL = `${B}/service_logs`;
  it('lists newest first with totals, as ServiceLog entities', async () => {
    const res = await get(t, admin, `${SL}?limit=5`);
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({ total: '20', page: '1', 'per-page': '5' });
    expect(idx(res)).toEqual([19, 18, 17, 16, 15]);
    expect(res.json()[0]).toMatchObject({
      uid: u1.uid, service_name: 'sendgrid', service_type: 'email', topic: 'otp', user_country: 'FR', user_ip: '10.0.0.2',
      result: 'success', created_at: minute(19).toISOString(),
    });
    expect(idx(await get(t, admin, `${SL}?limit=5&ordering=asc`))).toEqual([0, 1, 2, 3, 4]);
  });

  it('applies each filter', async () => {
    const odd = [19, 17, 15, 13, 11, 9, 7, 5, 3, 1];
    expect(idx(await get(t, admin, `${SL}?uid=${u1.uid}`))).toEqual(odd);
    expect(idx(await get(t, admin, `${SL}?email=${encodeURIComponent(u1.email)}`))).toEqual(odd);
    expect(idx(await get(t, admin, `${SL}?service_name=twilio&limit=3`))).toEqual([17, 16, 13]);
    expect(idx(await get(t, admin, `${SL}?service_type=email&limit=3`))).toEqual([19, 18, 15]);
    expect(idx(await get(t, admin, `${SL}?result=failed`))).toEqual([15, 10, 5, 0]);
    expect(idx(await get(t, admin, `${SL}?user_country=DE&limit=2`))).toEqual([9, 8]);
    expect(idx(await get(t, admin, `${SL}?phone_number=49155`))).toEqual([5]);
    expect(idx(await get(t, admin, `${SL}?from=${epoch(minute(3).toISOString())}&to=${epoch(minute(5).toISOString())}`))).toEqual([5, 4, 3]);
  });

  it('pages by cursor like by offset', async () => {
    const p1 = await get(t, admin, `${SL}?limit=6`);
    const p2 = await get(t, admin, `${SL}?limit=6&page=2`);
    expect((await get(t, admin, `${SL}?limit=6&cursor=${p1.headers['next-cursor']}`)).json()).toEqual(p2.json());
  });

  it('validates and checks the ability', async () => {
    expect(codes(await get(t, admin, `${SL}?result=delivered_maybe`))).toEqual(['admin.service_log.invalid_result']);
    expect(codes(await get(t, admin, `${SL}?service_type=fax`))).toEqual(['admin.service_log.invalid_service_type']);
    expect(codes(await get(t, admin, `${SL}?from=soon`))).toEqual(['admin.filter.range_from_invalid']);
    const denied = await get(t, broker, SL);
    expect(denied.statusCode).toBe(401);
    expect(codes(denied)).toEqual(['authz.invalid_permission']);
  });
});

describe('GET /admin/devices', () => {
  const DV = `${B}/devices`;
  const ids = (res: { json(): any }) => res.json().map((d: any) => d.device_id);
  it('lists newest first with the owner, and filters', async () => {
    const res = await get(t, admin, DV);
    expect(res.headers.total).toBe('3');
    expect(ids(res)).toEqual(['dev-c', 'dev-b', 'dev-a']);
    expect(res.json()[2]).toMatchObject({ uid: u1.uid, email: u1.email, device_type: 'android', active: true });
    expect(ids(await get(t, admin, `${DV}?uid=${u1.uid}`))).toEqual(['dev-b', 'dev-a']);
    expect(ids(await get(t, admin, `${DV}?device_id=dev-c`))).toEqual(['dev-c']);
    expect(ids(await get(t, admin, `${DV}?device_type=ios`))).toEqual(['dev-c', 'dev-b']);
    expect(ids(await get(t, admin, `${DV}?active=false`))).toEqual(['dev-b']);
    expect(ids(await get(t, admin, `${DV}?ordering=asc&limit=1&page=2`))).toEqual(['dev-b']);
    expect((await get(t, admin, `${DV}?uid=NOPE`)).json()).toEqual([]);
  });
  it('validates and checks the ability', async () => {
    expect(codes(await get(t, admin, `${DV}?device_type=windows`))).toEqual(['admin.device.invalid_device_type']);
    expect(codes(await get(t, admin, `${DV}?active=maybe`))).toEqual(['admin.device.invalid_active']);
    expect(codes(await get(t, admin, `${DV}?ordering=sideways`))).toEqual(['admin.pagination.invalid_ordering']);
    expect(codes(await get(t, broker, DV))).toEqual(['authz.invalid_permission']);
  });
});

describe('GET /admin/referrals', () => {
  const RF = `${B}/referrals`;
  it('lists the users a referrer brought in, newest first, filtered by state', async () => {
    const res = await get(t, admin, `${RF}?uid=${u1.uid}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers.total).toBe('4');
    const rows = res.json();
    expect(rows.every((r: any) => r.referral_uid === u1.uid)).toBe(true);
    expect(rows.map((r: any) => r.created_at)).toEqual([...rows.map((r: any) => r.created_at)].sort().reverse());
    expect(rows[0]).toMatchObject({ role: 'member', level: 3 });
    expect(rows[0]).toHaveProperty('email');
    // Grids key rows by id: every row has its own.
    expect(new Set(rows.map((r: any) => r.id)).size).toBe(4);
    expect((await get(t, admin, `${RF}?uid=${u1.uid}&state=pending`)).json()).toHaveLength(1);
    expect((await get(t, admin, `${RF}?uid=${u2.uid}`)).json()).toEqual([]);
    expect(codes(await get(t, admin, `${RF}?state=asleep`))).toEqual(['admin.referral.invalid_state']);
  });
  it('needs read User: a broker has it, an investor does not', async () => {
    expect((await get(t, broker, `${RF}?uid=${u1.uid}`)).statusCode).toBe(200);
    const investor = (await staff(t, 'investor')).session;
    const res = await get(t, investor, `${RF}?uid=${u1.uid}`);
    expect(res.statusCode).toBe(401);
    expect(codes(res)).toEqual(['authz.invalid_permission']);
  });
});
