/**
 * The CSV export of a list view (issue 17 item 4), shared by the server that writes it and the client
 * that asks for it: which columns a list exports (its declared columns, as the grid shows them), their
 * headers, and how one cell is written. Framework-free.
 */
import { columnId, labelOf, type ColumnDef, type Resource } from './resources/define.js';

/** The query parameter naming the exported columns (`columns=id,email,state`). */
export const EXPORT_COLUMNS_PARAM = 'columns';
/** Response headers: the cap in force, and the list's total (or estimate) when it has one. */
export const EXPORT_HEADERS = { max: 'Export-Max-Rows', total: 'Export-Total', estimated: 'Export-Total-Estimated' } as const;

/** The service-relative path of a resource's export (`/admin/exports/orders.csv`). */
export const exportPath = (r: Pick<Resource, 'name'>): string => `/admin/exports/${r.name}.csv`;

/** A list column as the grid draws it: its id (a flags map's key as `field.key`) and header. */
export interface ExportColumn { id: string; header: string; field: string; key?: string; kind?: string }

/** Every column the list shows, in order. */
export function exportColumns(r: Resource): ExportColumn[] {
  return r.columns.map((c: ColumnDef) => {
    const f = r.fields[c.field];
    return { id: columnId(c), header: c.label ?? labelOf(c.key ?? c.field, c.key ? undefined : f), field: c.field, key: c.key, kind: f?.kind };
  });
}

/**
 * The columns asked for (comma-separated ids), in the order asked; absent or empty means all of them.
 * Null when one is not a column of the list, or named twice.
 */
export function pickColumns(r: Resource, raw: unknown): ExportColumn[] | null {
  const all = exportColumns(r);
  if (raw === undefined || raw === '') return all;
  if (typeof raw !== 'string' || raw.length > 4000) return null;
  const ids = raw.split(',').map((s) => s.trim());
  if (new Set(ids).size !== ids.length) return null;
  const byId = new Map(all.map((c) => [c.id, c]));
  const picked = ids.map((id) => byId.get(id));
  return picked.every((c): c is ExportColumn => c !== undefined) ? picked : null;
}

/** Cells a spreadsheet would run as a formula (OWASP "CSV injection"): written with a leading quote. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A decimal or integer as the wire writes it: a leading minus is a sign, not a formula. */
const NUMBER = /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i;

/** A timestamp with an offset other than Z (`2026-11-20T12:00:00+05:30`): rewritten in UTC. */
const OFFSET_TIME = /^\d{4}-\d{2}-\d{2}T[^Z]*[+-]\d{2}:?\d{2}$/;

/** One cell's text: timestamps as ISO-8601 UTC, objects as JSON, nothing for null. */
export function cellText(value: unknown, kind?: string): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if ((kind === 'date' || kind === 'datetime') && typeof value === 'string' && OFFSET_TIME.test(value)) {
    const d = new Date(value);
    if (!Number.isNaN(d.getTime())) return d.toISOString();
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** RFC 4180 quoting, after the formula guard. */
export function csvField(text: string): string {
  const guarded = FORMULA_START.test(text) && !NUMBER.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

/** The value of a column in a wire row (a flags map's key read inside its map). */
export function columnValue(row: Record<string, unknown>, c: ExportColumn): unknown {
  const v = row[c.field];
  return c.key ? (v && typeof v === 'object' ? (v as Record<string, unknown>)[c.key] : undefined) : v;
}

/** One CSV record, CRLF-terminated as RFC 4180 has it. */
export function csvRecord(cells: readonly string[]): string {
  return `${cells.map(csvField).join(',')}\r\n`;
}

export function csvHeader(cols: readonly ExportColumn[]): string {
  return csvRecord(cols.map((c) => c.header));
}

export function csvRow(row: Record<string, unknown>, cols: readonly ExportColumn[]): string {
  return csvRecord(cols.map((c) => cellText(columnValue(row, c), c.kind)));
}

/**
 * Counts the records in streamed CSV text, carrying the quote state across chunks (a quoted field may
 * hold a line break): the client's progress. Returns the new state.
 */
export function countRecords(chunk: string, state: { inQuotes: boolean; records: number }): { inQuotes: boolean; records: number } {
  let { inQuotes, records } = state;
  for (let i = 0; i < chunk.length; i++) {
    const ch = chunk.charCodeAt(i);
    if (ch === 34) inQuotes = !inQuotes;
    else if (ch === 10 && !inQuotes) records++;
  }
  return { inQuotes, records };
}
