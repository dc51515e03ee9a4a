/** FAQ entries (P-E16); the list shows each entry's category name and position through a join. */
import { defineResource, ID_FIELD, TIMESTAMPS } from './define.js';
import { FAQ_STATES, FAQ_STATE_BADGE } from './faq-categories.js';

export const faqs = defineResource({
  name: 'faqs',
  subject: 'Faq',
  service: 'peatio',
  table: 'faqs',
  server: 'generic',
  route: 'faqs',
  label: 'FAQ',
  labelPlural: 'FAQ',
  api: { path: '/admin/faqs', style: 'verbs', operations: ['list', 'get', 'create', 'update'] },
  fields: {
    id: ID_FIELD,
    question: { kind: 'textarea', required: true, max: 1000, message: 'Question is required' },
    answer: { kind: 'textarea', required: true, max: 10000, message: 'Answer is required' },
    faq_category_id: {
      kind: 'reference', references: 'faq-categories', required: true, label: 'Category', message: 'Required',
    },
    faq_category_name: { kind: 'text', readOnly: true, from: { via: 'faq_category_id', field: 'name' }, label: 'Category name' },
    category_position: { kind: 'number', readOnly: true, from: { via: 'faq_category_id', field: 'position' }, label: 'Category position' },
    position: { kind: 'number', range: [0, 1000000], default: 1 },
    state: { kind: 'enum', values: FAQ_STATES, required: true, label: 'Status', message: 'Status is required' },
    ...TIMESTAMPS,
  },
  columns: [
    { field: 'question', format: { kind: 'truncate', length: 35, tooltip: true } },
    { field: 'answer', format: { kind: 'truncate', length: 35, tooltip: true } },
    { field: 'faq_category_name' },
    { field: 'category_position', format: { kind: 'number' } },
    { field: 'position', format: { kind: 'number' } },
    { field: 'created_at', format: { kind: 'date' } },
    { field: 'updated_at', format: { kind: 'date' } },
    { field: 'state', label: 'Status', format: FAQ_STATE_BADGE },
  ],
  filters: [{ field: 'state' }, { field: 'faq_category_id' }],
  // Spec §9: FAQ lists order descending.
  list: { pageSize: 50, ordering: 'desc' },
  messages: { created: 'FAQ Added Successfully', updated: 'FAQ Updated Successfully' },
});
