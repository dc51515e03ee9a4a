/** User edits: state with remark, 2FA off, role, email, phone, referrer; their protections and audit rows. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { caller, lastActivity, mkUser, staff, userRow } from './users-fixtures.js';

let t: TestApp;
let call: ReturnType<typeof caller>;
let admin: Awaited<ReturnType<typeof staff>>;
let root: Awaited<ReturnType<typeof staff>>;
let support: Awaited<ReturnType<typeof staff>>;

beforeAll(async () => {
  t = await testApp();
  call = caller(t, '/api/v2/barong/admin');
  admin = await staff(t, 'admin');
  root = await staff(t, 'superadmin');
  support = await staff(t, 'support');
});
afterAll(async () => { await t?.close(); });

const expect422 = async (res: { statusCode: number; json(): any }, code: string, status = 422) => {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(status);
  expect(res.json().errors).toEqual([code]);
};

describe('POST /admin/users/update (state)', () => {
  it('changes the state, logs it with the remark and the changer, and audits before → after', async () => {
    const u = await mkUser(t, { state: 'active' });
    const res = await call(admin, 'POST', '/users/update', { uid: u.uid, state: 'banned', remark: 'fraud report #12' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ uid: u.uid, state: 'banned' });
    expect((await userRow(t, u.uid)).state).toBe('banned');
    const logs = await t.db.kysely.selectFrom('user_state_logs').selectAll().where('user_id', '=', u.id).execute();
    expect(logs).toMatchObject([{ past_state: 'active', state: 'banned', remark: 'fraud report #12', change_by_user_id: admin.id }]);
    const act = await lastActivity(t, 'users');
    expect(act).toMatchObject({ result: 'succeed', action: 'update', user_id: admin.id, target_id: u.id });
    expect(act!.data).toMatchObject({ uid: u.uid, past_state: 'active', state: 'banned', remark: 'fraud report #12' });
    // The detail shows the log entry newest first with the changer's email.
    const detail = (await call(admin, 'GET', `/users/${u.uid}`)).json();
    expect(detail.user_state_logs[0]).toMatchObject({ state: 'banned', change_by_user_email: admin.user.email });
  });

  it.each([
    [{ state: 'banned' }, 'admin.user.missing_remark'],
    [{ state: 'banned', remark: '' }, 'admin.user.empty_remark'],
    [{ state: 'banned', remark: ' leading space' }, 'admin.user.invalid_remark'],
    [{ state: 'sleeping', remark: 'x' }, 'admin.user.invalid_state'],
    [{ state: 'active', remark: 'same' }, 'admin.user.state_no_change'],
    [{ state: 'banned', remark: 'x', otp: false }, 'admin.user.one_of_state_otp'],
  ])('%j → %s, nothing changed', async (body, code) => {
    const u = await mkUser(t, { state: 'active' });
    await expect422(await call(admin, 'POST', '/users/update', { uid: u.uid, ...body }), code);
    expect(await userRow(t, u.uid)).toEqual(u);
    expect(await t.db.kysely.selectFrom('user_state_logs').select('id').where('user_id', '=', u.id).execute()).toEqual([]);
  });

  it('refuses self-edits and an admin editing a superadmin; a superadmin may', async () => {
    await expect422(await call(admin, 'POST', '/users/update', { uid: admin.uid, state: 'inactive', remark: 'me' }), 'admin.user.update_himself');
    const sa = await mkUser(t, { role: 'superadmin' });
    await expect422(await call(admin, 'POST', '/users/update', { uid: sa.uid, state: 'inactive', remark: 'x' }), 'admin.user.superadmin_change');
    expect((await userRow(t, sa.uid)).state).toBe('active');
    expect((await call(root, 'POST', '/users/update', { uid: sa.uid, state: 'inactive', remark: 'x' })).statusCode).toBe(200);
    expect((await userRow(t, sa.uid)).state).toBe('inactive');
  });

  it('answers 404 for an unknown user, and support may not change a state', async () => {
    await expect422(await call(admin, 'POST', '/users/update', { uid: 'ID404', state: 'active', remark: 'x' }), 'admin.user.doesnt_exist', 404);
    const u = await mkUser(t);
    await expect422(await call(support, 'POST', '/users/update', { uid: u.uid, state: 'banned', remark: 'x' }), 'admin.ability.not_permitted', 401);
    expect((await userRow(t, u.uid)).state).toBe('active');
  });
});

describe('2FA', () => {
  it('only switches off: clears otp, its secret and the otp label; support may do it', async () => {
    const u = await mkUser(t, { otp: true, otpSecret: 'JBSWY3DPEHPK3PXP' });
    await t.db.kysely.insertInto('labels').values({ user_id: u.id, key: 'otp', value: 'enabled', scope: 'private' }).execute();
    await expect422(await call(support, 'POST', '/users/update', { uid: u.uid, otp: true }), 'admin.user.enable_2fa');
    expect((await userRow(t, u.uid)).otp).toBe(true);
    const res = await call(support, 'POST', '/users/update', { uid: u.uid, otp: false });
    expect(res.statusCode).toBe(200);
    expect(await userRow(t, u.uid)).toMatchObject({ otp: false, otp_secret: null });
    expect(await t.db.kysely.selectFrom('labels').select('key').where('user_id', '=', u.id).execute()).toEqual([]);
    expect((await lastActivity(t, 'users'))!.data).toMatchObject({ uid: u.uid, field: 'otp', past_otp: true, otp: false });
    await expect422(await call(admin, 'POST', '/users/update', { uid: u.uid, otp: false }), 'admin.user.otp_no_change');
    await expect422(await call(admin, 'POST', '/users/update', { uid: u.uid, otp: 'nope' }), 'admin.user.invalid_otp');
  });

  it('also goes through PUT /admin/users', async () => {
    const u = await mkUser(t, { otp: true, otpSecret: 'JBSWY3DPEHPK3PXP' });
    await expect422(await call(admin, 'PUT', '/users', { uid: u.uid, otp: true }), 'admin.user.enable_2fa');
    expect((await call(admin, 'PUT', '/users', { uid: u.uid, otp: 'false' })).statusCode).toBe(200);
    expect((await userRow(t, u.uid)).otp).toBe(false);
  });
});

describe('POST /admin/users/role', () => {
  it('changes a role and audits it', async () => {
    const u = await mkUser(t, { role: 'member' });
    const res = await call(admin, 'POST', '/users/role', { uid: u.uid, role: 'trader' });
    expect(res.statusCode).toBe(200);
    expect((await userRow(t, u.uid)).role).toBe('trader');
    expect((await lastActivity(t, 'users'))!.data).toMatchObject({ uid: u.uid, past_role: 'member', role: 'trader' });
  });

  it('guards superadmin both ways, self-edits, unknown and unchanged roles', async () => {
    const u = await mkUser(t, { role: 'member' });
    const sa = await mkUser(t, { role: 'superadmin' });
    await expect422(await call(admin, 'POST', '/users/role', { uid: u.uid, role: 'superadmin' }), 'admin.user.superadmin_change');
    await expect422(await call(admin, 'POST', '/users/role', { uid: sa.uid, role: 'member' }), 'admin.user.superadmin_change');
    await expect422(await call(admin, 'POST', '/users/role', { uid: admin.uid, role: 'member' }), 'admin.user.update_himself');
    await expect422(await call(admin, 'POST', '/users/role', { uid: u.uid, role: 'wizard' }), 'role.doesnt_exist');
    await expect422(await call(admin, 'POST', '/users/role', { uid: u.uid, role: 'member' }), 'admin.user.role_no_change');
    await expect422(await call(admin, 'POST', '/users/role', { uid: u.uid, role: 'Bad Role' }), 'admin.user.invalid_role');
    await expect422(await call(admin, 'POST', '/users/role', { uid: u.uid }), 'admin.user.missing_role');
    expect((await userRow(t, u.uid)).role).toBe('member');
    expect((await userRow(t, sa.uid)).role).toBe('superadmin');
    expect((await call(root, 'POST', '/users/role', { uid: u.uid, role: 'superadmin' })).statusCode).toBe(200);
    expect((await call(root, 'POST', '/users/role', { uid: sa.uid, role: 'admin' })).statusCode).toBe(200);
    expect((await userRow(t, u.uid)).role).toBe('superadmin');
    expect((await userRow(t, sa.uid)).role).toBe('admin');
  });
});

describe('PUT /admin/users', () => {
  it('takes exactly one of state, otp, email, phone_number', async () => {
    const u = await mkUser(t);
    await expect422(await call(admin, 'PUT', '/users', { uid: u.uid }), 'admin.user.one_of_state_otp_email_phone_number');
    await expect422(await call(admin, 'PUT', '/users', { uid: u.uid, state: 'banned', email: 'a@b.co' }), 'admin.user.one_of_state_otp_email_phone_number');
    expect(await userRow(t, u.uid)).toEqual(u);
  });

  it('changes the state without a remark dialog, still logged', async () => {
    const u = await mkUser(t);
    expect((await call(admin, 'PUT', '/users', { uid: u.uid, state: 'inactive' })).statusCode).toBe(200);
    const logs = await t.db.kysely.selectFrom('user_state_logs').selectAll().where('user_id', '=', u.id).execute();
    expect(logs).toMatchObject([{ past_state: 'active', state: 'inactive', remark: null }]);
  });

  it('changes an email for an admin or a superadmin caller (spec §6), valid and unique, never a superadmin\'s by an admin', async () => {
    const u = await mkUser(t, { email: 'old@example.com' });
    await mkUser(t, { email: 'Taken@Example.com' });
    const boss = await mkUser(t, { email: 'boss@example.com', role: 'superadmin' });
    await expect422(await call(admin, 'PUT', '/users', { uid: boss.uid, email: 'boss2@example.com' }), 'admin.user.superadmin_change');
    expect((await userRow(t, boss.uid)).email).toBe('boss@example.com');
    await expect422(await call(root, 'PUT', '/users', { uid: u.uid, email: 'taken@example.COM' }), 'email.taken');
    await expect422(await call(root, 'PUT', '/users', { uid: u.uid, email: 'not-an-email' }), 'admin.user.invalid_email');
    await expect422(await call(root, 'PUT', '/users', { uid: u.uid, email: 'old@example.com' }), 'admin.user.email_no_change');
    expect((await userRow(t, u.uid)).email).toBe('old@example.com');
    expect((await call(root, 'PUT', '/users', { uid: u.uid, email: ' new@example.com ' })).statusCode).toBe(200);
    expect((await userRow(t, u.uid)).email).toBe('new@example.com');
    expect((await lastActivity(t, 'users'))!.data).toMatchObject({ past_email: 'old@example.com', email: 'new@example.com' });
    expect((await call(admin, 'PUT', '/users', { uid: u.uid, email: 'by-admin@example.com' })).statusCode).toBe(200);
    expect((await userRow(t, u.uid)).email).toBe('by-admin@example.com');
  });

  it('changes the phone number (dial code prefixed) and keeps the phones table in step', async () => {
    const u = await mkUser(t, { phone_number: '4915100000' });
    await t.db.kysely.insertInto('phones').values({ user_id: u.id, country: 'DE', number: '4915100000' }).execute();
    const res = await call(admin, 'PUT', '/users', { uid: u.uid, phone_number: '+49 151 2345678' });
    expect(res.statusCode).toBe(200);
    expect((await userRow(t, u.uid)).phone_number).toBe('491512345678');
    const phones = await t.db.kysely.selectFrom('phones').selectAll().where('user_id', '=', u.id).execute();
    expect(phones).toMatchObject([{ country: 'DE', number: '491512345678' }]);
    expect(phones[0].validated_at).not.toBeNull();
    await expect422(await call(admin, 'PUT', '/users', { uid: u.uid, phone_number: '491512345678' }), 'admin.user.phone_number_no_change');
    for (const bad of ['12345', 'abc', '1234567890123456', '49-151-x']) {
      await expect422(await call(admin, 'PUT', '/users', { uid: u.uid, phone_number: bad }), 'admin.user.invalid_phone_number');
    }
    expect((await userRow(t, u.uid)).phone_number).toBe('491512345678');
  });

  it('sets, changes and removes the referrer, audited before → after', async () => {
    const [a, b] = [await mkUser(t), await mkUser(t)];
    const u = await mkUser(t);
    expect((await call(admin, 'PUT', '/users', { uid: u.uid, referral_uid: ` ${a.uid} ` })).json()).toMatchObject({ referral_uid: a.uid });
    expect((await userRow(t, u.uid)).referral_uid).toBe(a.uid);
    expect((await call(admin, 'PUT', '/users', { uid: u.uid, referral_uid: b.uid })).statusCode).toBe(200);
    expect((await lastActivity(t, 'users'))!.data).toMatchObject({ field: 'referral_uid', past_referral_uid: a.uid, referral_uid: b.uid });
    // The referrals list of the new referrer has the user, the old one's no longer.
    const referred = async (uid: string) => (await call(admin, 'GET', `/referrals?uid=${uid}`)).json().map((r: { uid: string }) => r.uid);
    expect(await referred(b.uid)).toEqual([u.uid]);
    expect(await referred(a.uid)).toEqual([]);
    // Each referrer's count of referrals follows (migration 0059), as the directory shows and filters it.
    const counts = async () => [(await userRow(t, a.uid)).referrals, (await userRow(t, b.uid)).referrals];
    expect(await counts()).toEqual([0, 1]);
    expect((await call(admin, 'GET', `/users?uid=${b.uid}`)).json()[0].referrals).toBe(1);
    expect((await call(admin, 'PUT', '/users', { uid: u.uid, referral_uid: '' })).statusCode).toBe(200);
    expect((await userRow(t, u.uid)).referral_uid).toBeNull();
    expect((await lastActivity(t, 'users'))!.data).toMatchObject({ past_referral_uid: b.uid, referral_uid: null });
    expect(await counts()).toEqual([0, 0]);
    // Created with a referrer, several at once, and deleted: counted in and out.
    await t.db.kysely.insertInto('users').values([0, 1, 2].map((i) => ({ uid: `IDREFCOUNT0${i}`, email: `refcount${i}@count.test`, password_digest: '!', referral_uid: i < 2 ? a.uid : b.uid }))).execute();
    expect(await counts()).toEqual([2, 1]);
    await t.db.kysely.deleteFrom('users').where('uid', 'in', ['IDREFCOUNT00', 'IDREFCOUNT02']).execute();
    expect(await counts()).toEqual([1, 0]);
    // Only a change of referrer moves a count: another field's update of a referred user does not.
    await t.db.kysely.updateTable('users').set({ level: 2 }).where('uid', '=', 'IDREFCOUNT01').execute();
    expect(await counts()).toEqual([1, 0]);
  });

  it('refuses an unknown referrer, the user themself, a referral loop and no change; nothing changed', async () => {
    const top = await mkUser(t);
    const mid = await mkUser(t, { referral_uid: top.uid });
    const leaf = await mkUser(t, { referral_uid: mid.uid });
    const before = await userRow(t, top.uid);
    await expect422(await call(admin, 'PUT', '/users', { uid: top.uid, referral_uid: 'ID000NOBODY' }), 'admin.user.referrer_doesnt_exist');
    await expect422(await call(admin, 'PUT', '/users', { uid: top.uid, referral_uid: top.uid }), 'admin.user.referrer_himself');
    await expect422(await call(admin, 'PUT', '/users', { uid: top.uid, referral_uid: leaf.uid }), 'admin.user.referral_cycle');
    await expect422(await call(admin, 'PUT', '/users', { uid: top.uid, referral_uid: mid.uid }), 'admin.user.referral_cycle');
    await expect422(await call(admin, 'PUT', '/users', { uid: top.uid, referral_uid: '' }), 'admin.user.referral_uid_no_change');
    await expect422(await call(admin, 'PUT', '/users', { uid: mid.uid, referral_uid: top.uid }), 'admin.user.referral_uid_no_change');
    await expect422(await call(admin, 'PUT', '/users', { uid: top.uid, referral_uid: 'bad uid!' }), 'admin.user.invalid_referral_uid');
    await expect422(await call(admin, 'PUT', '/users', { uid: top.uid, referral_uid: 42 }), 'admin.user.invalid_referral_uid');
    await expect422(await call(admin, 'PUT', '/users', { uid: mid.uid, referral_uid: '   ' }), 'admin.user.invalid_referral_uid');
    expect(await userRow(t, top.uid)).toEqual(before);
    // Compliance may edit state, 2FA and phone only (spec §6): the referrer needs update on User's referral_uid.
    const compliance = await staff(t, 'compliance');
    await expect422(await call(compliance, 'PUT', '/users', { uid: leaf.uid, referral_uid: top.uid }), 'admin.ability.not_permitted', 401);
    expect((await userRow(t, leaf.uid)).referral_uid).toBe(mid.uid);
  });

  it('refuses self-edits and a superadmin target for admins', async () => {
    await expect422(await call(admin, 'PUT', '/users', { uid: admin.uid, referral_uid: '' }), 'admin.user.update_himself');
    await expect422(await call(admin, 'PUT', '/users', { uid: admin.uid, phone_number: '4915199999' }), 'admin.user.update_himself');
    const sa = await mkUser(t, { role: 'superadmin' });
    await expect422(await call(admin, 'PUT', '/users', { uid: sa.uid, state: 'banned' }), 'admin.user.superadmin_change');
    expect((await userRow(t, sa.uid)).state).toBe('active');
  });
});
