/**
 * Coin applications (spec §2 "Pending applications: tabs coin and profile"; issue 15 item 5; designed in
 * src/server/applogic/README.md, Coin applications): a project applying to list a coin. The coin
 * tab of /pending-applications (embedded under that route; a row opens read-only at
 * /pending-applications/{id}). pending → (Approve) approved, which creates the currency, disabled,
 * through the currencies' create path, or → (Reject, with a reason) rejected. Subject Token (spec §6:
 * tokens → Token); the application-logic service owns it. Applications arrive from the listing form of
 * the project-facing site, so the console lists, reads and decides them, and never creates or edits one.
 */
import { defineResource, ID_FIELD, TIMESTAMPS, type Endpoint } from './define.js';

export const COIN_APPLICATION_STATES = ['pending', 'approved', 'rejected'] as const;

const ACTION: Endpoint = { method: 'POST', path: '/admin/coin_applications/action' };
const PENDING = { field: 'state', in: ['pending'] } as const;

export const coinApplications = defineResource({
  name: 'coin-applications',
  subject: 'Token',
  service: 'applogic',
  table: 'coin_applications',
  server: 'generic',
  route: 'pending-applications',
  embedded: true,
  view: true,
  label: 'Coin Application',
  labelPlural: 'Coin Applications',
  api: { path: '/admin/coin_applications', style: 'new-update', operations: ['list', 'get'] },
  fields: {
    id: ID_FIELD,
    project: { kind: 'text', readOnly: true, label: 'Project' },
    token_name: { kind: 'text', readOnly: true, label: 'Token name' },
    token_code: { kind: 'text', readOnly: true, label: 'Token code' },
    blockchain_key: { kind: 'text', readOnly: true, references: 'blockchains', by: 'key', label: 'Blockchain' },
    contract_address: { kind: 'text', readOnly: true, label: 'Contract address' },
    contact_email: { kind: 'text', readOnly: true, label: 'Contact' },
    documents: { kind: 'list', readOnly: true, max: 255, label: 'Documents' },
    submitted_at: { kind: 'datetime', readOnly: true, label: 'Submitted' },
    state: { kind: 'enum', values: COIN_APPLICATION_STATES, readOnly: true },
    decided_by: { kind: 'reference', references: 'users', readOnly: true, label: 'Decided by (ID)' },
    decided_by_uid: { kind: 'text', readOnly: true, label: 'Decided by', from: { via: 'decided_by', field: 'uid' } },
    decided_at: { kind: 'datetime', readOnly: true, label: 'Decided' },
    reason: { kind: 'text', readOnly: true, label: 'Reason' },
    currency_id: { kind: 'text', readOnly: true, references: 'currencies', label: 'Currency' },
    ...TIMESTAMPS,
  },
  columns: [
    { field: 'id' }, { field: 'project' }, { field: 'token_name' }, { field: 'token_code', label: 'Code' }, { field: 'blockchain_key' },
    { field: 'contract_address', format: { kind: 'truncate', length: 14, tooltip: true } }, { field: 'contact_email' },
    { field: 'submitted_at', format: { kind: 'date' } },
    {
      field: 'state',
      format: { kind: 'badge', colours: { pending: 'yellow', approved: 'green', rejected: 'red' }, labels: { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' } },
    },
  ],
  filters: [
    { field: 'submitted_at' }, { field: 'id' }, { field: 'project' }, { field: 'token_code', op: 'eq' }, { field: 'blockchain_key', op: 'eq' },
    { field: 'contact_email' }, { field: 'state' },
  ],
  // Oldest first, as the profile tab: the application waiting longest is on top.
  list: {
    pageSize: 10, ordering: 'asc', orderBy: 'submitted_at', sortable: ['id', 'submitted_at', 'project', 'token_code', 'state'],
    // Keyboard review (issue 17): Approve, and Reject with its reason typed inline.
    review: { accept: 'approve', reject: 'reject' },
  },
  actions: [{
    name: 'approve', label: 'Approve', kind: 'set', field: 'state', values: ['approved'], from: ['pending'], ability: 'manage',
    endpoint: ACTION, body: { action: 'approve' }, success: 'Coin application approved: its currency was created, disabled',
  }],
  calls: [{
    name: 'reject', label: 'Reject coin application', kind: 'write', endpoint: ACTION, ability: 'manage', submit: 'Reject',
    body: { action: 'reject' }, when: PENDING, confirm: { field: 'state', to: 'rejected' },
    params: { reason: { kind: 'textarea', required: true, max: 500, label: 'Reason', message: 'A reason is required', example: 'No audit of the contract' } },
    success: () => 'Coin application rejected',
  }],
});
