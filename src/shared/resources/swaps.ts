/**
 * Quote and swap histories (spec §2 /quote-history, /swap-history, Wonka's /wonka-history and
 * /wonka-transactions; designed in src/server/applogic/README.md, Wonka): the price
 * quotes members were given (open, used by a swap, or expired), the swaps executed against them, the
 * swaps of Wonka pairs, and the ledger operations those swaps posted (reference Swap). Read-only here:
 * members make quotes and swaps through the customer calls (applogic/wonka-customer.ts).
 */
import { defineResource, ID_FIELD, TIMESTAMPS } from './define.js';
import { MEMBER_FIELDS, USER_LINK } from './member-identity.js';
import { operations } from './operations.js';

export const QUOTE_STATES = ['open', 'used', 'expired'] as const;
export const SWAP_SIDES = ['buy', 'sell'] as const;

const SIDE = { kind: 'enum', values: SWAP_SIDES, readOnly: true, valueLabels: { buy: 'Buy base', sell: 'Sell base' } } as const;
const dec = (label: string) => ({ kind: 'decimal', readOnly: true, label } as const);
const text = (label: string) => ({ kind: 'text', readOnly: true, label } as const);

/** The fields a quote and its swap share. */
const TERMS = {
  ...MEMBER_FIELDS,
  pair: text('Pair'),
  side: SIDE,
  from_currency: text('From'),
  from_amount: dec('From amount'),
  to_currency: text('To'),
  to_amount: dec('To amount'),
  price: dec('Market price'),
  rate: dec('Rate (quote per base)'),
  fee: dec('Fee'),
  fee_currency: text('Fee currency'),
  discount_id: { kind: 'reference', references: 'wonka-discounts', readOnly: true, label: 'Discount' },
  discount_name: { kind: 'text', readOnly: true, label: 'Discount name', from: { via: 'discount_id', field: 'name' } },
} as const;

export const quotes = defineResource({
  // Named after its view (the quotes with their state).
  name: 'quote-history',
  subject: 'Quote',
  service: 'applogic',
  table: 'quote_history',
  server: 'generic',
  route: 'quote-history',
  label: 'Quote',
  labelPlural: 'Quote History',
  view: true,
  api: { path: '/admin/quotes', style: 'new-update', operations: ['list', 'get'] },
  fields: {
    id: ID_FIELD,
    ...TERMS,
    wonka_id: { kind: 'reference', references: 'wonkas', readOnly: true, label: 'Wonka pair' },
    amount: dec('Amount (base)'),
    fee_rate: dec('Fee rate (after discount)'),
    campaign: text('Campaign'),
    expires_at: { kind: 'datetime', readOnly: true, label: 'Expires' },
    used_at: { kind: 'datetime', readOnly: true, label: 'Used' },
    state: { kind: 'enum', values: QUOTE_STATES, readOnly: true },
    ...TIMESTAMPS,
  },
  columns: [
    { field: 'id' }, { field: 'uid', format: USER_LINK }, { field: 'email', format: USER_LINK }, { field: 'pair' }, { field: 'side' },
    { field: 'from_amount', format: { kind: 'decimal', unit: 'from_currency' } }, { field: 'to_amount', format: { kind: 'decimal', unit: 'to_currency' } },
    { field: 'rate', format: { kind: 'decimal' } }, { field: 'fee', format: { kind: 'decimal', unit: 'fee_currency' } },
    { field: 'state', format: { kind: 'badge', colours: { open: 'blue', used: 'green', expired: 'grey' }, labels: { open: 'Open', used: 'Used', expired: 'Expired' } } },
    { field: 'expires_at', format: { kind: 'date' } }, { field: 'created_at', format: { kind: 'date' } },
  ],
  filters: [
    { field: 'created_at' }, { field: 'id' }, { field: 'uid', op: 'eq' }, { field: 'email' }, { field: 'pair', op: 'eq' },
    { field: 'from_currency', op: 'eq' }, { field: 'to_currency', op: 'eq' }, { field: 'side' }, { field: 'state' },
  ],
  list: { pageSize: 25, ordering: 'desc', sortable: ['id', 'from_amount', 'to_amount', 'expires_at', 'created_at'] },
});

/** A swap history: every swap, or (Wonka's) the swaps of Wonka pairs. */
function swapResource<N extends string>(p: { name: N; table: string; route: string; label: string; labelPlural: string }) {
  return defineResource({
    name: p.name,
    subject: 'Swap',
    service: 'applogic',
    table: p.table,
    server: 'generic',
    route: p.route,
    label: p.label,
    labelPlural: p.labelPlural,
    view: true,
    api: { path: `/admin/${p.table}`, style: 'new-update', operations: ['list', 'get'] },
    fields: {
      id: ID_FIELD,
      quote_id: { kind: 'reference', references: 'quote-history', readOnly: true, label: 'Quote' },
      wonka_id: { kind: 'reference', references: 'wonkas', readOnly: true, label: 'Wonka pair' },
      ...TERMS,
      state: { kind: 'enum', values: ['completed'], readOnly: true },
      ...TIMESTAMPS,
    },
    columns: [
      { field: 'id' }, { field: 'uid', format: USER_LINK }, { field: 'email', format: USER_LINK }, { field: 'pair' }, { field: 'side' },
      { field: 'from_amount', format: { kind: 'decimal', unit: 'from_currency' } }, { field: 'to_amount', format: { kind: 'decimal', unit: 'to_currency' } },
      { field: 'rate', format: { kind: 'decimal' } }, { field: 'fee', format: { kind: 'decimal', unit: 'fee_currency' } },
      { field: 'quote_id', format: { kind: 'link', route: 'quote-history', key: 'quote_id' } }, { field: 'created_at', format: { kind: 'date' } },
    ],
    filters: [
      { field: 'created_at' }, { field: 'id' }, { field: 'uid', op: 'eq' }, { field: 'email' }, { field: 'pair', op: 'eq' },
      { field: 'from_currency', op: 'eq' }, { field: 'to_currency', op: 'eq' }, { field: 'side' }, { field: 'quote_id' },
    ],
    list: { pageSize: 25, ordering: 'desc', sortable: ['id', 'from_amount', 'to_amount', 'created_at'] },
  });
}

export const swaps = swapResource({ name: 'swaps', table: 'swaps', route: 'swap-history', label: 'Swap', labelPlural: 'Swap History' });
export const wonkaSwaps = swapResource({
  name: 'wonka-swaps', table: 'wonka_swaps', route: 'wonka-history', label: 'Wonka Swap', labelPlural: 'Wonka History',
});

/** The ledger operations of swaps (reference Swap): the Wonka transactions. */
export const wonkaTransactions = defineResource({
  // Named after its view (the operations with reference Swap).
  name: 'swap-operations',
  subject: 'Swap',
  service: 'applogic',
  table: 'swap_operations',
  server: 'generic',
  route: 'wonka-transactions',
  label: 'Wonka Transaction',
  labelPlural: 'Wonka Transactions',
  api: { path: '/admin/swap_operations', style: 'new-update', operations: ['list'] },
  fields: {
    // The ledger's own fields, as the operations list declares them.
    id: ID_FIELD,
    kind: operations.fields.kind,
    code: operations.fields.code,
    currency: { kind: 'text', readOnly: true, label: 'Currency' },
    ...MEMBER_FIELDS,
    debit: operations.fields.debit,
    credit: operations.fields.credit,
    swap_id: { kind: 'reference', references: 'swaps', readOnly: true, label: 'Swap' },
    created_at: operations.fields.created_at,
  },
  columns: [
    { field: 'id' }, { field: 'swap_id', format: { kind: 'link', route: 'swap-history', key: 'swap_id' } }, { field: 'kind' }, { field: 'code' },
    { field: 'currency' }, { field: 'uid', format: USER_LINK, empty: '—' }, { field: 'debit', format: { kind: 'decimal', unit: 'currency' } },
    { field: 'credit', format: { kind: 'decimal', unit: 'currency' } }, { field: 'created_at', format: { kind: 'date' } },
  ],
  filters: [{ field: 'created_at' }, { field: 'swap_id' }, { field: 'currency', op: 'eq' }, { field: 'uid', op: 'eq' }, { field: 'email' }, { field: 'kind' }],
  list: { pageSize: 25, ordering: 'desc', sortable: ['id', 'created_at'] },
});
