/**
 * Mining sessions and rewards (spec §3, §9; P-E15 GET /admin/mining_sessions, /admin/mining_rewards)
 * through the generic handlers: read-only, newest first, the member's e-mail and phone and the device's
 * id and type joined in, the spec's filters (uid, email, device_id, device_type, status / state), and
 * only for roles that read them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { type SignedIn, signInAs } from '../helpers/auth.js';
import { createUser } from '../helpers/users.js';

const P = '/api/v2/peatio/admin';
let t: TestApp;
let support: SignedIn, investor: SignedIn;
let ada: { uid: string; email: string }, bo: { uid: string; email: string };
const minute = (n: number) => new Date(Date.UTC(2026, 10, 1, 9, n));

beforeAll(async () => {
  t = await testApp();
  support = (await signInAs(t, 'support')).session;
  investor = (await signInAs(t, 'investor')).session;
  const k = t.db.kysely;
  const a = await createUser(t.db, { email: 'Ada.Miner@example.com' });
  const b = await createUser(t.db, { email: 'bo@example.com' });
  await k.updateTable('users').set({ phone_number: '447700900123' }).where('id', '=', a.id).execute();
  ada = a; bo = b;
  const [phone, tablet, pixel] = await k.insertInto('devices').values([
    { user_id: a.id, device_id: 'A1B2-IOS', device_type: 'ios', created_at: minute(0), updated_at: minute(0) },
    { user_id: a.id, device_id: 'a1b2c3d4e5f6a7b8', device_type: 'android', created_at: minute(0), updated_at: minute(0) },
    { user_id: b.id, device_id: 'ffeeddccbbaa9988', device_type: 'android', created_at: minute(0), updated_at: minute(0) },
  ]).returning('id').execute();
  // Inserted out of time order, so the list's order is the data's, not the insert's.
  const session = (uid: string, device: number, status: string, n: number) =>
    ({ uid, device_row_id: device, status, started_at: minute(n), created_at: minute(n), updated_at: minute(n + 1) });
  await k.insertInto('mining_sessions').values([
    session(a.uid, phone!.id, 'active', 30), session(a.uid, tablet!.id, 'inactive', 10), session(b.uid, pixel!.id, 'banned', 20),
    session(b.uid, pixel!.id, 'pending', 40),
  ]).execute();
  await k.insertInto('currencies').values({ code: 'trst', name: 'Trust Token', type: 'coin', precision: 8 }).execute();
  const reward = (uid: string, amount: string, state: string, n: number) =>
    ({ uid, reward: amount, currency: 'trst', type: 'daily', state, created_at: minute(n), updated_at: minute(n) });
  await k.insertInto('mining_rewards').values([
    reward(a.uid, '12.5', 'succeed', 5), reward(b.uid, '0.125', 'banned', 15), reward(a.uid, '3', 'pending', 25),
  ]).execute();
});
afterAll(async () => { await t?.close(); });

const get = (path: string, query: Record<string, string> = {}, who: SignedIn = support) =>
  t.app.inject({ method: 'GET', url: `${P}${path}`, query, headers: who.headers() });
const uids = async (path: string, query: Record<string, string>) => (await get(path, query)).json().map((r: { uid: string }) => r.uid);

describe('mining sessions', () => {
  it('lists newest first with the member and device joined in, nothing else on the wire', async () => {
    const res = await get('/mining_sessions');
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({ total: '4', page: '1', 'per-page': '100' });
    const rows = res.json();
    expect(rows.map((r: { status: string }) => r.status)).toEqual(['pending', 'active', 'banned', 'inactive']);
    expect(rows[1]).toEqual({
      id: expect.any(Number), uid: ada.uid, email: 'Ada.Miner@example.com', phone_number: '447700900123', device_id: 'A1B2-IOS',
      device_type: 'ios', started_at: minute(30).toISOString(), created_at: minute(30).toISOString(), updated_at: minute(31).toISOString(),
      status: 'active',
    });
    const asc = (await get('/mining_sessions', { ordering: 'asc', order_by: 'started_at' })).json();
    expect(asc.map((r: { status: string }) => r.status)).toEqual(['inactive', 'banned', 'active', 'pending']);
  });

  it('filters by uid, email (contains, any case), device id, device type and status', async () => {
    expect(await uids('/mining_sessions', { uid: ada.uid })).toEqual([ada.uid, ada.uid]);
    expect(await uids('/mining_sessions', { email: 'ada.MINER' })).toEqual([ada.uid, ada.uid]);
    expect(await uids('/mining_sessions', { email: '%' })).toEqual([]);
    const byDevice = (await get('/mining_sessions', { device_id: 'ffeeddccbbaa9988' })).json();
    expect(byDevice.map((r: { status: string }) => r.status)).toEqual(['pending', 'banned']);
    const android = (await get('/mining_sessions', { device_type: 'android' })).json();
    expect(android.map((r: { device_id: string }) => r.device_id)).toEqual(['ffeeddccbbaa9988', 'ffeeddccbbaa9988', 'a1b2c3d4e5f6a7b8']);
    expect(await uids('/mining_sessions', { status: 'banned', uid: bo.uid })).toEqual([bo.uid]);
    expect(await uids('/mining_sessions', { status: 'banned', uid: ada.uid })).toEqual([]);
  });

  it('answers bad filters and paging with the codes', async () => {
    const codes = async (q: Record<string, string>) => { const r = await get('/mining_sessions', q); return [r.statusCode, r.json().errors]; };
    expect(await codes({ status: 'deleted' })).toEqual([422, ['admin.mining_session.invalid_status']]);
    expect(await codes({ device_type: 'windows' })).toEqual([422, ['admin.mining_session.invalid_device_type']]);
    expect(await codes({ ordering: 'sideways' })).toEqual([422, ['admin.pagination.invalid_ordering']]);
    expect(await codes({ order_by: 'email' })).toEqual([422, ['admin.pagination.invalid_order_by']]);
    expect(await codes({ limit: '1001' })).toEqual([422, ['admin.pagination.invalid_limit']]);
  });

  it('is read-only and only for roles that read it', async () => {
    // No write route: support's rows take no mining write either, so the gateway answers before the router's 404.
    const write = await t.app.inject({ method: 'POST', url: `${P}/mining_sessions/new`, payload: {}, headers: support.headers() });
    expect(write.statusCode).toBe(401);
    expect(t.app.routeList.filter((r) => r.url.includes('/mining_sessions') && r.method !== 'GET')).toEqual([]);
    const refused = await get('/mining_sessions', {}, investor);
    expect([refused.statusCode, refused.json()]).toEqual([401, { errors: ['authz.invalid_permission'] }]);
  });
});

describe('mining rewards', () => {
  it('lists newest first with the amount as exact decimal text and its currency', async () => {
    const res = await get('/mining_rewards');
    expect(res.headers.total).toBe('3');
    const rows = res.json();
    expect(rows.map((r: { reward: string }) => r.reward)).toEqual(['3', '0.125', '12.5']);
    expect(rows[2]).toEqual({
      id: expect.any(Number), uid: ada.uid, email: 'Ada.Miner@example.com', phone_number: '447700900123', reward: '12.5', currency: 'trst',
      type: 'daily', state: 'succeed', created_at: minute(5).toISOString(), updated_at: minute(5).toISOString(),
    });
  });

  it('filters by uid, email, state and currency', async () => {
    expect(await uids('/mining_rewards', { uid: bo.uid })).toEqual([bo.uid]);
    expect(await uids('/mining_rewards', { email: 'ADA' })).toEqual([ada.uid, ada.uid]);
    expect((await get('/mining_rewards', { state: 'pending' })).json().map((r: { reward: string }) => r.reward)).toEqual(['3']);
    expect(await uids('/mining_rewards', { currency: 'btc' })).toEqual([]);
    expect((await get('/mining_rewards', { state: 'lost' })).json().errors).toEqual(['admin.mining_reward.invalid_state']);
  });

  it('refuses roles without the ability', async () => {
    expect((await get('/mining_rewards', {}, investor)).statusCode).toBe(401);
  });
});
