/**
 * SMS sender configs (spec §2, §3, §4, §7: GET/POST/PUT/DELETE /admin/sms_sender) through the generic
 * handlers: the provider's service name and the country's name joined in, one sender per provider and
 * country, the status switch, and no deleting an active sender (refused by the server, however the
 * status changed meanwhile); roles: admin manages, technical reads.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { type SignedIn, signInAs } from '../helpers/auth.js';

const URL_ = '/api/v2/barong/admin/sms_sender';
let t: TestApp;
let admin: SignedIn, technical: SignedIn;
let provider: number;

beforeAll(async () => {
  t = await testApp();
  admin = (await signInAs(t, 'admin')).session;
  technical = (await signInAs(t, 'technical')).session;
  provider = (await t.db.kysely.insertInto('platform_settings').values({ service_type: 'sms', service_name: 'twilio' }).returning('id').executeTakeFirstOrThrow()).id;
});
afterAll(async () => { await t?.close(); });

const call = (who: SignedIn, method: 'GET' | 'POST' | 'PUT' | 'DELETE', payload?: unknown, url = URL_) =>
  t.app.inject({ method, url, payload: payload as object, headers: who.headers() });

describe('sms senders', () => {
  let id: number;

  it('creates a sender for a provider and country, with their names joined in', async () => {
    const res = await call(admin, 'POST', { platform_setting_id: provider, country_code: 'gb', sender: 'Steward' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      platform_setting_id: provider, service_name: 'twilio', country_code: 'GB', country_name: 'United Kingdom', sender: 'Steward', status: 'active',
    });
    id = res.json().id;
    expect((await call(admin, 'POST', { platform_setting_id: provider, country_code: 'GB', sender: 'Other' })).json().errors)
      .toEqual(['admin.sms_sender_config.platform_setting_id_country_code_taken']);
    expect((await call(admin, 'POST', { platform_setting_id: 999999, country_code: 'FR', sender: 'x' })).json().errors)
      .toEqual(['admin.sms_sender_config.platform_setting_doesnt_exist']);
    expect((await call(admin, 'POST', { platform_setting_id: provider, country_code: 'ZZ', sender: 'x' })).statusCode).toBe(422);
    const list = await call(technical, 'GET', undefined, `${URL_}?country_code=GB`);
    expect(list.json().map((r: { id: number }) => r.id)).toEqual([id]);
  });

  it('refuses to delete an active sender, and deletes it once switched off', async () => {
    const refused = await call(admin, 'DELETE', { id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual(['admin.sms_sender_config.not_deletable']);
    expect(await t.db.kysely.selectFrom('sms_sender_configs').select('id').where('id', '=', id).executeTakeFirst()).toBeDefined();
    expect((await call(admin, 'PUT', { id, status: 'inactive' })).json().status).toBe('inactive');
    expect((await call(technical, 'DELETE', { id })).statusCode).toBe(401);
    const gone = await call(admin, 'DELETE', { id });
    expect(gone.statusCode).toBe(200);
    expect((await call(admin, 'DELETE', { id })).statusCode).toBe(404);
  });

  it('filters by country as P-A34 names it: the name (any case, accents ignored) or the code (issue 29 item 16)', async () => {
    const ids: Record<string, number> = {};
    for (const cc of ['GB', 'US', 'DE', 'AX']) {
      const res = await call(admin, 'POST', { platform_setting_id: provider, country_code: cc, sender: 'Steward' });
      expect(res.statusCode).toBe(201);
      ids[cc] = res.json().id;
    }
    const listed = async (query: string) => {
      const res = await call(technical, 'GET', undefined, `${URL_}?${query}`);
      expect(res.statusCode).toBe(200);
      return { codes: res.json().map((r: { country_code: string }) => r.country_code).sort(), total: res.headers.total };
    };
    expect(await listed('country=united')).toEqual({ codes: ['GB', 'US'], total: '2' });
    expect(await listed('country=United%20Kingdom')).toEqual({ codes: ['GB'], total: '1' });
    expect(await listed('country=germany')).toEqual({ codes: ['DE'], total: '1' });
    expect(await listed('country=aland')).toEqual({ codes: ['AX'], total: '1' });
    expect(await listed('country=us')).toEqual({ codes: ['US'], total: '1' });
    // With the other filters, and a country that matches none: an empty page, not every row.
    await call(admin, 'PUT', { id: ids.US, status: 'inactive' });
    expect(await listed('country=united&status=active')).toEqual({ codes: ['GB'], total: '1' });
    expect(await listed('country=atlantis')).toEqual({ codes: [], total: '0' });
    expect(await listed('country=')).toEqual({ codes: ['AX', 'DE', 'GB', 'US'], total: '4' });
  });
});
