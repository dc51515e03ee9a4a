/**
 * Withdrawals (spec §4 withdraw states, shown with the spec's labels; Peatio admin Withdraw): a
 * member's request with its sum locked. /withdrawls lists all, /withdrawl-pending the approval queue
 * (submitted and under review). A row's page (/withdrawls/{id}) offers the actions its state allows:
 * Accept (four-eyes above the currency's review amount: the first acceptance puts it under review and
 * its approver cannot give the second), Reject with a reason, Process, Sent, Succeeded, Failed, Skip.
 */
import { ABOVE_REVIEW_AMOUNT, defineResource, firstApprovalGiven, stateActions, type ResourceDecl } from './define.js';
import { MOVEMENT_FIELDS } from './deposits.js';
import { ADMIN_STREAMS } from '../realtime-streams.js';

export const WITHDRAW_STATES = ['prepared', 'submitted', 'under_review', 'accepted', 'processing', 'confirming', 'succeed', 'skipped',
  'canceled', 'rejected', 'failed', 'errored'] as const;
/** The spec's labels (§4: Processing, Confirming, cancel, pending, Succeed, Prepared, Skipped, reject). */
const LABELS: Record<string, string> = {
  prepared: 'Prepared', submitted: 'pending', under_review: 'pending (2nd approval)', accepted: 'Accepted', processing: 'Processing',
  confirming: 'Confirming', succeed: 'Succeed', skipped: 'Skipped', canceled: 'cancel', rejected: 'reject', failed: 'Failed', errored: 'Errored',
};
const STATE_BADGE = {
  kind: 'badge', labels: LABELS,
  colours: { submitted: 'yellow', under_review: 'yellow', accepted: 'blue', processing: 'blue', confirming: 'blue', succeed: 'green', rejected: 'red', failed: 'red', errored: 'red' },
  fallback: { label: 'cancel', colour: 'grey' },
} as const;
const ENDPOINT = { method: 'POST', path: '/admin/withdraws/actions' } as const;

const action = stateActions(ENDPOINT);
const FOUR_EYES = { notBy: 'approved_by_uid', notByReason: 'You gave the first approval' } as const;

/**
 * Why an accepted withdrawal waits for a second approval (money/withdraws.ts): it is over the member's
 * withdrawal limits, or its amount is above its currency's review amount (WITHDRAW_REVIEW_AMOUNTS).
 */
const secondApprovalReason = (w: Readonly<Record<string, unknown>>): string | undefined => {
  if (w.state !== 'under_review') return undefined;
  return w.over_limits === true ? "it is over the member's withdrawal limits" : ABOVE_REVIEW_AMOUNT;
};

const ACCEPT = {
  ...FOUR_EYES,
  successFor: (w: Readonly<Record<string, unknown>>) => {
    const why = secondApprovalReason(w);
    return why && firstApprovalGiven(why, 'accept');
  },
};

const FIELDS = {
  ...MOVEMENT_FIELDS,
  sum: { kind: 'decimal', readOnly: true, label: 'Amount + fee' },
  rid: { kind: 'text', readOnly: true, label: 'Destination' },
  blockchain_txid: { kind: 'text', readOnly: true, label: 'Transaction ID' },
  tid: { kind: 'text', readOnly: true, label: 'TID' },
  note: { kind: 'text', readOnly: true },
  reject_reason: { kind: 'text', readOnly: true, label: 'Reject reason' },
  approved_by_uid: { kind: 'text', readOnly: true, label: 'First approval by' },
  over_limits: { kind: 'boolean', readOnly: true, label: "Over the member's limits" },
  decided_by_uid: { kind: 'text', readOnly: true, label: 'Last action by' },
  state: { kind: 'enum', values: [...WITHDRAW_STATES, 'pending'], readOnly: true, valueLabels: { ...LABELS, pending: 'Awaiting approval' } },
  created_at: { kind: 'datetime', readOnly: true, label: 'Created' },
  done_at: { kind: 'datetime', readOnly: true, label: 'Done' },
} as const;

const COMMON = {
  subject: 'Withdraw',
  service: 'peatio',
  table: 'withdraws',
  server: 'bespoke',
  label: 'Withdrawal',
  labelPlural: 'Withdrawals',
  api: { path: '/admin/withdraws', style: 'new-update', operations: ['list', 'get'] },
  fields: FIELDS,
  columns: [
    { field: 'id' }, { field: 'email' }, { field: 'currency' }, { field: 'amount', format: { kind: 'decimal' } },
    { field: 'fee', format: { kind: 'decimal' } }, { field: 'rid', format: { kind: 'truncate', length: 20, tooltip: true } },
    { field: 'state', format: STATE_BADGE }, { field: 'created_at', format: { kind: 'date' } },
  ],
  filters: [
    { field: 'created_at' }, { field: 'state' }, { field: 'currency', op: 'eq' }, { field: 'type' }, { field: 'uid', op: 'eq' },
    { field: 'email', op: 'eq' }, { field: 'blockchain_txid', op: 'eq' }, { field: 'tid', op: 'eq' }, { field: 'rid', op: 'eq' },
  ],
  // Both lists (all withdrawals, the approval queue) follow the same stream; each keeps to its own filters.
  live: { rows: ADMIN_STREAMS.withdraw },
} satisfies Partial<ResourceDecl<typeof FIELDS>>;

export const withdraws = defineResource({
  ...COMMON,
  name: 'withdraws',
  route: 'withdrawls',
  view: true,
  list: { pageSize: 25, ordering: 'asc', sortable: ['id'] },
  actions: [
    { ...action('accept', 'Accept', 'accepted', ['submitted', 'under_review'], 'Withdrawal accepted'), ...ACCEPT },
    action('process', 'Process', 'processing', ['accepted'], 'Withdrawal sent to the wallet'),
    action('dispatch', 'Sent', 'confirming', ['processing'], 'Withdrawal confirming'),
    action('success', 'Succeeded', 'succeed', ['processing', 'confirming', 'skipped'], 'Withdrawal succeeded'),
    action('fail', 'Failed', 'failed', ['processing', 'confirming', 'skipped'], 'Withdrawal failed: funds returned'),
    action('skip', 'Skip', 'skipped', ['processing'], 'Withdrawal skipped'),
    action('cancel', 'Cancel', 'canceled', ['submitted', 'under_review', 'accepted'], 'Withdrawal canceled: funds returned'),
  ],
  calls: [{
    name: 'reject', label: 'Reject withdrawal', kind: 'write', endpoint: ENDPOINT, ability: 'update', submit: 'Reject',
    body: { action: 'reject' }, when: { field: 'state', in: ['submitted', 'under_review', 'accepted'] },
    params: { reason: { kind: 'textarea', required: true, max: 500, label: 'Reason', message: 'A reason is required' } },
    success: () => 'Withdrawal rejected: funds returned',
  }],
});

/** The approval queue (/withdrawl-pending): the same rows, limited to those awaiting staff; a row opens at /withdrawls/{id}. */
export const pendingWithdraws = defineResource({
  ...COMMON,
  name: 'pending-withdraws',
  // Served by the withdrawals' routes; the name is the queue's (as pending applications are).
  table: 'pending_withdraws',
  route: 'withdrawl-pending',
  label: 'Pending Withdrawal',
  labelPlural: 'Pending Withdrawals',
  // Keyboard review (issue 17): the withdrawals' own Accept and Reject (its reason typed inline).
  list: { pageSize: 25, ordering: 'asc', sortable: ['id'], fixed: { state: 'pending' }, review: { from: 'withdraws', accept: 'accept', reject: 'reject' } },
  detail: { key: 'id', route: 'withdrawls' },
});
