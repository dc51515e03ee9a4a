/**
 * The dashboard's filters and the data they select. Every filter change reloads; only the newest
 * answer is kept, so clicking 1D then 1Y quickly never ends on 1D's data. Failures are silent (spec §8
 * "Failure to load graph data is silent"): the last good data stays on screen.
 */
import { proxy, ref } from 'valtio';
import { fetchMetricsStatistic, type MetricsParams } from '../api/metrics';
import {
  DEFAULT_TIME_ZONE, dateRangeParams, validateDateRange,
  type DateRangeError, type MetricSeries, type MetricsStatistic, type Period,
} from '../../shared/metrics';

interface DashboardState {
  /** ISO code, or '' for All Countries. */
  country: string;
  timeZone: string;
  /** Filter Date (a period) or Customised Date (an applied from/to). */
  mode: 'period' | 'range';
  period: Period;
  /** The pickers' values, 'YYYY-MM-DD' or ''. */
  from: string;
  to: string;
  rangeErrors: { from?: DateRangeError; to?: DateRangeError };
  /** The range last searched; the pickers may have moved on since. */
  applied: { from: string; to: string } | null;
  hidden: MetricSeries[];
  stats: MetricsStatistic | null;
  loading: boolean;
}

const initial = (): DashboardState => ({
  country: '', timeZone: DEFAULT_TIME_ZONE, mode: 'period', period: 'daily', from: '', to: '', rangeErrors: {},
  applied: null, hidden: [], stats: null, loading: false,
});

export const dashboard = proxy<DashboardState>(initial());

let seq = 0;

/** The query of the current filters, as the statistic call takes it. */
export function currentParams(): MetricsParams {
  const p: MetricsParams = { timezone: dashboard.timeZone, country_code: dashboard.country || undefined };
  if (dashboard.mode === 'range' && dashboard.applied) return { ...p, ...dateRangeParams(dashboard.applied.from, dashboard.applied.to) };
  return { ...p, period: dashboard.period };
}

export async function loadDashboard(): Promise<void> {
  const mine = ++seq;
  dashboard.loading = true;
  try {
    const stats = await fetchMetricsStatistic(currentParams());
    if (mine !== seq) return;
    dashboard.stats = ref(stats);
  } catch {
    // Silent by spec; the previous numbers stay until a later load succeeds.
  } finally {
    if (mine === seq) dashboard.loading = false;
  }
}

export function setPeriod(period: Period): Promise<void> {
  dashboard.mode = 'period';
  dashboard.period = period;
  dashboard.applied = null;
  dashboard.rangeErrors = {};
  return loadDashboard();
}

export function setCountry(country: string): Promise<void> {
  dashboard.country = country;
  return loadDashboard();
}

export function setTimeZone(timeZone: string): Promise<void> {
  dashboard.timeZone = timeZone;
  return loadDashboard();
}

export function setRangeField(field: 'from' | 'to', value: string): void {
  dashboard[field] = value;
  // A corrected field drops its own message; the rest is checked again on search.
  if (dashboard.rangeErrors[field]) dashboard.rangeErrors = { ...dashboard.rangeErrors, [field]: undefined };
}

/** Search with the pickers' range; `today` is the viewer's local date, which the pickers show. */
export function applyRange(today: string): Promise<void> | void {
  const errors = validateDateRange(dashboard.from, dashboard.to, today);
  dashboard.rangeErrors = errors;
  if (errors.from || errors.to) return;
  dashboard.mode = 'range';
  dashboard.applied = { from: dashboard.from, to: dashboard.to };
  return loadDashboard();
}

export function toggleSeries(key: MetricSeries): void {
  dashboard.hidden = dashboard.hidden.includes(key) ? dashboard.hidden.filter((k) => k !== key) : [...dashboard.hidden, key];
}

/** Back to the defaults (tests, and signing out). */
export function resetDashboard(): void {
  seq++;
  Object.assign(dashboard, initial());
}
