/**
 * The service-log graph (spec §2, P-A33): which group each service-log result counts in, and the
 * endpoint's body. Periods, zones, ranges and ticks are the dashboard's (shared/metrics.ts).
 */
import { SERVICE_LOG_RESULTS } from './logs.js';

/** The four series, in card and legend order. */
export const SERVICE_LOG_SERIES = ['success', 'failed', 'in_progress', 'suspicious'] as const;
export type ServiceLogSeries = (typeof SERVICE_LOG_SERIES)[number];

/** Card titles (spec §2). */
export const SERVICE_LOG_SERIES_LABELS: Record<ServiceLogSeries, string> = {
  success: 'Success', failed: 'Failed', in_progress: 'In Progress', suspicious: 'Suspicious',
};

/**
 * Result → group, from spec §4's colours: green is success, warning is in progress, danger splits into
 * suspicious (the provider judged the traffic itself: spam, rate limits) and failed (everything else).
 * Migration 0024's service_log_group() is the SQL twin; a test holds them equal.
 */
export const SERVICE_LOG_GROUP: Record<(typeof SERVICE_LOG_RESULTS)[number], ServiceLogSeries> = {
  success: 'success', delivered: 'success',
  pending: 'in_progress', submitted: 'in_progress', accepted: 'in_progress', approved: 'in_progress', in_transit: 'in_progress',
  spam_detected: 'suspicious', rate_limited: 'suspicious',
  failed: 'failed', not_delivered: 'failed', undelivered: 'failed', undeliverable: 'failed', unknown: 'failed',
  expired_auth: 'failed', expired: 'failed', rejected: 'failed',
};

/** One chart row (spec §3): the local label of its unit and the four counts. */
export type ServiceLogPoint = { period: string } & Record<ServiceLogSeries, number>;

/** GET /admin/metrics/service-logs: the totals of the window (the cards) and its rows. */
export type ServiceLogMetrics = Record<ServiceLogSeries, number> & { data: ServiceLogPoint[] };
