/**
 * E-mail notifications (spec §3, §4, §7; P-A36 GET and POST /admin/email-notifications) through the
 * generic handlers: the list oldest first with the user's e-mail and the type's name and description
 * joined in, the spec's filters, and the per-row toggle `POST {id, enabled}` — audited, refused to a
 * role that may only read, and bad input answered with the resource's codes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { type SignedIn, signInAs } from '../helpers/auth.js';
import { createUser } from '../helpers/users.js';

const URL_ = '/api/v2/barong/admin/email-notifications';
let t: TestApp;
let admin: SignedIn, support: SignedIn, investor: SignedIn;
let adminId: number;
let ada: { uid: string }, bo: { uid: string };
let deposit: number, newsletter: number;
const ids: number[] = [];

beforeAll(async () => {
  t = await testApp();
  const a = await signInAs(t, 'admin');
  admin = a.session; adminId = a.user.id;
  support = (await signInAs(t, 'support')).session;
  investor = (await signInAs(t, 'investor')).session;
  const k = t.db.kysely;
  ada = await createUser(t.db, { email: 'ada.mail@example.com' });
  bo = await createUser(t.db, { email: 'bo@example.com' });
  [deposit, newsletter] = (await k.insertInto('email_types').values([
    { name: 'deposit', description: 'A deposit was credited.' }, { name: 'newsletter', description: 'Monthly news.', status: 'inactive' },
  ]).returning('id').execute()).map((r) => r.id);
  for (const [uid, type, enabled] of [[ada.uid, deposit, true], [ada.uid, newsletter, false], [bo.uid, deposit, true]] as const) {
    ids.push((await k.insertInto('email_notifications').values({ uid, email_type_id: type!, enabled }).returning('id').executeTakeFirstOrThrow()).id);
  }
});
afterAll(async () => { await t?.close(); });

const list = (query: Record<string, string> = {}, who: SignedIn = support) =>
  t.app.inject({ method: 'GET', url: URL_, query, headers: who.headers() });
const toggle = (payload: unknown, who: SignedIn = admin) =>
  t.app.inject({ method: 'POST', url: URL_, payload: payload as object, headers: who.headers() });
const idsOf = async (query: Record<string, string>) => (await list(query)).json().map((r: { id: number }) => r.id);

describe('email notifications', () => {
  it('lists oldest first with the user and the type joined in', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({ total: '3', page: '1' });
    const rows = res.json();
    expect(rows.map((r: { id: number }) => r.id)).toEqual(ids);
    expect(rows[1]).toEqual({
      id: ids[1], uid: ada.uid, email: 'ada.mail@example.com', email_type_id: newsletter, name: 'newsletter',
      description: 'Monthly news.', enabled: false, created_at: expect.any(String), updated_at: expect.any(String),
    });
  });

  it('filters by uid, email, email type and enabled', async () => {
    expect(await idsOf({ uid: ada.uid })).toEqual([ids[0], ids[1]]);
    expect(await idsOf({ email: 'BO@' })).toEqual([ids[2]]);
    expect(await idsOf({ email_type_id: String(deposit) })).toEqual([ids[0], ids[2]]);
    expect(await idsOf({ enabled: 'false' })).toEqual([ids[1]]);
    expect(await idsOf({ enabled: 'true', uid: bo.uid })).toEqual([ids[2]]);
    const bad = await list({ enabled: 'maybe' });
    expect([bad.statusCode, bad.json().errors]).toEqual([422, ['admin.email_notification.invalid_enabled']]);
  });

  it('keeps one row per user and e-mail type', async () => {
    await expect(t.db.kysely.insertInto('email_notifications').values({ uid: ada.uid, email_type_id: deposit }).execute()).rejects.toThrow();
  });

  it('toggles one row with POST {id, enabled} and audits it', async () => {
    t.clock.advance(60_000);
    const res = await toggle({ id: ids[0], enabled: false });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ id: ids[0], uid: ada.uid, name: 'deposit', enabled: false, updated_at: t.clock.now().toISOString() });
    expect(await idsOf({ enabled: 'false' })).toEqual([ids[0], ids[1]]);
    // The other rows, the same user's included, are untouched.
    expect((await list({ uid: bo.uid })).json()[0].enabled).toBe(true);
    const act = await t.db.kysely.selectFrom('activities').selectAll().where('category', '=', 'admin').where('user_id', '=', adminId)
      .where('topic', '=', 'email-notifications').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(act).toMatchObject({ action: 'update', result: 'succeed', data: { id: ids[0], enabled: false } });
    expect((await toggle({ id: ids[0], enabled: true })).json().enabled).toBe(true);
  });

  it('answers bad input with the resource codes', async () => {
    const codes = async (payload: unknown) => { const r = await toggle(payload); return [r.statusCode, r.json().errors]; };
    expect(await codes({ enabled: true })).toEqual([422, ['admin.email_notification.missing_id']]);
    expect(await codes({ id: 'abc', enabled: true })).toEqual([422, ['admin.email_notification.invalid_id']]);
    expect(await codes({ id: ids[0] })).toEqual([422, ['admin.email_notification.missing_enabled']]);
    expect(await codes({ id: ids[0], enabled: 'maybe' })).toEqual([422, ['admin.email_notification.invalid_enabled']]);
    expect(await codes({ id: 999999, enabled: true })).toEqual([404, ['admin.email_notification.doesnt_exist']]);
  });

  it('lets a role that only reads list, never toggle; a role without the ability neither', async () => {
    const refused = await toggle({ id: ids[2], enabled: false }, support);
    expect([refused.statusCode, refused.json()]).toEqual([401, { errors: ['authz.invalid_permission'] }]);
    expect((await list({ uid: bo.uid })).json()[0].enabled).toBe(true);
    const blind = await list({}, investor);
    expect([blind.statusCode, blind.json()]).toEqual([401, { errors: ['authz.invalid_permission'] }]);
  });
});
