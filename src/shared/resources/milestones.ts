/**
 * Milestones (spec §2 /milestone, §3 Milestone: id, presale_id, state, value; §4 active, completed; §3
 * filters dates, id, presale_id, state, value; §9 ten a page): a raised amount, in the presale's price
 * currency, at which the presale has reached a stage. A milestone completes as the presale's raised
 * amount reaches its value (in the investment's transaction), or by hand ("Complete", state-guarded).
 */
import { defineResource, ID_FIELD, TIMESTAMPS } from './define.js';

export const MILESTONE_STATES = ['active', 'completed'] as const;

export const milestones = defineResource({
  name: 'milestones',
  subject: 'Milestone',
  service: 'applogic',
  table: 'milestones',
  server: 'generic',
  route: 'milestone',
  label: 'Milestone',
  labelPlural: 'Milestones',
  // Rows open read-only at /milestone/{id} (Complete there); `add` on that route creates.
  view: true,
  api: { path: '/admin/milestones', style: 'new-update', operations: ['list', 'get', 'create'] },
  abilities: { create: 'manage' },
  fields: {
    id: ID_FIELD,
    presale_id: { kind: 'reference', references: 'presales', required: true, label: 'Presale', message: 'Choose the presale' },
    presale: { kind: 'text', readOnly: true, from: { via: 'presale_id', field: 'name' } },
    value: { kind: 'decimal', required: true, range: [0, Infinity], label: 'Value', message: 'Value is required', example: '25000' },
    description: { kind: 'text', max: 255 },
    state: { kind: 'enum', values: MILESTONE_STATES, readOnly: true },
    completed_at: { kind: 'datetime', readOnly: true, label: 'Completed' },
    ...TIMESTAMPS,
  },
  columns: [
    { field: 'id' }, { field: 'presale_id', label: 'Presale ID' }, { field: 'presale' }, { field: 'value', format: { kind: 'decimal' } },
    { field: 'description' },
    { field: 'state', format: { kind: 'badge', colours: { active: 'blue', completed: 'green' }, labels: { active: 'Active', completed: 'Completed' } } },
    { field: 'completed_at', format: { kind: 'date' } }, { field: 'created_at', format: { kind: 'date' } },
  ],
  filters: [{ field: 'created_at' }, { field: 'id' }, { field: 'presale_id' }, { field: 'state' }, { field: 'value' }],
  list: { pageSize: 10, ordering: 'desc', sortable: ['id', 'presale_id', 'value', 'state', 'created_at'] },
  uniqueTogether: [['presale_id', 'value']],
  actions: [
    {
      name: 'complete', label: 'Complete', kind: 'set', field: 'state', values: ['completed'], from: ['active'], ability: 'manage',
      endpoint: { method: 'POST', path: '/admin/milestones/action' }, body: { action: 'complete' }, success: 'Milestone completed',
    },
  ],
  messages: { created: 'Milestone added successfully' },
});
