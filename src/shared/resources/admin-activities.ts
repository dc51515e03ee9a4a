/**
 * Admin activities (A38: GET /admin/activities/admin): staff actions, Barong's AdminActivity with the
 * acting `admin` and the `target` user. Filters add target_email (the spec's) and target_uid (Barong's).
 */
import { ADMIN_ACTIVITY_ACTIONS } from '../logs.js';
import { defineResource } from './define.js';
import { ACTIVITY_FIELDS, ACTIVITY_DETAIL_COLUMNS } from './user-activities.js';

export const adminActivities = defineResource({
  name: 'admin-activities',
  subject: 'AdminActivity',
  service: 'barong',
  // Nominal; the rows live in `activities`, category 'admin'.
  table: 'admin_activities',
  server: 'bespoke',
  route: 'admin-activities',
  label: 'Admin Activity',
  labelPlural: 'Admin Activities',
  api: { path: '/admin/activities/admin', style: 'verbs', operations: ['list'] },
  fields: {
    ...ACTIVITY_FIELDS,
    action: { kind: 'enum', values: ADMIN_ACTIVITY_ACTIONS, readOnly: true },
    'admin.email': { kind: 'text', readOnly: true, label: 'Admin' },
    'admin.role': { kind: 'text', readOnly: true, label: 'Admin role' },
    'target.email': { kind: 'text', readOnly: true, label: 'Target' },
    'target.uid': { kind: 'text', readOnly: true, label: 'Target UID' },
    target_email: { kind: 'text', readOnly: true, label: 'Target email' },
    target_uid: { kind: 'text', readOnly: true, label: 'Target UID' },
  },
  columns: [
    { field: 'created_at', format: { kind: 'date' } },
    { field: 'admin.email' },
    { field: 'admin.role' },
    { field: 'target.email' },
    ...ACTIVITY_DETAIL_COLUMNS,
  ],
  filters: [
    { field: 'created_at' }, { field: 'email', op: 'eq' }, { field: 'uid', op: 'eq' }, { field: 'topic', op: 'eq' },
    { field: 'action' }, { field: 'result' }, { field: 'target_email', op: 'eq' }, { field: 'target_uid', op: 'eq' },
    { field: 'type' },
  ],
  list: { pageSize: 10, ordering: 'desc', orderBy: 'created_at', sortable: ['created_at'] },
});
