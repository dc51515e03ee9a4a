/** Devices registered for push (P-A39: GET /admin/devices), newest first (spec §9). */
import { DEVICE_TYPES } from '../logs.js';
import { defineResource, ID_FIELD, TIMESTAMPS } from './define.js';

export const devices = defineResource({
  name: 'devices',
  subject: 'Device',
  service: 'barong',
  table: 'devices',
  server: 'bespoke',
  route: 'devices',
  label: 'Device',
  labelPlural: 'Devices',
  api: { path: '/admin/devices', style: 'verbs', operations: ['list'] },
  fields: {
    id: ID_FIELD,
    uid: { kind: 'text', readOnly: true, label: 'UID' },
    email: { kind: 'text', readOnly: true },
    phone_number: { kind: 'text', readOnly: true, label: 'Phone' },
    device_id: { kind: 'text', readOnly: true, label: 'Device ID' },
    device_type: { kind: 'enum', values: DEVICE_TYPES, readOnly: true, label: 'Device type' },
    active: { kind: 'boolean', readOnly: true },
    ...TIMESTAMPS,
  },
  columns: [
    { field: 'uid' },
    { field: 'email' },
    { field: 'phone_number' },
    { field: 'device_id' },
    { field: 'device_type' },
    { field: 'active', format: { kind: 'badge', colours: { true: 'green', false: 'red' }, labels: { true: 'Active', false: 'Inactive' } } },
    { field: 'created_at', format: { kind: 'date' } },
    { field: 'updated_at', format: { kind: 'date' } },
  ],
  filters: [{ field: 'uid', op: 'eq' }, { field: 'device_id', op: 'eq' }, { field: 'device_type' }, { field: 'active' }],
  list: { pageSize: 10, ordering: 'desc', orderBy: 'created_at', sortable: ['created_at'] },
});
