/**
 * The list query model shared by client and server: paging and ordering constants (spec §2, §9), the
 * dialects' bounds (openware-api.md §1.3), the list state the client keeps in the URL, and the query
 * it sends. Framework-free; validation of a query lives with the resource structs.
 */

export type Service = 'barong' | 'peatio' | 'applogic';
export type Ordering = 'asc' | 'desc';
export const ORDERINGS: readonly Ordering[] = ['asc', 'desc'];

/**
 * The deepest row an offset page may start at (server: admin.pagination.page_too_deep past it), which is
 * also where exact totals stop. Past it, lists that can seek page on with keyset cursors.
 */
export const MAX_OFFSET_ROWS = 10_000;

/** The last page number an offset request may ask for at this page size. */
export const maxOffsetPage = (limit: number): number => Math.floor(MAX_OFFSET_ROWS / limit) + 1;

/** Page-size dropdown choices, and the paginator's number of page links (spec §2). */
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const PAGER_LINKS = 5;
/** Table page limit default (spec §9). */
export const DEFAULT_PAGE_SIZE = 50;

/**
 * Per dialect: `limit` bounds and the server's default when the client sends none. Barong admin
 * 1..100, Peatio admin 1..1000, both default 100; the application-logic service follows Barong.
 */
export const LIMITS: Record<Service, { max: number; default: number }> = {
  barong: { max: 100, default: 100 },
  peatio: { max: 1000, default: 100 },
  applogic: { max: 100, default: 100 },
};

/** Date filters travel as epoch seconds to Barong-style services and as ISO-8601 to Peatio. */
export const DATE_PARAM_FORMAT: Record<Service, 'epoch' | 'iso'> = { barong: 'epoch', peatio: 'iso', applogic: 'epoch' };

/**
 * What a list screen shows, as kept in the URL. Filter values are as typed (strings); a date range is
 * kept as `from`/`to` days (`YYYY-MM-DD`) and widened to whole UTC days when sent.
 */
export interface ListState {
  page: number;
  limit: number;
  ordering: Ordering;
  orderBy: string;
  filters: Record<string, string>;
  /**
   * A keyset cursor from the server (`Next-Cursor` / `Prev-Cursor`) for pages past MAX_OFFSET_ROWS, where
   * offsets are refused. `page` then only numbers the page for display.
   */
  cursor?: string;
}

/** Default state of one list, plus the filter parameters it knows. */
export interface ListDefaults {
  limit: number;
  ordering: Ordering;
  orderBy: string;
  filterParams: readonly string[];
}

const POSITIVE_INT = /^[1-9]\d{0,8}$/;

/** URL search string for a list state. Defaults and empty filters are left out so links stay short. */
export function encodeListState(s: ListState, d: ListDefaults): string {
  const q = new URLSearchParams();
  if (s.page !== 1) q.set('page', String(s.page));
  if (s.limit !== d.limit) q.set('limit', String(s.limit));
  if (s.ordering !== d.ordering) q.set('ordering', s.ordering);
  if (s.orderBy !== d.orderBy) q.set('order_by', s.orderBy);
  for (const p of d.filterParams) {
    const v = s.filters[p];
    if (v !== undefined && v.trim() !== '') q.set(p, v);
  }
  if (s.cursor) q.set('cursor', s.cursor);
  return q.toString();
}

/**
 * List state from a URL search string. A hand-edited URL never breaks the screen: unknown keys are
 * dropped and unusable values fall back to the defaults (a size not in the dropdown included).
 */
export function decodeListState(search: string | URLSearchParams, d: ListDefaults): ListState {
  const q = typeof search === 'string' ? new URLSearchParams(search) : search;
  const page = q.get('page') ?? '';
  const limit = Number(q.get('limit'));
  const ordering = q.get('ordering');
  const filters: Record<string, string> = {};
  for (const p of d.filterParams) {
    const v = q.get(p);
    if (v !== null && v.trim() !== '') filters[p] = v;
  }
  return {
    page: POSITIVE_INT.test(page) ? Number(page) : 1,
    limit: (PAGE_SIZES as readonly number[]).includes(limit) ? limit : d.limit,
    ordering: ordering === 'asc' || ordering === 'desc' ? ordering : d.ordering,
    orderBy: q.get('order_by') || d.orderBy,
    filters,
    // Opaque to the client; the server refuses one it did not make. Bounded so a pasted URL stays sane.
    ...(CURSOR.test(q.get('cursor') ?? '') ? { cursor: q.get('cursor')! } : {}),
  };
}

const CURSOR = /^[A-Za-z0-9_-]{1,512}$/;

/** Start of a UTC day, or its last millisecond (spec §5 custom date range). */
export function dayBound(day: string, end: boolean): Date | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const t = Date.parse(`${day}T${end ? '23:59:59.999' : '00:00:00.000'}Z`);
  return Number.isNaN(t) ? undefined : new Date(t);
}

/**
 * The query a list call sends (spec §7 "List call conventions"): limit, page, ordering, order_by and the
 * non-empty filters. `from`/`to` days become whole-day bounds in the service's date format.
 */
export function toRequestQuery(s: ListState, service: Service): Record<string, string> {
  const out: Record<string, string> = {
    page: String(s.page), limit: String(s.limit), ordering: s.ordering, order_by: s.orderBy,
    ...(s.cursor ? { cursor: s.cursor } : {}),
  };
  for (const [k, raw] of Object.entries(s.filters)) {
    const v = raw.trim();
    if (v === '') continue;
    if (k === 'from' || k === 'to') {
      const d = dayBound(v, k === 'to');
      if (!d) continue;
      out[k] = DATE_PARAM_FORMAT[service] === 'epoch' ? String(Math.floor(d.getTime() / 1000)) : d.toISOString();
    } else out[k] = v;
  }
  return out;
}

/** Number of pages; at least 1 so an empty list still shows page 1. */
export function pageCount(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / limit));
}

/** The page numbers the paginator links to: `n` pages around the current one, clipped to the ends. */
export function pageLinks(page: number, pages: number, n = PAGER_LINKS): number[] {
  const count = Math.min(n, pages);
  const start = Math.min(Math.max(1, page - Math.floor(n / 2)), pages - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

/** The `Total` header as a number; undefined when absent or malformed (Peatio omits it on some lists). */
export function readTotal(headers: { get(name: string): string | null } | Record<string, unknown>): number | undefined {
  const raw = typeof (headers as { get?: unknown }).get === 'function'
    ? (headers as { get(n: string): string | null }).get('total')
    : (headers as Record<string, unknown>)['total'] ?? (headers as Record<string, unknown>)['Total'];
  const n = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(n) ? n : undefined;
}
