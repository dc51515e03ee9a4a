/**
 * Crypto settings (the spec withholds the fields; designed after Peatio 3's blockchain_currencies): a
 * currency's parameters on one more network, for a coin carried on several chains (USDT on Ethereum and
 * on another chain). One row per (currency, blockchain); fees and minimums in the currency; options for
 * the network's specifics (a token's contract address, gas). A currency's own fields stay its primary
 * network's.
 */
import { AMOUNT_FIELD, defineResource, ID_FIELD, TIMESTAMPS } from './define.js';

const AMOUNT = AMOUNT_FIELD;

export const cryptoSettings = defineResource({
  name: 'crypto-settings',
  subject: 'CryptoSetting',
  service: 'peatio',
  table: 'crypto_settings',
  server: 'generic',
  route: 'crypto-settings',
  label: 'Crypto Setting',
  labelPlural: 'Crypto Settings',
  api: { path: '/admin/crypto_settings', style: 'new-update', operations: ['list', 'get', 'create', 'update', 'delete'] },
  fields: {
    id: ID_FIELD,
    currency_id: { kind: 'text', max: 10, references: 'currencies', required: true, readOnlyOnEdit: true, message: 'Required', label: 'Currency', example: 'usdt' },
    blockchain_key: { kind: 'text', max: 255, references: 'blockchains', by: 'key', required: true, readOnlyOnEdit: true, message: 'Required', label: 'Blockchain', example: 'ethereum' },
    status: { kind: 'enum', values: ['enabled', 'disabled', 'hidden'], default: 'enabled' },
    deposit_fee: AMOUNT,
    min_deposit_amount: AMOUNT,
    withdraw_fee: AMOUNT,
    min_withdraw_amount: AMOUNT,
    withdraw_limit_24h: { ...AMOUNT, label: 'Withdraw limit 24h (0: none)' },
    options: { kind: 'map', label: 'Options' },
    ...TIMESTAMPS,
  },
  columns: [
    { field: 'id' }, { field: 'currency_id' }, { field: 'blockchain_key' },
    { field: 'status', format: { kind: 'badge', colours: { enabled: 'green', disabled: 'grey', hidden: 'yellow' }, labels: { enabled: 'Enabled', disabled: 'Disabled', hidden: 'Hidden' } } },
    { field: 'deposit_fee', format: { kind: 'decimal' } }, { field: 'withdraw_fee', format: { kind: 'decimal' } },
    { field: 'min_withdraw_amount', format: { kind: 'decimal' } }, { field: 'updated_at', format: { kind: 'date' } },
  ],
  filters: [{ field: 'currency_id', op: 'eq' }, { field: 'blockchain_key', op: 'eq' }, { field: 'status' }],
  list: { pageSize: 25, ordering: 'asc' },
  uniqueTogether: [['currency_id', 'blockchain_key']],
  messages: { created: 'Crypto setting added successfully', updated: 'Crypto setting updated successfully', deleted: 'Crypto setting deleted successfully' },
});
