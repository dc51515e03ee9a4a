/** Display formats shared by list cells and detail views (spec §2 Common list behaviour, §9). */
import { formatInTimeZone } from 'date-fns-tz';

/** Abbreviated month, day, year and 24-hour time, always in UTC: staff in many zones read the same value. */
export const DATE_PATTERN = 'MMM d, yyyy HH:mm';

/** A timestamp as rows carry it (ISO text, or epoch seconds); null when empty or not a time. */
export function parseTime(value: unknown): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : typeof value === 'number' ? new Date(value * 1000) : new Date(String(value));
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * The one timestamp format of lists and details: in UTC (the spec), or in `zone` followed by the zone's short
 * name ('Nov 26, 2026 17:05 GMT+5:45') so a local time is never mistaken for UTC. Text that is no time is shown as is.
 */
export function formatDate(value: unknown, zone = 'UTC'): string {
  if (value === null || value === undefined || value === '') return '';
  const d = parseTime(value);
  if (!d) return String(value);
  return zone === 'UTC' ? formatInTimeZone(d, 'UTC', DATE_PATTERN) : `${formatInTimeZone(d, zone, DATE_PATTERN)} ${zoneName(d, zone)}`;
}

/** A zone's short name at that moment: 'CET', 'GMT+5:45', 'UTC'. */
export function zoneName(d: Date, zone: string): string {
  return zone === 'UTC' ? 'UTC' : formatInTimeZone(d, zone, 'zzz');
}

const UNITS: Array<[number, string]> = [[365 * 86_400, 'y'], [30 * 86_400, 'mo'], [86_400, 'd'], [3600, 'h'], [60, 'min']];

/** How long ago (or how far ahead) `d` is from `now`, in its largest whole unit: '3 h ago', 'in 5 min', 'just now'. */
export function relativeAge(d: Date, now: Date = new Date()): string {
  const seconds = Math.round((now.getTime() - d.getTime()) / 1000);
  const abs = Math.abs(seconds);
  const unit = UNITS.find(([size]) => abs >= size);
  if (!unit) return 'just now';
  const n = `${Math.floor(abs / unit[0])} ${unit[1]}`;
  return seconds >= 0 ? `${n} ago` : `in ${n}`;
}

/** Cut at `length` characters with an ellipsis; short text is returned as is. */
export function truncate(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length)}…` : text;
}

/** Spec §9: a user agent is cut at 30 characters. */
export const USER_AGENT_LENGTH = 30;

export const display = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

/** A row's value at a dotted path ('user.email' reads the nested user's email), as AG Grid reads `field`. */
export const valueAt = (row: Record<string, unknown>, path: string): unknown =>
  path.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), row);

/** JSON text or an object, indented for reading; anything else as it is. */
export function prettyJson(value: unknown): string {
  if (value !== null && typeof value === 'object') return JSON.stringify(value, null, 2);
  const text = display(value);
  if (!/^\s*[[{]/.test(text)) return text;
  try { return JSON.stringify(JSON.parse(text), null, 2); } catch { return text; }
}
