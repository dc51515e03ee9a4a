/**
 * Markets (spec §3 Market, §4 market state; Peatio 2.6 E14). The id is made from the units, base +
 * quote (`btcusdt`), as Peatio does; the body names them base_currency and quote_currency and the
 * answer base_unit and quote_unit. A new market starts disabled (spec §9). "Disable market" is a
 * confirmed state change offered on markets that are not disabled yet.
 */
import { defineResource, TIMESTAMPS, type FieldDef } from './define.js';

export const MARKET_STATES = ['enabled', 'disabled', 'hidden', 'locked', 'sale', 'presale'] as const;
const PRICE = { kind: 'decimal', range: [0, Infinity], default: '0' } as const satisfies FieldDef;
const PRECISION = { kind: 'number', range: [0, 18], default: 4 } as const satisfies FieldDef;

export const markets = defineResource({
  name: 'markets',
  subject: 'Market',
  service: 'peatio',
  table: 'markets',
  server: 'generic',
  route: 'markets',
  formRoute: 'market-info',
  label: 'Market',
  labelPlural: 'Markets',
  key: 'id',
  deriveKey: (v) => `${String(v.base_unit)}${String(v.quote_unit)}`,
  api: { path: '/admin/markets', style: 'new-update', operations: ['list', 'get', 'create', 'update'] },
  fields: {
    id: { kind: 'text', readOnly: true, label: 'Market', max: 20, example: 'btcusdt' },
    name: { kind: 'text', readOnly: true, derive: (row) => `${String(row.base_unit).toUpperCase()}/${String(row.quote_unit).toUpperCase()}` },
    engine_id: { kind: 'reference', references: 'engines', required: true, message: 'Required', label: 'Engine' },
    base_unit: {
      kind: 'text', references: 'currencies', required: true, readOnlyOnEdit: true, max: 10, inputName: 'base_currency',
      message: 'Required', label: 'Base currency', example: 'btc',
    },
    quote_unit: {
      kind: 'text', references: 'currencies', required: true, readOnlyOnEdit: true, max: 10, inputName: 'quote_currency',
      message: 'Required', label: 'Quote currency', example: 'usdt',
    },
    state: { kind: 'enum', values: MARKET_STATES, default: 'disabled' },
    min_price: PRICE,
    max_price: { ...PRICE, label: 'Max price (0: none)' },
    min_amount: PRICE,
    price_precision: PRECISION,
    amount_precision: PRECISION,
    position: { kind: 'number', range: [1, 1_000_000], default: 1 },
    // Peatio's free-form market data (the engine's settings for this market).
    data: { kind: 'map', label: 'Data' },
    ...TIMESTAMPS,
  },
  columns: [
    { field: 'id', format: { kind: 'text' } },
    { field: 'name' },
    { field: 'base_unit', label: 'Base' },
    { field: 'quote_unit', label: 'Quote' },
    { field: 'min_price', format: { kind: 'decimal' } },
    { field: 'max_price', format: { kind: 'decimal' } },
    { field: 'min_amount', format: { kind: 'decimal' } },
    { field: 'price_precision', format: { kind: 'number' } },
    { field: 'amount_precision', format: { kind: 'number' } },
    { field: 'position', format: { kind: 'number' } },
    {
      field: 'state',
      format: {
        kind: 'badge',
        colours: { enabled: 'green', disabled: 'grey', hidden: 'yellow', locked: 'red', sale: 'blue', presale: 'blue' },
        labels: { enabled: 'Enabled', disabled: 'Disabled', hidden: 'Hidden', locked: 'Locked', sale: 'Sale', presale: 'Presale' },
      },
    },
  ],
  filters: [{ field: 'id', op: 'prefix', label: 'Market' }, { field: 'state' }, { field: 'base_unit', op: 'eq' }, { field: 'quote_unit', op: 'eq' }],
  list: { pageSize: 50, ordering: 'asc', orderBy: 'position' },
  // The market's ticker from Ranger's public feed, beside its name (sent on subscribe, then about every 5 s).
  live: {
    values: {
      stream: 'global.tickers',
      columns: [
        { value: 'last', label: 'Last price', format: 'decimal', after: 'name' },
        { value: 'price_change_percent', label: '24h change', format: 'change', after: 'name' },
      ],
    },
  },
  bounds: [{ min: 'min_price', max: 'max_price', zeroIsUnlimited: true }],
  different: [['base_unit', 'quote_unit']],
  actions: [
    { name: 'disable', label: 'Disable', kind: 'set', field: 'state', values: ['disabled'], from: ['enabled', 'hidden', 'locked', 'sale', 'presale'], ability: 'update', success: 'Market disabled' },
    { name: 'enable', label: 'Enable', kind: 'set', field: 'state', values: ['enabled'], from: ['disabled', 'hidden', 'locked'], ability: 'update', success: 'Market enabled' },
  ],
  messages: { created: 'Market added successfully', updated: 'Market updated successfully' },
});
