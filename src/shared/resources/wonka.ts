/**
 * The Wonka swap product's setup (spec §2 Wonka area; designed in
 * src/server/applogic/README.md, Wonka): pairs of two `wonka_swap_enabled` currencies priced by a market's last
 * trade (/wonkas), each pair's config — fee, spread, limits, how long a quote lives (/wonka-config) — and fee
 * discounts by member tier (fee group) or campaign (/wonka-discount). Generic lists and forms; the server's
 * write rules (applogic/wonka.ts) check what one field cannot say alone.
 */
import { AMOUNT_FIELD, defineResource, ID_FIELD, MEMBER_GROUP_FIELD, TIMESTAMPS } from './define.js';

export const WONKA_STATES = ['enabled', 'disabled'] as const;
export const DISCOUNT_KINDS = ['tier', 'campaign'] as const;
export const DISCOUNT_STATES = ['active', 'inactive'] as const;

const ON_OFF = { kind: 'badge', colours: { enabled: 'green', disabled: 'grey' }, labels: { enabled: 'Enabled', disabled: 'Disabled' } } as const;
const currency = (label: string, example: string) => ({
  kind: 'text', required: true, readOnlyOnEdit: true, references: 'currencies', by: 'code', max: 10, label,
  message: `${label} is required`, example,
} as const);
/** A fraction stored as such (0.002) and typed as a percent (0.2), below 100 %. */
const fraction = (label: string, example: string) => ({ kind: 'decimal', scale: 'percent', range: [0, Infinity], default: '0', label, example } as const);

export const wonkas = defineResource({
  name: 'wonkas',
  subject: 'Wonka',
  service: 'applogic',
  table: 'wonkas',
  server: 'generic',
  route: 'wonkas',
  label: 'Wonka Pair',
  labelPlural: 'Wonka Pairs',
  api: { path: '/admin/wonkas', style: 'new-update', operations: ['list', 'get', 'create', 'update'] },
  abilities: { create: 'manage', update: 'manage' },
  fields: {
    id: ID_FIELD,
    pair: {
      kind: 'text', readOnly: true, label: 'Pair', derive: (r) => `${String(r.base_currency ?? '')}/${String(r.quote_currency ?? '')}`, stored: true,
    },
    base_currency: currency('Base currency', 'btc'),
    quote_currency: currency('Quote currency', 'usdt'),
    market_id: { kind: 'text', required: true, references: 'markets', max: 20, label: 'Price market', message: 'Market is required', example: 'btcusdt' },
    state: { kind: 'enum', values: WONKA_STATES, default: 'enabled' },
    ...TIMESTAMPS,
  },
  columns: [
    { field: 'id' }, { field: 'pair' }, { field: 'base_currency', label: 'Base' }, { field: 'quote_currency', label: 'Quote' },
    { field: 'market_id' }, { field: 'state', format: ON_OFF }, { field: 'created_at', format: { kind: 'date' } },
  ],
  filters: [
    { field: 'id' }, { field: 'pair', op: 'eq' }, { field: 'base_currency', op: 'eq' }, { field: 'quote_currency', op: 'eq' },
    { field: 'market_id', op: 'eq' }, { field: 'state' },
  ],
  list: { pageSize: 25, ordering: 'asc', sortable: ['id', 'pair', 'state', 'created_at'] },
  different: [['base_currency', 'quote_currency']],
  uniqueTogether: [['base_currency', 'quote_currency']],
  named: { field: 'pair' },
  messages: { created: 'Wonka pair added', updated: 'Wonka pair updated' },
});

export const wonkaConfigs = defineResource({
  name: 'wonka-configs',
  subject: 'WonkaConfig',
  service: 'applogic',
  table: 'wonka_configs',
  server: 'generic',
  route: 'wonka-config',
  label: 'Wonka Config',
  labelPlural: 'Wonka Config',
  api: { path: '/admin/wonka_configs', style: 'new-update', operations: ['list', 'get', 'create', 'update'] },
  abilities: { create: 'manage', update: 'manage' },
  fields: {
    id: ID_FIELD,
    wonka_id: {
      kind: 'reference', required: true, unique: true, readOnlyOnEdit: true, references: 'wonkas', label: 'Pair', message: 'Pair is required', example: 1,
    },
    pair: { kind: 'text', readOnly: true, label: 'Pair', from: { via: 'wonka_id', field: 'pair' } },
    fee: fraction('Fee (%)', '0.002'),
    spread: fraction('Spread (%)', '0.001'),
    min_amount: { ...AMOUNT_FIELD, label: 'Minimum amount (base)' },
    max_amount: { ...AMOUNT_FIELD, label: 'Maximum amount (base; 0: none)' },
    quote_ttl_seconds: { kind: 'number', range: [5, 3600], default: 30, label: 'Quote lifetime (s)', invalidMessage: 'From 5 to 3600 seconds' },
    state: { kind: 'enum', values: WONKA_STATES, default: 'enabled' },
    ...TIMESTAMPS,
  },
  columns: [
    { field: 'id' }, { field: 'pair' }, { field: 'fee', format: { kind: 'decimal' } }, { field: 'spread', format: { kind: 'decimal' } }, { field: 'min_amount', format: { kind: 'decimal' } },
    { field: 'max_amount', format: { kind: 'decimal' } }, { field: 'quote_ttl_seconds' }, { field: 'state', format: ON_OFF },
    { field: 'updated_at', format: { kind: 'date' } },
  ],
  filters: [{ field: 'id' }, { field: 'wonka_id' }, { field: 'state' }],
  list: { pageSize: 25, ordering: 'asc', sortable: ['id', 'fee', 'spread', 'state', 'updated_at'] },
  bounds: [{ min: 'min_amount', max: 'max_amount', zeroIsUnlimited: true }],
  messages: { created: 'Wonka config added', updated: 'Wonka config updated' },
});

export const wonkaDiscounts = defineResource({
  name: 'wonka-discounts',
  subject: 'WonkaDiscount',
  service: 'applogic',
  table: 'wonka_discounts',
  server: 'generic',
  route: 'wonka-discount',
  label: 'Wonka Discount',
  labelPlural: 'Wonka Discounts',
  api: { path: '/admin/wonka_discounts', style: 'new-update', operations: ['list', 'get', 'create', 'update'] },
  abilities: { create: 'manage', update: 'manage' },
  fields: {
    id: ID_FIELD,
    name: { kind: 'text', required: true, unique: true, max: 100, message: 'Name is required', example: 'VIP swap discount' },
    kind: { kind: 'enum', values: DISCOUNT_KINDS, default: 'tier', valueLabels: { tier: 'Member tier', campaign: 'Campaign' } },
    // A member's tier is their fee group (the trading fees' groups), typed: the groups' call is the exchange service's.
    tier: {
      kind: 'text', max: 64, pattern: MEMBER_GROUP_FIELD.pattern, invalidMessage: MEMBER_GROUP_FIELD.invalidMessage, label: 'Tier (fee group)',
      showWhen: { field: 'kind', in: ['tier'] }, example: 'vip-1',
    },
    campaign: {
      kind: 'text', max: 64, pattern: /^[A-Za-z0-9_-]+$/, label: 'Campaign code', invalidMessage: 'Letters, digits, - and _',
      showWhen: { field: 'kind', in: ['campaign'] }, example: 'swap-week',
    },
    discount: { kind: 'decimal', required: true, scale: 'percent', range: [0, Infinity], label: 'Discount (% of the fee)', message: 'Discount is required', example: '0.25' },
    starts_at: { kind: 'datetime', required: true, label: 'Starts', message: 'Start is required', example: '2026-01-01T00:00:00Z' },
    ends_at: { kind: 'datetime', required: true, label: 'Ends', message: 'End is required', example: '2027-01-01T00:00:00Z' },
    state: { kind: 'enum', values: DISCOUNT_STATES, default: 'active' },
    ...TIMESTAMPS,
  },
  columns: [
    { field: 'id' }, { field: 'name' }, { field: 'kind' }, { field: 'tier', empty: '—' }, { field: 'campaign', empty: '—' },
    { field: 'discount', format: { kind: 'decimal' } }, { field: 'starts_at', format: { kind: 'date' } }, { field: 'ends_at', format: { kind: 'date' } },
    { field: 'state', format: { kind: 'badge', colours: { active: 'green', inactive: 'grey' }, labels: { active: 'Active', inactive: 'Inactive' } } },
  ],
  filters: [{ field: 'id' }, { field: 'name' }, { field: 'kind' }, { field: 'tier', op: 'eq' }, { field: 'campaign', op: 'eq' }, { field: 'state' }, { field: 'starts_at' }],
  list: { pageSize: 25, ordering: 'desc', sortable: ['id', 'name', 'discount', 'starts_at', 'ends_at', 'state'] },
  named: { field: 'name' },
  messages: { created: 'Wonka discount added', updated: 'Wonka discount updated' },
});
