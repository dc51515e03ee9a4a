/**
 * Presales (spec §2 /presales, §3 "Presale has start_date and end_date", §6 presales → Presale; the rest
 * designed in src/server/applogic/README.md, Presales): a token currency sold for a price currency at a
 * price between two dates, with a soft and a hard cap. upcoming → (Start) running → (Close) closed, or
 * (Cancel) canceled; closing allots the pending investments when the soft cap is met and refunds them
 * otherwise, cancelling refunds them. The application-logic service owns it.
 */
import { AMOUNT_FIELD, defineResource, ID_FIELD, stateActions, TIMESTAMPS } from './define.js';
import { compareDecimal } from '../decimal.js';

export const PRESALE_STATES = ['upcoming', 'running', 'closed', 'canceled'] as const;
/** What may change once a presale has started: never the terms investors bought under. */
export const PRESALE_EDITABLE_AFTER_START = ['name', 'description', 'end_date'] as const;

/**
 * Why a presale takes no investment now, whatever the amount: `not_running` (not started, ended or not in
 * state running) or `hard_cap_reached` (raised has reached the hard cap); null while it takes them. The
 * server's invest() asks it under the presale's lock; the investment form greys such presales out.
 */
export function presaleClosed(p: Readonly<Record<string, unknown>>, at: Date): 'not_running' | 'hard_cap_reached' | null {
  const time = (v: unknown) => new Date(v as string | Date).getTime();
  if (p.state !== 'running' || at.getTime() < time(p.start_date) || at.getTime() > time(p.end_date)) return 'not_running';
  if (compareDecimal(String(p.raised ?? '0'), String(p.hard_cap)) >= 0) return 'hard_cap_reached';
  return null;
}

const act = stateActions({ method: 'POST', path: '/admin/presales/action' }, 'manage');
const currency = (label: string, example: string) => ({
  kind: 'text', required: true, references: 'currencies', by: 'code', max: 10, label, message: `${label} is required`, example,
} as const);

export const presales = defineResource({
  name: 'presales',
  subject: 'Presale',
  service: 'applogic',
  table: 'presales',
  server: 'generic',
  route: 'presales',
  label: 'Presale',
  labelPlural: 'Presales',
  api: { path: '/admin/presales', style: 'new-update', operations: ['list', 'get', 'create', 'update'] },
  abilities: { create: 'manage' },
  fields: {
    id: ID_FIELD,
    name: { kind: 'text', required: true, unique: true, max: 100, message: 'Name is required', example: 'TRST public sale' },
    token_currency: currency('Token currency', 'trst'),
    price_currency: currency('Price currency', 'usdt'),
    market_id: { kind: 'text', references: 'markets', max: 20, label: 'Market' },
    price: { kind: 'decimal', required: true, range: [0, Infinity], message: 'Price is required', example: '0.05' },
    soft_cap: { ...AMOUNT_FIELD, label: 'Soft cap' },
    hard_cap: { kind: 'decimal', required: true, range: [0, Infinity], label: 'Hard cap', message: 'Hard cap is required', example: '100000' },
    min_investment: { ...AMOUNT_FIELD, label: 'Minimum investment' },
    max_investment: { ...AMOUNT_FIELD, label: 'Maximum investment (0: none)' },
    start_date: { kind: 'datetime', required: true, label: 'Start date', message: 'Start date is required', example: '2026-01-01T00:00:00Z' },
    end_date: { kind: 'datetime', required: true, label: 'End date', message: 'End date is required', example: '2026-03-01T00:00:00Z' },
    description: { kind: 'textarea', max: 2000 },
    state: { kind: 'enum', values: PRESALE_STATES, readOnly: true },
    raised: { kind: 'decimal', readOnly: true, label: 'Raised' },
    tokens_sold: { kind: 'decimal', readOnly: true, label: 'Tokens sold' },
    ...TIMESTAMPS,
  },
  columns: [
    { field: 'id' }, { field: 'name' }, { field: 'token_currency', label: 'Token' }, { field: 'price_currency', label: 'Paid in' },
    { field: 'price', format: { kind: 'decimal', unit: 'price_currency' } },
    { field: 'raised', format: { kind: 'decimal', unit: 'price_currency' } },
    { field: 'hard_cap', format: { kind: 'decimal', unit: 'price_currency' } },
    { field: 'start_date', format: { kind: 'date' } }, { field: 'end_date', format: { kind: 'date' } },
    { field: 'state', format: { kind: 'badge', colours: { upcoming: 'blue', running: 'green', closed: 'grey', canceled: 'red' } } },
  ],
  filters: [
    { field: 'created_at' }, { field: 'id' }, { field: 'name' }, { field: 'state' }, { field: 'token_currency', op: 'eq' },
    { field: 'price_currency', op: 'eq' },
  ],
  list: { pageSize: 25, ordering: 'desc', sortable: ['id', 'name', 'start_date', 'end_date', 'raised', 'state'] },
  different: [['token_currency', 'price_currency']],
  bounds: [{ min: 'soft_cap', max: 'hard_cap' }, { min: 'min_investment', max: 'max_investment', zeroIsUnlimited: true }],
  actions: [
    act('start', 'Start', 'running', ['upcoming'], 'Presale started'),
    act('close', 'Close', 'closed', ['running'], 'Presale closed'),
    act('cancel', 'Cancel', 'canceled', ['upcoming', 'running'], 'Presale canceled'),
  ],
  tabs: [
    { name: 'milestones', label: 'Milestones', list: 'milestones', scope: { presale_id: 'id' } },
    { name: 'investments', label: 'Investments', list: 'investments', scope: { presale_id: 'id' } },
    { name: 'advertisements', label: 'Advertisements', list: 'advertisements', scope: { presale_id: 'id' } },
  ],
  named: { field: 'name' },
  lookup: { fields: ['name', 'token_currency'] },
  messages: { created: 'Presale added successfully', updated: 'Presale updated successfully' },
});
