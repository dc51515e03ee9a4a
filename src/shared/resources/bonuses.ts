/**
 * Bonuses (spec §2 /bonus/add, /bonus-history; designed in
 * src/server/applogic/README.md, Bonuses): a credit to a member in a currency, with a reason and a campaign,
 * paid by the platform (expense 40x debit, the member's balance 20x credit) exactly once per Idempotency-Key.
 * At or under the currency's review amount (BONUS_REVIEW_AMOUNTS) it is credited at once; above it the bonus
 * waits `pending_approval` until another staff member than its creator approves it (or rejects it). Created and
 * acted on by bespoke routes (the ledger); listed and read by the generic handlers.
 */
import { defineResource, ID_FIELD, stateActions, TIMESTAMPS, MEMBER_BY_UID_FIELDS } from './define.js';
import { USER_LINK } from './member-identity.js';

export const BONUS_STATES = ['pending_approval', 'credited', 'rejected'] as const;

const act = stateActions({ method: 'POST', path: '/admin/bonuses/action' }, 'manage');

export const bonuses = defineResource({
  name: 'bonuses',
  subject: 'Bonus',
  service: 'applogic',
  table: 'bonuses',
  server: 'bespoke',
  route: 'bonus-history',
  // Rows open read-only at /bonus/{id} (Approve and Reject there); `add` on that route creates (/bonus/add).
  formRoute: 'bonus',
  view: true,
  label: 'Bonus',
  labelPlural: 'Bonus History',
  api: { path: '/admin/bonuses', style: 'new-update', operations: ['list', 'get', 'create'] },
  abilities: { create: 'manage' },
  fields: {
    id: ID_FIELD,
    ...MEMBER_BY_UID_FIELDS,
    currency: {
      kind: 'text', required: true, references: 'currencies', by: 'code', max: 10, label: 'Currency', message: 'Currency is required', example: 'usdt',
    },
    amount: { kind: 'decimal', required: true, range: [0, Infinity], label: 'Amount', message: 'Amount is required', example: '25' },
    reason: { kind: 'text', required: true, max: 255, label: 'Reason', message: 'Reason is required', example: 'Welcome bonus' },
    campaign: { kind: 'text', max: 64, label: 'Campaign', example: 'welcome-2026' },
    state: { kind: 'enum', values: BONUS_STATES, readOnly: true, valueLabels: { pending_approval: 'Pending approval', credited: 'Credited', rejected: 'Rejected' } },
    creator_id: { kind: 'reference', references: 'users', readOnly: true, label: 'Created by (ID)' },
    creator_uid: { kind: 'text', readOnly: true, label: 'Created by', from: { via: 'creator_id', field: 'uid' } },
    approver_id: { kind: 'reference', references: 'users', readOnly: true, label: 'Approved by (ID)' },
    approver_uid: { kind: 'text', readOnly: true, label: 'Approved by', from: { via: 'approver_id', field: 'uid' } },
    credited_at: { kind: 'datetime', readOnly: true, label: 'Credited' },
    ...TIMESTAMPS,
  },
  columns: [
    { field: 'id' }, { field: 'uid', format: USER_LINK }, { field: 'email', format: USER_LINK },
    { field: 'amount', format: { kind: 'decimal', unit: 'currency' } }, { field: 'reason' }, { field: 'campaign' },
    {
      field: 'state',
      format: { kind: 'badge', colours: { pending_approval: 'yellow', credited: 'green', rejected: 'red' }, labels: { pending_approval: 'Pending approval', credited: 'Credited', rejected: 'Rejected' } },
    },
    { field: 'creator_uid' }, { field: 'approver_uid', empty: '—' }, { field: 'created_at', format: { kind: 'date' } },
  ],
  filters: [
    { field: 'created_at' }, { field: 'id' }, { field: 'uid', op: 'eq' }, { field: 'email' }, { field: 'currency', op: 'eq' }, { field: 'state' },
    { field: 'campaign', op: 'eq' },
  ],
  list: { pageSize: 25, ordering: 'desc', sortable: ['id', 'amount', 'state', 'created_at'] },
  actions: [
    { ...act('approve', 'Approve', 'credited', ['pending_approval'], 'Bonus approved and credited'), notBy: 'creator_uid' },
    act('reject', 'Reject', 'rejected', ['pending_approval'], 'Bonus rejected'),
  ],
  messages: { created: 'Bonus recorded' },
});
