import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abilitiesFor } from '../../src/server/auth/abilities.js';
import { roleCan } from '../../src/server/auth/require-ability.js';
import { DEFAULT_ALLOWED_ROLES } from '../../src/server/config.js';
import { buildAbility, canAccessRoute, type AbilitiesResponse } from '../../src/shared/abilities.js';
import { testApp, type TestApp } from '../helpers/app.js';
import { createUser, TEST_PASSWORD } from '../helpers/users.js';
import { signIn } from '../helpers/auth.js';

let t: TestApp;
beforeAll(async () => { t = await testApp(); });
afterAll(async () => { await t?.close(); });

async function fetchAbilities(role: string): Promise<{ barong: AbilitiesResponse; peatio: AbilitiesResponse }> {
  const u = await createUser(t.db, { role });
  const s = await signIn(t.app, { email: u.email, password: TEST_PASSWORD });
  const get = async (svc: string) => {
    const res = await t.app.inject({ url: `/api/v2/${svc}/admin/abilities`, headers: s.headers() });
    expect(res.statusCode, `${role} ${svc}`).toBe(200);
    return res.json() as AbilitiesResponse;
  };
  return { barong: await get('barong'), peatio: await get('peatio') };
}

describe('GET /admin/abilities per role', () => {
  it('superadmin manages everything on both services', async () => {
    const { barong, peatio } = await fetchAbilities('superadmin');
    expect(barong.manage).toEqual(expect.arrayContaining(['User', 'Permission', 'Activity', 'Restriction', 'SmsSenderConfig', 'EmailType']));
    expect(peatio.manage).toEqual(expect.arrayContaining(['Currency', 'Blockchain', 'Adjustment', 'Trade', 'Order', 'Faq', 'Token']));
    const a = buildAbility(barong, peatio);
    for (const route of ['/setting-permissions', '/currencies', '/user-directory', '/faqs', '/sms-sender']) {
      expect(canAccessRoute(a, route, 'add'), route).toBe(true);
    }
  });

  it('admin manages users and permissions, reads activities', async () => {
    const { barong, peatio } = await fetchAbilities('admin');
    expect(barong.manage).toEqual(expect.arrayContaining(['User', 'Permission', 'Restriction', 'Label', 'Level']));
    expect(barong.manage).not.toContain('Activity');
    expect(barong.read).toEqual(['Activity', 'AdminActivity']);
    expect(peatio).toMatchObject({ read: ['Trade', 'Order'], update: ['Order'], create: ['Deposits::Fiat'] });
    expect(peatio.manage).toEqual(expect.arrayContaining(['Currency', 'Market', 'Blockchain', 'Adjustment']));
    const a = buildAbility(barong, peatio);
    expect(a.can('delete', 'Permission')).toBe(true);
    expect(a.can('update', 'Activity')).toBe(false);
  });

  it('compliance reads users and KYC, changes state/2FA/phone but not roles, manages labels, reads blockchains', async () => {
    const { barong, peatio } = await fetchAbilities('compliance');
    expect(barong.manage).toEqual(['Level', 'Label', 'Profile']);
    expect(barong.update).toEqual([{ User: ['state', 'otp', 'phone_number'] }]);
    expect(barong.read).toContain('User');
    expect(barong.read).toEqual(expect.arrayContaining(['Document', 'Activity']));
    expect(peatio.read).toEqual(expect.arrayContaining(['Blockchain', 'Currency', 'Deposit']));
    expect(peatio.manage).toBeUndefined();
    const a = buildAbility(barong, peatio);
    expect(canAccessRoute(a, '/blockchain/1', 'edit')).toBe(false);
    expect(canAccessRoute(a, '/setting-permissions', 'list')).toBe(false);
    expect(a.can('update', 'User', 'state')).toBe(true);
    expect(a.can('update', 'User', 'role')).toBe(false);
  });

  it('support reads users and logs and may only switch 2FA', async () => {
    const { barong, peatio } = await fetchAbilities('support');
    expect(barong.read).toEqual(expect.arrayContaining(['User', 'Label', 'Level', 'Profile', 'Activity', 'ServiceLog', 'Device']));
    expect(barong.update).toEqual([{ User: ['otp'] }]);
    expect(barong.manage).toBeUndefined();
    const a = buildAbility(barong, peatio);
    expect(a.can('update', 'User', 'otp')).toBe(true);
    expect(a.can('update', 'User', 'role')).toBe(false);
    expect(a.can('read', 'Adjustment')).toBe(false);
  });

  it('accountant manages adjustments and edits only some currency attributes', async () => {
    const { barong, peatio } = await fetchAbilities('accountant');
    expect(barong.manage).toBeUndefined();
    expect(peatio.manage).toEqual(['Adjustment']);
    expect(peatio.update).toEqual([{ Currency: ['visible', 'deposit_enabled', 'withdrawal_enabled'] }]);
    const a = buildAbility(barong, peatio);
    expect(a.can('update', 'Currency', 'visible')).toBe(true);
    expect(a.can('update', 'Currency', 'precision')).toBe(false);
    expect(canAccessRoute(a, '/adjustments-details/add', 'add')).toBe(true);
    expect(canAccessRoute(a, '/currencies/add', 'add')).toBe(false);
  });

  it('technical manages blockchains, currencies and markets, but not deposits', async () => {
    const { barong, peatio } = await fetchAbilities('technical');
    expect(barong.manage).toEqual(['APIKey', 'Restriction']);
    expect(peatio.manage).toEqual(expect.arrayContaining(['Blockchain', 'Currency', 'Market']));
    const a = buildAbility(barong, peatio);
    expect(a.can('update', 'Blockchain', 'server')).toBe(true);
    expect(a.can('read', 'Deposit')).toBe(false);
    expect(a.can('read', 'Permission')).toBe(false);
  });

  it('member, trader and off-list roles get {}', () => {
    for (const role of ['member', 'trader', 'maker']) {
      expect(abilitiesFor(role, 'barong', DEFAULT_ALLOWED_ROLES)).toEqual({});
      expect(abilitiesFor(role, 'peatio', DEFAULT_ALLOWED_ROLES)).toEqual({});
    }
    expect(abilitiesFor('admin', 'barong', ['superadmin'])).toEqual({});
  });

  it('hands out copies, so a caller cannot change the table', () => {
    const a = abilitiesFor('compliance', 'barong', DEFAULT_ALLOWED_ROLES);
    a.manage!.push('Permission');
    expect(abilitiesFor('compliance', 'barong', DEFAULT_ALLOWED_ROLES).manage).not.toContain('Permission');
  });
});

describe('roleCan', () => {
  it('checks each written attribute against per-attribute rules', () => {
    const roles = DEFAULT_ALLOWED_ROLES;
    expect(roleCan('accountant', 'update', 'Currency', 'peatio', roles, ['visible', 'deposit_enabled'])).toBe(true);
    expect(roleCan('accountant', 'update', 'Currency', 'peatio', roles, ['visible', 'code'])).toBe(false);
    expect(roleCan('technical', 'update', 'Currency', 'peatio', roles, ['code'])).toBe(true);
    // A subject is only looked up in its own service's set.
    expect(roleCan('superadmin', 'read', 'Currency', 'barong', roles)).toBe(false);
    expect(roleCan('member', 'read', 'User', 'barong', roles)).toBe(false);
  });
});
