/**
 * Wallets (Peatio 2.6 Wallet; the spec withholds the fields): the platform's own addresses on a chain,
 * by kind — deposit (where customers' deposits land), fee (pays network fees), hot (pays withdrawals),
 * warm and cold (reserves) — the currencies each holds, the node gateway that signs for it and a
 * ceiling on its balance above which funds move on to the next kind. `settings` (the signer's URI and
 * keys) is written, never answered. The live balance comes from the node and is not kept here yet.
 */
import { defineResource, ID_FIELD, TIMESTAMPS } from './define.js';

export const WALLET_KINDS = ['deposit', 'fee', 'hot', 'warm', 'cold'] as const;
export const WALLET_GATEWAYS = ['bitcoind', 'geth', 'parity', 'ow-hdwallet'] as const;

export const wallets = defineResource({
  name: 'wallets',
  subject: 'Wallet',
  service: 'peatio',
  table: 'wallets',
  server: 'generic',
  route: 'wallets',
  label: 'Wallet',
  labelPlural: 'Wallets',
  api: { path: '/admin/wallets', style: 'new-update', operations: ['list', 'get', 'create', 'update'], choices: { kinds: 'kind', gateways: 'gateway' } },
  fields: {
    id: ID_FIELD,
    name: { kind: 'text', required: true, unique: true, max: 64, message: 'Required' },
    kind: { kind: 'enum', values: WALLET_KINDS, required: true, message: 'Required', example: 'hot' },
    blockchain_key: { kind: 'text', max: 255, references: 'blockchains', by: 'key', required: true, message: 'Required', label: 'Blockchain', example: 'bitcoin' },
    currencies: { kind: 'list', references: 'currencies', max: 10, label: 'Currencies' },
    address: { kind: 'text', max: 128, pattern: /^[A-Za-z0-9:._-]+$/, invalidMessage: 'Letters and digits only' },
    gateway: { kind: 'enum', values: WALLET_GATEWAYS, required: true, message: 'Required', example: 'bitcoind' },
    max_balance: { kind: 'decimal', range: [0, Infinity], default: '0', label: 'Max balance (0: none)' },
    status: { kind: 'enum', values: ['active', 'disabled', 'retired'], default: 'active' },
    settings: { kind: 'map', writeOnly: true, label: 'Signer settings (write-only: URI, keys)' },
    // Peatio's `balance` is what its balance daemon last read from the node, null until it has; nothing here
    // reads wallet balances from the nodes yet, so it is the null of a wallet never read (exchange README).
    balance: { kind: 'decimal', readOnly: true, label: 'Balance (from the node; not read yet)', derive: () => null },
    ...TIMESTAMPS,
  },
  columns: [
    { field: 'id' }, { field: 'name' },
    { field: 'kind', format: { kind: 'badge', colours: { deposit: 'blue', fee: 'grey', hot: 'red', warm: 'yellow', cold: 'green' } } },
    { field: 'blockchain_key' }, { field: 'currencies' }, { field: 'gateway' },
    { field: 'max_balance', format: { kind: 'decimal' } },
    { field: 'status', format: { kind: 'badge', colours: { active: 'green', disabled: 'grey', retired: 'grey' } } },
  ],
  filters: [{ field: 'kind' }, { field: 'blockchain_key', op: 'eq' }, { field: 'status' }],
  list: { pageSize: 25, ordering: 'asc', sortable: ['id', 'name', 'kind', 'blockchain_key', 'gateway', 'max_balance', 'status'] },
  messages: { created: 'Wallet added successfully', updated: 'Wallet updated successfully' },
});
