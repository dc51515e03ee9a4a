/**
 * Tokens (spec §2 /tokens + add labelled 'NFE', plus Upload; §6 tokens → Token and TokenCategory, Upload
 * needs manage; designed in src/server/applogic/README.md, Tokens): the platform's listed tokens and their
 * non-fungible items. A `fungible` token is a listed currency (its code); an `nfe` row is one item of a
 * collection (`code` the collection's symbol, `token_number` its on-chain id) in an NFE category, held by
 * a member. active ↔ inactive; burned is final. Rows also arrive in bulk through the CSV Upload.
 */
import { defineResource, ID_FIELD, TIMESTAMPS } from './define.js';
import { compareDecimal } from '../decimal.js';

export const TOKEN_KINDS = ['fungible', 'nfe'] as const;
export const TOKEN_STATES = ['active', 'inactive', 'burned'] as const;
const NFE_ONLY = { field: 'kind', in: ['nfe'] } as const;

/** The CSV columns of an upload: the writable fields, required ones first. */
export const TOKEN_UPLOAD_REQUIRED = ['kind', 'name', 'code'] as const;
export const TOKEN_UPLOAD_COLUMNS = [
  ...TOKEN_UPLOAD_REQUIRED, 'blockchain_key', 'contract_address', 'token_number', 'nfe_category_id', 'metadata_url', 'supply', 'owner_uid', 'state',
] as const;

export const tokens = defineResource({
  name: 'tokens',
  subject: 'Token',
  service: 'applogic',
  table: 'tokens',
  server: 'generic',
  route: 'tokens',
  label: 'Token',
  labelPlural: 'Tokens',
  api: { path: '/admin/tokens', style: 'new-update', operations: ['list', 'get', 'create', 'update'] },
  abilities: { create: 'manage' },
  fields: {
    id: ID_FIELD,
    // The Add button reads NFE (spec §2): it adds an item, so that is the default kind.
    kind: { kind: 'enum', values: TOKEN_KINDS, default: 'nfe', readOnlyOnEdit: true, valueLabels: { fungible: 'Fungible', nfe: 'NFE (non-fungible)' } },
    name: { kind: 'text', required: true, max: 100, message: 'Name is required', example: 'Trust Token' },
    code: {
      kind: 'text', required: true, max: 20, pattern: /^[A-Za-z0-9_.-]+$/, readOnlyOnEdit: true, message: 'Code is required',
      invalidMessage: "Letters, digits, '.', '_' and '-'", example: 'trst',
    },
    blockchain_key: { kind: 'text', max: 255, references: 'blockchains', by: 'key', label: 'Blockchain', example: 'eth-mainnet' },
    contract_address: { kind: 'text', max: 128, pattern: /^\S+$/, label: 'Contract address', invalidMessage: 'No spaces', example: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' },
    token_number: {
      kind: 'text', max: 78, pattern: /^\d+$/, showWhen: NFE_ONLY, hiddenValue: null, readOnlyOnEdit: true, label: 'Token number',
      invalidMessage: 'Digits only: the on-chain token id', example: '1',
    },
    nfe_category_id: { kind: 'reference', references: 'nfe-categories', showWhen: NFE_ONLY, hiddenValue: null, label: 'NFE category' },
    nfe_category: { kind: 'text', readOnly: true, from: { via: 'nfe_category_id', field: 'name' }, label: 'Category' },
    metadata_url: { kind: 'text', max: 500, pattern: /^(https|ipfs):\/\/\S+$/, label: 'Metadata URL', invalidMessage: 'An https:// or ipfs:// address', example: 'ipfs://bafy/1.json' },
    supply: { kind: 'decimal', range: [0, Infinity], default: '1', label: 'Supply', example: '1' },
    owner_uid: {
      kind: 'text', max: 32, pattern: /^[A-Za-z0-9]+$/, references: 'users', by: 'uid', showWhen: NFE_ONLY, hiddenValue: null, label: 'Holder UID',
      invalidMessage: 'A member UID, e.g. ID1A2B3C4D5E',
    },
    state: { kind: 'enum', values: TOKEN_STATES, default: 'active' },
    ...TIMESTAMPS,
  },
  columns: [
    { field: 'id' }, { field: 'kind', format: { kind: 'badge', colours: { fungible: 'blue', nfe: 'yellow' }, labels: { fungible: 'Fungible', nfe: 'NFE' } } },
    { field: 'name' }, { field: 'code' }, { field: 'token_number', label: 'Token #' }, { field: 'nfe_category' },
    { field: 'blockchain_key' }, { field: 'supply', format: { kind: 'decimal' } }, { field: 'owner_uid', format: { kind: 'link', route: 'user-directory', key: 'owner_uid' } },
    { field: 'state', format: { kind: 'badge', colours: { active: 'green', inactive: 'grey', burned: 'red' } } },
    { field: 'created_at', format: { kind: 'date' } },
  ],
  filters: [
    { field: 'created_at' }, { field: 'id' }, { field: 'kind' }, { field: 'name' }, { field: 'code', op: 'eq' }, { field: 'nfe_category_id' },
    { field: 'owner_uid', op: 'eq' }, { field: 'state' },
  ],
  list: { pageSize: 25, ordering: 'desc', sortable: ['id', 'kind', 'name', 'code', 'state', 'created_at'] },
  uniqueTogether: [['code', 'token_number']],
  upload: {
    label: 'Upload', endpoint: { method: 'POST', path: '/admin/tokens/upload' }, ability: 'manage', accept: '.csv,text/csv',
    columns: TOKEN_UPLOAD_COLUMNS, required: TOKEN_UPLOAD_REQUIRED, success: '{count} tokens uploaded',
  },
  named: { field: 'name', context: ['code', 'token_number'] },
  lookup: { fields: ['name', 'code'] },
  messages: { created: 'Token added successfully', updated: 'Token updated successfully' },
});

/**
 * A token row's own rules beyond its fields' structs, on the row as it will be (one function for the form's
 * create, the update and every uploaded line): an item needs its number and category and is one of a kind;
 * a fungible token's code is a currency's (checked against the database by the caller). Field → code suffix.
 */
export function tokenRowErrors(row: Record<string, unknown>): [field: string, code: string][] {
  const out: [string, string][] = [];
  if (row.kind === 'nfe') {
    if (row.token_number == null || row.token_number === '') out.push(['token_number', 'missing_token_number']);
    if (row.nfe_category_id == null || row.nfe_category_id === '') out.push(['nfe_category_id', 'missing_nfe_category_id']);
    if (row.supply != null && compareDecimal(String(row.supply), '1') !== 0) out.push(['supply', 'nfe_supply_not_one']);
    // A burned item has no holder (its burn took it from the last one).
    if (row.state === 'burned' && row.owner_uid != null && row.owner_uid !== '') out.push(['owner_uid', 'burned_item_held']);
  } else if (row.supply != null && compareDecimal(String(row.supply), '0') <= 0) {
    out.push(['supply', 'zero_supply']);
  }
  return out;
}
