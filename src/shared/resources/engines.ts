/**
 * Matching engines (Peatio 2.6 `GET /admin/engines`): what a market trades on. The spec labels engine 1
 * the default engine, 2 a local spot engine and any other an open spot engine; the seed names them so.
 */
import { defineResource, ID_FIELD, TIMESTAMPS } from './define.js';

export const ENGINE_DRIVERS = ['peatio', 'finex-spot', 'opendax'] as const;

export const engines = defineResource({
  name: 'engines',
  subject: 'Engine',
  service: 'peatio',
  table: 'engines',
  server: 'generic',
  route: 'engines',
  label: 'Engine',
  labelPlural: 'Engines',
  // Listed for the market form's select; managed by configuration, not on a screen of its own.
  embedded: true,
  api: { path: '/admin/engines', style: 'new-update', operations: ['list', 'get', 'create', 'update'] },
  fields: {
    id: ID_FIELD,
    name: { kind: 'text', required: true, unique: true, max: 255, message: 'Required' },
    driver: { kind: 'enum', values: ENGINE_DRIVERS, default: 'peatio' },
    uid: { kind: 'text', max: 255, label: 'UID' },
    url: { kind: 'text', max: 255, pattern: /^(https?|wss?|amqp):\/\/\S+$/, invalidMessage: 'A URL', label: 'URL' },
    state: { kind: 'enum', values: ['online', 'offline'], default: 'online' },
    ...TIMESTAMPS,
  },
  columns: [{ field: 'id' }, { field: 'name' }, { field: 'driver' }, { field: 'state' }],
  filters: [{ field: 'name' }, { field: 'state' }],
  list: { pageSize: 25, ordering: 'asc' },
});
