/**
 * A metrics chart's filters and the data they select, for any screen that charts a P-A40-style query
 * (country, zone, period or Customised Date): the dashboard and the service-log graph. The view
 * (country, zone, period or applied range) lives in the URL like a list's (shared/metrics-url.ts): a
 * filter change pushes a history entry, and the screen hands every URL it sees to `sync`, so reload,
 * Back and a shared link restore it. Every change reloads; only the newest answer is kept, so clicking
 * 1D then 1Y quickly never ends on 1D's data. Failures stay silent (spec §8 "Failure to load graph
 * data is silent": the last good data stays on screen, no toast), but a refusal is not a failure: the
 * screen says the role may not see the numbers.
 */
import { proxy, ref } from 'valtio';
import { isRefusal, type MetricsParams } from '../api/metrics';
import { browser } from '../browser';
import { dateRangeParams, validateDateRange, type DateRangeError, type Period } from '../../shared/metrics';
import { decodeDashboardView, DEFAULT_VIEW, encodeDashboardView, type DashboardView } from '../../shared/metrics-url';

/** Why no numbers are shown: the role may not read them, or loading failed before anything was shown. */
export type ChartProblem = 'refused' | 'failed';

/** The store of one chart screen; `D` is the endpoint's body. */
export interface ChartViewState<D> {
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
  /** Series keys switched off by their legend card. */
  hidden: string[];
  stats: D | null;
  loading: boolean;
  problem: ChartProblem | null;
}

/** A chart screen's store and its actions (what the shared filter components drive). */
export interface ChartView<D> {
  state: ChartViewState<D>;
  /** The screen's side of the URL: called with every query string its route sees. */
  sync(search: string): Promise<void>;
  /** The screen left: whatever the URL says next time is loaded afresh. */
  leave(): void;
  setPeriod(period: Period): Promise<void>;
  setCountry(country: string): Promise<void>;
  setTimeZone(timeZone: string): Promise<void>;
  setRangeField(field: 'from' | 'to', value: string): void;
  /** Search with the pickers' range; `today` is the viewer's local date, which the pickers show. */
  applyRange(today: string): Promise<void> | void;
  toggleSeries(key: string): void;
  /** Back to the defaults (tests, and signing out). */
  reset(): void;
}

/** The viewer's local date: what the pickers show, and so what "today" means for them. */
export function localToday(now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}

/** A chart screen at `path` whose data comes from `load` (called with the P-A40 query). */
export function createChartView<D extends object>(path: string, load: (params: MetricsParams) => Promise<D>): ChartView<D> {
  const initial = (): ChartViewState<D> => ({
    country: DEFAULT_VIEW.country, timeZone: DEFAULT_VIEW.timeZone, mode: 'period', period: DEFAULT_VIEW.period,
    from: '', to: '', rangeErrors: {}, applied: null, hidden: [], stats: null, loading: false, problem: null,
  });
  const state = proxy<ChartViewState<D>>(initial());
  let seq = 0;
  /** The view whose data is on screen or loading (its query string), so an unchanged URL does not reload. */
  let shown: string | null = null;

  const currentParams = (): MetricsParams => {
    const p: MetricsParams = { timezone: state.timeZone, country_code: state.country || undefined };
    if (state.mode === 'range' && state.applied) return { ...p, ...dateRangeParams(state.applied.from, state.applied.to) };
    return { ...p, period: state.period };
  };

  async function reload(): Promise<void> {
    const mine = ++seq;
    state.loading = true;
    try {
      const stats = await load(currentParams());
      if (mine !== seq) return;
      state.stats = ref(stats) as D;
      state.problem = null;
    } catch (err) {
      if (mine !== seq) return;
      // A refusal drops the numbers (they belong to no view this role may see); a failure keeps them.
      if (isRefusal(err)) { state.stats = null; state.problem = 'refused'; }
      else if (!state.stats) state.problem = 'failed';
    } finally {
      if (mine === seq) state.loading = false;
    }
  }

  const currentView = (): DashboardView => ({
    country: state.country, timeZone: state.timeZone, period: state.period,
    range: state.mode === 'range' ? state.applied : null,
  });

  function showView(view: DashboardView, force = false): Promise<void> {
    const key = encodeDashboardView(view);
    if (key === shown && !force) return Promise.resolve();
    shown = key;
    state.country = view.country;
    state.timeZone = view.timeZone;
    state.period = view.period;
    state.mode = view.range ? 'range' : 'period';
    state.applied = view.range;
    state.rangeErrors = {};
    if (view.range) { state.from = view.range.from; state.to = view.range.to; }
    return reload();
  }

  /** A filter change: a new history entry, then the view's data (reloaded even when the view is unchanged). */
  function go(patch: Partial<DashboardView>): Promise<void> {
    const next = { ...currentView(), ...patch };
    const qs = encodeDashboardView(next);
    browser.navigate(qs ? `${path}?${qs}` : path);
    return showView(next, true);
  }

  return {
    state,
    sync(search) {
      // A link the console would have spelled otherwise (a zone alias, an unknown country, a default
      // written out) is rewritten in place to the view it opened, so what is copied next is what is shown.
      const view = decodeDashboardView(search, localToday());
      const qs = encodeDashboardView(view);
      if (qs !== search.replace(/^\?/, '')) browser.navigate(qs ? `${path}?${qs}` : path, true);
      return showView(view);
    },
    leave() { shown = null; },
    setPeriod: (period) => go({ period, range: null }),
    setCountry: (country) => go({ country }),
    setTimeZone: (timeZone) => go({ timeZone }),
    setRangeField(field, value) {
      state[field] = value;
      // A corrected field drops its own message; the rest is checked again on search.
      if (state.rangeErrors[field]) state.rangeErrors = { ...state.rangeErrors, [field]: undefined };
    },
    applyRange(today) {
      const errors = validateDateRange(state.from, state.to, today);
      state.rangeErrors = errors;
      if (errors.from || errors.to) return;
      return go({ range: { from: state.from, to: state.to } });
    },
    toggleSeries(key) {
      state.hidden = state.hidden.includes(key) ? state.hidden.filter((k) => k !== key) : [...state.hidden, key];
    },
    reset() {
      seq++;
      shown = null;
      Object.assign(state, initial());
    },
  };
}
