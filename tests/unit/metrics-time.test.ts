import { describe, it, expect } from 'vitest';
import {
  isTimeZone, nextUnitStart, offsetAt, seriesSlots, unitLabel, unitStart, wallToUtc,
} from '../../src/shared/metrics-time.js';

const T = (s: string) => Date.parse(s);
const iso = (ms: number) => new Date(ms).toISOString();

describe('zone arithmetic', () => {
  it('knows real zones and rejects made-up ones', () => {
    for (const z of ['UTC', 'Asia/Kolkata', 'Asia/Kathmandu', 'America/St_Johns']) expect(isTimeZone(z)).toBe(true);
    for (const z of ['Mars/Olympus', '', 'UTC; DROP TABLE', 'x'.repeat(100)]) expect(isTimeZone(z)).toBe(false);
  });

  it('reads quarter-hour offsets', () => {
    expect(offsetAt('Asia/Kolkata', T('2026-11-20T12:00:00Z'))).toBe(330 * 60_000);
    expect(offsetAt('Asia/Kathmandu', T('2026-11-20T12:00:00Z'))).toBe(345 * 60_000);
    expect(offsetAt('America/St_Johns', T('2026-11-20T12:00:00Z'))).toBe(-210 * 60_000);
  });

  it('finds local midnight in UTC for non-hour offsets', () => {
    expect(iso(wallToUtc('Asia/Kathmandu', 2026, 11, 20))).toBe('2026-11-19T18:15:00.000Z');
    expect(iso(wallToUtc('Asia/Kolkata', 2026, 11, 20))).toBe('2026-11-19T18:30:00.000Z');
    expect(iso(wallToUtc('America/St_Johns', 2026, 11, 20))).toBe('2026-11-20T03:30:00.000Z');
  });

  it('takes the earlier instant of a repeated wall time and the change instant of a skipped one', () => {
    // New York, 2026-11-01: 01:30 happens at 05:30Z (EDT) and again at 06:30Z (EST).
    expect(iso(wallToUtc('America/New_York', 2026, 11, 1, 1, 30))).toBe('2026-11-01T05:30:00.000Z');
    // 2026-03-08 02:30 never happens; read with the offset before the change (EST): 07:30Z.
    expect(iso(wallToUtc('America/New_York', 2026, 3, 8, 2, 30))).toBe('2026-03-08T07:30:00.000Z');
    // Santiago skips local midnight (2026-09-06 00:00 → 01:00): the day starts at the change.
    const start = wallToUtc('America/Santiago', 2026, 9, 6);
    expect(unitLabel('America/Santiago', 'day', start)).toBe('2026-09-06');
    expect(unitLabel('America/Santiago', 'day', start - 1)).toBe('2026-09-05');
  });

  it('cuts days of 23 and 25 hours across DST changes', () => {
    const spring = seriesSlots('America/New_York', 'day', T('2026-03-07T05:00:00Z'), T('2026-03-10T04:00:00Z'));
    expect(spring.map((s) => [s.date, (s.end - s.start) / 3_600_000])).toEqual([
      ['2026-03-07', 24], ['2026-03-08', 23], ['2026-03-09', 24],
    ]);
    const fall = seriesSlots('America/New_York', 'day', T('2026-11-01T04:00:00Z'), T('2026-11-02T05:00:00Z'));
    expect(fall.map((s) => [s.date, (s.end - s.start) / 3_600_000])).toEqual([['2026-11-01', 25]]);
  });

  it('keeps a repeated local hour as one slot and starts a half-hour-shifted hour where it begins', () => {
    const ny = seriesSlots('America/New_York', 'hour', T('2026-11-01T04:00:00Z'), T('2026-11-01T08:00:00Z'));
    expect(ny.map((s) => [s.date, iso(s.start)])).toEqual([
      ['2026-11-01 00:00', '2026-11-01T04:00:00.000Z'],
      ['2026-11-01 01:00', '2026-11-01T05:00:00.000Z'],
      ['2026-11-01 02:00', '2026-11-01T07:00:00.000Z'],
    ]);
    // Lord Howe goes from +10:30 to +11 at 02:00 local on 2026-10-04 (15:30Z): 02:00-02:30 never happens.
    const lh = seriesSlots('Australia/Lord_Howe', 'hour', T('2026-10-03T14:30:00Z'), T('2026-10-03T17:00:00Z'));
    expect(lh.map((s) => [s.date.slice(11), iso(s.start).slice(11, 16)])).toEqual([
      ['01:00', '14:30'], ['02:00', '15:30'], ['03:00', '16:00'],
    ]);
    expect(unitStart('Australia/Lord_Howe', 'hour', T('2026-10-03T15:45:00Z'))).toBe(T('2026-10-03T15:30:00Z'));
  });

  it('labels each unit in local time', () => {
    const t = T('2026-11-20T19:00:00Z'); // 00:45 on the 21st in Kathmandu
    expect(unitLabel('Asia/Kathmandu', 'hour', unitStart('Asia/Kathmandu', 'hour', t))).toBe('2026-11-21 00:00');
    expect(unitLabel('Asia/Kathmandu', 'day', unitStart('Asia/Kathmandu', 'day', t))).toBe('2026-11-21');
    expect(unitLabel('UTC', 'month', unitStart('UTC', 'month', t))).toBe('2026-11');
    expect(unitLabel('UTC', 'year', unitStart('UTC', 'year', t))).toBe('2026');
    expect(iso(nextUnitStart('Asia/Kolkata', 'month', unitStart('Asia/Kolkata', 'month', t)))).toBe('2026-11-30T18:30:00.000Z');
  });

  it('refuses unbounded series', () => {
    expect(() => seriesSlots('UTC', 'day', 0, T('2026-01-01T00:00:00Z'), 100)).toThrow(RangeError);
  });
});
