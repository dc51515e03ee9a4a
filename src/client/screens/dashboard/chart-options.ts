/**
 * A metrics line chart as uPlot options (the dashboard's User Activities, the service-log graph):
 * points on an index axis (the server already cut the window into local hours, days or months and
 * labelled them), tick labels thinned by spec §9, and colours read from the theme's CSS variables so
 * light and dark both look right. Which series and which label field are the caller's (`ChartSeries`).
 */
import type uPlot from 'uplot';
import { METRIC_SERIES, tickIndexes, type MetricPoint, type MetricSeries } from '../../../shared/metrics';

export const SERIES_LABELS: Record<MetricSeries, string> = {
  signups: 'Signups',
  signups_email: 'Signups with email',
  signups_phone: 'Signups with phone',
  successful_logins: 'Successful Logins',
  failed_logins: 'Failed Logins',
};

/** The CSS custom property holding each series' colour (dashboard.css, per theme). */
export const seriesVar = (key: string) => `--series-${key.replace(/_/g, '-')}`;

/** What a chart draws: its series (key, label, colour variable, in legend order) and each point's label field. */
export interface ChartSeries { keys: readonly string[]; labels: Readonly<Record<string, string>>; varOf: (key: string) => string; labelKey: string }

/** A chart point: its label field plus one count per series key. */
export type ChartPoint = Readonly<Record<string, string | number>>;

/** The User Activities chart's series. */
export const ACTIVITY_SERIES: ChartSeries = { keys: METRIC_SERIES, labels: SERIES_LABELS, varOf: seriesVar, labelKey: 'date' };

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A short tick label for a point's date: '14:00' for hours (the date at midnight), 'Nov 20' for days,
 * 'Nov 2026' for months, the year as is.
 */
export function tickLabel(date: string): string {
  const m = /^(\d{4})-(\d{2})(?:-(\d{2}))?(?: (\d{2}):00)?$/.exec(date);
  if (!m) return date;
  const [, y, mo, d, h] = m;
  const month = MONTHS[Number(mo) - 1] ?? mo;
  if (h !== undefined) return h === '00' ? `${month} ${Number(d)}` : `${h}:00`;
  if (d !== undefined) return `${month} ${Number(d)}`;
  return `${month} ${y}`;
}

/** The long form for the hover read-out and the spans: 'Nov 20, 2026 14:00' (or 14:37), 'Nov 20, 2026', 'Nov 2026'. */
export function pointLabel(date: string): string {
  const m = /^(\d{4})-(\d{2})(?:-(\d{2}))?(?: (\d{2}:\d{2}))?$/.exec(date);
  if (!m) return date;
  const [, y, mo, d, hm] = m;
  const month = MONTHS[Number(mo) - 1] ?? mo;
  if (d === undefined) return `${month} ${y}`;
  return `${month} ${Number(d)}, ${y}${hm ? ` ${hm}` : ''}`;
}

/** uPlot's columns: x = point index, then one column per series in legend order. */
export function chartData(points: readonly ChartPoint[], series: ChartSeries = ACTIVITY_SERIES): uPlot.AlignedData {
  return [points.map((_, i) => i), ...series.keys.map((k) => points.map((p) => Number(p[k])))];
}

export interface ChartTheme { text: string; grid: string; colors: Record<string, string> }

/** Reads the theme's colours off an element inside the themed tree. */
export function readTheme(el: Element, series: ChartSeries = ACTIVITY_SERIES): ChartTheme {
  const css = getComputedStyle(el);
  const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  const colors = Object.fromEntries(series.keys.map((k) => [k, v(series.varOf(k), '#4f5bd5')]));
  return { text: v('--text-3', '#6b7280'), grid: v('--border', '#e3e6eb'), colors };
}

export function chartOptions(opts: {
  points: readonly (MetricPoint | ChartPoint)[]; hidden: readonly string[]; width: number; height: number; theme: ChartTheme;
  onHover: (index: number | null) => void; series?: ChartSeries;
}): uPlot.Options {
  const { points, theme } = opts;
  const series = opts.series ?? ACTIVITY_SERIES;
  const n = points.length;
  const axisFont = '11px Inter, ui-sans-serif, system-ui, sans-serif';
  return {
    width: opts.width,
    height: opts.height,
    legend: { show: false },
    cursor: { drag: { x: false, y: false }, points: { size: 7 } },
    scales: {
      x: { time: false, range: [0, Math.max(1, n - 1)] },
      // Counts: start at zero, and leave headroom so the top line never touches the frame.
      y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.15))] },
    },
    series: [
      {},
      ...series.keys.map((k) => ({
        label: series.labels[k],
        show: !opts.hidden.includes(k),
        stroke: theme.colors[k],
        width: 2,
        points: { show: n <= 31, size: 5, fill: theme.colors[k] },
      })),
    ],
    axes: [
      {
        stroke: theme.text, font: axisFont, grid: { show: false }, ticks: { stroke: theme.grid, size: 4 },
        splits: () => tickIndexes(n),
        values: (_u, splits) => splits.map((i) => (points[i] ? tickLabel(String((points[i] as ChartPoint)[series.labelKey])) : '')),
      },
      {
        stroke: theme.text, font: axisFont, size: 48, ticks: { show: false },
        grid: { stroke: theme.grid, width: 1 },
        // Whole numbers only: a count of 2.5 logins means nothing.
        incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1e3, 2e3, 5e3, 1e4, 2e4, 5e4, 1e5, 2e5, 5e5, 1e6, 1e7],
        values: (_u, splits) => splits.map((v) => v.toLocaleString('en-US')),
      },
    ],
    hooks: { setCursor: [(u) => opts.onHover(u.cursor.idx ?? null)] },
  };
}
