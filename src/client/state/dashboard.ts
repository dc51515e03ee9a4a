/**
 * The dashboard's filters and the data they select: a chart view (chart-view.ts) at /dashboard over
 * GET /admin/metrics/statistic. The names below are the dashboard's spelling of the view's actions.
 */
import { fetchMetricsStatistic } from '../api/metrics';
import type { MetricSeries, MetricsStatistic } from '../../shared/metrics';
import { createChartView, type ChartProblem } from './chart-view';

export { localToday } from './chart-view';
export type DashboardProblem = ChartProblem;

export const dashboardView = createChartView<MetricsStatistic>('/dashboard', fetchMetricsStatistic);
export const dashboard = dashboardView.state;

export const syncDashboardUrl = dashboardView.sync;
export const leaveDashboard = dashboardView.leave;
export const setPeriod = dashboardView.setPeriod;
export const setCountry = dashboardView.setCountry;
export const setTimeZone = dashboardView.setTimeZone;
export const setRangeField = dashboardView.setRangeField;
export const applyRange = dashboardView.applyRange;
export const toggleSeries = (key: MetricSeries): void => dashboardView.toggleSeries(key);
export const resetDashboard = dashboardView.reset;
