/**
 * Platform settings (spec §2 Platform settings screen, §3 Platform setting, §7 GET/PUT
 * /admin/platform_settings): the providers the platform sends SMS and e-mail through. The list shows
 * service type, name, created, updated and a state badge (enabled green, otherwise red); a row's form
 * changes only its state; `add` creates one (service type, service name, state). Barong's verbs: the
 * update is a PUT with the id in the body.
 */
import { defineResource, ID_FIELD, TIMESTAMPS } from './define.js';

export const SERVICE_TYPES = ['sms', 'email'] as const;

export const platformSettings = defineResource({
  name: 'platform-settings',
  subject: 'PlatformSetting',
  service: 'barong',
  table: 'platform_settings',
  server: 'generic',
  route: 'platform-settings',
  label: 'Platform Setting',
  labelPlural: 'Platform Settings',
  api: { path: '/admin/platform_settings', style: 'verbs', operations: ['list', 'get', 'create', 'update'] },
  fields: {
    id: ID_FIELD,
    service_type: {
      kind: 'enum', values: SERVICE_TYPES, required: true, readOnlyOnEdit: true, label: 'Service type',
      valueLabels: { sms: 'SMS', email: 'Email' }, message: 'Service Type is required',
    },
    service_name: {
      kind: 'text', required: true, readOnlyOnEdit: true, max: 64, pattern: /^[A-Za-z0-9][A-Za-z0-9 _.-]*$/,
      label: 'Service name', message: 'Service Name is required', example: 'twilio',
    },
    state: { kind: 'enum', values: ['enabled', 'disabled'], default: 'enabled', label: 'State' },
    ...TIMESTAMPS,
  },
  uniqueTogether: [['service_name', 'service_type']],
  columns: [
    { field: 'id' }, { field: 'service_type' }, { field: 'service_name' },
    { field: 'created_at', format: { kind: 'date' } }, { field: 'updated_at', format: { kind: 'date' } },
    { field: 'state', format: { kind: 'badge', colours: { enabled: 'green' }, fallback: { label: 'disabled', colour: 'red' } } },
  ],
  filters: [{ field: 'service_type' }, { field: 'service_name' }, { field: 'state' }],
  list: { pageSize: 25, ordering: 'asc' },
  named: { field: 'service_name', context: ['service_type'] },
  // No switch on the list (a badge, spec §2): the palette's "toggle <name>" flips the state through the update call.
  actions: [{ name: 'toggle-state', label: 'Toggle state', kind: 'toggle', field: 'state', values: ['enabled', 'disabled'], ability: 'update' }],
  messages: { created: 'Platform Setting created successfully', updated: 'platform Setting updated successfully' },
});
