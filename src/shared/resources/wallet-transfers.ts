/**
 * Wallet transfers (spec §2 /wallet-transfer; the spec gives no fields — designed in
 * src/server/money/README.md): the
 * platform moving a currency between its own wallets with a reason. Created pending; Approve — never by
 * the requester — completes it (a balanced pair of asset operations), or above the currency's review
 * amount puts it under review for a third staff member; Reject ends it. Rows open at /wallet-transfer/{id}; `add` creates.
 */
import { ABOVE_REVIEW_AMOUNT, defineResource, firstApprovalGiven, ID_FIELD, TIMESTAMPS } from './define.js';

const ACTION = { method: 'POST', path: '/admin/wallet_transfers/action' } as const;

export const walletTransfers = defineResource({
  name: 'wallet-transfers',
  subject: 'Wallet',
  service: 'peatio',
  table: 'wallet_transfers',
  server: 'bespoke',
  route: 'wallet-transfer',
  label: 'Wallet Transfer',
  labelPlural: 'Wallet Transfers',
  view: true,
  api: { path: '/admin/wallet_transfers', style: 'new-update', operations: ['list', 'get', 'create'] },
  abilities: { create: 'manage' },
  fields: {
    id: ID_FIELD,
    from_wallet_id: { kind: 'reference', references: 'wallets', required: true, label: 'From wallet', message: 'Choose the wallet to send from' },
    to_wallet_id: { kind: 'reference', references: 'wallets', required: true, label: 'To wallet', message: 'Choose the wallet to send to' },
    currency: {
      kind: 'text', required: true, inputName: 'currency_id', references: 'currencies', by: 'code', max: 10, label: 'Currency',
      message: 'Currency is required', example: 'btc',
    },
    amount: { kind: 'decimal', required: true, range: [0, Infinity], message: 'Amount is required', example: '2.5' },
    reason: { kind: 'text', required: true, max: 255, message: 'Reason is required' },
    from_wallet: { kind: 'text', readOnly: true, label: 'From' },
    to_wallet: { kind: 'text', readOnly: true, label: 'To' },
    txid: { kind: 'text', readOnly: true, label: 'Transaction ID' },
    creator_uid: { kind: 'text', readOnly: true, label: 'Requested by' },
    approved_by_uid: { kind: 'text', readOnly: true, label: 'First approval by' },
    state: { kind: 'enum', values: ['pending', 'under_review', 'completed', 'rejected'], readOnly: true },
    ...TIMESTAMPS,
  },
  columns: [
    { field: 'id' }, { field: 'from_wallet' }, { field: 'to_wallet' }, { field: 'currency' }, { field: 'amount', format: { kind: 'decimal' } },
    { field: 'reason' }, { field: 'creator_uid' },
    { field: 'state', format: { kind: 'badge', colours: { pending: 'yellow', under_review: 'yellow', completed: 'green', rejected: 'red' } } },
    { field: 'created_at', format: { kind: 'date' } },
  ],
  filters: [{ field: 'created_at' }, { field: 'state' }, { field: 'currency', op: 'eq' }],
  list: { pageSize: 25, ordering: 'desc', sortable: ['id'] },
  actions: [
    {
      name: 'approve', label: 'Approve', kind: 'set', field: 'state', values: ['completed'], from: ['pending', 'under_review'], ability: 'manage',
      endpoint: ACTION, body: { action: 'approve' }, success: 'Transfer approved',
      // Above the currency's review amount the first approval leaves it under review (money/wallet-transfers.ts).
      successFor: (t) => (t.state === 'under_review' ? firstApprovalGiven(ABOVE_REVIEW_AMOUNT, 'approve') : undefined),
      notBy: [{ field: 'creator_uid', reason: 'You requested this transfer' }, { field: 'approved_by_uid', reason: 'You gave the first approval' }],
    },
    {
      name: 'reject', label: 'Reject', kind: 'set', field: 'state', values: ['rejected'], from: ['pending', 'under_review'], ability: 'manage',
      endpoint: ACTION, body: { action: 'reject' }, success: 'Transfer rejected',
    },
  ],
  messages: { created: 'Transfer requested' },
});
