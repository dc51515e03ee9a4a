/**
 * Payment gateways (spec §2 /payment-gateway, §3 Payment gateway, §4, §7 GET/POST/PUT
 * /admin/payment_gateways, §8; openware-api.md P-E17): the payment providers the platform buys crypto
 * through for customers (Simplex, Banxa, Stripe, a bank), each with a unique key the integration is
 * found by, the market it buys on and the currency customers pay in. Enabled or disabled by the list's
 * switch (it saves at once) or the form. Never deleted: payment settings and past payments name them;
 * a retired gateway is disabled.
 */
import { defineResource, ID_FIELD, TIMESTAMPS } from './define.js';

export const PAYMENT_GATEWAY_STATES = ['enabled', 'disabled'] as const;

const CREATED = 'Payment Gateway created successfully';
const UPDATED = 'Payment Gateway updated successfully';

export const paymentGateways = defineResource({
  name: 'payment-gateways',
  subject: 'PaymentGateway',
  service: 'peatio',
  table: 'payment_gateways',
  server: 'generic',
  route: 'payment-gateway',
  label: 'Payment Gateway',
  labelPlural: 'Payment Gateways',
  api: { path: '/admin/payment_gateways', style: 'verbs', operations: ['list', 'get', 'create', 'update'] },
  fields: {
    id: ID_FIELD,
    name: { kind: 'text', required: true, max: 64, label: 'Name', message: 'Name is required', example: 'Banxa' },
    key: {
      kind: 'text', required: true, unique: true, max: 64, pattern: /^[a-z0-9][a-z0-9_-]*$/, label: 'Key',
      message: 'Key is required', invalidMessage: 'Lower-case letters, digits, - and _', example: 'banxa-btcusd',
    },
    state: { kind: 'enum', values: PAYMENT_GATEWAY_STATES, default: 'enabled', label: 'State' },
    market: { kind: 'text', max: 20, references: 'markets', label: 'Market', example: 'btcusd' },
    currency_id: { kind: 'text', max: 10, references: 'currencies', label: 'Currency', example: 'usd' },
    ...TIMESTAMPS,
  },
  columns: [
    { field: 'id' }, { field: 'name' }, { field: 'key' }, { field: 'market' }, { field: 'currency_id' },
    { field: 'state', format: { kind: 'switch', action: 'toggle-state' } },
    { field: 'created_at', format: { kind: 'date' } }, { field: 'updated_at', format: { kind: 'date' } },
  ],
  // Spec §3: name, key, state, market, currency_id. A key names one integration: typed from its start.
  filters: [{ field: 'name' }, { field: 'key', op: 'prefix' }, { field: 'state' }, { field: 'market', op: 'eq' }, { field: 'currency_id', op: 'eq' }],
  list: { pageSize: 25, ordering: 'asc' },
  actions: [{
    name: 'toggle-state', label: 'Enabled', kind: 'toggle', field: 'state', values: ['enabled', 'disabled'], ability: 'update', success: UPDATED,
  }],
  messages: { created: CREATED, updated: UPDATED },
});
