/**
 * Mining sessions (spec §2 /mining_sessions, §3 Mining session, P-E15 GET /admin/mining_sessions): a
 * member mining on one of their devices. Read-only, newest first (§9). The row stores the uid and the
 * devices row; e-mail and phone come from the user, device id and type from the device, so the spec's
 * filters (uid, email, device_id, device_type, status) are the table's own columns or the joins'.
 * Identity cells open the user; the status badge shows Active, Pending or Banned, anything else InActive (§4).
 */
import { DEVICE_TYPES } from '../logs.js';
import { defineResource, ID_FIELD, TIMESTAMPS } from './define.js';
import { MEMBER_WITH_PHONE, USER_LINK } from './member-identity.js';

export const MINING_SESSION_STATUSES = ['active', 'inactive', 'pending', 'banned'] as const;

export const miningSessions = defineResource({
  name: 'mining-sessions',
  subject: 'MiningSession',
  service: 'peatio',
  table: 'mining_sessions',
  server: 'generic',
  route: 'mining_sessions',
  label: 'Mining Session',
  labelPlural: 'Mining Sessions',
  api: { path: '/admin/mining_sessions', style: 'new-update', operations: ['list'] },
  fields: {
    id: ID_FIELD,
    ...MEMBER_WITH_PHONE,
    // The devices row the session runs on: the join key, never answered (the wire names the device by device_id).
    device_row_id: { kind: 'reference', references: 'devices', readOnly: true, writeOnly: true, label: 'Device' },
    device_id: { kind: 'text', readOnly: true, label: 'Device ID', from: { via: 'device_row_id', field: 'device_id' } },
    device_type: { kind: 'enum', values: DEVICE_TYPES, readOnly: true, label: 'Device type', from: { via: 'device_row_id', field: 'device_type' } },
    started_at: { kind: 'datetime', readOnly: true, label: 'Started' },
    ...TIMESTAMPS,
    status: { kind: 'enum', values: MINING_SESSION_STATUSES, readOnly: true, label: 'Status' },
  },
  columns: [
    { field: 'uid', format: USER_LINK },
    { field: 'email', format: USER_LINK },
    { field: 'phone_number' },
    { field: 'device_id' },
    { field: 'device_type' },
    { field: 'started_at', format: { kind: 'date' } },
    { field: 'created_at', format: { kind: 'date' } },
    { field: 'updated_at', format: { kind: 'date' } },
    {
      field: 'status',
      format: {
        kind: 'badge', colours: { active: 'green', pending: 'yellow', banned: 'red' },
        labels: { active: 'Active', pending: 'Pending', banned: 'Banned' }, fallback: { label: 'InActive', colour: 'grey' },
      },
    },
  ],
  filters: [
    { field: 'email' }, { field: 'uid', op: 'eq' }, { field: 'device_id', op: 'eq' }, { field: 'device_type' }, { field: 'status' },
    { field: 'created_at' },
  ],
  // Every sortable column has an index ending in id (migration 0021).
  list: { pageSize: 25, ordering: 'desc', orderBy: 'created_at', sortable: ['id', 'started_at', 'created_at'] },
});
