/**
 * Advertisements (spec §2 /advertisements + add; designed in src/server/applogic/README.md, Token and presale
 * area): a presale's promotion at a placement of the front end between two dates, shown while active. Plain
 * records through the engine; the active switch saves at once.
 */
import { defineResource, ID_FIELD, TIMESTAMPS } from './define.js';

export const AD_PLACEMENTS = ['home_banner', 'markets_banner', 'presale_page', 'mobile_popup'] as const;

export const advertisements = defineResource({
  name: 'advertisements',
  subject: 'Advertisement',
  service: 'applogic',
  table: 'advertisements',
  server: 'generic',
  route: 'advertisements',
  label: 'Advertisement',
  labelPlural: 'Advertisements',
  api: { path: '/admin/advertisements', style: 'new-update', operations: ['list', 'get', 'create', 'update'] },
  abilities: { create: 'manage' },
  fields: {
    id: ID_FIELD,
    presale_id: { kind: 'reference', references: 'presales', required: true, label: 'Presale', message: 'Choose the presale' },
    presale: { kind: 'text', readOnly: true, from: { via: 'presale_id', field: 'name' } },
    title: { kind: 'text', required: true, max: 120, message: 'Title is required' },
    placement: {
      kind: 'enum', values: AD_PLACEMENTS, default: 'home_banner',
      valueLabels: { home_banner: 'Home banner', markets_banner: 'Markets banner', presale_page: 'Presale page', mobile_popup: 'Mobile pop-up' },
    },
    image_url: { kind: 'text', max: 500, pattern: /^https:\/\/\S+$/, label: 'Image URL', invalidMessage: 'An https:// address', example: 'https://assets.steward.example/ads/trst.png' },
    link_url: { kind: 'text', max: 500, pattern: /^(https:\/\/|\/)\S*$/, label: 'Link', invalidMessage: 'An https:// address or a path', example: '/presales/trst' },
    start_date: { kind: 'datetime', required: true, label: 'Start date', message: 'Start date is required', example: '2026-01-01T00:00:00Z' },
    end_date: { kind: 'datetime', required: true, label: 'End date', message: 'End date is required', example: '2026-03-01T00:00:00Z' },
    position: { kind: 'number', range: [0, 1000], default: 0 },
    state: { kind: 'enum', values: ['active', 'inactive'], default: 'inactive' },
    ...TIMESTAMPS,
  },
  columns: [
    { field: 'id' }, { field: 'title' }, { field: 'presale' }, { field: 'placement' },
    { field: 'start_date', format: { kind: 'date' } }, { field: 'end_date', format: { kind: 'date' } }, { field: 'position' },
    { field: 'state', format: { kind: 'switch', action: 'toggle-state' } },
  ],
  filters: [{ field: 'created_at' }, { field: 'title' }, { field: 'presale_id' }, { field: 'placement' }, { field: 'state' }],
  list: { pageSize: 25, ordering: 'desc', sortable: ['id', 'title', 'placement', 'start_date', 'end_date', 'position', 'state'] },
  actions: [{ name: 'toggle-state', label: 'Active', kind: 'toggle', field: 'state', values: ['active', 'inactive'], ability: 'update', success: 'Advertisement updated successfully' }],
  messages: { created: 'Advertisement added successfully', updated: 'Advertisement updated successfully' },
});
