/**
 * Adjustments (spec §3 Adjustment, §4, §9; Peatio 2.6 E20): a signed amount moved between one of the
 * platform's asset accounts (101 fiat, 102 coin) and a receiving account — a member's balance (20x,
 * with the member's uid), revenue (30x) or expense (40x) — pending until a second staff member accepts
 * it (which posts the two operations) or rejects it. The console names the receiving code the
 * counterpart code; the asset code follows from the currency. Create answers `pending`; the server
 * takes an `Idempotency-Key` header so a retried submit makes one adjustment.
 */
import { defineResource, ID_FIELD, TIMESTAMPS } from './define.js';
import { ADMIN_STREAMS } from '../realtime-streams.js';

/** Peatio's categories, in the spec's order (the console's `bank_interset` is accepted as `bank_interest`). */
export const ADJUSTMENT_CATEGORIES = ['asset_registration', 'investment', 'minting_token', 'balance_anomaly', 'misc', 'refund',
  'compensation', 'incentive', 'bank_fees', 'bank_interest', 'minor'] as const;
export const ADJUSTMENT_STATES = ['pending', 'accepted', 'rejected'] as const;
/** The counterpart (receiving) codes the console offers: a member's balance, revenue, expense; coin 2, fiat 1. */
export const COUNTERPART_CODES = ['201', '202', '301', '302', '401', '402'] as const;
const CODE_LABELS: Record<string, string> = {
  101: '101 · Assets (fiat)', 102: '102 · Assets (coin)', 201: '201 · Member balance (fiat)', 202: '202 · Member balance (coin)',
  211: '211 · Member locked (fiat)', 212: '212 · Member locked (coin)',
  301: '301 · Revenue (fiat)', 302: '302 · Revenue (coin)', 401: '401 · Expense (fiat)', 402: '402 · Expense (coin)',
};
const MEMBER_CODES = ['201', '202'];

export const adjustments = defineResource({
  name: 'adjustments',
  subject: 'Adjustment',
  service: 'peatio',
  table: 'adjustments',
  server: 'bespoke',
  route: 'adjustments',
  formRoute: 'adjustments-details',
  // Rows open read-only at /adjustments-details/{id} (Accept and Reject there); `add` on that route creates.
  view: true,
  label: 'Adjustment',
  labelPlural: 'Adjustments',
  api: { path: '/admin/adjustments', style: 'new-update', operations: ['list', 'get', 'create'] },
  fields: {
    id: ID_FIELD,
    reason: { kind: 'text', required: true, max: 255, message: 'Reason is required' },
    description: { kind: 'textarea', required: true, max: 2000, message: 'Description is required' },
    category: {
      kind: 'enum', values: ADJUSTMENT_CATEGORIES, default: 'asset_registration',
      valueLabels: Object.fromEntries(ADJUSTMENT_CATEGORIES.map((c) => [c, (c.charAt(0).toUpperCase() + c.slice(1)).replace(/_/g, ' ')])),
    },
    // Signed: a negative amount takes from the receiving account.
    amount: { kind: 'decimal', required: true, message: 'Amount is required', example: '1.5' },
    currency: {
      kind: 'text', required: true, inputName: 'currency_id', references: 'currencies', by: 'code', max: 10, label: 'Currency',
      message: 'Currency is required', example: 'btc',
    },
    counterpart_code: {
      kind: 'enum', values: COUNTERPART_CODES, required: true, label: 'Counterpart code', valueLabels: CODE_LABELS,
      message: 'Counterpart code is required',
    },
    receiving_member_uid: {
      kind: 'text', max: 32, pattern: /^[A-Za-z0-9]+$/, label: 'Receiving member UID', showWhen: { field: 'counterpart_code', in: MEMBER_CODES },
      invalidMessage: 'A member UID, e.g. ID1A2B3C4D5E', example: 'ID1A2B3C4D5E',
    },
    asset_account_code: { kind: 'enum', values: ['101', '102'], readOnly: true, label: 'Asset account', valueLabels: CODE_LABELS },
    receiving_account_code: { kind: 'text', readOnly: true, label: 'Receiving account' },
    creator_uid: { kind: 'text', readOnly: true, label: 'Creator' },
    validator_uid: { kind: 'text', readOnly: true, label: 'Validator' },
    state: { kind: 'enum', values: ADJUSTMENT_STATES, readOnly: true },
    ...TIMESTAMPS,
  },
  columns: [
    { field: 'id' }, { field: 'reason' }, { field: 'amount', format: { kind: 'decimal' } }, { field: 'currency' },
    { field: 'category' }, { field: 'creator_uid', label: 'Creator' }, { field: 'receiving_account_code', label: 'Receiving account' },
    { field: 'validator_uid', label: 'Validator', empty: 'Unvalidated' },
    { field: 'state', format: { kind: 'badge', colours: { pending: 'yellow', accepted: 'green', rejected: 'red' } } },
    { field: 'created_at', format: { kind: 'date' } },
  ],
  filters: [{ field: 'created_at' }, { field: 'currency', op: 'eq' }, { field: 'state' }, { field: 'category' }],
  // Keyboard review (issue 17): a / r on the focused pending adjustment, the detail page's own calls.
  list: { pageSize: 50, ordering: 'asc', sortable: ['id'], review: { accept: 'accept', reject: 'reject' } },
  live: { rows: ADMIN_STREAMS.adjustment },
  actions: [
    {
      name: 'accept', label: 'Accept', kind: 'set', field: 'state', values: ['accepted'], from: ['pending'], ability: 'update',
      endpoint: { method: 'POST', path: '/admin/adjustments/action' }, body: { action: 'accept' }, notBy: 'creator_uid',
      success: 'Adjustment accepted',
    },
    {
      name: 'reject', label: 'Reject', kind: 'set', field: 'state', values: ['rejected'], from: ['pending'], ability: 'update',
      endpoint: { method: 'POST', path: '/admin/adjustments/action' }, body: { action: 'reject' }, success: 'Adjustment rejected',
    },
  ],
  messages: { created: 'Adjustment created' },
});
