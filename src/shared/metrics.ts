/**
 * Dashboard metrics rules shared by the server (query validation, windows), the client (Filter Date,
 * Customised Date, chart ticks) and the tests. Wire shapes are openware-api.md P-A40 and A40.
 */
import { isTimeZone, seriesSlots, unitStart, unitsBefore, type SeriesSlot, type TimeUnit } from './metrics-time.js';

/** Chart periods (spec §9) and the console's Filter Date buttons for them. */
export const PERIODS = ['daily', 'weekly', 'monthly', 'yearly', 'all'] as const;
export type Period = (typeof PERIODS)[number];
export const PERIOD_BUTTONS: ReadonlyArray<{ label: string; period: Period }> = [
  { label: '1D', period: 'daily' }, { label: '1W', period: 'weekly' }, { label: '1M', period: 'monthly' },
  { label: '1Y', period: 'yearly' }, { label: 'All', period: 'all' },
];
export const DEFAULT_TIME_ZONE = 'UTC';

/** The five series of the User Activities chart, in legend order. */
export const METRIC_SERIES = ['signups', 'signups_email', 'signups_phone', 'successful_logins', 'failed_logins'] as const;
export type MetricSeries = (typeof METRIC_SERIES)[number];

/** One point: the local label of its unit (see unitLabel) and the five counts. */
export type MetricPoint = { date: string } & Record<MetricSeries, number>;

/** A span of time, ISO-8601 UTC, start included and end excluded. */
export interface Span { from: string; to: string }

/** GET /admin/metrics/statistic and /public/graph/data: tiles over the last 24 h, plus the series. */
export interface MetricsStatistic {
  signups: number;
  successful_logins: number;
  failed_logins: number;
  pending_applications: number;
  data: MetricPoint[];
  /**
   * What the figures count, so the console can say it (the 24 h tiles and the 1D series differ: the
   * series starts on a local hour). `series` is null when it has no points. Absent from stock Barong.
   */
  spans?: { tiles: Span; series: Span | null };
}

/** Barong's GET /admin/metrics (note its misspelled `sucessful_logins`): counts per UTC date. */
export interface BarongMetrics {
  signups: Record<string, number>;
  sucessful_logins: Record<string, number>;
  failed_logins: Record<string, number>;
  pending_applications: number;
}

export const METRICS_ERRORS = {
  period: 'admin.metrics.invalid_period',
  timezone: 'admin.metrics.invalid_timezone',
  range: 'admin.metrics.invalid_range',
  country: 'admin.metrics.invalid_country_code',
} as const;

/** How each period is cut (documented choice): 1D hourly, 1W and 1M daily, 1Y monthly, All monthly. */
const PERIOD_UNITS: Record<Exclude<Period, 'all'>, { unit: TimeUnit; points: number }> = {
  daily: { unit: 'hour', points: 24 },
  weekly: { unit: 'day', points: 7 },
  monthly: { unit: 'day', points: 30 },
  yearly: { unit: 'month', points: 12 },
};
/** All switches from months to years past this many months, to keep the chart legible. */
export const ALL_MAX_MONTHS = 60;
/** A custom range is daily; this caps it (about ten years) so no request can ask for an unbounded series. */
export const MAX_RANGE_DAYS = 3660;

/** A validated statistic query. `range` is [from, to) in ms; without it the period applies. */
export interface MetricsQuery {
  period: Period;
  range: { from: number; to: number } | null;
  country: string | null;
  timeZone: string;
}

/**
 * Parses a `from`/`to` value: epoch seconds as Barong sends them, or an ISO-8601 date-time.
 * `end` marks an inclusive end: it is widened to the end of its own precision (the whole second for
 * epoch seconds, the millisecond for ISO), so 23:59:59(.999) still counts the last moments of the day.
 */
export function parseInstant(v: unknown, end = false): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) v = String(v);
  if (typeof v !== 'string' || v.trim() === '') return null;
  const s = v.trim();
  if (/^\d{1,12}(\.\d{1,6})?$/.test(s)) {
    const ms = Math.round(Number(s) * 1000);
    return end ? ms + (s.includes('.') ? 1 : 1000) : ms;
  }
  if (!/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/.test(s)) return null;
  const ms = Date.parse(s);
  return Number.isFinite(ms) ? (end ? ms + 1 : ms) : null;
}

/** Validates the statistic query string; every problem found becomes one error code. */
export function parseMetricsQuery(q: Record<string, unknown>): { ok: true; value: MetricsQuery } | { ok: false; errors: string[] } {
  const errors: string[] = [];
  const one = (k: string) => { const v = q[k]; return Array.isArray(v) ? undefined : v === '' ? undefined : v; };
  const period = one('period') ?? 'daily';
  if (typeof period !== 'string' || !(PERIODS as readonly string[]).includes(period)) errors.push(METRICS_ERRORS.period);
  const timeZone = one('timezone') ?? DEFAULT_TIME_ZONE;
  if (typeof timeZone !== 'string' || !isTimeZone(timeZone)) errors.push(METRICS_ERRORS.timezone);
  const country = one('country_code');
  if (country !== undefined && (typeof country !== 'string' || !/^[A-Za-z]{2}$/.test(country))) errors.push(METRICS_ERRORS.country);
  let range: MetricsQuery['range'] = null;
  const rawFrom = one('from'), rawTo = one('to');
  if (rawFrom !== undefined || rawTo !== undefined || Array.isArray(q.from) || Array.isArray(q.to)) {
    const from = parseInstant(rawFrom), to = parseInstant(rawTo, true);
    if (from === null || to === null || from >= to || to - from > MAX_RANGE_DAYS * 86_400_000) errors.push(METRICS_ERRORS.range);
    else range = { from, to };
  }
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: { period: period as Period, range, country: country ? (country as string).toUpperCase() : null, timeZone: timeZone as string },
  };
}

/** Unit and slots of the series for a query at `now`; `firstActivity` (ms) only matters for All. */
export function seriesWindow(query: MetricsQuery, now: number, firstActivity: number | null): { unit: TimeUnit; slots: SeriesSlot[] } {
  const tz = query.timeZone;
  if (query.range) {
    const to = Math.min(query.range.to, now + 1);
    return { unit: 'day', slots: to > query.range.from ? seriesSlots(tz, 'day', query.range.from, to) : [] };
  }
  if (query.period === 'all') {
    const first = unitStart(tz, 'month', Math.min(firstActivity ?? now, now));
    const months = seriesSlots(tz, 'month', first, now + 1);
    return months.length > ALL_MAX_MONTHS
      ? { unit: 'year', slots: seriesSlots(tz, 'year', first, now + 1) }
      : { unit: 'month', slots: months };
  }
  const { unit, points } = PERIOD_UNITS[query.period];
  const from = unitsBefore(tz, unit, unitStart(tz, unit, now), points - 1);
  // now + 1: the current unit counts up to and including this millisecond.
  return { unit, slots: seriesSlots(tz, unit, from, now + 1) };
}

/** The tiles count the 24 hours before now, a rolling window that ignores the zone. */
export const TILES_MS = 86_400_000;

/** The tiles' span, [now − 24 h, now); the series' runs from its first slot to the end of its last. */
export function statisticSpans(slots: readonly SeriesSlot[], now: number): NonNullable<MetricsStatistic['spans']> {
  const iso = (ms: number) => new Date(ms).toISOString();
  const first = slots[0], last = slots[slots.length - 1];
  return {
    tiles: { from: iso(now - TILES_MS), to: iso(now) },
    series: first && last ? { from: iso(first.start), to: iso(last.end) } : null,
  };
}

/** Spec §9 tick thinning: a label on every point up to 10, every 2nd up to 25, every 8th above. */
export function tickStep(points: number): number {
  return points <= 10 ? 1 : points <= 25 ? 2 : 8;
}

/** Indexes of the points that get a tick label. */
export function tickIndexes(points: number): number[] {
  const step = tickStep(points);
  return Array.from({ length: Math.ceil(points / step) }, (_, i) => i * step);
}

/** Customised Date problems (spec §5 "Custom date range"), per picker. */
export type DateRangeError = 'required' | 'end_before_start' | 'after_today';
export const DATE_RANGE_MESSAGES: Record<DateRangeError, string> = {
  required: 'Required',
  end_before_start: 'End date cannot be before start date',
  after_today: 'Date cannot be later than today',
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (s: string) => ISO_DATE.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) &&
  new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);

/**
 * Checks the two pickers ('YYYY-MM-DD'): both required, neither after `today` (the viewer's local
 * date, which is what the pickers show), the end not before the start. Empty object = searchable.
 */
export function validateDateRange(from: string | null | undefined, to: string | null | undefined, today: string):
  { from?: DateRangeError; to?: DateRangeError } {
  const out: { from?: DateRangeError; to?: DateRangeError } = {};
  if (!from || !isDate(from)) out.from = 'required';
  else if (from > today) out.from = 'after_today';
  if (!to || !isDate(to)) out.to = 'required';
  else if (to > today) out.to = 'after_today';
  else if (!out.from && to < from!) out.to = 'end_before_start';
  return out;
}

/** The range sent for two valid picker dates: start of the first day to end of the last, in UTC. */
export function dateRangeToUtc(from: string, to: string): { from: Date; to: Date } {
  return { from: new Date(`${from}T00:00:00.000Z`), to: new Date(`${to}T23:59:59.999Z`) };
}

/** The same range as the query parameters Barong takes: epoch seconds (the end second is inclusive). */
export function dateRangeParams(from: string, to: string): { from: string; to: string } {
  const r = dateRangeToUtc(from, to);
  return { from: String(Math.floor(r.from.getTime() / 1000)), to: String(Math.floor(r.to.getTime() / 1000)) };
}
