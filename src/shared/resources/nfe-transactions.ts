/**
 * NFE transactions (spec §2 /nfe-transactions, §6 → Token; designed in
 * src/server/applogic/README.md, NFE holders and transactions): every move of an NFE item — its mint (recorded
 * by the database when the item gets its first holder: the form or the Upload), and the transfers, sales and
 * burns staff record here with an Idempotency-Key. A sale's price goes through the ledger once (buyer → seller,
 * the fee to revenue). Created by a bespoke route (the ledger, the item's lock); listed and read by the generic
 * handlers.
 */
import { defineResource, ID_FIELD, TIMESTAMPS } from './define.js';

export const NFE_TRANSACTION_KINDS = ['mint', 'transfer', 'sale', 'burn'] as const;
const SALE = { field: 'kind', in: ['sale'] } as const;
const TO_SOMEONE = { field: 'kind', in: ['transfer', 'sale'] } as const;
const UID = { kind: 'text', max: 32, pattern: /^[A-Za-z0-9]+$/, references: 'users', by: 'uid', invalidMessage: 'A member UID, e.g. ID1A2B3C4D5E' } as const;
const USER = (key: string) => ({ kind: 'link', route: 'user-directory', key }) as const;

export const nfeTransactions = defineResource({
  name: 'nfe-transactions',
  subject: 'Token',
  service: 'applogic',
  table: 'nfe_transactions',
  server: 'bespoke',
  route: 'nfe-transactions',
  label: 'NFE Transaction',
  labelPlural: 'NFE Transactions',
  view: true,
  api: { path: '/admin/nfe_transactions', style: 'new-update', operations: ['list', 'get', 'create'] },
  abilities: { create: 'manage' },
  fields: {
    id: ID_FIELD,
    token_id: { kind: 'reference', references: 'tokens', required: true, label: 'NFE item', message: 'Choose the item' },
    token: { kind: 'text', readOnly: true, from: { via: 'token_id', field: 'name' }, label: 'Item' },
    // Staff record transfers, sales and burns; a mint is the item's first holder
    // (src/server/applogic/README.md).
    kind: { kind: 'enum', values: NFE_TRANSACTION_KINDS, default: 'transfer', valueLabels: { mint: 'Mint', transfer: 'Transfer', sale: 'Sale', burn: 'Burn' } },
    from_uid: { ...UID, label: 'From (holder UID)', example: 'ID1A2B3C4D5E' },
    to_uid: { ...UID, showWhen: TO_SOMEONE, hiddenValue: null, label: 'To UID', example: 'ID1A2B3C4D5F' },
    price: { kind: 'decimal', range: [0, Infinity], showWhen: SALE, hiddenValue: null, label: 'Price', example: '250' },
    price_currency: {
      kind: 'text', max: 10, references: 'currencies', by: 'code', showWhen: SALE, hiddenValue: null, label: 'Price currency', example: 'usdt',
    },
    fee: { kind: 'decimal', readOnly: true, label: 'Fee' },
    txid: { kind: 'text', max: 128, pattern: /^\S+$/, label: 'Transaction ID', invalidMessage: 'No spaces', example: '0x9f2c4e1a' },
    creator_id: { kind: 'reference', references: 'users', readOnly: true, label: 'Recorded by (ID)' },
    creator_uid: { kind: 'text', readOnly: true, label: 'Recorded by', from: { via: 'creator_id', field: 'uid' } },
    ...TIMESTAMPS,
  },
  columns: [
    { field: 'id' }, { field: 'token' },
    { field: 'kind', format: { kind: 'badge', colours: { mint: 'blue', transfer: 'grey', sale: 'green', burn: 'red' }, labels: { mint: 'Mint', transfer: 'Transfer', sale: 'Sale', burn: 'Burn' } } },
    { field: 'from_uid', format: USER('from_uid') }, { field: 'to_uid', format: USER('to_uid') },
    { field: 'price', format: { kind: 'decimal', unit: 'price_currency' } }, { field: 'txid', format: { kind: 'truncate', length: 18, tooltip: true } },
    { field: 'created_at', format: { kind: 'date' } },
  ],
  filters: [
    { field: 'created_at' }, { field: 'id' }, { field: 'token_id' }, { field: 'kind' }, { field: 'from_uid', op: 'eq' }, { field: 'to_uid', op: 'eq' },
    { field: 'price_currency', op: 'eq' }, { field: 'txid', op: 'eq' },
  ],
  list: { pageSize: 25, ordering: 'desc', sortable: ['id', 'token_id', 'kind', 'price', 'created_at'] },
  messages: { created: 'NFE transaction recorded' },
});
