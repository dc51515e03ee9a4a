/**
 * A metrics line chart (uPlot), sized to its card and redrawn on theme change: the dashboard's User
 * Activities by default, any other series (the service-log graph) through `series`.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import UplotReact from 'uplot-react';
import 'uplot/dist/uPlot.min.css';
import { useSnapshot } from 'valtio';
import { ui } from '../../state/ui';
import type { MetricPoint } from '../../../shared/metrics';
import {
  ACTIVITY_SERIES, chartData, chartOptions, pointLabel, readTheme, type ChartPoint, type ChartSeries, type ChartTheme,
} from './chart-options';

const HEIGHT = 300;

function useWidth(ref: React.RefObject<HTMLDivElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const ro = new ResizeObserver(() => setWidth(el.clientWidth));
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return width;
}

interface Props {
  points: readonly (MetricPoint | ChartPoint)[];
  hidden: readonly string[];
  /** The span the points (and so the legend totals) cover, when the server said it. */
  span: string | null;
  /** Why there is nothing to show, when it is not an empty period (a refusal, a failed load). */
  notice: string | null;
  /** What to draw; the User Activities series when left out. */
  series?: ChartSeries;
  /** The figure's accessible name. */
  title?: string;
}

export function ActivityChart({ points: raw, hidden, span, notice, series = ACTIVITY_SERIES, title = 'User Activities chart' }: Props) {
  const points = raw as readonly ChartPoint[];
  const dateOf = (p: ChartPoint) => String(p[series.labelKey]);
  const box = useRef<HTMLDivElement>(null);
  const width = useWidth(box);
  const theme = useSnapshot(ui).theme;
  const [colors, setColors] = useState<ChartTheme | null>(null);
  const [hover, setHover] = useState<number | null>(null);

  // The [data-theme] attribute flips before this effect runs, so the variables read are the new ones.
  useEffect(() => { if (box.current) setColors(readTheme(box.current, series)); }, [theme, series]);

  const options = useMemo(() => colors && chartOptions({
    points, hidden, width: Math.max(width, 320), height: HEIGHT, theme: colors, onHover: setHover, series,
  }), [points, hidden, width, colors, series]);
  const data = useMemo(() => chartData(points, series), [points, series]);
  const at = hover !== null ? points[hover] : undefined;

  return (
    <figure className="dash-chart" aria-label={title}>
      <figcaption className="dash-readout" aria-live="off">
        {at ? (
          <>
            <span className="dash-readout-date">{pointLabel(dateOf(at))}</span>
            {series.keys.filter((k) => !hidden.includes(k)).map((k) => (
              <span key={k} className="dash-readout-item">
                <i className="dash-swatch" style={{ background: `var(${series.varOf(k)})` }} />
                {series.labels[k]} <b>{Number(at[k]).toLocaleString('en-US')}</b>
              </span>
            ))}
          </>
        ) : (
          <span className={`dash-readout-hint${notice ? ' is-notice' : ''}`} data-testid="series-span">
            {/* The span the legend totals cover (1D starts on the hour of the zone, unlike the rolling 24 h tiles). */}
            {notice ?? (points.length === 0 ? 'No data for this period'
              : `${span ?? `${pointLabel(dateOf(points[0]!))} – ${pointLabel(dateOf(points[points.length - 1]!))}`} · hover the chart to read a point`)}
          </span>
        )}
      </figcaption>
      <div ref={box} className="dash-chart-box" style={{ height: HEIGHT }} onMouseLeave={() => setHover(null)}>
        {options && width > 0 && <UplotReact options={options} data={data} />}
      </div>
    </figure>
  );
}
