/**
 * Pinned records (issue 17 item 7): GET/POST/DELETE /api/v2/barong/resource/pins keep each staff member's
 * own pins — listed newest first, a path pinned again renamed rather than doubled, capped, audited like
 * every staff write — and no one lists, renames or removes another's; accounts outside the console's roles
 * have none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { caller, lastActivity, staff } from './users-fixtures.js';
import { PIN_MAX } from '../../src/shared/pins.js';

let t: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await testApp();
  call = caller(t, '/api/v2/barong/resource');
});
afterAll(async () => { await t?.close(); });

const codesOf = (res: { json(): unknown }) => (res.json() as { errors: string[] }).errors;

describe('/resource/pins', () => {
  it('keeps a staff member’s pins, newest first; pinning a path again renames it; delete removes one', async () => {
    const me = await staff(t, 'support');
    expect((await call(me, 'GET', '/pins')).json()).toEqual([]);
    const a = await call(me, 'POST', '/pins', { path: '/user-directory/ID1A2B3C4D5E', title: 'User ID1A2B3C4D5E' });
    expect(a.statusCode).toBe(201);
    const b = await call(me, 'POST', '/pins', { path: '/market-info/btcusdt', title: 'Market btcusdt' });
    expect(b.statusCode).toBe(201);
    const again = await call(me, 'POST', '/pins', { path: '/user-directory/ID1A2B3C4D5E', title: '  VIP customer  ' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: a.json().id, title: 'VIP customer' });
    const list = (await call(me, 'GET', '/pins')).json() as { id: number; path: string; title: string }[];
    expect(list.map((p) => [p.path, p.title])).toEqual([['/market-info/btcusdt', 'Market btcusdt'], ['/user-directory/ID1A2B3C4D5E', 'VIP customer']]);
    const del = await call(me, 'DELETE', `/pins/${b.json().id}`);
    expect(del.statusCode).toBe(200);
    expect((await call(me, 'DELETE', `/pins/${b.json().id}`)).statusCode).toBe(404);
    expect(((await call(me, 'GET', '/pins')).json() as unknown[]).length).toBe(1);
  });

  it('scopes every call to the caller: another staff member neither sees nor removes my pins', async () => {
    const me = await staff(t, 'compliance');
    const other = await staff(t, 'superadmin');
    const mine = (await call(me, 'POST', '/pins', { path: '/adjustments-details/7', title: 'Adjustment #7' })).json() as { id: number };
    expect((await call(other, 'GET', '/pins')).json()).toEqual([]);
    const refused = await call(other, 'DELETE', `/pins/${mine.id}`);
    expect(refused.statusCode).toBe(404);
    expect(codesOf(refused)).toEqual(['record.not_found']);
    // The same path pinned by another is their own pin, not a rename of mine.
    expect((await call(other, 'POST', '/pins', { path: '/adjustments-details/7', title: 'Theirs' })).statusCode).toBe(201);
    expect((await call(me, 'GET', '/pins')).json()).toMatchObject([{ id: mine.id, title: 'Adjustment #7' }]);
  });

  it.each(['accountant', 'technical', 'admin'])('lets %s manage their own pins (every console role)', async (role) => {
    const me = await staff(t, role);
    const res = await call(me, 'POST', '/pins', { path: '/currencies/btc', title: 'Currency btc' });
    expect(res.statusCode).toBe(201);
    expect((await call(me, 'DELETE', `/pins/${res.json().id}`)).statusCode).toBe(200);
  });

  it('refuses accounts outside the console’s roles, changing nothing', async () => {
    const member = await staff(t, 'member');
    for (const [method, path, body] of [['GET', '/pins'], ['POST', '/pins', { path: '/currencies/btc', title: 'x' }], ['DELETE', '/pins/1']] as const) {
      const res = await call(member, method, path, body);
      expect(res.statusCode).toBe(401);
      expect(codesOf(res)).toEqual(['authz.invalid_permission']);
    }
    expect(await t.db.kysely.selectFrom('staff_pins').select('id').where('user_id', '=', member.id).execute()).toEqual([]);
  });

  it('refuses a bad path, title or id with its code', async () => {
    const me = await staff(t, 'support');
    const codes = async (body: unknown) => codesOf(await call(me, 'POST', '/pins', body));
    expect(await codes({})).toEqual(['resource.pin.missing_path', 'resource.pin.missing_title']);
    expect(await codes({ path: 'https://evil.example/x', title: 'x' })).toEqual(['resource.pin.invalid_path']);
    expect(await codes({ path: '//evil.example/x', title: 'x' })).toEqual(['resource.pin.invalid_path']);
    expect(await codes({ path: '/a b', title: 'x' })).toEqual(['resource.pin.invalid_path']);
    expect(await codes({ path: `/${'a'.repeat(300)}`, title: 'x' })).toEqual(['resource.pin.invalid_path']);
    expect(await codes({ path: '/currencies/btc', title: '   ' })).toEqual(['resource.pin.missing_title']);
    expect(await codes({ path: '/currencies/btc', title: 'x'.repeat(121) })).toEqual(['resource.pin.invalid_title']);
    expect(await codes({ path: 7, title: 7 })).toEqual(['resource.pin.invalid_path', 'resource.pin.invalid_title']);
    expect(codesOf(await call(me, 'DELETE', '/pins/abc'))).toEqual(['resource.pin.non_integer_id']);
    expect(((await call(me, 'GET', '/pins')).json() as unknown[]).length).toBe(0);
  });

  it(`keeps at most ${PIN_MAX} pins, also when they are sent at once`, async () => {
    const me = await staff(t, 'support');
    const results = await Promise.all(Array.from({ length: PIN_MAX + 5 }, (_, i) =>
      call(me, 'POST', '/pins', { path: `/currencies/c${i}`, title: `Currency ${i}` })));
    expect(results.filter((r) => r.statusCode === 201).length).toBe(PIN_MAX);
    expect(results.filter((r) => r.statusCode === 422).every((r) => codesOf(r)[0] === 'resource.pin.too_many')).toBe(true);
    expect(((await call(me, 'GET', '/pins')).json() as unknown[]).length).toBe(PIN_MAX);
    // A path already pinned is still renamed at the cap.
    expect((await call(me, 'POST', '/pins', { path: '/currencies/c0', title: 'Renamed' })).statusCode).toBe(200);
  }, 60_000);

  it('audits a pin write as an admin activity of the staff member', async () => {
    const me = await staff(t, 'support');
    await call(me, 'POST', '/pins', { path: '/markets/ethusdt', title: 'Market ethusdt' });
    const row = await lastActivity(t, 'general');
    expect(row).toMatchObject({ user_id: me.id, result: 'succeed' });
    expect(JSON.stringify(row?.data)).toContain('/markets/ethusdt');
  });
});
