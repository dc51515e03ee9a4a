/**
 * Times the dashboard queries exactly as the routes run them (metricsStatistic), for the benchmark
 * CLI and for ad-hoc runs against a loaded database. No HTTP, no session: only SQL plus the window
 * arithmetic.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../schema.js';
import { metricsStatistic } from './metrics.js';
import type { MetricsQuery, Period } from '../../../shared/metrics.js';

export interface MetricsBenchCase { period: Period | 'range'; timeZone: string; country: string | null }
export interface MetricsBenchResult extends MetricsBenchCase { points: number; p50: number; p95: number; max: number }

export const DEFAULT_BENCH_ZONES = ['UTC', 'Asia/Kathmandu', 'America/New_York'];

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

/**
 * Runs every case `runs` times (after one warm-up) and reports milliseconds. `range` cases ask for
 * the last 90 days as a custom date range.
 */
export async function benchMetricQueries(
  db: Kysely<DB>,
  opts: { now?: Date; runs?: number; zones?: string[]; periods?: MetricsBenchCase['period'][]; countries?: (string | null)[] } = {},
): Promise<MetricsBenchResult[]> {
  const now = opts.now ?? new Date();
  const runs = opts.runs ?? 20;
  const out: MetricsBenchResult[] = [];
  for (const timeZone of opts.zones ?? DEFAULT_BENCH_ZONES) {
    for (const period of opts.periods ?? ['daily', 'monthly', 'all', 'range']) {
      for (const country of opts.countries ?? [null]) {
        const query: MetricsQuery = period === 'range'
          ? { period: 'daily', timeZone, country, range: { from: now.getTime() - 90 * 86_400_000, to: now.getTime() } }
          : { period, timeZone, country, range: null };
        let points = (await metricsStatistic(db, query, now)).data.length;
        const times: number[] = [];
        for (let i = 0; i < runs; i++) {
          const t0 = performance.now();
          points = (await metricsStatistic(db, query, now)).data.length;
          times.push(performance.now() - t0);
        }
        times.sort((a, b) => a - b);
        const round = (n: number) => Math.round(n * 10) / 10;
        out.push({ period, timeZone, country, points, p50: round(quantile(times, 0.5)), p95: round(quantile(times, 0.95)), max: round(times.at(-1)!) });
      }
    }
  }
  return out;
}
