/** FAQ categories (P-E16): groups of FAQ entries, ordered by position. */
import { defineResource, ID_FIELD, TIMESTAMPS } from './define.js';

export const FAQ_STATES = ['active', 'inactive', 'pending'] as const;

/** FAQ badges: Active, Pending, anything else InActive (spec §4). */
export const FAQ_STATE_BADGE = {
  kind: 'badge',
  colours: { active: 'green', pending: 'yellow' },
  labels: { active: 'Active', pending: 'Pending' },
  fallback: { label: 'InActive', colour: 'red' },
} as const;

export const faqCategories = defineResource({
  name: 'faq-categories',
  // The spec maps both FAQ routes to the one subject Faq (§6, P-E16).
  subject: 'Faq',
  service: 'peatio',
  table: 'faq_categories',
  server: 'generic',
  route: 'faq-category',
  label: 'FAQ Category',
  labelPlural: 'FAQ Categories',
  api: { path: '/admin/faq_categories', style: 'verbs', operations: ['list', 'get', 'create', 'update'] },
  fields: {
    id: ID_FIELD,
    name: { kind: 'text', required: true, max: 255, message: 'Name is required' },
    description: { kind: 'textarea', max: 5000 },
    position: { kind: 'number', range: [0, 1000000], default: 1 },
    state: { kind: 'enum', values: FAQ_STATES, required: true, label: 'Status', message: 'Status is required' },
    ...TIMESTAMPS,
  },
  columns: [
    { field: 'name' },
    { field: 'description', format: { kind: 'truncate', length: 35, tooltip: true } },
    { field: 'position', format: { kind: 'number' } },
    { field: 'created_at', format: { kind: 'date' } },
    { field: 'updated_at', format: { kind: 'date' } },
    { field: 'state', label: 'Status', format: FAQ_STATE_BADGE },
  ],
  filters: [{ field: 'name' }, { field: 'state' }],
  list: { pageSize: 50, ordering: 'asc' },
  messages: { created: 'Category Added successfully', updated: 'FAQ Category Updated Successfully' },
});
