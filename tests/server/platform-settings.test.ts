/**
 * Platform settings (spec §2, §3, §7: GET/PUT /admin/platform_settings) through the generic handlers:
 * create with a service type and name, the list, an edit that changes the state only (type and name are
 * immutable), one row per type and name, the spec's messages for missing fields, and the roles: admin
 * manages, technical reads, support neither.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { type SignedIn, signInAs } from '../helpers/auth.js';

const URL_ = '/api/v2/barong/admin/platform_settings';
let t: TestApp;
let admin: SignedIn, technical: SignedIn, support: SignedIn;

beforeAll(async () => {
  t = await testApp();
  admin = (await signInAs(t, 'admin')).session;
  technical = (await signInAs(t, 'technical')).session;
  support = (await signInAs(t, 'support')).session;
});
afterAll(async () => { await t?.close(); });

const call = (who: SignedIn, method: 'GET' | 'POST' | 'PUT', payload?: unknown, url = URL_) =>
  t.app.inject({ method, url, payload: payload as object, headers: who.headers() });

describe('platform settings', () => {
  let id: number;

  it('creates a provider, enabled by default, and lists it', async () => {
    const res = await call(admin, 'POST', { service_type: 'sms', service_name: 'twilio' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number), service_type: 'sms', service_name: 'twilio', state: 'enabled',
      created_at: '2026-11-20T12:00:00.000Z', updated_at: '2026-11-20T12:00:00.000Z',
    });
    id = res.json().id;
    const list = await call(admin, 'GET', undefined, `${URL_}?service_type=sms&ordering=desc`);
    expect(list.json().map((r: { id: number }) => r.id)).toContain(id);
  });

  it('changes only the state of a row', async () => {
    const off = await call(admin, 'PUT', { id, state: 'disabled' });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ id, state: 'disabled', service_name: 'twilio' });
    const renamed = await call(admin, 'PUT', { id, service_name: 'other' });
    expect(renamed.statusCode).toBe(422);
    expect(renamed.json().errors).toEqual(['admin.platform_setting.immutable_service_name']);
    expect((await call(admin, 'PUT', { id, state: 'paused' })).json().errors).toEqual(['admin.platform_setting.invalid_state']);
    const row = await t.db.kysely.selectFrom('platform_settings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ service_name: 'twilio', state: 'disabled' });
  });

  it('keeps one row per type and name, and refuses what is missing or malformed', async () => {
    expect((await call(admin, 'POST', { service_type: 'sms', service_name: 'twilio' })).json().errors)
      .toEqual(['admin.platform_setting.service_name_service_type_taken']);
    expect((await call(admin, 'POST', { service_type: 'email', service_name: 'twilio' })).statusCode).toBe(201);
    expect((await call(admin, 'POST', { service_name: 'x' })).json().errors).toEqual(['admin.platform_setting.missing_service_type']);
    expect((await call(admin, 'POST', { service_type: 'fax', service_name: 'x' })).json().errors).toEqual(['admin.platform_setting.invalid_service_type']);
    expect((await call(admin, 'POST', { service_type: 'sms' })).json().errors).toEqual(['admin.platform_setting.missing_service_name']);
  });

  it('lets technical read and not write, and support neither', async () => {
    expect((await call(technical, 'GET')).statusCode).toBe(200);
    expect((await call(technical, 'PUT', { id, state: 'enabled' })).statusCode).toBe(401);
    expect((await call(support, 'GET')).statusCode).toBe(401);
  });
});
