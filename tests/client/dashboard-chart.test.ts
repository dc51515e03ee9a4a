import { describe, expect, it } from 'vitest';
import type uPlot from 'uplot';
import { chartData, chartOptions, pointLabel, tickLabel } from '../../src/client/screens/dashboard/chart-options';
import type { MetricPoint } from '../../src/shared/metrics';

const theme = {
  text: '#666', grid: '#eee',
  colors: { signups: '#1', signups_email: '#2', signups_phone: '#3', successful_logins: '#4', failed_logins: '#5' },
};
const points = (n: number, date: (i: number) => string): MetricPoint[] => Array.from({ length: n }, (_, i) => ({
  date: date(i), signups: i, signups_email: i, signups_phone: 0, successful_logins: 2 * i, failed_logins: 1,
}));
const day = (i: number) => `2026-11-${String(i + 1).padStart(2, '0')}`;

function xTicks(pts: MetricPoint[]) {
  const o = chartOptions({ points: pts, hidden: [], width: 800, height: 300, theme, onHover: () => {} });
  const axis = o.axes![0]!;
  const u = {} as uPlot;
  const splits = (axis.splits as (u: uPlot, i: number, min: number, max: number) => number[])(u, 0, 0, pts.length - 1);
  return (axis.values as (u: uPlot, s: number[]) => string[])(u, splits);
}

describe('User Activities chart', () => {
  it('thins x labels: every point up to 10, every 2nd to 25, every 8th above', () => {
    expect(xTicks(points(7, day))).toEqual(['Nov 1', 'Nov 2', 'Nov 3', 'Nov 4', 'Nov 5', 'Nov 6', 'Nov 7']);
    expect(xTicks(points(24, (i) => `2026-11-20 ${String(i).padStart(2, '0')}:00`)))
      .toEqual(['Nov 20', '02:00', '04:00', '06:00', '08:00', '10:00', '12:00', '14:00', '16:00', '18:00', '20:00', '22:00']);
    expect(xTicks(points(30, day))).toEqual(['Nov 1', 'Nov 9', 'Nov 17', 'Nov 25']);
  });

  it('labels months, years and the hover read-out', () => {
    expect(tickLabel('2026-03')).toBe('Mar 2026');
    expect(tickLabel('2026')).toBe('2026');
    expect(pointLabel('2026-11-20 14:00')).toBe('Nov 20, 2026 14:00');
    expect(pointLabel('2026-11-20')).toBe('Nov 20, 2026');
  });

  it('hides toggled series and keeps counts as columns by index', () => {
    const pts = points(3, day);
    const o = chartOptions({ points: pts, hidden: ['signups_phone'], width: 800, height: 300, theme, onHover: () => {} });
    expect(o.series.slice(1).map((s) => [s.label, s.show])).toEqual([
      ['Signups', true], ['Signups with email', true], ['Signups with phone', false],
      ['Successful Logins', true], ['Failed Logins', true],
    ]);
    expect(chartData(pts)).toEqual([[0, 1, 2], [0, 1, 2], [0, 1, 2], [0, 0, 0], [0, 2, 4], [1, 1, 1]]);
  });
});
