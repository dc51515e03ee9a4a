/** Display formats shared by list cells and detail views (spec §2 Common list behaviour, §9). */
import { formatInTimeZone } from 'date-fns-tz';
import type { ColumnDef, FieldDef, Resource } from '../../shared/resources/define';
import { shiftDecimal } from '../../shared/decimal';

/** Abbreviated month, day, year and 24-hour time, always in UTC: staff in many zones read the same value. */
export const DATE_PATTERN = 'MMM d, yyyy HH:mm';

/** Date and time with no zone ('2026-04-22 23:30:00', '2026-04-22T23:30'). */
const NO_ZONE = /^\d{4}-\d\d-\d\d[T ]\d\d:\d\d(:\d\d(\.\d+)?)?$/;

/**
 * A timestamp as rows carry it (ISO text, or epoch seconds); null when empty or not a time. One zone rule: a
 * time is UTC unless it names its zone, as the wire's times are (DESIGN) — JavaScript reads zoneless text in the
 * browser's zone, which moved such a time to another day for staff west or east of UTC.
 */
export function parseTime(value: unknown): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const text = String(value).trim();
  const d = value instanceof Date ? value : typeof value === 'number' ? new Date(value * 1000)
    : new Date(NO_ZONE.test(text) ? `${text.replace(' ', 'T')}Z` : text);
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

/**
 * A plain decimal string's integer digits in groups of three from the right ('-1234567.5' → '-', ['1', '234',
 * '567'], '.5'); null for anything else (text, exponent notation), which is shown as it is. The fraction is never
 * touched: an amount keeps every place it was sent with.
 */
export function digitGroups(text: string): { sign: string; groups: string[]; fraction: string } | null {
  const m = /^([-+]?)(\d+)(\.\d*)?$/.exec(text.trim());
  if (!m) return null;
  const digits = m[2]!;
  const head = digits.length % 3 || 3;
  const groups = [digits.slice(0, head)];
  for (let i = head; i < digits.length; i += 3) groups.push(digits.slice(i, i + 3));
  return { sign: m[1]!, groups, fraction: m[3] ?? '' };
}

/** A decimal with thousands separators ('1234567.00000001' → '1,234,567.00000001'); other text as it is. */
export function groupDigits(text: string): string {
  const g = digitGroups(text);
  return g ? `${g.sign}${g.groups.join(',')}${g.fraction}` : text;
}

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

/**
 * What an amount cell shows: the number as sent (a decimal's fraction never through a float) and its unit —
 * the currency named by another field of the row ('12.5 TRST', a trade's fee in its fee currency), or '%' for
 * a fee stored as Peatio's fraction (0.0015 → 0.15 %).
 */
export function amountParts(f: FieldDef | undefined, value: unknown, row: Record<string, unknown> | undefined, unit?: string): { amount: string; unit: string } {
  if (value === null || value === undefined || value === '') return { amount: '', unit: '' };
  if (f?.scale === 'percent') return { amount: shiftDecimal(String(value), 2), unit: '%' };
  return { amount: display(value), unit: unit ? display(row?.[unit]).toUpperCase() : '' };
}

/**
 * Whether a list column shows a quantity, and how: decimals (amounts, prices, fees, volumes) with thousands
 * separators and the unit their format names; counts as they are. Ids and references are no quantities, nor is a
 * column the definition formats otherwise (a link, a badge) or names the emptiness of.
 */
export function quantityOf(r: Resource, c: ColumnDef): { grouped: boolean; unit?: string } | null {
  const f = r.fields[c.field];
  if (c.format?.kind === 'decimal') return { grouped: true, unit: c.format.unit };
  if (c.format?.kind === 'number') return { grouped: f?.kind === 'decimal' };
  if (c.format || c.empty || !f || (f.kind !== 'number' && f.kind !== 'decimal')) return null;
  return /(^|_)id$/.test(c.field) || f.references ? null : { grouped: f.kind === 'decimal' };
}
