/**
 * The dashboard's view in the URL, like the lists keep theirs: `?country=US&tz=Asia%2FKathmandu&period=monthly`,
 * or a Customised Date as `from`/`to` (YYYY-MM-DD) instead of a period. Defaults are left out, so a plain
 * /dashboard is 1D in UTC for all countries. A link with values the console would not offer (an unknown
 * country, a time-zone alias, a future date) opens the nearest view it would, never an error.
 */
import { countryByIso } from './countries.js';
import { DEFAULT_TIME_ZONE, PERIODS, validateDateRange, type Period } from './metrics.js';
import { canonicalTimeZone } from './time-zones.js';

export interface DashboardView {
  /** ISO code, or '' for All Countries. */
  country: string;
  timeZone: string;
  period: Period;
  /** A Customised Date (the pickers' dates); when set, the period is not used. */
  range: { from: string; to: string } | null;
}

export const DEFAULT_VIEW: DashboardView = { country: '', timeZone: DEFAULT_TIME_ZONE, period: 'daily', range: null };

/** `today` is the viewer's local date: a range ending after it is not one the pickers would accept. */
export function decodeDashboardView(search: string, today: string): DashboardView {
  const q = new URLSearchParams(search);
  const country = countryByIso((q.get('country') ?? '').toUpperCase())?.value ?? '';
  const timeZone = canonicalTimeZone(q.get('tz') ?? '') ?? DEFAULT_TIME_ZONE;
  const p = q.get('period') ?? '';
  const period = (PERIODS as readonly string[]).includes(p) ? (p as Period) : DEFAULT_VIEW.period;
  const from = q.get('from'), to = q.get('to');
  const errors = validateDateRange(from, to, today);
  const range = !errors.from && !errors.to ? { from: from!, to: to! } : null;
  return { country, timeZone, period: range ? DEFAULT_VIEW.period : period, range };
}

/** The query string of a view (no leading '?'), '' for the default view. */
export function encodeDashboardView(v: DashboardView): string {
  const q = new URLSearchParams();
  if (v.country) q.set('country', v.country);
  if (v.timeZone !== DEFAULT_TIME_ZONE) q.set('tz', v.timeZone);
  if (v.range) {
    q.set('from', v.range.from);
    q.set('to', v.range.to);
  } else if (v.period !== DEFAULT_VIEW.period) q.set('period', v.period);
  return q.toString();
}
