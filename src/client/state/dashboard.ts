/**
 * The dashboard's filters and the data they select. The view (country, zone, period or applied range)
 * lives in the URL like a list's (shared/metrics-url.ts): a filter change pushes a history entry, and the
 * screen hands every URL it sees to syncDashboardUrl, so reload, Back and a shared link restore it. Every
 * change reloads; only the newest answer is kept, so clicking 1D then 1Y quickly never ends on 1D's data.
 * Failures stay silent (spec §8 "Failure to load graph data is silent": the last good data stays on
 * screen, no toast), but a refusal is not a failure: the screen says the role may not see the metrics.
 */
import { proxy, ref } from 'valtio';
import { fetchMetricsStatistic, isRefusal, type MetricsParams } from '../api/metrics';
import { browser } from '../browser';
import {
  dateRangeParams, validateDateRange, type DateRangeError, type MetricSeries, type MetricsStatistic, type Period,
} from '../../shared/metrics';
import { decodeDashboardView, DEFAULT_VIEW, encodeDashboardView, type DashboardView } from '../../shared/metrics-url';

/** Why no numbers are shown: the role may not read them, or loading failed before anything was shown. */
export type DashboardProblem = 'refused' | 'failed';

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
  problem: DashboardProblem | null;
}

const initial = (): DashboardState => ({
  country: DEFAULT_VIEW.country, timeZone: DEFAULT_VIEW.timeZone, mode: 'period', period: DEFAULT_VIEW.period,
  from: '', to: '', rangeErrors: {}, applied: null, hidden: [], stats: null, loading: false, problem: null,
});

export const dashboard = proxy<DashboardState>(initial());

const PATH = '/dashboard';
let seq = 0;
/** The view whose data is on screen or loading (its query string), so an unchanged URL does not reload. */
let shown: string | null = null;

/** The viewer's local date: what the pickers show, and so what "today" means for them. */
export function localToday(now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}

/** The query of the current filters, as the statistic call takes it. */
function currentParams(): MetricsParams {
  const p: MetricsParams = { timezone: dashboard.timeZone, country_code: dashboard.country || undefined };
  if (dashboard.mode === 'range' && dashboard.applied) return { ...p, ...dateRangeParams(dashboard.applied.from, dashboard.applied.to) };
  return { ...p, period: dashboard.period };
}

async function loadDashboard(): Promise<void> {
  const mine = ++seq;
  dashboard.loading = true;
  try {
    const stats = await fetchMetricsStatistic(currentParams());
    if (mine !== seq) return;
    dashboard.stats = ref(stats);
    dashboard.problem = null;
  } catch (err) {
    if (mine !== seq) return;
    // A refusal drops the numbers (they belong to no view this role may see); a failure keeps them.
    if (isRefusal(err)) { dashboard.stats = null; dashboard.problem = 'refused'; }
    else if (!dashboard.stats) dashboard.problem = 'failed';
  } finally {
    if (mine === seq) dashboard.loading = false;
  }
}

function currentView(): DashboardView {
  return {
    country: dashboard.country, timeZone: dashboard.timeZone, period: dashboard.period,
    range: dashboard.mode === 'range' ? dashboard.applied : null,
  };
}

/** Puts a view on screen and loads it, unless it is already the one shown (`force` reloads anyway). */
function showView(view: DashboardView, force = false): Promise<void> {
  const key = encodeDashboardView(view);
  if (key === shown && !force) return Promise.resolve();
  shown = key;
  dashboard.country = view.country;
  dashboard.timeZone = view.timeZone;
  dashboard.period = view.period;
  dashboard.mode = view.range ? 'range' : 'period';
  dashboard.applied = view.range;
  dashboard.rangeErrors = {};
  if (view.range) { dashboard.from = view.range.from; dashboard.to = view.range.to; }
  return loadDashboard();
}

/**
 * The screen's side of the URL: called with every query string the dashboard route sees. A link the
 * console would have spelled otherwise (a zone alias, an unknown country, a default written out) is
 * rewritten in place to the view it opened, so what is copied next is what is shown.
 */
export function syncDashboardUrl(search: string): Promise<void> {
  const view = decodeDashboardView(search, localToday());
  const qs = encodeDashboardView(view);
  if (qs !== search.replace(/^\?/, '')) browser.navigate(qs ? `${PATH}?${qs}` : PATH, true);
  return showView(view);
}

/** The screen left: whatever the URL says next time is loaded afresh. */
export function leaveDashboard(): void {
  shown = null;
}

/** A filter change: a new history entry, then the view's data (reloaded even when the view is unchanged). */
function go(patch: Partial<DashboardView>): Promise<void> {
  const next = { ...currentView(), ...patch };
  const qs = encodeDashboardView(next);
  browser.navigate(qs ? `${PATH}?${qs}` : PATH);
  return showView(next, true);
}

export const setPeriod = (period: Period): Promise<void> => go({ period, range: null });
export const setCountry = (country: string): Promise<void> => go({ country });
export const setTimeZone = (timeZone: string): Promise<void> => go({ timeZone });

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
  return go({ range: { from: dashboard.from, to: dashboard.to } });
}

export function toggleSeries(key: MetricSeries): void {
  dashboard.hidden = dashboard.hidden.includes(key) ? dashboard.hidden.filter((k) => k !== key) : [...dashboard.hidden, key];
}

/** Back to the defaults (tests, and signing out). */
export function resetDashboard(): void {
  seq++;
  shown = null;
  Object.assign(dashboard, initial());
}
