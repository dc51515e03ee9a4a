/**
 * NFE categories (spec §2 /Nfe-Categories + add, §6 → TokenCategory; designed in
 * src/server/applogic/README.md, NFE categories): the groups non-fungible items are listed under. Plain records
 * through the engine.
 */
import { defineResource, ID_FIELD, TIMESTAMPS } from './define.js';

export const nfeCategories = defineResource({
  name: 'nfe-categories',
  subject: 'TokenCategory',
  service: 'applogic',
  table: 'nfe_categories',
  server: 'generic',
  route: 'Nfe-Categories',
  label: 'NFE Category',
  labelPlural: 'NFE Categories',
  api: { path: '/admin/nfe_categories', style: 'new-update', operations: ['list', 'get', 'create', 'update'] },
  abilities: { create: 'manage' },
  fields: {
    id: ID_FIELD,
    name: { kind: 'text', required: true, unique: true, max: 100, message: 'Name is required', example: 'Collectibles' },
    description: { kind: 'textarea', max: 1000 },
    position: { kind: 'number', range: [0, 1000], default: 0 },
    state: { kind: 'enum', values: ['active', 'inactive'], default: 'active' },
    ...TIMESTAMPS,
  },
  columns: [
    { field: 'id' }, { field: 'name' }, { field: 'description', format: { kind: 'truncate', length: 60, tooltip: true } }, { field: 'position' },
    { field: 'state', format: { kind: 'switch', action: 'toggle-state' } }, { field: 'created_at', format: { kind: 'date' } },
  ],
  filters: [{ field: 'created_at' }, { field: 'id' }, { field: 'name' }, { field: 'state' }],
  list: { pageSize: 25, ordering: 'asc', orderBy: 'position', sortable: ['id', 'name', 'position', 'state', 'created_at'] },
  actions: [{ name: 'toggle-state', label: 'Active', kind: 'toggle', field: 'state', values: ['active', 'inactive'], ability: 'update', success: 'NFE category updated successfully' }],
  named: { field: 'name' },
  messages: { created: 'NFE category added successfully', updated: 'NFE category updated successfully' },
});
