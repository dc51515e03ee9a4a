/**
 * Pending applications, profile tab (A19: GET /admin/users/documents/pending): users whose private
 * `document` label is pending or replaced, oldest submission first (Barong orders by the label's
 * updated_at). `submitted_at` is that label time. The route has tabs (spec §2: coin and profile); this
 * list is the profile tab; the coin tab is the application-logic service's coin applications
 * (coin-applications.ts, embedded under this route).
 *
 * The queue is reviewed by keyboard (issue 29 item 4): Enter opens the applicant's documents and profile
 * beside the list (client: screens/kyc-review), `a` verifies and `r` rejects the application — the private
 * `document` label (residence, spec §4) set to verified or rejected through the labels route the user
 * page's KYC switches use (PUT /admin/users/labels) — held 5 s for `u`, then the focus moves on. Rows are
 * keyed by uid, which that route takes.
 */
import { defineResource, ID_FIELD, TIMESTAMPS } from './define.js';
import { USER_STATE_BADGE } from './users.js';

export const pendingApplications = defineResource({
  name: 'pending-applications',
  subject: 'Profile',
  service: 'barong',
  table: 'pending_applications',
  server: 'bespoke',
  route: 'pending-applications',
  label: 'Pending Application',
  labelPlural: 'Pending Applications',
  api: { path: '/admin/users/documents/pending', style: 'verbs', operations: ['list'] },
  key: 'uid',
  fields: {
    id: ID_FIELD,
    uid: { kind: 'text', readOnly: true, label: 'UID' },
    email: { kind: 'text', readOnly: true },
    role: { kind: 'text', readOnly: true },
    level: { kind: 'number', readOnly: true },
    state: { kind: 'text', readOnly: true },
    country: { kind: 'text', readOnly: true, options: 'countries' },
    submitted_at: { kind: 'datetime', readOnly: true, label: 'Submitted' },
    ...TIMESTAMPS,
  },
  columns: [
    { field: 'uid' }, { field: 'email' }, { field: 'country' }, { field: 'level' }, { field: 'state', format: USER_STATE_BADGE },
    { field: 'submitted_at', format: { kind: 'date' } },
    { field: 'created_at', format: { kind: 'date' } },
  ],
  // Dates are the account's creation, as Barong's UserFilter range=created has it.
  filters: [{ field: 'created_at' }, { field: 'email', op: 'eq' }, { field: 'country', op: 'eq' }],
  list: {
    pageSize: 10, ordering: 'asc', orderBy: 'submitted_at', sortable: ['submitted_at'],
    // Spec §2 names the tabs coin and profile, in that order; without ?tab= the profile list still opens.
    tabs: [{ value: 'coin', label: 'Coin', resource: 'coin-applications' }, { value: 'profile', label: 'Profile', resource: 'pending-applications' }],
    review: { accept: 'verify', reject: 'reject' },
  },
  calls: [
    {
      name: 'verify', label: 'Verify application', kind: 'write', ability: 'update', submit: 'Verify',
      endpoint: { method: 'PUT', path: '/admin/users/labels' }, body: { key: 'document', scope: 'private', value: 'verified' },
      success: () => 'Application verified',
    },
    {
      name: 'reject', label: 'Reject application', kind: 'write', ability: 'update', submit: 'Reject',
      endpoint: { method: 'PUT', path: '/admin/users/labels' }, body: { key: 'document', scope: 'private', value: 'rejected' },
      success: () => 'Application rejected',
    },
  ],
  // A row opens the applicant on the user detail, where the profile is verified or rejected.
  detail: { key: 'uid', route: 'user-directory' },
});
