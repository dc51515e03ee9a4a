/**
 * Market-making bots (spec §2 Bot settings, §3 Bot setting, §4, §9): one per market, with its price
 * source, cadence and volumes. The list shows the derived spread, 8 × the order-book range (`spread`,
 * a percent) / 100 with two decimals. The enable-bot switch (`active`) gates market making and trading:
 * both show only while the bot is enabled. The spec leaves validation open: cadences are whole seconds
 * from 1, volumes non-negative, the minimum volume at most the maximum (0: no maximum).
 */
import { AMOUNT_FIELD, defineResource, ID_FIELD, TIMESTAMPS } from './define.js';

const VOLUME = AMOUNT_FIELD;
const ENABLED = { field: 'active', in: [true] } as const;

/** 8 × the order-book range / 100, two decimals (spec §9). */
export function botSpread(range: unknown): string | null {
  const n = Number(range);
  return Number.isFinite(n) ? (Math.round(8 * n) / 100).toFixed(2) : null;
}

export const botSettings = defineResource({
  name: 'bot-settings',
  subject: 'BotSetting',
  service: 'peatio',
  table: 'bot_settings',
  server: 'generic',
  route: 'botSettings',
  formRoute: 'bot-edit',
  view: true,
  label: 'Bot',
  labelPlural: 'Bot Settings',
  api: { path: '/admin/bot_settings', style: 'new-update', operations: ['list', 'get', 'create', 'update'] },
  fields: {
    id: ID_FIELD,
    market_id: { kind: 'text', max: 20, references: 'markets', required: true, unique: true, message: 'Required', label: 'Market', example: 'btcusdt' },
    price: { kind: 'enum', values: ['uniswap', 'pancakeswap'], default: 'uniswap', label: 'Price source' },
    time_frequency: { kind: 'number', range: [1, 86_400], default: 60, label: 'Time frequency (s)' },
    mm_time: { kind: 'number', range: [1, 86_400], default: 60, label: 'Market-making time (s)' },
    spread: { kind: 'decimal', range: [0, 100], default: '1', label: 'Order book range %' },
    derived_spread: { kind: 'decimal', readOnly: true, label: 'Spread', derive: (row) => botSpread(row.spread) },
    total_vol: { ...VOLUME, label: 'Total volume' },
    min_vol: { ...VOLUME, label: 'Min volume' },
    max_vol: { ...VOLUME, label: 'Max volume (0: none)' },
    token: { kind: 'text', max: 255 },
    active: { kind: 'boolean', default: false, label: 'Enable bot' },
    market_making: { kind: 'boolean', default: false, label: 'Market making', showWhen: ENABLED, hiddenValue: false },
    enable_trading: { kind: 'boolean', default: false, label: 'Trading', showWhen: ENABLED, hiddenValue: false },
    ...TIMESTAMPS,
  },
  columns: [
    { field: 'market_id' },
    { field: 'price', label: 'Price' },
    { field: 'time_frequency', format: { kind: 'number' } },
    { field: 'spread', label: 'Order book range %', format: { kind: 'decimal' } },
    { field: 'derived_spread', format: { kind: 'decimal' } },
    { field: 'created_at', format: { kind: 'date' } },
    { field: 'active', label: 'Status', format: { kind: 'badge', colours: { true: 'green', false: 'grey' }, labels: { true: 'Enabled', false: 'Disabled' } } },
  ],
  filters: [{ field: 'market_id', op: 'prefix' }, { field: 'active', label: 'State' }, { field: 'price', label: 'Price from' }],
  list: { pageSize: 50, ordering: 'desc', orderBy: 'created_at' },
  bounds: [{ min: 'min_vol', max: 'max_vol', zeroIsUnlimited: true }],
  messages: { created: 'Bot added successfully', updated: 'Bot updated successfully' },
});
