/**
 * Barong restrictions (spec §2 /restrictions, add and edit in a modal; §3 Restriction; §7 GET, PUT, POST,
 * DELETE /admin/restrictions; openware-api.md §5.2): traffic rules checked before everything else —
 * `whitelist` lets a matching client through every other rule, `maintenance` closes the platform to all
 * but staff, `blacklist` refuses a client everywhere, `blocklogin` refuses its sign-ins. A rule matches by
 * scope: one address (`ip`), a network (`ip_subnet`, CIDR), a `country` (ISO alpha-2) or `continent`
 * (AF … SA) of the client, or everyone (`all`). `code` is the HTTP status a refusal answers (Barong's
 * defaults by category and scope when left empty). The server checks the value against its scope and
 * refuses a rule that would lock out its author's own address unless confirmed
 * (src/server/auth/restrictions/README.md).
 */
import { defineResource, ID_FIELD, TIMESTAMPS } from './define.js';

export const RESTRICTION_CATEGORIES = ['whitelist', 'maintenance', 'blacklist', 'blocklogin'] as const;
export const RESTRICTION_SCOPES = ['all', 'ip', 'ip_subnet', 'country', 'continent'] as const;
/** A write refused with this code may be confirmed and sent again (X-Confirm header). */
export const LOCKOUT_CODE = 'admin.restriction.locks_you_out';

export const restrictions = defineResource({
  name: 'restrictions',
  subject: 'Restriction',
  service: 'barong',
  table: 'restrictions',
  server: 'generic',
  route: 'restrictions',
  form: 'modal',
  label: 'Restriction',
  labelPlural: 'Restrictions',
  api: { path: '/admin/restrictions', style: 'verbs', operations: ['list', 'create', 'update', 'delete'] },
  fields: {
    id: ID_FIELD,
    category: { kind: 'enum', values: RESTRICTION_CATEGORIES, default: 'blacklist', label: 'Category' },
    scope: { kind: 'enum', values: RESTRICTION_SCOPES, default: 'ip', label: 'Scope' },
    value: {
      kind: 'text', required: true, max: 64, label: 'Value', message: 'Required',
      example: '203.0.113.7',
    },
    code: { kind: 'number', range: [100, 599], label: 'Code (HTTP status; empty: the default)' },
    state: { kind: 'enum', values: ['enabled', 'disabled'], default: 'enabled', label: 'State' },
    ...TIMESTAMPS,
  },
  uniqueTogether: [['scope', 'category', 'value']],
  columns: [
    { field: 'id' },
    {
      field: 'category',
      format: { kind: 'badge', colours: { whitelist: 'green', maintenance: 'yellow', blacklist: 'red', blocklogin: 'red' } },
    },
    { field: 'scope' }, { field: 'value' }, { field: 'code', label: 'Code' },
    { field: 'state', format: { kind: 'badge', colours: { enabled: 'green', disabled: 'grey' }, labels: { enabled: 'Enabled', disabled: 'Disabled' } } },
    { field: 'created_at', format: { kind: 'date' } },
    { field: 'updated_at', format: { kind: 'date' } },
  ],
  filters: [{ field: 'created_at' }, { field: 'scope' }, { field: 'category' }],
  list: { pageSize: 25, ordering: 'desc' },
  confirmable: [{ code: LOCKOUT_CODE, title: 'Lock yourself out?', confirm: 'Save anyway' }],
  // A one-time link that whitelists the address it is opened from (POST /identity/users/access).
  listCalls: [{
    name: 'whitelink', label: 'Whitelist link', kind: 'write', ability: 'create',
    endpoint: { method: 'POST', path: '/admin/restrictions/whitelink' }, submit: 'Create link',
    params: {
      expire_time: { kind: 'number', range: [1, 30], required: true, default: 1, label: 'Valid for', message: 'Required' },
      range: { kind: 'enum', values: ['day', 'hour'], required: true, default: 'day', label: 'Days or hours' },
    },
    success: () => 'Whitelist Token Successfully Created',
    reveal: (answer, origin) => `${origin}/whitelist?token=${String((answer as { whitelink_token?: string }).whitelink_token ?? '')}`,
  }],
  messages: { created: 'Restrictions Successfully Added', updated: 'Restrictions Successfully Edited', deleted: 'Restrictions Successfully Deleted' },
});
