/** A customer as GET /admin/users/{uid} answers, and staff sessions with the abilities the tests need. */
import type { FakeApi, FakeRequest } from './support/fake-api';
import { AUTH, EXCHANGE, staffUser } from './support/fixtures';

export const UID = 'ID5A1B2C3D4E';
export const USER_URL = `${AUTH}/admin/users/${UID}`;

export function customer(overrides: Record<string, unknown> = {}) {
  return {
    uid: UID, email: 'grace@customer.test', username: null, role: 'member', level: 2, state: 'active', otp: true,
    phone_number: '447700900123', referral_uid: 'IDREF0000001', group: 'vip-1', minimum_swap_amount: '10',
    full_name: 'Grace Hopper', country: 'GB', profile_url: null,
    labels: [{ key: 'email', value: 'verified', scope: 'private', description: null, created_at: '2026-01-02T00:00:00Z' }],
    profiles: [{ first_name: 'Grace', last_name: 'Hopper', dob: '1990-12-09', address: '1 Navy Way', city: 'London', postcode: 'N1',
      country: 'GB', state: 'submitted', created_at: '2026-02-01T09:00:00Z' }],
    comments: [],
    user_state_logs: [{ past_state: 'pending', state: 'active', remark: 'Documents checked', change_by_user_email: 'kyc@exchange.test',
      change_by_user_uid: 'ID0000000009', created_at: '2026-03-01T10:00:00Z' }],
    accounts: [{ currency: 'btc', balance: '1.5', locked: '0' }, { currency: 'usdt', balance: '1000.1', locked: '0.2' }],
    created_at: '2025-01-02T03:04:05Z',
    ...overrides,
  };
}

type Abilities = Record<string, unknown>;

export const SUPERADMIN = {
  barong: { manage: ['User', 'Level', 'Label', 'Profile', 'Activity', 'ServiceLog', 'Device'] },
  peatio: { manage: ['Member', 'Account'] },
};
export const ADMIN = {
  barong: { manage: ['User', 'Level', 'Label', 'Profile', 'Device'], read: ['Activity', 'ServiceLog'] },
  peatio: { manage: ['Member', 'Account'] },
};
/** As the server seeds support: reads users, KYC and logs; may only switch 2FA off. */
export const SUPPORT = {
  barong: { read: ['User', 'Level', 'Label', 'Profile', 'Activity', 'ServiceLog', 'Device'], update: [{ User: ['otp'] }] },
  peatio: { read: ['Member'] },
};

/** Signs the console in as `role` with exactly these ability sets. */
export function staff(api: FakeApi, role: string, sets: { barong: Abilities; peatio: Abilities }) {
  api.on('GET', `${AUTH}/resource/users/me`, { body: staffUser({ role, uid: 'ID0000000001' }) })
    .on('GET', `${AUTH}/admin/abilities`, { body: sets.barong })
    .on('GET', `${EXCHANGE}/admin/abilities`, { body: sets.peatio })
    .on('GET', `${EXCHANGE}/admin/members/groups`, { body: ['any', 'vip-1', 'vip-2'] });
}

/** The user detail endpoint answering from a mutable user, so a write's reload can show its effect. */
export function serveUser(api: FakeApi, user: ReturnType<typeof customer>) {
  const state = { user };
  api.on('GET', USER_URL, () => ({ body: state.user }));
  // The server's answer for a user with no accredited verifications; a test may serve some after this.
  api.on('GET', `${USER_URL}/verifications`, { body: [] });
  return state;
}

export const bodies = (api: FakeApi, method: string, path: string) => api.callsTo(method, path).map((c: FakeRequest) => c.body);
export const queries = (api: FakeApi, method: string, path: string) =>
  api.callsTo(method, path).map((c: FakeRequest) => Object.fromEntries(c.query));
