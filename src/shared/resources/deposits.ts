/**
 * Deposits (spec §4 deposit states; Peatio admin Deposit): found on chain by a block scan (or recorded
 * by staff for fiat), credited to the member only when staff accept them. A row opens its page at
 * /deposit/{id} with the actions its state allows. The list is open to every staff role in the client
 * (spec §5); the server still requires read Deposit.
 */
import { defineResource, ID_FIELD, stateActions } from './define.js';

export const DEPOSIT_STATES = ['submitted', 'accepted', 'collected', 'processing', 'fee_processing', 'skipped', 'canceled',
  'rejected', 'aml_processing', 'aml_suspicious', 'errored', 'refunding'] as const;

/** What a deposit and a withdrawal both carry: the member, the currency and its type, the amount and the fee. */
export const MOVEMENT_FIELDS = {
  id: ID_FIELD,
  uid: { kind: 'text', readOnly: true, label: 'UID' },
  email: { kind: 'text', readOnly: true },
  currency: { kind: 'text', readOnly: true, references: 'currencies' },
  type: { kind: 'enum', values: ['coin', 'fiat'], readOnly: true },
  amount: { kind: 'decimal', readOnly: true },
  fee: { kind: 'decimal', readOnly: true },
} as const;

const action = stateActions({ method: 'POST', path: '/admin/deposits/actions' });

export const deposits = defineResource({
  name: 'deposits',
  subject: 'Deposit',
  service: 'peatio',
  table: 'deposits',
  server: 'bespoke',
  route: 'deposit',
  label: 'Deposit',
  labelPlural: 'Deposits',
  view: true,
  api: { path: '/admin/deposits', style: 'new-update', operations: ['list', 'get'] },
  fields: {
    ...MOVEMENT_FIELDS,
    address: { kind: 'text', readOnly: true },
    txid: { kind: 'text', readOnly: true, label: 'Transaction ID' },
    block_number: { kind: 'number', readOnly: true },
    tid: { kind: 'text', readOnly: true, label: 'TID' },
    state: { kind: 'enum', values: DEPOSIT_STATES, readOnly: true },
    created_at: { kind: 'datetime', readOnly: true, label: 'Created' },
    completed_at: { kind: 'datetime', readOnly: true, label: 'Completed' },
  },
  columns: [
    { field: 'id' }, { field: 'email' }, { field: 'currency' }, { field: 'amount', format: { kind: 'decimal' } },
    { field: 'fee', format: { kind: 'decimal' } }, { field: 'txid', format: { kind: 'truncate', length: 18, tooltip: true } },
    { field: 'state', format: { kind: 'badge', colours: { submitted: 'yellow', accepted: 'blue', collected: 'green', rejected: 'red', canceled: 'grey', aml_suspicious: 'red' } } },
    { field: 'created_at', format: { kind: 'date' } },
  ],
  filters: [
    { field: 'created_at' }, { field: 'state' }, { field: 'currency', op: 'eq' }, { field: 'type' }, { field: 'uid', op: 'eq' },
    { field: 'email', op: 'eq' }, { field: 'txid', op: 'eq' }, { field: 'tid', op: 'eq' },
  ],
  list: { pageSize: 25, ordering: 'asc', sortable: ['id'] },
  actions: [
    action('accept', 'Accept', 'accepted', ['submitted', 'aml_processing'], 'Deposit accepted'),
    action('reject', 'Reject', 'rejected', ['submitted', 'aml_processing', 'aml_suspicious'], 'Deposit rejected'),
    action('process', 'Collect', 'processing', ['accepted', 'skipped'], 'Collection started'),
    action('dispatch', 'Collected', 'collected', ['processing', 'fee_processing'], 'Deposit collected'),
    action('skip', 'Skip collection', 'skipped', ['accepted', 'processing'], 'Collection skipped'),
  ],
});
