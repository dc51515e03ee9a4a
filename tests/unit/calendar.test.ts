/**
 * Dates read strictly (shared/calendar.ts): a day the calendar has, a time the clock has. Date.parse took
 * 2026-02-30 as 2 March and PostgreSQL refused it (500); new Date('2026-13-01').toISOString() threw.
 */
import { describe, expect, it } from 'vitest';
import { isCalendarDay, isIsoDateTime } from '../../src/shared/calendar.js';

describe('isCalendarDay', () => {
  it.each(['2026-02-28', '2024-02-29', '2000-02-29', '2026-12-31', '0001-01-01', '9999-12-31'])('takes %s', (d) => expect(isCalendarDay(d)).toBe(true));
  it.each(['2026-02-29', '1900-02-29', '2026-02-30', '2026-13-01', '2026-00-10', '2026-11-31', '2026-04-31', '2026-01-00', '0000-01-01',
    '2026-1-01', '2026-01-01T00:00Z', ' 2026-01-01', '', 20260101, null])('refuses %s', (d) => expect(isCalendarDay(d)).toBe(false));
});

describe('isIsoDateTime', () => {
  it.each(['2026-11-30T23:59:59Z', '2026-11-30T23:59Z', '2026-11-30T00:00:00.123456+05:30', '2026-11-30T12:00:00-0800', '2024-02-29T12:00:00+15:59'])(
    'takes %s', (d) => expect(isIsoDateTime(d)).toBe(true));
  it.each(['2026-11-31T23:00Z', '2026-11-31T25:00Z', '2026-11-30T24:00:00Z', '2026-11-30T23:60:00Z', '2026-11-30T23:59:60Z', '2026-02-30T00:00:00Z',
    '2026-13-01T00:00:00Z', '2026-11-30T12:00:00+16:00', '2026-11-30T12:00:00+05:60', '2026-11-30T12:00:00', '2026-11-30', '2026-11-30T12:00:00.1234567Z'])(
    'refuses %s', (d) => expect(isIsoDateTime(d)).toBe(false));
});
