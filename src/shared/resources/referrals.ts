/**
 * Referrals (P-A29: GET /admin/referrals?uid=): the users whose referral_uid is the given user, shown
 * on the user detail's Referrals tab (so the route and the ability are the user directory's).
 */
import { STORED_USER_STATES } from '../user-enums.js';
import { defineResource, ID_FIELD, TIMESTAMPS } from './define.js';
import { USER_LINK } from './member-identity.js';

export const referrals = defineResource({
  name: 'referrals',
  subject: 'User',
  service: 'barong',
  table: 'referrals',
  server: 'bespoke',
  route: 'user-directory',
  // A tab of the user detail, not a list of its own.
  embedded: true,
  label: 'Referral',
  labelPlural: 'Referrals',
  api: { path: '/admin/referrals', style: 'verbs', operations: ['list'] },
  fields: {
    id: ID_FIELD,
    uid: { kind: 'text', readOnly: true, label: 'UID' },
    email: { kind: 'text', readOnly: true },
    username: { kind: 'text', readOnly: true },
    role: { kind: 'text', readOnly: true },
    level: { kind: 'number', readOnly: true },
    state: { kind: 'enum', values: STORED_USER_STATES, readOnly: true },
    referral_uid: { kind: 'text', readOnly: true, label: 'Referrer' },
    ...TIMESTAMPS,
  },
  // A referral is a user: Enter on the row (and the uid's link) opens that user's page.
  detail: { key: 'uid' },
  columns: [
    { field: 'uid', format: USER_LINK }, { field: 'email' }, { field: 'role' }, { field: 'level' },
    { field: 'state', format: { kind: 'badge', colours: { active: 'green', pending: 'yellow' }, fallback: { label: 'Inactive', colour: 'red' } } },
    { field: 'created_at', format: { kind: 'date' } },
  ],
  // As P-A29 spells it, the `uid` parameter is the referrer whose referrals are listed.
  filters: [{ field: 'uid', op: 'eq', label: 'Referrer UID' }, { field: 'state' }],
  list: { pageSize: 10, ordering: 'desc', orderBy: 'created_at', sortable: ['created_at'] },
});
