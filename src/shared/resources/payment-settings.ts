/**
 * Payment settings (spec §2 /payment-settings, add, with a continent tab; the spec gives no fields, so
 * this is our design, src/server/exchange/README.md, Payments): where a payment method is offered through a
 * gateway — one row per country, method and gateway — with the amounts a purchase may have and the fee it pays,
 * in the gateway's currency. `fee` is a fraction of the amount (Peatio's way, 0.035 = 3.5 %), `fixed_fee` is
 * added on top; a `max_amount` of 0 means no upper limit. The continent comes from the country (stored, so
 * lists filter and group by it: the Continents tab); the country, method and gateway are fixed once created, as
 * a country service's are. Switched on and off from the list.
 */
import { CONTINENTS, continentOf, countriesOf, type Continent } from '../continents.js';
import { countryByIso } from '../countries.js';
import { AMOUNT_FIELD, defineResource, ID_FIELD, TIMESTAMPS } from './define.js';

/** Continents with at least one country of the bundled list (Antarctica has none). */
export const PAYMENT_CONTINENTS = (Object.keys(CONTINENTS) as Continent[]).filter((c) => countriesOf(c).some((iso) => countryByIso(iso)));

const CREATED = 'Payment Setting created successfully';
const UPDATED = 'Payment Setting updated successfully';
const iso = (row: Record<string, unknown>) => (typeof row.country_code === 'string' ? row.country_code : '');

export const paymentSettings = defineResource({
  name: 'payment-settings',
  subject: 'PaymentSetting',
  service: 'peatio',
  table: 'payment_settings',
  server: 'generic',
  route: 'payment-settings',
  label: 'Payment Setting',
  labelPlural: 'Payment Settings',
  api: { path: '/admin/payment_settings', style: 'verbs', operations: ['list', 'get', 'create', 'update', 'delete'] },
  fields: {
    id: ID_FIELD,
    country_code: {
      kind: 'text', required: true, readOnlyOnEdit: true, max: 2, options: 'countries', label: 'Country', message: 'Country is required', example: 'GB',
    },
    country_name: { kind: 'text', readOnly: true, label: 'Country name', derive: (row) => countryByIso(iso(row))?.text ?? null },
    continent: {
      kind: 'enum', values: PAYMENT_CONTINENTS, valueLabels: CONTINENTS, readOnly: true, stored: true, label: 'Continent code',
      derive: (row) => continentOf(iso(row)) ?? null,
    },
    continent_name: {
      kind: 'text', readOnly: true, label: 'Continent',
      derive: (row) => CONTINENTS[continentOf(iso(row)) ?? ('' as Continent)] ?? null,
    },
    payment_method_id: {
      kind: 'reference', references: 'payment-methods', required: true, readOnlyOnEdit: true, label: 'Payment method', message: 'Payment Method is required',
    },
    purchase_type: { kind: 'text', readOnly: true, from: { via: 'payment_method_id', field: 'purchase_type' }, label: 'Purchase type' },
    payment_gateway_id: {
      kind: 'reference', references: 'payment-gateways', required: true, readOnlyOnEdit: true, label: 'Gateway', message: 'Payment Gateway is required',
    },
    payment_gateway_name: { kind: 'text', readOnly: true, from: { via: 'payment_gateway_id', field: 'name' }, label: 'Gateway' },
    currency_id: { kind: 'text', readOnly: true, from: { via: 'payment_gateway_id', field: 'currency_id' }, label: 'Currency' },
    min_amount: { ...AMOUNT_FIELD, label: 'Min amount' },
    max_amount: { ...AMOUNT_FIELD, label: 'Max amount (0: no limit)' },
    fee: { kind: 'decimal', range: [0, 0.5], scale: 'percent', default: '0', label: 'Fee %', invalidMessage: 'Between 0 and 50%' },
    fixed_fee: { ...AMOUNT_FIELD, label: 'Fixed fee' },
    state: { kind: 'enum', values: ['enabled', 'disabled'], default: 'enabled', label: 'State' },
    ...TIMESTAMPS,
  },
  uniqueTogether: [['payment_method_id', 'payment_gateway_id', 'country_code']],
  bounds: [{ min: 'min_amount', max: 'max_amount', zeroIsUnlimited: true }],
  // Thirteen columns need ~1,750 px; a 1440 px screen gives the grid ~1,140. Shown: what staff set and check (where,
  // which method and gateway, the limits and fees, the switch); the id, the code beside the country's name, the
  // continent (the Continents tab groups by it) and the last change are hidden, chosen back by a view (`?columns=`).
  columns: [
    { field: 'id', hidden: true }, { field: 'country_code', label: 'Code', hidden: true }, { field: 'country_name', label: 'Country' },
    { field: 'continent_name', hidden: true }, { field: 'purchase_type', label: 'Method' }, { field: 'payment_gateway_name' },
    { field: 'currency_id' },
    { field: 'min_amount', label: 'Min', format: { kind: 'decimal' } }, { field: 'max_amount', label: 'Max (0: none)', format: { kind: 'decimal' } },
    { field: 'fee', format: { kind: 'decimal' } }, { field: 'fixed_fee', format: { kind: 'decimal' } },
    { field: 'state', format: { kind: 'switch', action: 'toggle-state' } },
    { field: 'updated_at', format: { kind: 'date' }, hidden: true },
  ],
  filters: [
    { field: 'continent' }, { field: 'country_code' }, { field: 'payment_method_id' }, { field: 'payment_gateway_id' }, { field: 'state' },
  ],
  list: {
    pageSize: 25, ordering: 'asc', orderBy: 'country_code',
    sortable: ['id', 'country_code', 'continent', 'min_amount', 'max_amount', 'fee', 'fixed_fee', 'state', 'updated_at'],
    groups: { name: 'continents', label: 'Continents', by: 'continent', item: ['country_name', 'purchase_type', 'payment_gateway_name', 'state'] },
  },
  actions: [{
    name: 'toggle-state', label: 'Enabled', kind: 'toggle', field: 'state', values: ['enabled', 'disabled'], ability: 'update', success: UPDATED,
  }],
  messages: { created: CREATED, updated: UPDATED, deleted: 'Payment Setting deleted successfully' },
});
