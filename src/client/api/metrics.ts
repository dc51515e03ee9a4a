/**
 * Dashboard data (openware-api.md P-A40). Against a stock Barong, which has no /metrics/statistic,
 * the console falls back to GET /admin/metrics and derives what it can: per-date counts become a
 * daily series (no email/phone split there) and the tiles are their sums.
 */
import { ApiError, request, type Query } from './http';
import type { BarongMetrics, MetricPoint, MetricsStatistic } from '../../shared/metrics';

export type MetricsParams = Query & {
  period?: string; from?: string; to?: string; country_code?: string; timezone?: string;
};

function fromBarong(b: BarongMetrics): MetricsStatistic {
  const dates = [...new Set([...Object.keys(b.signups ?? {}), ...Object.keys(b.sucessful_logins ?? {}),
    ...Object.keys(b.failed_logins ?? {})])].sort();
  const data: MetricPoint[] = dates.map((date) => ({
    date,
    signups: b.signups?.[date] ?? 0,
    signups_email: 0,
    signups_phone: 0,
    successful_logins: b.sucessful_logins?.[date] ?? 0,
    failed_logins: b.failed_logins?.[date] ?? 0,
  }));
  const sum = (k: 'signups' | 'successful_logins' | 'failed_logins') => data.reduce((n, p) => n + p[k], 0);
  return {
    signups: sum('signups'), successful_logins: sum('successful_logins'), failed_logins: sum('failed_logins'),
    pending_applications: b.pending_applications ?? 0, data,
  };
}

/** Codes of a call the role may not make (ability and permission refusals), as opposed to a failure. */
const REFUSALS: readonly string[] = ['admin.ability.not_permitted', 'authz.invalid_permission', 'authz.permission_denied'];

/** Whether an error says the caller may not make this call, rather than that it failed. */
export function isRefusal(err: unknown): boolean {
  return err instanceof ApiError && (err.code === 401 || err.code === 403) && err.messages.some((m) => REFUSALS.includes(m));
}

export async function fetchMetricsStatistic(params: MetricsParams): Promise<MetricsStatistic> {
  try {
    return await request<MetricsStatistic>('auth', 'GET', '/admin/metrics/statistic', { query: params });
  } catch (err) {
    if (!(err instanceof ApiError) || err.code !== 404) throw err;
    const { from, to } = params;
    return fromBarong(await request<BarongMetrics>('auth', 'GET', '/admin/metrics', { query: { from, to } }));
  }
}
