/**
 * Currencies (spec §3 Currency, §5 Currency edit; Peatio 2.6 E5-E9 plus the fork's swap and bonus
 * fields). Keyed by code. Edits are authorised per attribute, so a role granted only some attributes
 * (the accountant: visible and the deposit/withdrawal switches) sees the rest disabled and is refused
 * them by the server. A fiat currency has no blockchain and no options; the swap fee field that does
 * not apply to the fee type is disabled: `flat` charges `swap_fees_usd` (a fixed USD fee), `percentage`
 * charges `swap_fees` (a percent of the amount).
 */
import { AMOUNT_FIELD, defineResource, TIMESTAMPS } from './define.js';

const AMOUNT = AMOUNT_FIELD;
const COIN_ONLY = { field: 'type', in: ['coin'] } as const;

export const CURRENCY_TYPES = ['coin', 'fiat'] as const;
export const SWAP_FEE_TYPES = ['flat', 'percentage'] as const;

export const currencies = defineResource({
  name: 'currencies',
  subject: 'Currency',
  service: 'peatio',
  table: 'currencies',
  server: 'generic',
  route: 'currencies',
  label: 'Currency',
  labelPlural: 'Currencies',
  key: 'code',
  api: { path: '/admin/currencies', style: 'new-update', operations: ['list', 'get', 'create', 'update'] },
  fields: {
    code: {
      kind: 'text', required: true, readOnlyOnEdit: true, max: 10, pattern: /^[a-z0-9][a-z0-9_.-]{0,9}$/, label: 'Code',
      message: 'Required', invalidMessage: 'Lower-case letters and digits, up to 10', example: 'xrp',
    },
    name: { kind: 'text', required: true, max: 255, message: 'Required' },
    type: { kind: 'enum', values: CURRENCY_TYPES, default: 'coin', readOnlyOnEdit: true },
    visible: { kind: 'boolean', default: true },
    position: { kind: 'number', range: [1, 1_000_000], default: 1 },
    icon_url: { kind: 'text', max: 255, pattern: /^https?:\/\/\S+$/, invalidMessage: 'An http(s) URL', label: 'Icon URL' },
    deposit_enabled: { kind: 'boolean', default: true },
    withdrawal_enabled: { kind: 'boolean', default: true },
    swap_enabled: { kind: 'boolean', default: false },
    token_swap_enabled: { kind: 'boolean', default: false },
    wonka_swap_enabled: { kind: 'boolean', default: false },
    presale_bonus: AMOUNT,
    purchase_fee_bonus: AMOUNT,
    subunits: { kind: 'number', range: [0, 18], default: 0 },
    precision: { kind: 'number', range: [0, 18], default: 0 },
    blockchain_key: { kind: 'text', max: 255, references: 'blockchains', by: 'key', showWhen: COIN_ONLY, label: 'Blockchain' },
    deposit_fee: AMOUNT,
    min_deposit_amount: AMOUNT,
    withdraw_fee: AMOUNT,
    min_withdraw_amount: AMOUNT,
    min_amount_for_us_users: { ...AMOUNT, label: 'Min amount for US users' },
    max_amount_for_us_users: { ...AMOUNT, label: 'Max amount for US users' },
    min_amount_for_non_us_users: { ...AMOUNT, label: 'Min amount for non-US users' },
    max_amount_for_non_us_users: { ...AMOUNT, label: 'Max amount for non-US users' },
    swap_fees_type: { kind: 'enum', values: SWAP_FEE_TYPES, default: 'flat', label: 'Swap fee type' },
    swap_fees: { ...AMOUNT, label: 'Swap fee %', disableWhen: { field: 'swap_fees_type', in: ['flat'] } },
    swap_fees_usd: { ...AMOUNT, label: 'Swap fee (USD)', disableWhen: { field: 'swap_fees_type', in: ['percentage'] } },
    options: { kind: 'map', fixedKeys: ['gas_limit', 'gas_price'], showWhen: COIN_ONLY, hiddenValue: {}, label: 'Options' },
    lock_peer: { kind: 'boolean', readOnly: true, label: 'Lock peer' },
    // The rest of Peatio 2.6's Currency: a token's parent coin, descriptive fields, withdraw limits.
    parent_id: { kind: 'text', max: 10, references: 'currencies', showWhen: COIN_ONLY, label: 'Parent currency' },
    description: { kind: 'textarea', max: 1000 },
    homepage: { kind: 'text', max: 255, pattern: /^https?:\/\/\S+$/, invalidMessage: 'An http(s) URL' },
    price: { kind: 'decimal', range: [0, Infinity] },
    withdraw_limit_24h: { ...AMOUNT, label: 'Withdraw limit 24h' },
    withdraw_limit_72h: { ...AMOUNT, label: 'Withdraw limit 72h' },
    min_collection_amount: AMOUNT,
    base_factor: { kind: 'number', readOnly: true, derive: (row) => 10 ** Number(row.subunits ?? 0) },
    min_confirmations: { kind: 'number', readOnly: true, from: { via: 'blockchain_key', field: 'min_confirmations' } },
    explorer_transaction: { kind: 'text', readOnly: true, from: { via: 'blockchain_key', field: 'explorer_transaction' } },
    explorer_address: { kind: 'text', readOnly: true, from: { via: 'blockchain_key', field: 'explorer_address' } },
    ...TIMESTAMPS,
  },
  columns: [
    { field: 'code', format: { kind: 'text' } },
    { field: 'name' },
    { field: 'type', format: { kind: 'badge', colours: { coin: 'blue', fiat: 'grey' }, labels: { coin: 'Coin', fiat: 'Fiat' } } },
    { field: 'blockchain_key' },
    { field: 'precision', format: { kind: 'number' } },
    { field: 'position', format: { kind: 'number' } },
    { field: 'deposit_fee', format: { kind: 'decimal' } },
    { field: 'withdraw_fee', format: { kind: 'decimal' } },
    { field: 'visible', format: { kind: 'switch', action: 'toggle-visible' } },
    { field: 'lock_peer', format: { kind: 'switch', action: 'lock-peer' } },
    { field: 'created_at', format: { kind: 'date' } },
  ],
  filters: [{ field: 'code', op: 'prefix' }, { field: 'name' }, { field: 'type' }, { field: 'visible' }],
  // Peatio orders currencies by position, ascending.
  list: { pageSize: 25, ordering: 'asc', orderBy: 'position' },
  bounds: [
    { min: 'min_amount_for_us_users', max: 'max_amount_for_us_users', zeroIsUnlimited: true },
    { min: 'min_amount_for_non_us_users', max: 'max_amount_for_non_us_users', zeroIsUnlimited: true },
  ],
  // A currency's page also lists its other networks and the markets it is the base of.
  tabs: [
    { name: 'networks', label: 'Networks', list: 'crypto-settings', scope: { currency_id: 'code' } },
    { name: 'markets', label: 'Markets', list: 'markets', scope: { base_unit: 'code' } },
  ],
  actions: [
    { name: 'toggle-visible', label: 'Visible', kind: 'toggle', field: 'visible', values: ['true', 'false'], ability: 'update' },
    {
      name: 'lock-peer', label: 'Lock peer', kind: 'toggle', field: 'lock_peer', values: ['true', 'false'], ability: 'update',
      endpoint: { method: 'POST', path: '/admin/currencies/update/lock_peer' },
    },
  ],
  messages: { created: 'Currency added successfully', updated: 'Currency updated successfully' },
});
