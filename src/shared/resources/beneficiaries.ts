/**
 * Beneficiaries (Peatio GET /admin/beneficiaries): the withdrawal addresses and bank accounts users
 * registered, with their state. Peatio's filter parameter for the currency is `currency`.
 */
import { BENEFICIARY_STATES } from '../logs.js';
import { defineResource, ID_FIELD, TIMESTAMPS } from './define.js';

export const beneficiaries = defineResource({
  name: 'beneficiaries',
  subject: 'Beneficiary',
  service: 'peatio',
  table: 'beneficiaries',
  server: 'bespoke',
  route: 'beneficiaries',
  label: 'Beneficiary',
  labelPlural: 'Beneficiaries',
  api: { path: '/admin/beneficiaries', style: 'new-update', operations: ['list'] },
  fields: {
    id: ID_FIELD,
    uid: { kind: 'text', readOnly: true, label: 'UID' },
    email: { kind: 'text', readOnly: true },
    currency: { kind: 'text', readOnly: true, max: 32 },
    name: { kind: 'text', readOnly: true },
    description: { kind: 'textarea', readOnly: true },
    data: { kind: 'textarea', readOnly: true },
    state: { kind: 'enum', values: BENEFICIARY_STATES, readOnly: true },
    ...TIMESTAMPS,
  },
  columns: [
    { field: 'id' }, { field: 'uid' }, { field: 'email' }, { field: 'currency' }, { field: 'name' },
    { field: 'state', format: { kind: 'badge', colours: { active: 'green', pending: 'yellow', archived: 'grey' } } },
    { field: 'created_at', format: { kind: 'date' } },
  ],
  filters: [{ field: 'uid', op: 'eq' }, { field: 'id' }, { field: 'currency', op: 'eq' }, { field: 'state' }],
  list: { pageSize: 50, ordering: 'desc', orderBy: 'created_at', sortable: ['created_at'] },
});
