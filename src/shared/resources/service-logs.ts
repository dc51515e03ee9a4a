/**
 * Service (OTP, SMS and email) logs (P-A31: GET /admin/service_logs), for all users or one (uid).
 * Newest first by default (spec §9); keyset paging as for activities.
 *
 * Create is "send a test message" (issue 14 item 8): POST /admin/service_logs {uid, service_type, topic,
 * message} sends an e-mail or SMS to the user through the platform setting that serves their country,
 * and answers the service-log row with the provider's result. `message` is write-only; the other
 * writable fields are the row's own. The form is a page of its own at /service-logs/add (`addPage`).
 */
import { SERVICE_LOG_RESULTS, SERVICE_LOG_RESULT_COLOURS, SERVICE_TYPES } from '../logs.js';
import { defineResource, ID_FIELD } from './define.js';

/** The results that say the message did not go out (the danger colour). */
const FAILURES = Object.keys(SERVICE_LOG_RESULT_COLOURS).filter((k) => SERVICE_LOG_RESULT_COLOURS[k] === 'red');

export const serviceLogs = defineResource({
  name: 'service-logs',
  subject: 'ServiceLog',
  service: 'barong',
  table: 'service_logs',
  server: 'bespoke',
  route: 'service-logs',
  label: 'Service Log',
  labelPlural: 'Service Logs',
  api: { path: '/admin/service_logs', style: 'verbs', operations: ['list', 'create'] },
  addPage: true,
  fields: {
    id: ID_FIELD,
    uid: { kind: 'text', required: true, max: 64, label: 'UID', message: 'UID is required' },
    email: { kind: 'text', readOnly: true },
    phone_number: { kind: 'text', readOnly: true, label: 'Phone' },
    service_name: { kind: 'text', readOnly: true, label: 'Service' },
    service_type: {
      kind: 'enum', values: SERVICE_TYPES, required: true, label: 'Type', valueLabels: { sms: 'SMS', email: 'Email' },
      message: 'Service Type is required',
    },
    topic: { kind: 'text', max: 120, default: 'test_message', label: 'Topic (e-mail subject)' },
    message: { kind: 'textarea', required: true, max: 1600, message: 'Message is required' },
    user_country: { kind: 'text', readOnly: true, label: 'Country', options: 'countries' },
    user_ip: { kind: 'text', readOnly: true, label: 'IP' },
    result: { kind: 'enum', values: SERVICE_LOG_RESULTS, readOnly: true },
    metadata: { kind: 'textarea', readOnly: true },
    created_at: { kind: 'datetime', readOnly: true, label: 'Date' },
  },
  columns: [
    { field: 'created_at', format: { kind: 'date' } },
    { field: 'uid' },
    { field: 'email' },
    { field: 'phone_number' },
    { field: 'service_name' },
    { field: 'service_type' },
    { field: 'topic' },
    { field: 'user_country' },
    { field: 'user_ip' },
    { field: 'result', format: { kind: 'badge', colours: SERVICE_LOG_RESULT_COLOURS, fallback: { label: 'Unknown', colour: 'red' } } },
    { field: 'metadata', format: { kind: 'truncate', length: 30, tooltip: true } },
  ],
  filters: [
    { field: 'created_at' }, { field: 'email', op: 'eq' }, { field: 'service_name', op: 'eq' }, { field: 'service_type' },
    { field: 'result' }, { field: 'user_country', op: 'eq' }, { field: 'phone_number', op: 'eq' }, { field: 'uid', op: 'eq' },
  ],
  list: { pageSize: 10, ordering: 'desc', orderBy: 'created_at', sortable: ['created_at'] },
  // The answer is the row: the toast names the provider's result, in red when the message did not go out.
  messages: { created: 'Test message {result}', createdFailedWhen: { field: 'result', in: FAILURES } },
});
