/**
 * Blockchains (spec §3 Blockchain, §5; Peatio 2.6 E10-E13): a key, a node client and the node's
 * `server` URL (write-only: it may carry credentials, and Peatio never answers it), the height the
 * scanner has reached, the explorer templates. Edits are authorised per attribute, like Currency.
 * The detail page's calls (latest block, scan a block) talk to the node: src/server/exchange/blockchains.ts.
 */
import { defineResource, ID_FIELD, TIMESTAMPS } from './define.js';

/** The node clients the server has (GET /admin/blockchains/clients answers these). */
export const BLOCKCHAIN_CLIENTS = ['bitcoin', 'ethereum'] as const;
export const BLOCKCHAIN_STATUSES = ['active', 'disabled'] as const;

export const blockchains = defineResource({
  name: 'blockchains',
  subject: 'Blockchain',
  service: 'peatio',
  table: 'blockchains',
  server: 'generic',
  route: 'blockchain',
  label: 'Blockchain',
  labelPlural: 'Blockchains',
  api: { path: '/admin/blockchains', style: 'new-update', operations: ['list', 'get', 'create', 'update'] },
  fields: {
    id: ID_FIELD,
    name: { kind: 'text', required: true, max: 255, message: 'Required' },
    status: { kind: 'enum', values: BLOCKCHAIN_STATUSES, default: 'active' },
    client: { kind: 'enum', values: BLOCKCHAIN_CLIENTS, default: 'bitcoin', choicesFrom: { path: '/admin/blockchains/clients', fallback: BLOCKCHAIN_CLIENTS } },
    server: {
      kind: 'text', required: true, writeOnly: true, max: 1000, pattern: /^https?:\/\/[^\s/]+\S*$/, message: 'Required',
      invalidMessage: 'An http(s) URL of the node', example: 'http://127.0.0.1:18443',
    },
    min_confirmations: { kind: 'number', range: [1, 1000], required: true, message: 'Required', example: 6 },
    height: { kind: 'number', range: [1, Number.MAX_SAFE_INTEGER], required: true, message: 'Required', example: 1, resetFrom: 'latest-block' },
    key: {
      kind: 'text', required: true, unique: true, max: 255, pattern: /^[a-z0-9][a-z0-9_.-]*$/, message: 'Required',
      invalidMessage: 'Lower-case letters, digits, - _ .', example: 'bitcoin-testnet',
    },
    explorer_address: { kind: 'text', required: true, max: 255, message: 'Required', label: 'Explorer address' },
    explorer_transaction: { kind: 'text', required: true, max: 255, message: 'Required', label: 'Explorer transaction' },
    ...TIMESTAMPS,
  },
  columns: [
    { field: 'id' },
    { field: 'key' },
    { field: 'name' },
    { field: 'client' },
    { field: 'height', format: { kind: 'number' } },
    { field: 'min_confirmations', format: { kind: 'number' } },
    { field: 'status', format: { kind: 'badge', colours: { active: 'green', disabled: 'grey' }, labels: { active: 'Active', disabled: 'Inactive' } } },
    { field: 'created_at', format: { kind: 'date' } },
  ],
  filters: [{ field: 'key' }, { field: 'name' }, { field: 'client' }, { field: 'status' }],
  list: { pageSize: 25, ordering: 'asc' },
  calls: [
    {
      name: 'latest-block', label: 'Latest block', kind: 'read', ability: 'read',
      endpoint: { method: 'GET', path: '/admin/blockchains/:id/latest_block' },
      show: (n) => (typeof n === 'number' ? n.toLocaleString('en-US') : String(n)),
    },
    {
      name: 'scan-block', label: 'Scan block', kind: 'write', ability: 'update', submit: 'Scan',
      endpoint: { method: 'POST', path: '/admin/blockchains/process_block' },
      params: { block_number: { kind: 'number', range: [1, Number.MAX_SAFE_INTEGER], required: true, message: 'Required', label: 'Block number' } },
      success: (answer, p) => {
        const found = (answer as { processed_block?: { deposits_recorded?: number; outputs_matched?: number; out_of_range?: number } }).processed_block;
        const tooLarge = found?.out_of_range ?? 0;
        const known = (found?.outputs_matched ?? 0) - (found?.deposits_recorded ?? 0) - tooLarge;
        return `Block ${Number(p.block_number).toLocaleString('en-US')} scanned: ${found?.deposits_recorded ?? 0} deposit(s) recorded`
          + `${known > 0 ? `, ${known} already known or below the minimum` : ''}`
          + `${tooLarge > 0 ? `, ${tooLarge} too large to record (see the scan in the audit log)` : ''}`;
      },
    },
  ],
  messages: { created: 'Blockchain Successfully Created', updated: 'Blockchain Successfully Updated' },
});
