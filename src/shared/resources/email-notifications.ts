/**
 * E-mail notifications (spec §2 /email-notification, §3 Email notification, P-A36): whether one user gets
 * one type of e-mail. The list shows uid, e-mail, the type's name and description, an enabled switch
 * that saves at once, created and updated; oldest first (§9). The switch is the service's only write:
 * `POST /admin/email-notifications {id, enabled}` (§7 "The toggle sends id and enabled"), served by the
 * generic action route; there is no create or edit, since a user's rows follow the e-mail types.
 */
import { defineResource, ID_FIELD, TIMESTAMPS } from './define.js';
import { MEMBER_FIELDS, USER_LINK } from './member-identity.js';

export const emailNotifications = defineResource({
  name: 'email-notifications',
  subject: 'EmailNotification',
  service: 'barong',
  table: 'email_notifications',
  server: 'generic',
  route: 'email-notification',
  label: 'Email Notification',
  labelPlural: 'Email Notifications',
  api: { path: '/admin/email-notifications', style: 'verbs', operations: ['list'] },
  fields: {
    id: ID_FIELD,
    ...MEMBER_FIELDS,
    email_type_id: { kind: 'reference', references: 'email-types', readOnly: true, label: 'Email type' },
    name: { kind: 'text', readOnly: true, label: 'Email type', from: { via: 'email_type_id', field: 'name' } },
    description: { kind: 'text', readOnly: true, from: { via: 'email_type_id', field: 'description' } },
    enabled: { kind: 'boolean', default: true, label: 'Enabled' },
    ...TIMESTAMPS,
  },
  columns: [
    { field: 'uid', format: USER_LINK },
    { field: 'email', format: USER_LINK },
    { field: 'name' },
    { field: 'description', format: { kind: 'truncate', length: 35, tooltip: true } },
    { field: 'enabled', format: { kind: 'switch', action: 'toggle-enabled' } },
    { field: 'created_at', format: { kind: 'date' } },
    { field: 'updated_at', format: { kind: 'date' } },
  ],
  filters: [{ field: 'uid', op: 'eq' }, { field: 'email' }, { field: 'email_type_id' }, { field: 'name', label: 'Type name' }, { field: 'enabled' }],
  // Found by the type's name; one row per user, told apart by the e-mail.
  named: { field: 'name', context: ['email'] },
  list: { pageSize: 50, ordering: 'asc', sortable: ['id'] },
  actions: [{
    name: 'toggle-enabled', label: 'Toggle enabled', kind: 'toggle', field: 'enabled', values: ['true', 'false'], ability: 'update',
    endpoint: { method: 'POST', path: '/admin/email-notifications' },
    // The spec's catalogue has two spellings of this toast; the email types' switch takes the other one.
    success: 'Status Updated successfully',
  }],
});
