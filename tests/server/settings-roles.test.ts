/**
 * Per-role access to PlatformSetting, ServiceLog and SmsSenderConfig over HTTP (issue 14 "Done when"):
 * for every role of spec §6, read, edit and delete on /admin/platform_settings, /admin/service_logs (its
 * edit is the services screen, /admin/country_services, gated by ServiceLog) and /admin/sms_sender answer
 * 2xx or a refusal exactly as the role's abilities say, and a refused write changes nothing.
 *
 * Spec §6 names the checks (edit or read on all three, delete on SmsSenderConfig) but not which role holds
 * them ("Exact ability values: not shown"); the table below is the one GET /admin/abilities publishes
 * (src/server/auth/abilities.ts): superadmin and admin manage all three; technical reads all three;
 * compliance and support read service logs only; accountant, manager, broker and investor none; member
 * and trader, off the console's allowed roles, nothing. The auth service refuses with 401, as Barong does
 * (openware-api.md §1.5: admin.ability.not_permitted, or authz.invalid_permission from the permission rows).
 * Platform settings and service logs have no delete call: it is refused to every role.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { type SignedIn, signInAs } from '../helpers/auth.js';
import { createUser } from '../helpers/users.js';
import { buildAbility, type AbilitiesResponse } from '../../src/shared/abilities.js';

const B = '/api/v2/barong/admin';
type Op = 'read' | 'edit' | 'delete';
type Subject = 'PlatformSetting' | 'ServiceLog' | 'SmsSenderConfig';

const ALL: Op[] = ['read', 'edit', 'delete'];
/** What each role may do, per subject (absent: nothing). */
const MAY: Record<string, Partial<Record<Subject, Op[]>>> = {
  superadmin: { PlatformSetting: ['read', 'edit'], ServiceLog: ['read', 'edit'], SmsSenderConfig: ALL },
  admin: { PlatformSetting: ['read', 'edit'], ServiceLog: ['read', 'edit'], SmsSenderConfig: ALL },
  technical: { PlatformSetting: ['read'], ServiceLog: ['read'], SmsSenderConfig: ['read'] },
  compliance: { ServiceLog: ['read'] },
  support: { ServiceLog: ['read'] },
  accountant: {},
  manager: {},
  broker: {},
  investor: {},
  member: {},
  trader: {},
};
const ROLES = Object.keys(MAY);
const OFF_CONSOLE = ['member', 'trader'];
const SUBJECTS: Subject[] = ['PlatformSetting', 'ServiceLog', 'SmsSenderConfig'];

let t: TestApp;
const who: Record<string, SignedIn> = {};
let provider: number, service: number, logId: number;

beforeAll(async () => {
  t = await testApp();
  for (const role of ROLES) who[role] = (await signInAs(t, role)).session;
  const k = t.db.kysely;
  provider = (await k.insertInto('platform_settings').values({ service_type: 'sms', service_name: 'twilio' }).returning('id').executeTakeFirstOrThrow()).id;
  service = (await k.insertInto('country_services').values({
    country_code: 'GB', country_name: 'United Kingdom', continent: 'EU', continent_name: 'Europe', service_type: 'sms', platform_setting_id: provider,
  } as never).returning('id').executeTakeFirstOrThrow()).id;
  const u = await createUser(t.db);
  logId = (await k.insertInto('service_logs').values({
    user_id: u.id, uid: u.uid, email: u.email, service_name: 'twilio', service_type: 'sms', topic: 'otp', user_country: 'GB',
    user_ip: '10.0.0.2', phone_number: '447700900123', result: 'success', metadata: '{}', created_at: new Date('2026-11-20T11:00:00Z'),
  } as never).returning('id').executeTakeFirstOrThrow()).id;
}, 120_000);
afterAll(async () => { await t?.close(); });

const call = (role: string, method: string, url: string, payload?: object) =>
  t.app.inject({ method: method as 'GET', url, ...(payload ? { payload } : {}), headers: who[role]!.headers() });

/** 2xx when allowed; otherwise Barong's refusal. */
function answered(res: { statusCode: number; body: string; json(): any }, allowed: boolean, what: string) {
  if (allowed) {
    expect(res.statusCode, `${what}: ${res.body}`).toBeGreaterThanOrEqual(200);
    expect(res.statusCode, `${what}: ${res.body}`).toBeLessThan(300);
  } else {
    expect(res.statusCode, what).toBe(401);
    expect(['admin.ability.not_permitted', 'authz.invalid_permission'], what).toContain(res.json().errors?.[0]);
  }
}

const may = (role: string, s: Subject, op: Op) => MAY[role]![s]?.includes(op) ?? false;
const row = (table: 'platform_settings' | 'sms_sender_configs' | 'country_services' | 'service_logs', id: number) =>
  t.db.kysely.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst() as Promise<Record<string, unknown> | undefined>;

describe('the abilities each role is given agree with the table', () => {
  it.each(ROLES)('%s', async (role) => {
    const res = await call(role, 'GET', `${B}/abilities`);
    // Off the console's roles, the permission rows refuse even the abilities call.
    expect(res.statusCode).toBe(OFF_CONSOLE.includes(role) ? 401 : 200);
    const a = buildAbility(res.statusCode === 200 ? (res.json() as AbilitiesResponse) : {}, null);
    for (const s of SUBJECTS) {
      expect(a.can('read', s), `${role} read ${s}`).toBe(may(role, s, 'read'));
      expect(a.can('update', s), `${role} update ${s}`).toBe(may(role, s, 'edit'));
    }
    expect(a.can('delete', 'SmsSenderConfig'), `${role} delete SmsSenderConfig`).toBe(may(role, 'SmsSenderConfig', 'delete'));
  });
});

describe('PlatformSetting per role', () => {
  it.each(ROLES)('%s', async (role) => {
    const read = may(role, 'PlatformSetting', 'read');
    answered(await call(role, 'GET', `${B}/platform_settings`), read, `${role} list`);
    answered(await call(role, 'GET', `${B}/platform_settings/${provider}`), read, `${role} get`);

    const before = await row('platform_settings', provider);
    const next = before!.state === 'enabled' ? 'disabled' : 'enabled';
    const edit = await call(role, 'PUT', `${B}/platform_settings`, { id: provider, state: next });
    answered(edit, may(role, 'PlatformSetting', 'edit'), `${role} edit`);
    expect((await row('platform_settings', provider))!.state, `${role} edit`).toBe(may(role, 'PlatformSetting', 'edit') ? next : before!.state);

    // No delete call for anyone: refused, the row stays.
    const del = await call(role, 'DELETE', `${B}/platform_settings?id=${provider}`);
    expect(del.statusCode, `${role} delete`).toBeGreaterThanOrEqual(400);
    expect(await row('platform_settings', provider), `${role} delete`).toBeDefined();
  });
});

describe('ServiceLog per role', () => {
  it.each(ROLES)('%s', async (role) => {
    const read = may(role, 'ServiceLog', 'read');
    const list = await call(role, 'GET', `${B}/service_logs`);
    answered(list, read, `${role} list`);
    if (read) expect(list.json().map((r: { id: number }) => r.id)).toContain(logId);
    answered(await call(role, 'GET', `${B}/metrics/service-logs?period=daily`), read, `${role} graph`);
    answered(await call(role, 'GET', `${B}/country_services`), read, `${role} services`);

    // Editing: the services screen's switch, gated by ServiceLog.
    const before = await row('country_services', service);
    const next = before!.state === 'enabled' ? 'disabled' : 'enabled';
    answered(await call(role, 'PUT', `${B}/country_services`, { id: service, state: next }), may(role, 'ServiceLog', 'edit'), `${role} edit`);
    expect((await row('country_services', service))!.state, `${role} edit`).toBe(may(role, 'ServiceLog', 'edit') ? next : before!.state);

    // Logs are append-only: no delete for anyone, the log stays.
    const del = await call(role, 'DELETE', `${B}/service_logs?id=${logId}`);
    expect(del.statusCode, `${role} delete`).toBeGreaterThanOrEqual(400);
    expect(await row('service_logs', logId), `${role} delete`).toBeDefined();
  });
});

describe('SmsSenderConfig per role', () => {
  it.each(ROLES)('%s', async (role) => {
    // A sender of the role's own (one per provider and country), inactive so that a permitted delete succeeds.
    const country = ['FR', 'DE', 'IT', 'ES', 'NL', 'BE', 'AT', 'PL', 'SE', 'NO', 'DK'][ROLES.indexOf(role)]!;
    const id = (await t.db.kysely.insertInto('sms_sender_configs')
      .values({ platform_setting_id: provider, country_code: country, sender: 'Steward', status: 'active' } as never)
      .returning('id').executeTakeFirstOrThrow()).id;
    const read = may(role, 'SmsSenderConfig', 'read');
    const list = await call(role, 'GET', `${B}/sms_sender?country_code=${country}`);
    answered(list, read, `${role} list`);
    if (read) expect(list.json().map((r: { id: number }) => r.id)).toEqual([id]);
    answered(await call(role, 'GET', `${B}/sms_sender/${id}`), read, `${role} get`);

    const edit = may(role, 'SmsSenderConfig', 'edit');
    answered(await call(role, 'PUT', `${B}/sms_sender`, { id, status: 'inactive' }), edit, `${role} edit`);
    expect((await row('sms_sender_configs', id))!.status, `${role} edit`).toBe(edit ? 'inactive' : 'active');

    if (!edit) await t.db.kysely.updateTable('sms_sender_configs').set({ status: 'inactive' } as never).where('id', '=', id).execute();
    const del = may(role, 'SmsSenderConfig', 'delete');
    answered(await call(role, 'DELETE', `${B}/sms_sender`, { id }), del, `${role} delete`);
    expect(await row('sms_sender_configs', id), `${role} delete`).toEqual(del ? undefined : expect.objectContaining({ id }));
  });
});
