import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { createUser } from '../helpers/users.js';
import type { SignedIn } from '../helpers/auth.js';
import { codes, get, minute, staff } from './logs-fixtures.js';

const P = '/api/v2/peatio/admin/beneficiaries';
let t: TestApp;
let admin: SignedIn;
let u1: { id: number; uid: string };

beforeAll(async () => {
  t = await testApp();
  admin = (await staff(t, 'admin')).session;
  u1 = await createUser(t.db);
  const u2 = await createUser(t.db);
  const k = t.db.kysely;
  await k.insertInto('currencies').values([{ code: 'zbtc', name: 'Test BTC', created_at: minute(0), updated_at: minute(0) },
    { code: 'zusd', name: 'Test USD', type: 'fiat', created_at: minute(0), updated_at: minute(0) }]).onConflict((oc) => oc.doNothing()).execute();
  const states = ['pending', 'active', 'archived', 'active'];
  await k.insertInto('beneficiaries').values(states.map((state, i) => ({
    user_id: i < 3 ? u1.id : u2.id, currency_id: i % 2 ? 'zusd' : 'zbtc', name: `b${i}`, description: null,
    data: JSON.stringify({ address: `addr${i}` }), state, created_at: minute(i), updated_at: minute(i),
  }))).execute();
});
afterAll(async () => { await t?.close(); });

const names = (res: { json(): any }) => res.json().map((b: any) => b.name);

describe('GET /api/v2/peatio/admin/beneficiaries', () => {
  it('lists newest first with the owner and filters by uid, id, currency and state', async () => {
    const res = await get(t, admin, P);
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({ total: '4', page: '1', 'per-page': '100' });
    expect(names(res)).toEqual(['b3', 'b2', 'b1', 'b0']);
    expect(res.json()[3]).toMatchObject({ uid: u1.uid, currency: 'zbtc', state: 'pending' });
    // Peatio's admin Beneficiary sends its data as the JSON itself.
    expect(res.json()[3].data).toEqual({ address: 'addr0' });
    expect(names(await get(t, admin, `${P}?uid=${u1.uid}`))).toEqual(['b2', 'b1', 'b0']);
    expect(names(await get(t, admin, `${P}?currency=ZUSD`))).toEqual(['b3', 'b1']);
    expect(names(await get(t, admin, `${P}?state=active&ordering=asc`))).toEqual(['b1', 'b3']);
    const id = res.json()[0].id;
    expect(names(await get(t, admin, `${P}?id=${id}`))).toEqual(['b3']);
  });

  it('takes Peatio limits (up to 1000) and refuses a role without read Beneficiary at the gateway', async () => {
    expect((await get(t, admin, `${P}?limit=1000`)).statusCode).toBe(200);
    expect(codes(await get(t, admin, `${P}?limit=1001`))).toEqual(['admin.pagination.invalid_limit']);
    expect(codes(await get(t, admin, `${P}?state=gone`))).toEqual(['admin.beneficiary.invalid_state']);
    const investor = (await staff(t, 'investor')).session;
    const res = await get(t, investor, P);
    expect(res.statusCode).toBe(401);
    expect(codes(res)).toEqual(['authz.invalid_permission']);
  });
});
