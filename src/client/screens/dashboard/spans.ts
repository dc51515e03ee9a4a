/**
 * What each dashboard figure covers, in words. The tiles count a rolling 24 hours up to the moment of
 * the answer; the legend totals count the chart's points, whose first one starts on a boundary of the
 * selected zone (1D: 23 whole local hours and the current one so far). At the same moment the two differ,
 * so each says its own span, in the selected zone, to the minute.
 */
import { zonedFields } from '../../../shared/metrics-time';
import type { MetricsStatistic, Span } from '../../../shared/metrics';
import { pointLabel } from './chart-options';

const pad = (n: number) => String(n).padStart(2, '0');

/** 'Nov 23, 2026 14:37': the minute an instant falls in, in the zone. */
export function instantLabel(ms: number, timeZone: string): string {
  const f = zonedFields(timeZone, ms);
  return pointLabel(`${f.year}-${pad(f.month)}-${pad(f.day)} ${pad(f.hour)}:${pad(f.minute)}`);
}

export const zoneLabel = (timeZone: string): string => timeZone.replace(/_/g, ' ');

/** The last moment a span counts (its end is excluded), as a minute label. */
const lastMoment = (s: Span, timeZone: string) => instantLabel(Date.parse(s.to) - 1, timeZone);

/** 'Last 24 h, until Nov 23, 2026 14:37 UTC'; null when the server did not say (stock Barong). */
export function tilesCaption(spans: MetricsStatistic['spans'], timeZone: string): string | null {
  if (!spans) return null;
  return `Last 24 h, until ${lastMoment(spans.tiles, timeZone)} ${zoneLabel(timeZone)}`;
}

/** 'Nov 22, 2026 15:00 – Nov 23, 2026 14:37 UTC': the span the legend totals and the chart cover. */
export function seriesCaption(spans: MetricsStatistic['spans'], timeZone: string): string | null {
  if (!spans?.series) return null;
  const s = spans.series;
  return `${instantLabel(Date.parse(s.from), timeZone)} – ${lastMoment(s, timeZone)} ${zoneLabel(timeZone)}`;
}
