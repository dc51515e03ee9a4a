/**
 * Deposits (spec §4 deposit states; Peatio admin Deposit): found on chain by a block scan, or recorded
 * by staff for fiat (Peatio's POST /admin/deposits/new: uid, currency, amount, tid), credited to the
 * member only when staff accept them — a deposit staff recorded, only by someone else. A row opens its page at
 * /deposit/{id} with the actions its state allows. The list is open to every staff role in the client
 * (spec §5); the server still requires read Deposit.
 *
 * Refund (Peatio's POST /admin/deposits/{id}/refund {address}): a crypto deposit that is suspicious,
 * rejected or skipped sends its coins back to an address, the deposit `refunding`; the server answers
 * `refundable` so the call is offered only there (server/money/deposit-refunds.ts says why those states).
 * While its refund is pending, "Refund sent" (with the transaction id) and "Refund failed" record the
 * wallet side's answer.
 */
import { defineResource, ID_FIELD, stateActions } from './define.js';
import { ADMIN_STREAMS } from '../realtime-streams.js';

export const DEPOSIT_STATES = ['submitted', 'accepted', 'collected', 'processing', 'fee_processing', 'skipped', 'canceled',
  'rejected', 'aml_processing', 'aml_suspicious', 'errored', 'refunding'] as const;

/** The states a crypto deposit may be refunded from (the server answers `refundable`: a coin deposit in one of them). */
export const DEPOSIT_REFUNDABLE_STATES = ['aml_suspicious', 'rejected', 'skipped'] as const;

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
  // `add` records a fiat deposit (a bank transfer that arrived): submitted, for a second staff member to accept.
  api: { path: '/admin/deposits', style: 'new-update', operations: ['list', 'get', 'create'] },
  fields: {
    ...MOVEMENT_FIELDS,
    uid: { kind: 'text', required: true, readOnlyOnEdit: true, max: 32, pattern: /^[A-Za-z0-9]+$/, label: 'UID', message: 'UID is required', example: 'ID1A2B3C4D5E' },
    currency: {
      // Staff record fiat deposits only (the server refuses a coin: currency_not_fiat), so the form offers fiat
      // currencies; a coin deposit's page names its currency all the same.
      kind: 'text', required: true, readOnlyOnEdit: true, references: 'currencies', by: 'code', max: 10, label: 'Currency',
      picker: { filter: { type: 'fiat' } }, message: 'Currency is required', example: 'usd',
    },
    amount: { kind: 'decimal', required: true, readOnlyOnEdit: true, range: [0, Infinity], message: 'Amount is required', example: '250.00' },
    address: { kind: 'text', readOnly: true },
    txid: { kind: 'text', readOnly: true, label: 'Transaction ID' },
    block_number: { kind: 'number', readOnly: true },
    tid: { kind: 'text', readOnlyOnEdit: true, max: 64, pattern: /^[A-Za-z0-9_-]+$/, label: 'TID (bank reference)', example: 'TIDBANK2026001' },
    state: { kind: 'enum', values: DEPOSIT_STATES, readOnly: true },
    created_at: { kind: 'datetime', readOnly: true, label: 'Created' },
    completed_at: { kind: 'datetime', readOnly: true, label: 'Completed' },
    refund_address: { kind: 'text', readOnly: true, label: 'Refund address' },
    refund_state: { kind: 'enum', values: ['pending', 'processed', 'failed'], readOnly: true, label: 'Refund state' },
    refund_txid: { kind: 'text', readOnly: true, label: 'Refund transaction ID' },
    refundable: { kind: 'boolean', readOnly: true },
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
  live: { rows: ADMIN_STREAMS.deposit },
  actions: [
    action('accept', 'Accept', 'accepted', ['submitted', 'aml_processing'], 'Deposit accepted'),
    action('reject', 'Reject', 'rejected', ['submitted', 'aml_processing', 'aml_suspicious'], 'Deposit rejected'),
    action('process', 'Collect', 'processing', ['accepted', 'skipped'], 'Collection started'),
    action('dispatch', 'Collected', 'collected', ['processing', 'fee_processing'], 'Deposit collected'),
    action('skip', 'Skip collection', 'skipped', ['accepted', 'processing'], 'Collection skipped'),
  ],
  calls: [{
    name: 'refund', label: 'Refund deposit', kind: 'write', ability: 'update', submit: 'Refund',
    endpoint: { method: 'POST', path: '/admin/deposits/:id/refund' },
    when: { field: 'refundable', in: [true] }, confirm: { field: 'state', to: 'refunding' },
    params: {
      address: {
        kind: 'text', required: true, max: 128, pattern: /^\S+$/, label: 'Refund address', message: 'An address is required',
        invalidMessage: 'One address, without spaces', example: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
      },
    },
    success: (answer) => `Refund ordered: the deposit is refunding to ${String((answer as { address?: unknown }).address ?? 'the address')}`,
  }, {
    // The wallet side's answer (server/money/deposit-refunds.ts answerRefund), recorded by staff as a withdrawal's send is.
    name: 'refund_processed', label: 'Refund sent', kind: 'write', ability: 'update',
    endpoint: { method: 'POST', path: '/admin/deposits/actions' }, body: { action: 'refund_processed' },
    when: { field: 'refund_state', in: ['pending'] }, confirm: { field: 'refund_state', to: 'processed' },
    params: {
      txid: {
        kind: 'text', required: true, max: 128, pattern: /^\S+$/, label: 'Transaction ID', message: 'The transaction ID is required',
        invalidMessage: 'One transaction ID, without spaces', example: '4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b',
      },
    },
    success: () => 'Refund recorded as sent',
  }, {
    name: 'refund_failed', label: 'Refund failed', kind: 'write', ability: 'update',
    endpoint: { method: 'POST', path: '/admin/deposits/actions' }, body: { action: 'refund_failed' },
    when: { field: 'refund_state', in: ['pending'] }, confirm: { field: 'refund_state', to: 'failed' },
    success: () => 'Refund failed: the deposit is back where it was',
  }],
});
