/**
 * The dashboard's metrics: scope filters, the four 24-hour tiles, and the User Activities card (date
 * filters, legend cards that toggle series, the chart). Mounted in DashboardPage's body.
 */
import { useEffect } from 'react';
import { Link, useSearch } from 'wouter';
import { useSnapshot } from 'valtio';
import { useAbility } from '../../access';
import { canAccessRoute } from '../../../shared/abilities';
import { METRIC_SERIES, PERIOD_BUTTONS, type MetricsStatistic } from '../../../shared/metrics';
import { dashboard, leaveDashboard, syncDashboardUrl, toggleSeries, type DashboardProblem } from '../../state/dashboard';
import { ActivityChart } from './ActivityChart';
import { DateFilters, ScopeFilters } from './DashboardFilters';
import { SERIES_LABELS, seriesVar } from './chart-options';
import { seriesCaption, tilesCaption } from './spans';
import './dashboard.css';

/** `to`: the list the tile's number comes from, linked when the viewer may open it. */
const TILES: ReadonlyArray<{ label: string; key: keyof Omit<MetricsStatistic, 'data' | 'spans'>; tone: string; to?: string }> = [
  { label: 'New Signup 24h', key: 'signups', tone: 'signups' },
  { label: 'Login Last 24h', key: 'successful_logins', tone: 'successful-logins' },
  { label: 'Failed Login 24h', key: 'failed_logins', tone: 'failed-logins' },
  { label: 'Pending Applications 24h', key: 'pending_applications', tone: 'pending', to: '/pending-applications?tab=profile' },
];

const fmt = (n: number | undefined) => (n === undefined ? '—' : n.toLocaleString('en-US'));

/** Said where the numbers would be; a refusal is not an empty period (spec §8 keeps failures quiet: no toast). */
const NOTICES: Record<DashboardProblem, string> = {
  refused: 'Your role may not view user activity metrics.',
  failed: 'The metrics could not be loaded.',
};

export function DashboardMetrics() {
  const s = useSnapshot(dashboard);
  const ability = useAbility();
  const search = useSearch();
  // The URL holds the view: reload, Back/Forward and shared links land here with their query.
  useEffect(() => { void syncDashboardUrl(search); }, [search]);
  useEffect(() => leaveDashboard, []);
  const points = s.stats?.data ?? [];
  const totals = Object.fromEntries(METRIC_SERIES.map((k) => [k, points.reduce((n, p) => n + p[k], 0)]));
  const notice = s.problem ? NOTICES[s.problem] : null;
  const tilesSpan = tilesCaption(s.stats?.spans, s.timeZone);
  const seriesSpan = seriesCaption(s.stats?.spans, s.timeZone);
  const periodLabel = s.mode === 'range' ? 'Customised Date' : PERIOD_BUTTONS.find((b) => b.period === s.period)?.label;

  return (
    <section className="dash" aria-label="Metrics" aria-busy={s.loading}>
      <div className="dash-toolbar">
        <ScopeFilters />
        <span className={`dash-status${s.loading ? ' is-loading' : ''}`} aria-hidden={!s.loading}>
          {s.loading ? 'Updating…' : ''}
        </span>
      </div>

      <ul className="dash-tiles" aria-label="Last 24 hours">
        {TILES.map((t) => (
          <li key={t.key} className={`dash-tile tone-${t.tone}`}>
            <span className="dash-tile-label">{t.label}</span>
            <span className="dash-tile-value" data-testid={`tile-${t.key}`}>{fmt(s.stats?.[t.key])}</span>
            {t.to && canAccessRoute(ability, t.to, 'list') && <Link className="dash-tile-link" href={t.to}>Review the queue</Link>}
          </li>
        ))}
      </ul>
      {tilesSpan && <p className="dash-caption" data-testid="tiles-span">Tiles: {tilesSpan}</p>}

      <article className="dash-card" aria-labelledby="dash-activities-title">
        <header className="dash-card-head">
          <h2 id="dash-activities-title" className="dash-card-title">User Activities</h2>
          <DateFilters />
        </header>
        <div className="dash-legend" role="group" aria-label="Series">
          {METRIC_SERIES.map((k) => (
            <button key={k} type="button" className="dash-legend-card" aria-pressed={!s.hidden.includes(k)}
              onClick={() => toggleSeries(k)} title={s.hidden.includes(k) ? 'Show on the chart' : 'Hide from the chart'}>
              <i className="dash-swatch" style={{ background: `var(${seriesVar(k)})` }} />
              <span className="dash-legend-label">{SERIES_LABELS[k]}</span>
              <span className="dash-legend-total">{s.stats ? fmt(totals[k]) : '—'}</span>
            </button>
          ))}
        </div>
        <ActivityChart points={points} hidden={s.hidden} notice={notice}
          span={seriesSpan && `Totals ${seriesSpan} (${periodLabel})`} />
      </article>
    </section>
  );
}
