import { describe, it, expect } from 'vitest';
import {
  dateRangeParams, dateRangeToUtc, parseInstant, parseMetricsQuery, seriesWindow, tickIndexes, tickStep,
  validateDateRange, type MetricsQuery,
} from '../../src/shared/metrics.js';

const T = (s: string) => Date.parse(s);

describe('tick thinning (spec §9)', () => {
  it('labels every point up to 10, every 2nd up to 25, every 8th above', () => {
    expect([1, 10, 11, 25, 26, 60].map(tickStep)).toEqual([1, 1, 2, 2, 8, 8]);
    expect(tickIndexes(10)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(tickIndexes(11)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(tickIndexes(30)).toEqual([0, 8, 16, 24]);
    expect(tickIndexes(0)).toEqual([]);
  });
});

describe('statistic query validation', () => {
  it('defaults to the daily period in UTC for all countries', () => {
    expect(parseMetricsQuery({})).toEqual({ ok: true, value: { period: 'daily', range: null, country: null, timeZone: 'UTC' } });
    const r = parseMetricsQuery({ period: 'yearly', timezone: 'Asia/Kathmandu', country_code: 'np' });
    expect(r).toEqual({ ok: true, value: { period: 'yearly', range: null, country: 'NP', timeZone: 'Asia/Kathmandu' } });
  });

  it('collects one code per problem', () => {
    expect(parseMetricsQuery({ period: 'hourly', timezone: 'Nowhere/City', country_code: 'USA', from: 'x', to: '5' }))
      .toEqual({ ok: false, errors: [
        'admin.metrics.invalid_period', 'admin.metrics.invalid_timezone',
        'admin.metrics.invalid_country_code', 'admin.metrics.invalid_range',
      ] });
  });

  it('rejects reversed, one-sided, repeated and oversized ranges', () => {
    const bad = ['admin.metrics.invalid_range'];
    expect(parseMetricsQuery({ from: '200', to: '100' })).toEqual({ ok: false, errors: bad });
    expect(parseMetricsQuery({ from: '100' })).toEqual({ ok: false, errors: bad });
    expect(parseMetricsQuery({ from: ['1', '2'], to: '100' })).toEqual({ ok: false, errors: bad });
    expect(parseMetricsQuery({ from: '0', to: String(3661 * 86400) })).toEqual({ ok: false, errors: bad });
  });

  it('reads epoch seconds and ISO, treating the end as inclusive at its own precision', () => {
    expect(parseInstant('1763596800')).toBe(1763596800_000);
    expect(parseInstant('1763683199', true)).toBe(1763683200_000);
    expect(parseInstant('2026-11-20T23:59:59.999Z', true)).toBe(T('2026-11-21T00:00:00Z'));
    expect(parseInstant('20 Nov 2026')).toBeNull();
    expect(parseInstant('-5')).toBeNull();
    const r = parseMetricsQuery({ from: '2026-11-01T00:00:00Z', to: String(T('2026-11-21T00:00:00Z') / 1000 - 1) });
    expect(r.ok && r.value.range).toEqual({ from: T('2026-11-01T00:00:00Z'), to: T('2026-11-21T00:00:00Z') });
  });
});

describe('series windows', () => {
  const q = (period: MetricsQuery['period'], timeZone = 'UTC', range: MetricsQuery['range'] = null): MetricsQuery =>
    ({ period, timeZone, range, country: null });
  const now = T('2026-11-20T12:34:00Z');

  it('cuts 1D into 24 hours, 1W into 7 days, 1M into 30 days and 1Y into 12 months, ending now', () => {
    const d = seriesWindow(q('daily', 'Asia/Kolkata'), now, null).slots;
    expect(d).toHaveLength(24);
    expect(d[23]).toMatchObject({ date: '2026-11-20 18:00', start: T('2026-11-20T12:30:00Z'), end: now + 1 });
    expect(d[0]!.date).toBe('2026-11-19 19:00');
    expect(seriesWindow(q('weekly'), now, null).slots.map((s) => s.date)).toEqual(
      ['2026-11-14', '2026-11-15', '2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20']);
    const m = seriesWindow(q('monthly', 'America/St_Johns'), now, null).slots;
    expect([m.length, m[0]!.date, m[29]!.date]).toEqual([30, '2026-10-22', '2026-11-20']);
    const y = seriesWindow(q('yearly'), now, null).slots;
    expect([y.length, y[0]!.date, y[11]!.date]).toEqual([12, '2025-12', '2026-11']);
  });

  it('runs All monthly from the first activity, yearly past five years', () => {
    const a = seriesWindow(q('all'), now, T('2026-09-15T00:00:00Z'));
    expect([a.unit, a.slots.map((s) => s.date)]).toEqual(['month', ['2026-09', '2026-10', '2026-11']]);
    expect(seriesWindow(q('all'), now, null).slots.map((s) => s.date)).toEqual(['2026-11']);
    const long = seriesWindow(q('all'), now, T('2019-03-01T00:00:00Z'));
    expect([long.unit, long.slots[0]!.date, long.slots.length]).toEqual(['year', '2019', 8]);
  });

  it('cuts a custom range into local days and stops at now', () => {
    const r = seriesWindow(q('daily', 'Asia/Kathmandu', { from: T('2026-11-18T00:00:00Z'), to: T('2026-11-22T00:00:00Z') }), now, null);
    expect(r.slots.map((s) => s.date)).toEqual(['2026-11-18', '2026-11-19', '2026-11-20']);
    expect(r.slots[0]!.start).toBe(T('2026-11-18T00:00:00Z'));
    expect(r.slots[2]!.end).toBe(now + 1);
  });
});

describe('Customised Date (spec §5)', () => {
  const today = '2026-11-20';
  it('needs both dates, none after today, the end not before the start', () => {
    expect(validateDateRange('', null, today)).toEqual({ from: 'required', to: 'required' });
    expect(validateDateRange('2026-11-01', '', today)).toEqual({ to: 'required' });
    expect(validateDateRange('2026-02-30', '2026-03-01', today)).toEqual({ from: 'required' });
    expect(validateDateRange('2026-11-21', '2026-11-22', today)).toEqual({ from: 'after_today', to: 'after_today' });
    expect(validateDateRange('2026-11-10', '2026-11-09', today)).toEqual({ to: 'end_before_start' });
    expect(validateDateRange('2026-11-10', '2026-11-10', today)).toEqual({});
    expect(validateDateRange('2026-11-01', today, today)).toEqual({});
  });

  it('sends the start of the first day and the end of the last, in UTC', () => {
    const r = dateRangeToUtc('2026-11-01', '2026-11-20');
    expect([r.from.toISOString(), r.to.toISOString()]).toEqual(['2026-11-01T00:00:00.000Z', '2026-11-20T23:59:59.999Z']);
    const p = dateRangeParams('2026-11-01', '2026-11-20');
    expect(p).toEqual({ from: String(T('2026-11-01T00:00:00Z') / 1000), to: String(T('2026-11-21T00:00:00Z') / 1000 - 1) });
    // The server reads the end second as inclusive: back to the start of the next day.
    expect(parseInstant(p.to, true)).toBe(T('2026-11-21T00:00:00Z'));
  });
});
