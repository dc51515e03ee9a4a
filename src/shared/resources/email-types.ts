/** Email types (P-A35): the kinds of e-mail the platform sends; toggled active/inactive from the list. */
import { defineResource, ID_FIELD, TIMESTAMPS } from './define.js';

export const emailTypes = defineResource({
  name: 'email-types',
  subject: 'EmailType',
  service: 'barong',
  table: 'email_types',
  server: 'generic',
  route: 'email-type',
  label: 'Email Type',
  labelPlural: 'Email Types',
  api: { path: '/admin/email-types', style: 'verbs', operations: ['list', 'get', 'create', 'update'] },
  fields: {
    id: ID_FIELD,
    name: {
      kind: 'text', required: true, unique: true, readOnlyOnEdit: true, max: 64, pattern: /^[a-z]+$/,
      // The spec gives one message for both blank and malformed names.
      message: 'Key must contain only lowercase letters',
      invalidMessage: 'Key must contain only lowercase letters',
    },
    // "The add form also has key" (spec §3): an optional template key, stored as given.
    key: { kind: 'text', max: 64 },
    description: { kind: 'textarea', max: 1000 },
    status: { kind: 'enum', values: ['active', 'inactive'], default: 'active', label: 'Status' },
    ...TIMESTAMPS,
  },
  columns: [
    { field: 'id' },
    { field: 'name' },
    { field: 'description', format: { kind: 'truncate', length: 35, tooltip: true } },
    { field: 'status', format: { kind: 'switch', action: 'toggle-status' } },
    { field: 'created_at', format: { kind: 'date' } },
    { field: 'updated_at', format: { kind: 'date' } },
  ],
  filters: [{ field: 'id' }, { field: 'name' }, { field: 'status' }],
  named: { field: 'name' },
  list: { pageSize: 50, ordering: 'asc' },
  actions: [{
    name: 'toggle-status', label: 'Toggle status', kind: 'toggle', field: 'status',
    values: ['active', 'inactive'], ability: 'update', success: 'Status Updated Successfully',
  }],
  messages: { created: 'Email Type created successfully', updated: 'Email Type updated successfully' },
});
