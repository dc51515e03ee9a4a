/**
 * Trades (spec §2 Trades list, §3 Trade; Peatio admin Trade, E4): read-only; the side badge is the
 * taker's side (sell red, otherwise green). Filters: dates, maker and taker e-mail, a uid on either
 * side, market, the taker's side. Keyset paging by id.
 */
import { defineResource, ID_FIELD } from './define.js';
import { SIDE_BADGE } from './orders.js';
import { ADMIN_STREAMS } from '../realtime-streams.js';

export const trades = defineResource({
  name: 'trades',
  subject: 'Trade',
  service: 'peatio',
  table: 'trades',
  server: 'bespoke',
  route: 'trades',
  label: 'Trade',
  labelPlural: 'Trades',
  api: { path: '/admin/trades', style: 'new-update', operations: ['list'] },
  fields: {
    id: ID_FIELD,
    maker_order_email: { kind: 'text', readOnly: true, label: 'Maker email' },
    taker_order_email: { kind: 'text', readOnly: true, label: 'Taker email' },
    maker_uid: { kind: 'text', readOnly: true, label: 'Maker UID' },
    taker_uid: { kind: 'text', readOnly: true, label: 'Taker UID' },
    maker_fee_amount: { kind: 'decimal', readOnly: true, label: 'Maker fee' },
    maker_fee_currency: { kind: 'text', readOnly: true },
    taker_fee_amount: { kind: 'decimal', readOnly: true, label: 'Taker fee' },
    taker_fee_currency: { kind: 'text', readOnly: true },
    market: { kind: 'text', readOnly: true, references: 'markets', label: 'Market' },
    price: { kind: 'decimal', readOnly: true },
    amount: { kind: 'decimal', readOnly: true },
    total: { kind: 'decimal', readOnly: true },
    taker_type: { kind: 'enum', values: ['buy', 'sell'], readOnly: true, label: 'Side' },
    // Filters only: a trade's maker or taker by e-mail, or either side by uid.
    maker_email: { kind: 'text', readOnly: true, label: 'Maker email' },
    taker_email: { kind: 'text', readOnly: true, label: 'Taker email' },
    uid: { kind: 'text', readOnly: true, label: 'UID (maker or taker)' },
    created_at: { kind: 'datetime', readOnly: true, label: 'Time' },
  },
  columns: [
    { field: 'id', label: 'Trade ID' }, { field: 'maker_order_email' }, { field: 'taker_order_email' }, { field: 'maker_uid' },
    // Each side's fee is in the currency it received (a buyer pays in base, a seller in quote): the unit says which.
    { field: 'taker_uid' }, { field: 'maker_fee_amount', format: { kind: 'decimal', unit: 'maker_fee_currency' } },
    { field: 'taker_fee_amount', format: { kind: 'decimal', unit: 'taker_fee_currency' } },
    { field: 'market' }, { field: 'price', format: { kind: 'decimal' } }, { field: 'amount', format: { kind: 'decimal' } },
    { field: 'total', format: { kind: 'decimal' } }, { field: 'taker_type', format: SIDE_BADGE }, { field: 'created_at', format: { kind: 'date' } },
  ],
  filters: [
    { field: 'created_at' }, { field: 'maker_email', op: 'eq' }, { field: 'taker_email', op: 'eq' }, { field: 'uid', op: 'eq' },
    { field: 'market', op: 'eq' }, { field: 'taker_type' },
  ],
  list: { pageSize: 10, ordering: 'asc', sortable: ['id'] },
  live: { rows: ADMIN_STREAMS.trade },
});
