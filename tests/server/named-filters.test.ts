/**
 * The name filters the palette's "toggle <name>" looks rows up with (issue 14 item 11): each resource's
 * `named` field, filtered in SQL as the list's text filters are (contains, case-insensitive), also where
 * the name is joined in from another table (a sender's provider, a notification's e-mail type).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { type SignedIn, signInAs } from '../helpers/auth.js';
import { createUser } from '../helpers/users.js';

const B = '/api/v2/barong/admin';
let t: TestApp;
let admin: SignedIn;
let twilio: number, sender: number, welcome: number, note: number;

beforeAll(async () => {
  t = await testApp();
  admin = (await signInAs(t, 'admin')).session;
  const k = t.db.kysely;
  [twilio] = (await k.insertInto('platform_settings').values([
    { service_type: 'sms', service_name: 'Twilio' }, { service_type: 'email', service_name: 'sendgrid' },
  ]).returning('id').execute()).map((r) => r.id);
  sender = (await k.insertInto('sms_sender_configs').values({ platform_setting_id: twilio!, country_code: 'GB', sender: 'Steward' } as never)
    .returning('id').executeTakeFirstOrThrow()).id;
  [welcome] = (await k.insertInto('email_types').values([{ name: 'welcome' }, { name: 'deposit' }]).returning('id').execute()).map((r) => r.id);
  const u = await createUser(t.db);
  note = (await k.insertInto('email_notifications').values({ uid: u.uid, email_type_id: welcome!, enabled: true }).returning('id').executeTakeFirstOrThrow()).id;
});
afterAll(async () => { await t?.close(); });

const ids = async (path: string, query: Record<string, string>) => {
  const res = await t.app.inject({ method: 'GET', url: `${B}/${path}`, query, headers: admin.headers() });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().map((r: { id: number }) => r.id);
};

describe('lists filtered by the name the palette looks up', () => {
  it('platform settings by service name', async () => {
    expect(await ids('platform_settings', { service_name: 'twil' })).toEqual([twilio]);
    expect(await ids('platform_settings', { service_name: 'nothing' })).toEqual([]);
  });

  it('sms senders by their provider\'s service name', async () => {
    expect(await ids('sms_sender', { service_name: 'TWILIO' })).toEqual([sender]);
    expect(await ids('sms_sender', { service_name: 'sendgrid' })).toEqual([]);
  });

  it('e-mail types and notifications by the type\'s name', async () => {
    expect(await ids('email-types', { name: 'welc' })).toEqual([welcome]);
    expect(await ids('email-notifications', { name: 'welc' })).toEqual([note]);
    expect(await ids('email-notifications', { name: 'deposit' })).toEqual([]);
  });
});
