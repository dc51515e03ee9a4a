/**
 * Fee schedules (spec §2, §3 Trade fee schedule; Peatio 2.6 trading_fees): maker and taker fees per
 * member group and market, `any` matching every group or market (the default). Stored and sent as
 * Peatio's fractions (0.001), shown and typed as percent (0.1). Added and edited in a modal.
 */
import { MEMBER_GROUP_FIELD, defineResource, ID_FIELD, TIMESTAMPS, type FieldDef } from './define.js';

const RATE = { kind: 'decimal', range: [0, 0.5], scale: 'percent', default: '0', invalidMessage: 'Between 0 and 50%' } as const satisfies FieldDef;

export const tradingFees = defineResource({
  name: 'trading-fees',
  subject: 'TradingFee',
  service: 'peatio',
  table: 'trading_fees',
  server: 'generic',
  route: 'fees-schedules',
  label: 'Fee Schedule',
  labelPlural: 'Fee Schedules',
  form: 'modal',
  api: { path: '/admin/trading_fees', style: 'new-update', operations: ['list', 'get', 'create', 'update', 'delete'] },
  fields: {
    id: ID_FIELD,
    group: MEMBER_GROUP_FIELD,
    market_id: { kind: 'text', max: 20, references: 'markets', alsoAllowed: ['any'], default: 'any', label: 'Market' },
    maker: { ...RATE, label: 'Maker fee %' },
    taker: { ...RATE, label: 'Taker fee %' },
    ...TIMESTAMPS,
  },
  columns: [
    { field: 'id' },
    { field: 'group' },
    { field: 'market_id' },
    { field: 'maker', format: { kind: 'decimal' } },
    { field: 'taker', format: { kind: 'decimal' } },
    { field: 'updated_at', format: { kind: 'date' } },
  ],
  filters: [{ field: 'group', op: 'eq' }, { field: 'market_id', op: 'eq' }],
  list: { pageSize: 50, ordering: 'asc' },
  uniqueTogether: [['group', 'market_id']],
  messages: { created: 'Fee schedule added successfully', updated: 'Fee schedule updated successfully', deleted: 'Fee schedule deleted successfully' },
});
