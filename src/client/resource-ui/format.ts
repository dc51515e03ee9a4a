/** Display formats shared by list cells and detail views (spec §2 Common list behaviour, §9). */
import { formatInTimeZone } from 'date-fns-tz';

/** Abbreviated month, day, year and 24-hour time, always in UTC: staff in many zones read the same value. */
export const DATE_PATTERN = 'MMM d, yyyy HH:mm';

export function formatDate(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const d = typeof value === 'number' ? new Date(value * 1000) : new Date(String(value));
  return Number.isNaN(d.getTime()) ? String(value) : formatInTimeZone(d, 'UTC', DATE_PATTERN);
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
