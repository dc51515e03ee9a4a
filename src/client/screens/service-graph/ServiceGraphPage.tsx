/**
 * /servicegraph (spec §2 "Service logs graph"): country and zone, four cards (Success, Failed, In
 * Progress, Suspicious) that show the window's totals and each toggle its series, the period buttons
 * or a Customised Date, and the line chart. Everything but the cards is the dashboard's, driven by
 * this screen's own chart view.
 */
import { useEffect } from 'react';
import { useSearch } from 'wouter';
import { useSnapshot } from 'valtio';
import type { ScreenProps } from '../../routes';
import { PERIOD_BUTTONS } from '../../../shared/metrics';
import { SERVICE_LOG_SERIES, SERVICE_LOG_SERIES_LABELS } from '../../../shared/service-log-metrics';
import { serviceGraphView as view } from '../../state/service-graph';
import type { ChartProblem } from '../../state/chart-view';
import { ActivityChart } from '../dashboard/ActivityChart';
import { DateFilters, ScopeFilters } from '../dashboard/DashboardFilters';
import type { ChartSeries } from '../dashboard/chart-options';
import '../dashboard/dashboard.css';
import './service-graph.css';

/** Colour variables per series (service-graph.css: Success green, Failed blue, In Progress pink, Suspicious red). */
const SERIES: ChartSeries = {
  keys: SERVICE_LOG_SERIES, labels: SERVICE_LOG_SERIES_LABELS, varOf: (k) => `--series-sl-${k.replace(/_/g, '-')}`, labelKey: 'period',
};

const NOTICES: Record<ChartProblem, string> = {
  refused: 'Your role may not view service-log metrics.',
  failed: 'The service-log metrics could not be loaded.',
};

const fmt = (n: number | undefined) => (n === undefined ? '—' : n.toLocaleString('en-US'));

export default function ServiceGraphPage(_props: ScreenProps) {
  const s = useSnapshot(view.state);
  const search = useSearch();
  // The URL holds the view, as on the dashboard: reload, Back/Forward and shared links restore it.
  useEffect(() => { void view.sync(search); }, [search]);
  useEffect(() => view.leave, []);
  const points = s.stats?.data ?? [];
  const periodLabel = s.mode === 'range' ? 'Customised Date' : PERIOD_BUTTONS.find((b) => b.period === s.period)?.label;

  return (
    <div className="page">
      <section className="dash" aria-label="Service logs graph" aria-busy={s.loading}>
        <div className="dash-toolbar">
          <ScopeFilters view={view} label="Service logs scope" />
          <span className={`dash-status${s.loading ? ' is-loading' : ''}`} aria-hidden={!s.loading}>
            {s.loading ? 'Updating…' : ''}
          </span>
        </div>
        <article className="dash-card" aria-labelledby="sg-title">
          <header className="dash-card-head">
            <h2 id="sg-title" className="dash-card-title">Service Logs</h2>
            <DateFilters view={view} />
          </header>
          <div className="dash-legend" role="group" aria-label="Series">
            {SERVICE_LOG_SERIES.map((k) => (
              <button key={k} type="button" className="dash-legend-card" aria-pressed={!s.hidden.includes(k)}
                onClick={() => view.toggleSeries(k)} title={s.hidden.includes(k) ? 'Show on the chart' : 'Hide from the chart'}>
                <i className="dash-swatch" style={{ background: `var(${SERIES.varOf(k)})` }} />
                <span className="dash-legend-label">{SERVICE_LOG_SERIES_LABELS[k]}</span>
                <span className="dash-legend-total" data-testid={`card-${k}`}>{fmt(s.stats?.[k])}</span>
              </button>
            ))}
          </div>
          <ActivityChart points={points} hidden={s.hidden} series={SERIES} title="Service logs chart"
            notice={s.problem ? NOTICES[s.problem] : null} span={periodLabel ? `Totals (${periodLabel})` : null} />
        </article>
      </section>
    </div>
  );
}
