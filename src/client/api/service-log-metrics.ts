/** The service-log graph's data (openware-api.md P-A33); fork-only, so a stock Barong answers 404. */
import { request } from './http';
import type { MetricsParams } from './metrics';
import type { ServiceLogMetrics } from '../../shared/service-log-metrics';

export function fetchServiceLogMetrics(params: MetricsParams): Promise<ServiceLogMetrics> {
  return request<ServiceLogMetrics>('auth', 'GET', '/admin/metrics/service-logs', { query: params });
}
