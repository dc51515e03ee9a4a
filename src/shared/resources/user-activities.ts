/**
 * User activities (A38: GET /admin/activities, also spelled /admin/activities/user): what customers
 * did themselves (sign-ups, sign-ins, ...). Rows are Barong's ActivityWithUser; the nested `user.*`
 * columns are dotted paths into the row. Filter-only fields (email, uid, type) are not columns.
 * Served by hand-written routes (src/server/auth/logs/activities.ts) with keyset paging.
 */
import { ACTIVITY_RESULTS } from '../activities.js';
import { ACTIVITY_TYPES } from '../logs.js';
import { defineResource, ID_FIELD, type FieldDef } from './define.js';

/** Fields shared by both activity lists. */
export const ACTIVITY_FIELDS = {
  id: ID_FIELD,
  created_at: { kind: 'datetime', readOnly: true, label: 'Date' },
  topic: { kind: 'text', readOnly: true, max: 64 },
  action: { kind: 'text', readOnly: true, max: 64 },
  result: { kind: 'enum', values: ACTIVITY_RESULTS, readOnly: true },
  user_ip: { kind: 'text', readOnly: true, label: 'IP' },
  user_ip_country: { kind: 'text', readOnly: true, label: 'Country' },
  user_agent: { kind: 'text', readOnly: true, label: 'Browser' },
  data: { kind: 'textarea', readOnly: true, label: 'Metadata' },
  // Filter-only: the actor's email or uid, and the activity type (a set of topics, shared/logs.ts).
  email: { kind: 'text', readOnly: true },
  uid: { kind: 'text', readOnly: true, label: 'UID' },
  type: { kind: 'enum', values: ACTIVITY_TYPES, readOnly: true, label: 'Activity type' },
} as const satisfies Record<string, FieldDef>;

export const ACTIVITY_RESULT_BADGE = {
  kind: 'badge', colours: { succeed: 'green', failed: 'red', denied: 'yellow' }, fallback: { label: 'Unknown', colour: 'grey' },
} as const;

/** What both activity lists show after who did it: topic, action, result, address, browser, metadata. */
export const ACTIVITY_DETAIL_COLUMNS = [
  { field: 'topic' },
  { field: 'action' },
  { field: 'result', format: ACTIVITY_RESULT_BADGE },
  { field: 'user_ip' },
  { field: 'user_agent', format: { kind: 'truncate', length: 30, tooltip: true } },
  { field: 'data', format: { kind: 'truncate', length: 30, tooltip: true } },
] as const;

export const userActivities = defineResource({
  name: 'user-activities',
  subject: 'Activity',
  service: 'barong',
  // Nominal (the registry derives it from the name); the rows live in `activities`, category 'user'.
  table: 'user_activities',
  server: 'bespoke',
  route: 'user-activities',
  label: 'User Activity',
  labelPlural: 'User Activities',
  api: { path: '/admin/activities', style: 'verbs', operations: ['list'] },
  fields: {
    ...ACTIVITY_FIELDS,
    'user.email': { kind: 'text', readOnly: true, label: 'Email' },
    'user.uid': { kind: 'text', readOnly: true, label: 'UID' },
    'user.role': { kind: 'text', readOnly: true, label: 'Role' },
  },
  columns: [
    { field: 'created_at', format: { kind: 'date' } },
    { field: 'user.email' },
    { field: 'user.role' },
    ...ACTIVITY_DETAIL_COLUMNS,
  ],
  filters: [
    { field: 'created_at' }, { field: 'email', op: 'eq' }, { field: 'uid', op: 'eq' }, { field: 'topic', op: 'eq' },
    { field: 'action', op: 'eq' }, { field: 'result' }, { field: 'type' },
  ],
  // Spec §9: the activity filter starts at page 1, limit 10; newest first.
  list: { pageSize: 10, ordering: 'desc', orderBy: 'created_at', sortable: ['created_at'] },
});
