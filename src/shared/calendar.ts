/**
 * Dates and times as text, read strictly: a day the calendar has, a time the clock has. Date.parse is
 * lenient where PostgreSQL is not — it reads 2026-02-30 as 2 March and 2026-11-31T23:00Z as 1 December,
 * which PostgreSQL refuses (a 500 once the text reached a date column), and new Date('2026-13-01') is an
 * Invalid Date whose toISOString() throws — so every date a request carries is checked here first.
 */

/** YYYY-MM-DD. */
export const DAY_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;
/** ISO-8601 date and time with a zone: minutes at least, seconds and up to 6 fraction digits optional. */
export const DATE_TIME_TEXT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(?:Z|[+-](\d{2}):?(\d{2}))$/;

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const leap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/** Year 1 on (PostgreSQL has no year 0), a month of 12, a day of that month. */
function realDay(y: string, m: string, d: string): boolean {
  const [year, month, day] = [Number(y), Number(m), Number(d)];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  return day <= (month === 2 && leap(year) ? 29 : DAYS[month - 1]!);
}

/** A real calendar day as YYYY-MM-DD. */
export function isCalendarDay(v: unknown): v is string {
  const m = typeof v === 'string' ? DAY_TEXT.exec(v) : null;
  return !!m && realDay(m[1]!, m[2]!, m[3]!);
}

/**
 * A real instant as ISO-8601 with a zone: a real day, hours 00–23, minutes and seconds 00–59, a zone
 * offset within ±15:59 (PostgreSQL's bound).
 */
export function isIsoDateTime(v: unknown): v is string {
  const m = typeof v === 'string' && v.length <= 40 ? DATE_TIME_TEXT.exec(v) : null;
  if (!m || !realDay(m[1]!, m[2]!, m[3]!)) return false;
  const [hour, minute, second = '0', zoneHour = '0', zoneMinute = '0'] = m.slice(4);
  return Number(hour) <= 23 && Number(minute) <= 59 && Number(second) <= 59 && Number(zoneHour) <= 15 && Number(zoneMinute) <= 59;
}
