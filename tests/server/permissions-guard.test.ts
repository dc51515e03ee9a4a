/**
 * Issue 30 item 1: an admin could drop the superadmin's access to the permissions API, and then the
 * superadmin could neither read nor delete that row. Through HTTP, as admin and as superadmin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { signInAs, type SignedIn } from '../helpers/auth.js';

const URL_ = '/api/v2/barong/admin/permissions';
let t: TestApp;
let admin: SignedIn;
let su: SignedIn;

beforeAll(async () => {
  t = await testApp();
  admin = (await signInAs(t, 'admin')).session;
  su = (await signInAs(t, 'superadmin')).session;
});
afterAll(async () => { await t?.close(); });

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (who: SignedIn, method: Method, payload?: object, extra: Record<string, string> = {}) => t.app.inject({
  method, url: method === 'DELETE' && payload ? `${URL_}?id=${(payload as { id: number }).id}` : URL_,
  headers: who.headers(extra), ...(payload && method !== 'DELETE' ? { payload } : {}),
});
const rowId = async (role: string, verb: string, path: string, action = 'ACCEPT') =>
  (await t.db.kysely.selectFrom('permissions').select('id').where('role', '=', role).where('verb', '=', verb)
    .where('path', '=', path).where('action', '=', action).executeTakeFirstOrThrow()).id;
const count = async () => Number((await t.db.kysely.selectFrom('permissions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const failedAudits = async (code: string) => (await t.db.kysely.selectFrom('activities').select('data')
  .where('topic', '=', 'permissions').where('result', '=', 'failed').execute())
  .filter((a) => JSON.stringify(a.data).includes(code)).length;
const lockOut = { role: 'superadmin', verb: 'all', path: 'api/v2/barong/admin/permissions', action: 'drop' };

describe("the superadmin's rows are the superadmin's alone", () => {
  it("refuses an admin's new row for the superadmin (the probe's lock-out), audited; the superadmin still reads", async () => {
    const before = await count();
    const res = await call(admin, 'POST', lockOut);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual(['admin.permission.superadmin_change']);
    expect(await count()).toBe(before);
    expect(await failedAudits('admin.permission.superadmin_change')).toBe(1);
    expect((await call(su, 'GET')).statusCode).toBe(200);
  });

  it("refuses an admin's edit or delete of the superadmin's ALL api/v2 row, and moving a row to the superadmin", async () => {
    const id = await rowId('superadmin', 'ALL', 'api/v2');
    for (const res of [
      await call(admin, 'PUT', { id, action: 'drop' }),
      await call(admin, 'PUT', { id, role: 'admin' }),
      await call(admin, 'DELETE', { id }),
      await call(admin, 'PUT', { id: await rowId('support', 'ALL', 'api/v2/peatio/account'), role: 'superadmin' }),
    ]) {
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual(['admin.permission.superadmin_change']);
    }
    const row = await t.db.kysely.selectFrom('permissions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ role: 'superadmin', verb: 'ALL', path: 'api/v2', action: 'ACCEPT' });
  });

  it('lets the superadmin write its own rows, but never so that it could no longer manage permissions', async () => {
    const created = await call(su, 'POST', { role: 'superadmin', verb: 'get', path: 'api/v2/barong/admin/metrics', action: 'audit' });
    expect(created.statusCode).toBe(200);
    expect((await call(su, 'DELETE', { id: created.json().id })).statusCode).toBe(200);
    for (const headers of [{}, { 'x-confirm': 'admin.permission.locks_you_out' }] as Record<string, string>[]) {
      const res = await call(su, 'POST', lockOut, headers);
      expect(res.statusCode).toBe(409);
      expect(res.json().errors).toEqual(['admin.permission.locks_everyone_out']);
    }
    const res = await call(su, 'DELETE', { id: await rowId('superadmin', 'ALL', 'api/v2') });
    expect(res.json().errors).toEqual(['admin.permission.locks_everyone_out']);
    expect((await call(su, 'GET')).statusCode).toBe(200);
  });
});

describe('locking out your own role', () => {
  it('asks an admin to confirm, then the superadmin can give the access back', async () => {
    const own = { role: 'admin', verb: 'delete', path: 'api/v2/barong/admin/permissions', action: 'drop' };
    const refused = await call(admin, 'POST', own);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toEqual(['admin.permission.locks_you_out']);
    const confirmed = await call(admin, 'POST', own, { 'x-confirm': 'admin.permission.locks_you_out' });
    expect(confirmed.statusCode).toBe(200);
    // Now the admin cannot delete that row itself …
    const gate = await call(admin, 'DELETE', { id: confirmed.json().id });
    expect(gate.statusCode).toBe(401);
    expect(gate.json().errors).toEqual(['authz.invalid_permission']);
    // … and the superadmin can.
    expect((await call(su, 'DELETE', { id: confirmed.json().id })).statusCode).toBe(200);
    expect((await call(admin, 'GET')).statusCode).toBe(200);
  });

  it("lets a superadmin take an admin's access away without asking (its own stays)", async () => {
    const id = await rowId('admin', 'ALL', 'api/v2');
    expect((await call(su, 'PUT', { id, action: 'drop' })).statusCode).toBe(200);
    expect((await call(admin, 'GET')).statusCode).toBe(401);
    expect((await call(su, 'PUT', { id, action: 'accept' })).statusCode).toBe(200);
    expect((await call(admin, 'GET')).statusCode).toBe(200);
  });
});

describe('without the superadmin on the allowed roles', () => {
  it('refuses the change that would leave no allowed role able to manage permissions, confirmed or not', async () => {
    const noSu = await testApp({ env: { ALLOWED_ROLES: 'admin,support' } });
    try {
      const a = (await signInAs(noSu, 'admin')).session;
      const id = (await noSu.db.kysely.selectFrom('permissions').select('id').where('role', '=', 'admin')
        .where('verb', '=', 'ALL').where('path', '=', 'api/v2').executeTakeFirstOrThrow()).id;
      const res = await noSu.app.inject({ method: 'DELETE', url: `${URL_}?id=${id}`, headers: a.headers({ 'x-confirm': 'admin.permission.locks_you_out' }) });
      expect(res.statusCode).toBe(409);
      expect(res.json().errors).toEqual(['admin.permission.locks_everyone_out']);
    } finally {
      await noSu.close();
    }
  });
});
