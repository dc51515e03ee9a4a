/**
 * SMS sender configs (spec §2 SMS sender config screen, §3, §7 GET/POST/PUT/DELETE /admin/sms_sender):
 * the sender an SMS provider (a platform setting) shows in a country. The list shows the provider's
 * service name, country code and name, sender, a status switch that saves at once, created, and Delete —
 * disabled while the sender is active, and refused by the server then ('Sms Service deleted
 * Successfully' otherwise). One sender per provider and country.
 */
import { defineResource, ID_FIELD, TIMESTAMPS } from './define.js';
import { countryByIso, countryCodesMatching } from '../countries.js';

export const smsSenders = defineResource({
  name: 'sms-sender-configs',
  subject: 'SmsSenderConfig',
  service: 'barong',
  table: 'sms_sender_configs',
  server: 'generic',
  route: 'sms-sender',
  label: 'SMS Sender',
  labelPlural: 'SMS Service Config',
  api: { path: '/admin/sms_sender', style: 'verbs', operations: ['list', 'get', 'create', 'update', 'delete'] },
  fields: {
    id: ID_FIELD,
    platform_setting_id: { kind: 'reference', references: 'platform-settings', required: true, label: 'Service', message: 'Service Name is required' },
    service_name: { kind: 'text', readOnly: true, from: { via: 'platform_setting_id', field: 'service_name' }, label: 'Service name' },
    country_code: { kind: 'text', required: true, max: 2, options: 'countries', label: 'Country code', message: 'Country is required', example: 'GB' },
    country_name: {
      kind: 'text', readOnly: true, label: 'Country name',
      derive: (row) => (typeof row.country_code === 'string' ? countryByIso(row.country_code)?.text ?? null : null),
    },
    sender: { kind: 'text', required: true, max: 32, pattern: /^[A-Za-z0-9+ ._-]+$/, label: 'Sender', message: 'Sender is required', example: 'Steward' },
    status: { kind: 'enum', values: ['active', 'inactive'], default: 'active', label: 'Status' },
    ...TIMESTAMPS,
  },
  uniqueTogether: [['platform_setting_id', 'country_code']],
  deletableWhen: { field: 'status', in: ['inactive'] },
  deletableReason: 'Switch the sender off before deleting it',
  columns: [
    { field: 'id' }, { field: 'service_name' }, { field: 'country_code' }, { field: 'country_name' }, { field: 'sender' },
    { field: 'status', format: { kind: 'switch', action: 'toggle-status' } }, { field: 'created_at', format: { kind: 'date' } },
  ],
  // P-A34's `country`: the country by name (or code), as the list shows it; the table holds the code only.
  filters: [
    { field: 'platform_setting_id' }, { field: 'service_name' },
    { field: 'country_name', param: 'country', label: 'Country', through: { field: 'country_code', values: countryCodesMatching } },
    { field: 'country_code' }, { field: 'status' },
  ],
  named: { field: 'service_name', context: ['country_code', 'sender'] },
  list: { pageSize: 25, ordering: 'asc' },
  actions: [{
    name: 'toggle-status', label: 'Toggle status', kind: 'toggle', field: 'status', values: ['active', 'inactive'], ability: 'update',
    success: 'Status Updated Successfully',
  }],
  messages: { created: 'Sms Service created Successfully', updated: 'Sms Service updated Successfully', deleted: 'Sms Service deleted Successfully' },
});
