/**
 * Push notifications (P-A41, P-A42). The list is GET /admin/notifications; the FCM form (uid, title,
 * message) is the create call, spelled POST /admin/notification/push, and both sides validate it with
 * this declaration's create struct. `uid` and `message` are write-only (the entity stores the message
 * as `body`). Sending needs `update Device` on the server (spec §6: fcm-notification → Device).
 */
import { defineResource, ID_FIELD, TIMESTAMPS } from './define.js';

export const notifications = defineResource({
  name: 'notifications',
  subject: 'Notification',
  service: 'barong',
  table: 'notifications',
  server: 'bespoke',
  route: 'notifications',
  label: 'Notification',
  labelPlural: 'Notifications',
  api: {
    path: '/admin/notifications', style: 'verbs', operations: ['list', 'create'],
    overrides: { create: { method: 'POST', path: '/admin/notification/push' } },
  },
  fields: {
    id: ID_FIELD,
    uid: { kind: 'text', required: true, max: 64, label: 'UID', message: 'UID is required' },
    title: { kind: 'text', required: true, max: 255, message: 'Title is required' },
    message: { kind: 'textarea', required: true, max: 4000, message: 'Message is required' },
    body: { kind: 'textarea', readOnly: true },
    metadata: { kind: 'textarea', readOnly: true },
    ...TIMESTAMPS,
  },
  columns: [
    { field: 'title' },
    { field: 'body', format: { kind: 'truncate', length: 35, tooltip: true } },
    { field: 'metadata', format: { kind: 'view', title: 'Metadata Details' } },
    { field: 'created_at', format: { kind: 'date' } },
    { field: 'updated_at', format: { kind: 'date' } },
  ],
  list: { pageSize: 10, ordering: 'desc', orderBy: 'created_at', sortable: ['created_at'] },
  // Spec §2: a row opens its recipients at /recipients/{id}.
  detail: { key: 'id', route: 'recipients' },
  messages: { created: 'Notification added successfully' },
});
