/**
 * Payment methods (spec §2 Payment methods screen, §3 Payment method, §7, §9; openware-api.md P-E18:
 * GET/POST/PUT/DELETE /admin/payment_methods): the ways a customer can pay for a purchase (card, bank
 * transfer, ...), each with five switches saying where it is offered. The spec withholds the two provider
 * flags' names: `onramp_provider` (offered through the on-ramp providers, Simplex and Banxa) and
 * `card_provider` (through the card processor, Stripe) — the providers themselves are payment gateways.
 * `account` pays from the customer's balance, `external` from an external wallet, `deposit` offers the
 * method as a way to deposit. New methods have every switch on. The list flips each switch at once; the
 * purchase type is fixed once created (the PUT takes only the options). A method the payment settings
 * still use cannot be deleted.
 */
import { defineResource, ID_FIELD, TIMESTAMPS, type ActionDef, type ColumnDef } from './define.js';

/** The five provider flags of `payment_options`, in the spec's order (§9). */
export const PAYMENT_OPTIONS = ['onramp_provider', 'card_provider', 'account', 'external', 'deposit'] as const;
export type PaymentOption = (typeof PAYMENT_OPTIONS)[number];

export const PAYMENT_OPTION_LABELS: Readonly<Record<PaymentOption, string>> = {
  onramp_provider: 'On-ramp provider', card_provider: 'Card provider', account: 'Account', external: 'External', deposit: 'Deposit',
};

const UPDATED = 'Payment Method updated successfully';
const toggleOf = (k: PaymentOption) => `toggle-${k.replace(/_/g, '-')}`;

export const paymentMethods = defineResource({
  name: 'payment-methods',
  subject: 'PaymentMethod',
  service: 'peatio',
  table: 'payment_methods',
  server: 'generic',
  route: 'payment-methods',
  label: 'Payment Method',
  labelPlural: 'Payment Methods',
  api: { path: '/admin/payment_methods', style: 'verbs', operations: ['list', 'get', 'create', 'update', 'delete'] },
  fields: {
    id: ID_FIELD,
    purchase_type: {
      kind: 'text', required: true, unique: true, readOnlyOnEdit: true, max: 32, pattern: /^[a-z][a-z0-9_]*$/,
      label: 'Purchase type', message: 'Purchase Type is required', invalidMessage: 'Lower-case letters, digits and _', example: 'card',
    },
    payment_options: {
      kind: 'map', flags: true, fixedKeys: PAYMENT_OPTIONS, default: true, valueLabels: PAYMENT_OPTION_LABELS, label: 'Payment options',
    },
    ...TIMESTAMPS,
  },
  columns: [
    { field: 'id' },
    { field: 'purchase_type' },
    ...PAYMENT_OPTIONS.map((k): ColumnDef<'payment_options'> => ({
      field: 'payment_options', key: k, label: PAYMENT_OPTION_LABELS[k], format: { kind: 'switch', action: toggleOf(k) },
    })),
    { field: 'created_at', format: { kind: 'date' } },
  ],
  filters: [{ field: 'purchase_type' }],
  list: { pageSize: 25, ordering: 'asc', sortable: ['id', 'purchase_type', 'created_at'] },
  actions: PAYMENT_OPTIONS.map((k): ActionDef<'payment_options'> => ({
    name: toggleOf(k), label: PAYMENT_OPTION_LABELS[k], kind: 'toggle', field: 'payment_options', key: k,
    values: ['true', 'false'], ability: 'update', success: UPDATED,
  })),
  messages: { created: 'Payment Method added successfully', updated: UPDATED, deleted: 'Payment Method deleted successfully' },
});
