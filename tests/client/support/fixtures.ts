/** Users and ability sets shaped like Barong's and Peatio's answers (openware-api.md §1.2, §4), with this server's AdminActivity split. */
import type { FakeApi } from './fake-api';

export const AUTH = '/api/v2/barong';
export const EXCHANGE = '/api/v2/peatio';

export function staffUser(overrides: Record<string, unknown> = {}) {
  return {
    email: 'ada@exchange.test', uid: 'ID0000000001', role: 'admin', level: 3, otp: false, state: 'active',
    username: null, profiles: [{ first_name: 'Ada', last_name: 'Lovelace' }], ...overrides,
  };
}

export const ABILITIES = {
  superadmin: {
    barong: { manage: ['Ability', 'User', 'Level', 'Label', 'Profile', 'Activity', 'AdminActivity', 'APIKey', 'Permission', 'Restriction', 'Document'] },
    peatio: { manage: ['Currency', 'Blockchain', 'Market', 'Wallet'], read: ['Trade', 'Order'] },
  },
  admin: {
    barong: { manage: ['Ability', 'User', 'Level', 'Label', 'Profile', 'APIKey', 'Restriction', 'Document'], read: ['Activity', 'AdminActivity', 'Permission'] },
    peatio: { manage: ['Currency', 'Blockchain', 'Market', 'Wallet'], read: ['Trade', 'Order'] },
  },
  support: {
    barong: { manage: ['User'], read: ['Ability', 'Label', 'Level', 'Profile', 'Activity', 'AdminActivity'] },
    peatio: { read: ['Currency', 'Market', 'Deposit', 'Withdraw'] },
  },
} as const;

/** Server knows the user (session cookie present) with the given role's abilities. */
export function signedIn(api: FakeApi, role: keyof typeof ABILITIES = 'admin', user = staffUser({ role })) {
  api.on('GET', `${AUTH}/resource/users/me`, { body: user })
    .on('GET', `${AUTH}/admin/abilities`, { body: ABILITIES[role].barong })
    .on('GET', `${EXCHANGE}/admin/abilities`, { body: ABILITIES[role].peatio })
    .on('DELETE', `${AUTH}/identity/sessions`, { status: 200, body: {} });
  return user;
}

/** No session: /users/me answers like Barong's authz does. */
export function signedOut(api: FakeApi) {
  api.on('GET', `${AUTH}/resource/users/me`, { status: 401, body: { errors: ['authz.invalid_session'] } });
}
