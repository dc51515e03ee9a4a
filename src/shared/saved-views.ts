/**
 * Saved views (issue 17 item 2): a named list query — filters, sort, page size and columns — kept on the
 * server per staff member and optionally shared with a role. Shared by the server, which validates a view
 * against its resource's declared filters, sort columns and columns on save and trims it to the viewer's
 * abilities on read, and the client, which turns a view into the list's URL. A view stores only the
 * query, never rows: it opens with the viewer's own abilities. Framework-free.
 */
import { decodeListState, encodeListState, PAGE_SIZES, type ListDefaults, type ListState, type Ordering } from './list-query.js';
import { columnId, type Resource } from './resources/define.js';
import { isCalendarDay } from './calendar.js';

/** What a view stores: the list query as the list's URL carries it. */
export interface ViewQuery {
  filters: Record<string, string>;
  order_by: string;
  ordering: Ordering;
  limit: number;
  /** Column ids in order; absent means every column the viewer may see. */
  columns?: string[];
}

/** A view as the API answers it. */
export interface SavedView {
  id: number;
  name: string;
  /** The registry name of the list (`users`). */
  list: string;
  query: ViewQuery;
  owner_uid: string;
  /** The role it is shared with, or null. */
  role: string | null;
  /** Whether the caller owns it (only the owner renames, shares or deletes). */
  mine: boolean;
  created_at: string;
  updated_at: string;
}

export const VIEW_NAME_MAX = 60;
export const VIEW_FILTER_VALUE_MAX = 200;
/** Views one staff member may own. */
export const VIEWS_PER_OWNER = 200;
/** The `columns` URL parameter of a list: the grid's columns, in order (a saved view's columns). */
export const COLUMNS_PARAM = 'columns';


export type Checked<T> = { ok: true; value: T } | { ok: false; code: string };
const bad = (code: string): { ok: false; code: string } => ({ ok: false, code });

/** The list's defaults as its URL codec knows them. */
export function viewDefaults(r: Resource): ListDefaults {
  return { limit: r.list.pageSize, ordering: r.list.ordering, orderBy: r.orderBy, filterParams: r.filtersResolved.flatMap((f) => f.params) };
}

/** The view name: trimmed, 1..60 characters. */
export function checkViewName(raw: unknown): Checked<string> {
  if (typeof raw !== 'string' || raw.trim() === '') return bad('admin.view.missing_name');
  const name = raw.trim();
  return name.length > VIEW_NAME_MAX ? bad('admin.view.name_too_long') : { ok: true, value: name };
}

/** The field a filter parameter filters on (`from`/`to` → the range's field). */
function filterField(r: Resource, param: string): string | undefined {
  return r.filtersResolved.find((f) => f.params.includes(param))?.field;
}

const QUERY_KEYS: ReadonlySet<string> = new Set(['filters', 'order_by', 'ordering', 'limit', 'columns']);

/**
 * A stored query, checked against the resource's declaration: every filter a declared parameter with a
 * value that fits its field (an enum's values, a range's day), order_by a sortable column, a page size of
 * the dropdown, columns declared columns named once. Anything else is refused with its code.
 */
export function checkViewQuery(r: Resource, raw: unknown): Checked<ViewQuery> {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return bad('admin.view.invalid_query');
  const q = raw as Record<string, unknown>;
  // A key the query does not have (a filter put beside `filters`, a typo) is refused, not silently dropped.
  if (Object.keys(q).some((k) => !QUERY_KEYS.has(k))) return bad('admin.view.invalid_query');
  const filtersRaw = q.filters ?? {};
  if (!filtersRaw || typeof filtersRaw !== 'object' || Array.isArray(filtersRaw)) return bad('admin.view.invalid_filter');
  const filters: Record<string, string> = {};
  for (const [param, v] of Object.entries(filtersRaw as Record<string, unknown>)) {
    const field = filterField(r, param);
    if (!field) return bad('admin.view.invalid_filter');
    if (typeof v !== 'string' || v.length > VIEW_FILTER_VALUE_MAX) return bad('admin.view.invalid_filter_value');
    const value = v.trim();
    if (value === '') continue;
    const def = r.fields[field];
    const op = r.filtersResolved.find((f) => f.field === field)?.op;
    if (op === 'range' && !isCalendarDay(value)) return bad('admin.view.invalid_filter_value');
    if (def?.kind === 'enum' && def.values && !def.values.includes(value) && !def.alsoAllowed?.includes(value)) {
      return bad('admin.view.invalid_filter_value');
    }
    filters[param] = value;
  }
  const orderBy = q.order_by ?? r.orderBy;
  if (typeof orderBy !== 'string' || !r.sortable.includes(orderBy)) return bad('admin.view.invalid_order_by');
  const ordering = q.ordering ?? r.list.ordering;
  if (ordering !== 'asc' && ordering !== 'desc') return bad('admin.view.invalid_ordering');
  const limit = q.limit ?? r.list.pageSize;
  if (typeof limit !== 'number' || !(PAGE_SIZES as readonly number[]).includes(limit)) return bad('admin.view.invalid_limit');
  const value: ViewQuery = { filters, order_by: orderBy, ordering, limit };
  if (q.columns !== undefined) {
    const ids = new Set(r.columns.map(columnId));
    const cols = q.columns;
    if (!Array.isArray(cols) || cols.length === 0 || cols.length > ids.size || new Set(cols).size !== cols.length
      || !cols.every((c) => typeof c === 'string' && ids.has(c))) return bad('admin.view.invalid_columns');
    value.columns = cols as string[];
  }
  return { ok: true, value };
}

/**
 * The query as the viewer may see it: filters and columns on fields the viewer may not read are dropped,
 * and so is a sort by one (the list's default order instead). `canRead(field)` is the viewer's read
 * ability on the resource's subject for that attribute.
 */
export function viewForViewer(r: Resource, q: ViewQuery, canRead: (field: string) => boolean): ViewQuery {
  const filters = Object.fromEntries(Object.entries(q.filters).filter(([p]) => {
    const field = filterField(r, p);
    return field !== undefined && canRead(field);
  }));
  const fieldOf = new Map(r.columns.map((c) => [columnId(c), c.field]));
  const columns = q.columns?.filter((id) => { const f = fieldOf.get(id); return f !== undefined && canRead(f); });
  const sortOk = canRead(q.order_by);
  return {
    filters,
    order_by: sortOk ? q.order_by : r.orderBy,
    ordering: sortOk ? q.ordering : r.list.ordering,
    limit: q.limit,
    ...(columns && columns.length > 0 ? { columns } : {}),
  };
}

/** The list's URL search string for a view (page 1; defaults left out, as the list writes them). */
export function viewSearch(r: Resource, q: ViewQuery): string {
  const state: ListState = { page: 1, limit: q.limit, ordering: q.ordering, orderBy: q.order_by, filters: q.filters };
  const s = new URLSearchParams(encodeListState(state, viewDefaults(r)));
  if (q.columns) s.set(COLUMNS_PARAM, q.columns.join(','));
  return s.toString();
}

/** The columns a list URL names (`?columns=a,b`), only declared ones; undefined when absent or none fit. */
export function columnsOf(r: Resource, search: string | URLSearchParams): string[] | undefined {
  const raw = (typeof search === 'string' ? new URLSearchParams(search) : search).get(COLUMNS_PARAM);
  if (!raw) return undefined;
  const ids = new Set(r.columns.map(columnId));
  const picked = [...new Set(raw.split(',').map((s) => s.trim()))].filter((id) => ids.has(id));
  return picked.length > 0 ? picked : undefined;
}

/** The view of the list URL on screen: what "Save current as…" stores. */
export function viewOfSearch(r: Resource, search: string): ViewQuery {
  const s = decodeListState(search, viewDefaults(r));
  const columns = columnsOf(r, search);
  return { filters: s.filters, order_by: s.orderBy, ordering: s.ordering, limit: s.limit, ...(columns ? { columns } : {}) };
}
