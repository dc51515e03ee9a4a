/**
 * Country services (issue 14 item 3; P-A32) through the generic handlers and their write hook: create
 * with the spec's required fields and `all`, country name and continent kept from the country, one per
 * country and type, the provider of the service's own type, country / type / provider locked on update
 * (state alone changes), the spec's filters and ascending order, GET …/continent's groups and counts,
 * the roles (ServiceLog: admin manages, technical reads, accountant neither), and the demo seed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { type SignedIn, signInAs } from '../helpers/auth.js';
import { makeContext } from '../../src/server/db/seed/context.js';
import { insertCountryServices } from '../../src/server/db/seed/country-services.js';

const B = '/api/v2/barong/admin';
const SERVICES = `${B}/country_services`, CONTINENT = `${B}/country_services/continent`;
let t: TestApp;
let admin: SignedIn, technical: SignedIn, accountant: SignedIn;
/** Platform settings (providers) by name. */
const p: Record<string, number> = {};

beforeAll(async () => {
  t = await testApp();
  [admin, technical, accountant] = await Promise.all(['admin', 'technical', 'accountant'].map(async (role) => (await signInAs(t, role)).session));
  for (const [service_type, service_name] of [['sms', 'twilio'], ['sms', 'mock-verify'], ['email', 'smtp']] as const) {
    const res = await call(admin, 'POST', `${B}/platform_settings`, { service_type, service_name });
    p[service_name] = res.json().id;
  }
});
afterAll(async () => { await t?.close(); });

type Method = 'GET' | 'POST' | 'PUT';
const call = (who: SignedIn, method: Method, url: string, payload?: unknown) =>
  t.app.inject({ method, url, payload: payload as object, headers: who.headers() });
const errorsOf = async (who: SignedIn, method: Method, url: string, payload?: unknown) => {
  const res = await call(who, method, url, payload);
  expect(res.statusCode, res.body).toBe(422);
  return res.json() as { errors: string[]; fields?: Record<string, string[]> };
};
const ids = (rows: Array<{ id: number }>) => rows.map((r) => r.id);

describe('country services', () => {
  const made: Record<string, number> = {};

  it('creates a service with its country name, continent and nested provider, enabled by default', async () => {
    const res = await call(admin, 'POST', SERVICES, { country_code: 'gb', service_type: 'sms', platform_setting_id: p.twilio });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number), country_code: 'GB', country_name: 'United Kingdom', continent: 'EU', continent_name: 'Europe',
      service_type: 'sms', platform_setting_id: p.twilio, service_name: 'twilio', platform_setting: { id: p.twilio, service_name: 'twilio' },
      state: 'enabled', created_at: '2026-11-20T12:00:00.000Z', updated_at: '2026-11-20T12:00:00.000Z',
    });
    made.gb = res.json().id;
    for (const [key, body] of Object.entries({
      de: { country_code: 'DE', service_type: 'sms', platform_setting_id: p.twilio, state: 'disabled' },
      br: { country_code: 'BR', service_type: 'sms', platform_setting_id: p['mock-verify'] },
      gbMail: { country_code: 'GB', service_type: 'email', platform_setting_id: p.smtp },
    })) {
      const r = await call(admin, 'POST', SERVICES, body);
      expect(r.statusCode, r.body).toBe(201);
      made[key] = r.json().id;
    }
  });

  it('takes `all` as the country of the fallback service', async () => {
    const res = await call(admin, 'POST', SERVICES, { country_code: 'ALL', service_type: 'email', platform_setting_id: p.smtp });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ country_code: 'all', country_name: 'All countries', continent: 'all', continent_name: 'All countries' });
    made.all = res.json().id;
  });

  it("refuses what is missing with the spec's fields, and a provider of the other type", async () => {
    expect(await errorsOf(admin, 'POST', SERVICES, {})).toEqual({
      errors: ['admin.country_service.missing_country_code', 'admin.country_service.missing_service_type', 'admin.country_service.missing_platform_setting_id'],
      fields: {
        country_code: ['admin.country_service.missing_country_code'], service_type: ['admin.country_service.missing_service_type'],
        platform_setting_id: ['admin.country_service.missing_platform_setting_id'],
      },
    });
    expect((await errorsOf(admin, 'POST', SERVICES, { country_code: 'XX', service_type: 'sms', platform_setting_id: p.twilio })).errors)
      .toEqual(['admin.country_service.invalid_country_code']);
    expect((await errorsOf(admin, 'POST', SERVICES, { country_code: 'FR', service_type: 'fax', platform_setting_id: p.twilio })).errors)
      .toEqual(['admin.country_service.invalid_service_type']);
    expect(await errorsOf(admin, 'POST', SERVICES, { country_code: 'FR', service_type: 'email', platform_setting_id: p.twilio })).toEqual({
      errors: ['admin.country_service.service_type_mismatch'], fields: { platform_setting_id: ['admin.country_service.service_type_mismatch'] },
    });
    expect((await errorsOf(admin, 'POST', SERVICES, { country_code: 'FR', service_type: 'sms', platform_setting_id: 999999 })).errors)
      .toEqual(['admin.country_service.platform_setting_doesnt_exist']);
    expect((await errorsOf(admin, 'POST', SERVICES, { country_code: 'GB', service_type: 'sms', platform_setting_id: p['mock-verify'] })).errors)
      .toEqual(['admin.country_service.country_code_service_type_taken']);
    expect(await t.db.kysely.selectFrom('country_services').select('id').where('country_code', '=', 'FR').execute()).toEqual([]);
  });

  it('changes only the state: country, type and provider are locked', async () => {
    const off = await call(admin, 'PUT', SERVICES, { id: made.gb, state: 'disabled' });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ id: made.gb, state: 'disabled', country_code: 'GB', country_name: 'United Kingdom', continent: 'EU', service_name: 'twilio' });
    for (const [field, value] of [['country_code', 'FR'], ['service_type', 'email'], ['platform_setting_id', p['mock-verify']]] as const) {
      expect((await errorsOf(admin, 'PUT', SERVICES, { id: made.gb, [field]: value })).errors).toEqual([`admin.country_service.immutable_${field}`]);
    }
    expect((await errorsOf(admin, 'PUT', SERVICES, { id: made.gb, country_name: 'France' })).errors).toEqual(['admin.country_service.unknown_country_name']);
    const row = await t.db.kysely.selectFrom('country_services').selectAll().where('id', '=', made.gb).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ country_code: 'GB', service_type: 'sms', platform_setting_id: p.twilio, state: 'disabled' });
  });

  it("filters by the spec's fields and lists in ascending order (country name, by default)", async () => {
    const list = async (q = '') => (await call(technical, 'GET', `${SERVICES}${q}`)).json() as Array<{ id: number; country_name: string }>;
    expect((await list()).map((r) => r.country_name)).toEqual(['All countries', 'Brazil', 'Germany', 'United Kingdom', 'United Kingdom']);
    expect(ids(await list('?service_type=email'))).toEqual([made.all, made.gbMail]);
    expect(ids(await list(`?platform_setting_id=${p['mock-verify']}`))).toEqual([made.br]);
    expect(ids(await list('?country_name=king'))).toEqual([made.gb, made.gbMail]);
    expect(ids(await list('?continent=EU&service_type=sms'))).toEqual([made.de, made.gb]);
    expect(ids(await list('?continent=all'))).toEqual([made.all]);
    expect(ids(await list('?country_code=br'))).toEqual([made.br]);
    expect(ids(await list('?state=disabled'))).toEqual([made.de, made.gb]);
    expect(ids(await list('?order_by=service_name&ordering=desc&service_type=sms'))).toEqual([made.de, made.gb, made.br]);
    expect(ids(await list('?order_by=continent_name&limit=2'))).toEqual([made.all, made.gb]);
    const res = await call(technical, 'GET', `${SERVICES}?limit=2`);
    expect(res.headers.total).toBe('5');
    expect((await errorsOf(technical, 'GET', `${SERVICES}?continent=AN`)).errors).toEqual(['admin.country_service.invalid_continent']);
    expect((await errorsOf(technical, 'GET', `${SERVICES}?order_by=country_code`)).errors).toEqual(['admin.pagination.invalid_order_by']);
  });

  it('groups the services by continent, counting countries', async () => {
    const res = await call(technical, 'GET', CONTINENT);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      {
        continent: 'EU', count: 2, countries: [
          { id: made.de, country_name: 'Germany', country_code: 'DE', service_type: 'sms', state: 'disabled' },
          { id: made.gbMail, country_name: 'United Kingdom', country_code: 'GB', service_type: 'email', state: 'enabled' },
          { id: made.gb, country_name: 'United Kingdom', country_code: 'GB', service_type: 'sms', state: 'disabled' },
        ],
      },
      { continent: 'SA', count: 1, countries: [{ id: made.br, country_name: 'Brazil', country_code: 'BR', service_type: 'sms', state: 'enabled' }] },
      { continent: 'all', count: 1, countries: [{ id: made.all, country_name: 'All countries', country_code: 'all', service_type: 'email', state: 'enabled' }] },
    ]);
  });

  it('lets technical read but not write, and refuses a role without the ServiceLog ability', async () => {
    expect((await call(technical, 'GET', `${SERVICES}/${made.br}`)).json()).toMatchObject({ id: made.br, country_code: 'BR' });
    expect((await call(technical, 'POST', SERVICES, { country_code: 'FR', service_type: 'sms', platform_setting_id: p.twilio })).statusCode).toBe(401);
    expect((await call(technical, 'PUT', SERVICES, { id: made.br, state: 'disabled' })).statusCode).toBe(401);
    for (const url of [SERVICES, CONTINENT, `${SERVICES}/${made.br}`]) {
      const res = await call(accountant, 'GET', url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json().errors, url).toEqual(['authz.invalid_permission']);
    }
  });
});

describe('demo seed', () => {
  it('seeds SMS and e-mail routes on several continents and for all countries, a few switched off, once', async () => {
    const db = t.db.kysely;
    await db.insertInto('platform_settings').values([
      { service_type: 'sms', service_name: 'messagebird', state: 'disabled' }, { service_type: 'email', service_name: 'sendgrid', state: 'disabled' },
    ]).execute();
    const ctx = makeContext(db, 0, new Date('2026-06-15T12:00:00Z'), () => {});
    const count = async () => Number((await db.selectFrom('country_services').select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    await insertCountryServices(ctx);
    const after = await count();
    expect(after).toBeGreaterThan(30);
    await insertCountryServices(ctx);
    expect(await count()).toBe(after);
    const groups = (await call(admin, 'GET', CONTINENT)).json() as Array<{ continent: string; count: number }>;
    expect(groups.map((g) => g.continent)).toEqual(['AF', 'AS', 'EU', 'NA', 'OC', 'SA', 'all']);
    const disabled = (await call(admin, 'GET', `${SERVICES}?state=disabled`)).json() as Array<{ service_type: string }>;
    expect(disabled.length).toBeGreaterThan(2);
    const twilio = (await call(admin, 'GET', `${SERVICES}?platform_setting_id=${p.twilio}&limit=100`)).json() as Array<{ service_type: string; platform_setting: { service_name: string } }>;
    expect(twilio.every((s) => s.service_type === 'sms' && s.platform_setting.service_name === 'twilio')).toBe(true);
  });
});
