/** The service-log graph's filters and data: a chart view (chart-view.ts) at /servicegraph over P-A33. */
import { fetchServiceLogMetrics } from '../api/service-log-metrics';
import type { ServiceLogMetrics } from '../../shared/service-log-metrics';
import { createChartView } from './chart-view';

export const serviceGraphView = createChartView<ServiceLogMetrics>('/servicegraph', fetchServiceLogMetrics);
