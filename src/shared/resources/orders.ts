/**
 * Orders (spec §3 Order, §4; Peatio admin Order, E1-E3). Read-only rows; staff cancel one (which
 * returns what it still locks to its member through the ledger) or, on the list filtered to state
 * wait, all the matching ones in batches. The console's filter names (order_type, amount, side) are
 * taken as Peatio's (ord_type, origin_volume, type). Keyset paging by id.
 */
import { defineResource, ID_FIELD, TIMESTAMPS } from './define.js';
import { ADMIN_STREAMS } from '../realtime-streams.js';

export const ORDER_STATES = ['wait', 'done', 'cancel', 'pending', 'reject'] as const;
export const SIDE_BADGE = { kind: 'badge', colours: { sell: 'red', buy: 'green' } } as const;

export const orders = defineResource({
  name: 'orders',
  subject: 'Order',
  service: 'peatio',
  table: 'orders',
  server: 'bespoke',
  route: 'orders',
  label: 'Order',
  labelPlural: 'Orders',
  view: true,
  api: { path: '/admin/orders', style: 'new-update', operations: ['list', 'get'] },
  fields: {
    id: ID_FIELD,
    uuid: { kind: 'text', readOnly: true, label: 'UUID' },
    email: { kind: 'text', readOnly: true, label: 'Email' },
    uid: { kind: 'text', readOnly: true, label: 'UID' },
    market: { kind: 'text', readOnly: true, references: 'markets', label: 'Market' },
    side: { kind: 'enum', values: ['buy', 'sell'], readOnly: true },
    ord_type: { kind: 'enum', values: ['limit', 'market'], readOnly: true, label: 'Order type' },
    price: { kind: 'decimal', readOnly: true },
    avg_price: { kind: 'decimal', readOnly: true, label: 'Average price' },
    origin_volume: { kind: 'decimal', readOnly: true, label: 'Amount' },
    remaining_volume: { kind: 'decimal', readOnly: true, label: 'Remaining' },
    executed_volume: { kind: 'decimal', readOnly: true, label: 'Executed' },
    maker_fee: { kind: 'decimal', readOnly: true, scale: 'percent', label: 'Maker fee %' },
    taker_fee: { kind: 'decimal', readOnly: true, scale: 'percent', label: 'Taker fee %' },
    trades_count: { kind: 'number', readOnly: true, label: 'Trades' },
    state: { kind: 'enum', values: ORDER_STATES, readOnly: true },
    ...TIMESTAMPS,
  },
  columns: [
    { field: 'id' }, { field: 'email' }, { field: 'market' }, { field: 'side', format: SIDE_BADGE }, { field: 'ord_type' },
    { field: 'price', format: { kind: 'decimal' } }, { field: 'origin_volume', format: { kind: 'decimal' } },
    { field: 'remaining_volume', format: { kind: 'decimal' } }, { field: 'avg_price', format: { kind: 'decimal' } },
    { field: 'state', format: { kind: 'badge', colours: { wait: 'blue', done: 'green', cancel: 'grey', pending: 'yellow', reject: 'red' } } },
    { field: 'created_at', format: { kind: 'date' } },
  ],
  filters: [
    { field: 'created_at' }, { field: 'market', op: 'eq' }, { field: 'ord_type' }, { field: 'price' }, { field: 'origin_volume' },
    { field: 'side' }, { field: 'email', op: 'eq' }, { field: 'uid', op: 'eq' }, { field: 'state' },
  ],
  list: { pageSize: 50, ordering: 'asc', sortable: ['id'] },
  live: { rows: ADMIN_STREAMS.order },
  actions: [{
    name: 'cancel', label: 'Cancel order', kind: 'set', field: 'state', values: ['cancel'], from: ['wait'], ability: 'update',
    endpoint: { method: 'POST', path: '/admin/orders/:id/cancel' }, body: {}, success: 'Order canceled',
  }],
  bulk: [{
    name: 'cancel-all', label: 'Cancel all', when: { state: 'wait' }, ability: 'update', batch: 200,
    endpoint: { method: 'POST', path: '/admin/bulk/orders_by_id' }, success: 'Orders canceled',
    then: { state: 'wait', page: '1', limit: '10', ordering: 'asc' },
    commands: [
      { filter: 'uid', title: 'Cancel open orders of user…', placeholder: 'UID of the user, e.g. ID1A2B3C4D5E' },
      { filter: 'market', title: 'Cancel open orders of market…', placeholder: 'Market id, e.g. btcusdt' },
    ],
  }],
});
