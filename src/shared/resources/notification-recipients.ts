/**
 * Recipients of push notifications (P-A42: GET /admin/notifications/recipients). The console's
 * /recipients/{id} page passes a numeric id as notification_id and anything else as uid (spec §2).
 */
import { NOTIFICATION_STATUSES } from '../logs.js';
import { defineResource, ID_FIELD, TIMESTAMPS } from './define.js';

export const notificationRecipients = defineResource({
  name: 'notification-recipients',
  subject: 'NotificationRecipient',
  service: 'barong',
  table: 'notification_recipients',
  server: 'bespoke',
  route: 'recipients',
  // Shown scoped to one notification or user at /recipients/{id} (screens/notifications).
  embedded: true,
  label: 'Notification Recipient',
  labelPlural: 'Notification Recipients',
  api: { path: '/admin/notifications/recipients', style: 'verbs', operations: ['list'] },
  fields: {
    id: ID_FIELD,
    notification_id: { kind: 'reference', references: 'notifications', readOnly: true, label: 'Notification' },
    'notification.title': { kind: 'text', readOnly: true, label: 'Title' },
    'notification.body': { kind: 'textarea', readOnly: true, label: 'Body' },
    uid: { kind: 'text', readOnly: true, label: 'UID' },
    phone_number: { kind: 'text', readOnly: true, label: 'Phone' },
    device_id: { kind: 'text', readOnly: true, label: 'Device ID' },
    device_type: { kind: 'text', readOnly: true, label: 'Device type' },
    metadata: { kind: 'textarea', readOnly: true },
    status: { kind: 'enum', values: NOTIFICATION_STATUSES, readOnly: true },
    ...TIMESTAMPS,
  },
  columns: [
    { field: 'notification.title' },
    { field: 'notification.body', format: { kind: 'truncate', length: 35, tooltip: true } },
    { field: 'uid' },
    { field: 'phone_number' },
    { field: 'device_id' },
    { field: 'device_type' },
    { field: 'metadata', format: { kind: 'truncate', length: 30, tooltip: true } },
    { field: 'status', format: { kind: 'badge', colours: { success: 'green', failed: 'red' } } },
    { field: 'created_at', format: { kind: 'date' } },
    { field: 'updated_at', format: { kind: 'date' } },
  ],
  filters: [{ field: 'uid', op: 'eq' }, { field: 'status' }, { field: 'notification_id' }],
  list: { pageSize: 10, ordering: 'desc', orderBy: 'created_at', sortable: ['created_at'] },
});
