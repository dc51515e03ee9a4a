/**
 * Token history (spec §2 /token-history, §6 → Token; designed in src/server/applogic/README.md, Token history):
 * a fungible token's price and supply over time. Read-only: appended by the presale close that allots the token
 * (at the presale's price) and by the daily snapshot (money/token-history.ts: one row per fungible token per
 * UTC day, at its market's last trade).
 */
import { defineResource, ID_FIELD } from './define.js';

export const tokenHistory = defineResource({
  name: 'token-history',
  subject: 'Token',
  service: 'applogic',
  table: 'token_history',
  server: 'generic',
  route: 'token-history',
  label: 'Token History',
  labelPlural: 'Token History',
  view: true,
  api: { path: '/admin/token_history', style: 'new-update', operations: ['list', 'get'] },
  fields: {
    id: ID_FIELD,
    token_id: { kind: 'reference', references: 'tokens', readOnly: true, label: 'Token ID' },
    token: { kind: 'text', readOnly: true, from: { via: 'token_id', field: 'name' }, label: 'Token' },
    code: { kind: 'text', readOnly: true, from: { via: 'token_id', field: 'code' }, label: 'Code' },
    source: { kind: 'enum', values: ['snapshot', 'allotment'], readOnly: true, valueLabels: { snapshot: 'Daily snapshot', allotment: 'Presale allotment' } },
    price: { kind: 'decimal', readOnly: true, label: 'Price' },
    price_currency: { kind: 'text', readOnly: true, label: 'Price currency' },
    supply: { kind: 'decimal', readOnly: true, label: 'Supply' },
    circulating: { kind: 'decimal', readOnly: true, label: 'Circulating' },
    presale_id: { kind: 'reference', references: 'presales', readOnly: true, label: 'Presale' },
    recorded_at: { kind: 'datetime', readOnly: true, label: 'Recorded' },
  },
  columns: [
    { field: 'id' }, { field: 'token' }, { field: 'code' },
    { field: 'source', format: { kind: 'badge', colours: { snapshot: 'grey', allotment: 'blue' }, labels: { snapshot: 'Snapshot', allotment: 'Allotment' } } },
    { field: 'price', format: { kind: 'decimal', unit: 'price_currency' } }, { field: 'supply', format: { kind: 'decimal' } },
    { field: 'circulating', format: { kind: 'decimal' } }, { field: 'recorded_at', format: { kind: 'date' } },
  ],
  filters: [{ field: 'recorded_at' }, { field: 'id' }, { field: 'token_id' }, { field: 'source' }, { field: 'price_currency', op: 'eq' }],
  list: { pageSize: 25, ordering: 'desc', orderBy: 'recorded_at', sortable: ['id', 'token_id', 'price', 'supply', 'circulating', 'recorded_at'] },
});
