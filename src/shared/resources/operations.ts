/**
 * The ledger's operations (spec §2 /operations; Peatio's assets, liabilities, revenues and expenses,
 * P-A /admin/assets …): one list with the account kind as a filter, each row one side of a posting —
 * its code (chart.ts), currency, member for a member's account, debit or credit, and what it was for
 * (reference type and id). Above the list, the per-currency totals show the invariant holding:
 * assets + expenses − liabilities − revenues = 0. A role sees the kinds it may read.
 */
import { defineResource, ID_FIELD } from './define.js';

export const OPERATION_KINDS = ['asset', 'liability', 'revenue', 'expense'] as const;
export const OPERATION_CODES = ['101', '102', '201', '202', '211', '212', '301', '302', '401', '402'] as const;

export const operations = defineResource({
  name: 'operations',
  subject: 'Operations::Account',
  service: 'peatio',
  table: 'operations',
  server: 'bespoke',
  route: 'operations',
  label: 'Operation',
  labelPlural: 'Operations',
  api: { path: '/admin/operations', style: 'new-update', operations: ['list'] },
  fields: {
    id: ID_FIELD,
    kind: { kind: 'enum', values: OPERATION_KINDS, readOnly: true, label: 'Account kind' },
    code: { kind: 'enum', values: OPERATION_CODES, readOnly: true },
    account_kind: { kind: 'text', readOnly: true, label: 'Balance' },
    currency: { kind: 'text', readOnly: true, references: 'currencies', label: 'Currency' },
    uid: { kind: 'text', readOnly: true, label: 'Member UID' },
    debit: { kind: 'decimal', readOnly: true },
    credit: { kind: 'decimal', readOnly: true },
    reference_type: { kind: 'enum', values: ['Adjustment', 'Order', 'Trade', 'Deposit', 'Withdraw', 'Transfer', 'FundsLock', 'Opening', 'Swap', 'Investment', 'Bonus', 'Reward', 'ProviderTransaction', 'NfeTransaction'], readOnly: true, label: 'For' },
    rid: { kind: 'number', readOnly: true, label: 'Reference ID' },
    created_at: { kind: 'datetime', readOnly: true, label: 'Time' },
  },
  columns: [
    { field: 'id' }, { field: 'kind' }, { field: 'code' }, { field: 'currency' }, { field: 'uid' }, { field: 'account_kind' },
    { field: 'debit', format: { kind: 'decimal' } }, { field: 'credit', format: { kind: 'decimal' } },
    { field: 'reference_type' }, { field: 'rid' }, { field: 'created_at', format: { kind: 'date' } },
  ],
  filters: [
    { field: 'created_at' }, { field: 'kind' }, { field: 'currency', op: 'eq' }, { field: 'code' }, { field: 'uid', op: 'eq' },
    { field: 'reference_type' }, { field: 'rid' },
  ],
  list: {
    pageSize: 25, ordering: 'asc', sortable: ['id'],
    summary: {
      label: 'Totals per currency (credit − debit; A + E − L − R must be 0)', path: '/admin/operations/totals', key: 'currency',
      columns: [
        { field: 'currency', label: 'Currency' }, { field: 'assets', label: 'Assets' }, { field: 'liabilities', label: 'Liabilities' },
        { field: 'revenues', label: 'Revenues' }, { field: 'expenses', label: 'Expenses' },
        { field: 'imbalance', label: 'A + E − L − R' },
      ],
    },
  },
});
