/**
 * The user directory (spec §2, §3 "Users" filters): GET /admin/users, served by the users-area routes;
 * rows open the bespoke user detail at /user-directory/{uid}. Heading "N Users"; newest first (§9).
 */
import { PLATFORMS, ROLES, STORED_USER_STATES } from '../user-enums.js';
import { defineResource, ID_FIELD, TIMESTAMPS } from './define.js';

/** How a user's state shows in a list, wherever users are listed. */
export const USER_STATE_BADGE = {
  kind: 'badge', colours: { active: 'green', pending: 'yellow', inactive: 'grey', banned: 'red', deleted: 'grey', locked: 'red' },
} as const;

export const users = defineResource({
  name: 'users',
  subject: 'User',
  service: 'barong',
  table: 'users',
  server: 'bespoke',
  route: 'user-directory',
  label: 'User',
  labelPlural: 'Users',
  api: { path: '/admin/users', style: 'verbs', operations: ['list'] },
  fields: {
    id: ID_FIELD,
    uid: { kind: 'text', readOnly: true, label: 'UID' },
    email: { kind: 'text', readOnly: true },
    username: { kind: 'text', readOnly: true },
    phone_number: { kind: 'text', readOnly: true, label: 'Phone' },
    role: { kind: 'enum', values: ROLES, readOnly: true },
    level: { kind: 'number', readOnly: true, range: [0, 10] },
    state: { kind: 'enum', values: STORED_USER_STATES, readOnly: true },
    country: { kind: 'text', readOnly: true, max: 2, options: 'countries' },
    platform: { kind: 'enum', values: PLATFORMS, readOnly: true },
    referral_of: { kind: 'text', readOnly: true, label: 'Referred by (uid)' },
    referral_limit: { kind: 'number', readOnly: true, range: [0, 1_000_000], label: 'Referrals at least' },
    ...TIMESTAMPS,
  },
  columns: [
    { field: 'uid' },
    { field: 'email' },
    { field: 'username' },
    { field: 'role' },
    { field: 'level' },
    { field: 'state', format: USER_STATE_BADGE },
    { field: 'country' },
    { field: 'created_at', format: { kind: 'date' } },
  ],
  filters: [
    { field: 'created_at' }, { field: 'email' }, { field: 'uid', op: 'eq' }, { field: 'role' }, { field: 'country', op: 'eq' },
    { field: 'level' }, { field: 'state' }, { field: 'username' }, { field: 'phone_number' }, { field: 'platform' },
    { field: 'referral_of', op: 'eq' }, { field: 'referral_limit', op: 'eq' },
  ],
  list: { pageSize: 25, ordering: 'desc', orderBy: 'created_at', sortable: ['uid', 'email', 'role', 'level', 'created_at', 'updated_at', 'state'] },
  detail: { key: 'uid' },
});
