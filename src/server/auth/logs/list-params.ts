/**
 * The query of a log list, validated with the resource's own list struct (the one the client uses,
 * DESIGN §5.3), plus what only these lists take:
 * - `start_date`/`end_date` (the console's names) as aliases of `from`/`to`; a bare date as `to` means
 *   the whole day; epoch seconds and ISO-8601 are both accepted (rangeBound);
 * - `cursor` (from the Next-Cursor header) or `before_id`, for keyset pages (db/queries/paging.ts);
 * - the offset bound: page × limit past MAX_OFFSET is refused with admin.pagination.page_too_deep.
 */
import { validateListQuery } from '../../../shared/resources/structs.js';
import type { Resource } from '../../../shared/resources/define.js';
import { idStruct } from '../../../shared/resources/field-structs.js';
import { ApiError } from '../../plugins/errors.js';
import { decodeCursor, MAX_OFFSET, type PageRequest } from '../../db/queries/paging.js';

export interface ListParams extends PageRequest {
  /** Equality filters by parameter name (dates excluded). */
  filters: Record<string, unknown>;
  from?: Date;
  to?: Date;
}

const BARE_DATE = /^\d{4}-\d{2}-\d{2}$/;
const present = (v: unknown) => v !== undefined && v !== '';

export interface ParseOptions {
  /** Replaces the resource's error prefix in filter codes (activities answer as Barong: admin.activity.*). */
  codePrefix?: string;
}

export function parseListParams(r: Resource, raw: unknown, opts: ParseOptions = {}): ListParams {
  const q: Record<string, unknown> = raw && typeof raw === 'object' ? { ...(raw as Record<string, unknown>) } : {};
  if (!present(q.from) && present(q.start_date)) q.from = q.start_date;
  if (!present(q.to) && present(q.end_date)) q.to = q.end_date;
  for (const k of ['from', 'to']) if (q[k] === '') delete q[k];
  if (typeof q.to === 'string' && BARE_DATE.test(q.to)) q.to = `${q.to}T23:59:59.999Z`;
  // Empty filter values mean "no filter", as the console sends them for cleared inputs.
  for (const [k, v] of Object.entries(q)) if (v === '') delete q[k];

  const prefix = opts.codePrefix;
  const recode = (c: string) => (prefix && c.startsWith(`${r.errorPrefix}.`) ? prefix + c.slice(r.errorPrefix.length) : c);
  const checked = validateListQuery(r, q);
  if (!checked.ok) {
    const fields = Object.fromEntries(Object.entries(checked.fields).map(([k, v]) => [k, v.map(recode)]));
    throw new ApiError(422, checked.errors.map(recode), fields);
  }
  const v = checked.value;
  const filters: Record<string, unknown> = {};
  let from: Date | undefined, to: Date | undefined;
  for (const f of v.filters) {
    if (f.op === 'gte') from = f.value as Date;
    else if (f.op === 'lte') to = f.value as Date;
    else filters[f.field] = f.value;
  }
  if (from && to && from > to) {
    const code = `${prefix ?? r.errorPrefix}.invalid_range`;
    throw new ApiError(422, [code], { from: [code] });
  }

  let cursor: PageRequest['cursor'] = null;
  let beforeId: number | null = null;
  if (present(q.cursor)) {
    cursor = typeof q.cursor === 'string' ? decodeCursor(q.cursor) : null;
    if (!cursor) throw new ApiError(422, ['admin.pagination.invalid_cursor'], { cursor: ['admin.pagination.invalid_cursor'] });
  } else if (present(q.before_id)) {
    const [err, id] = idStruct().validate(q.before_id, { coerce: true });
    if (err) throw new ApiError(422, ['admin.pagination.invalid_before_id'], { before_id: ['admin.pagination.invalid_before_id'] });
    beforeId = id;
  }
  if (!cursor && !beforeId && (v.page - 1) * v.limit > MAX_OFFSET) {
    throw new ApiError(422, ['admin.pagination.page_too_deep'], { page: ['admin.pagination.page_too_deep'] });
  }
  return { page: v.page, limit: v.limit, ordering: v.ordering, cursor, beforeId, filters, from, to };
}
