/**
 * The query of a log list, validated with the resource's own list struct (the one the client uses,
 * DESIGN §5.3), plus what only these lists take:
 * - `start_date`/`end_date` (the console's names) as aliases of `from`/`to`; a bare date as `to` means
 *   the whole day; epoch seconds and ISO-8601 are both accepted (rangeBound);
 * - `cursor` (from a Next-Cursor or Prev-Cursor header) or `before_id`, for keyset pages
 *   (db/queries/paging.ts). A cursor is only good for the order_by and ordering it was made for; with
 *   one, `page` (which the console still sends, for display) is ignored;
 * - without one, the offset bound: page × limit past MAX_OFFSET is refused with admin.pagination.page_too_deep;
 * - `id`, one row by its id, on every list (the palette's `#id` jumps to a row that is not on the page);
 * - per endpoint (ParseOptions): parameters the resource does not declare (Barong's `extended`, `range`),
 *   and the codes a dialect spells its own way (Barong's users list), so one struct still validates
 *   every list query and the endpoint keeps its wire codes.
 */
import { optional, type, type Struct } from 'superstruct';
import { collectFailures } from '../../../shared/validation.js';
import { validateListQuery } from '../../../shared/resources/structs.js';
import type { Resource } from '../../../shared/resources/define.js';
import { idStruct } from '../../../shared/resources/field-structs.js';
import { ApiError } from '../../plugins/errors.js';
import { decodeCursor, MAX_OFFSET, TIME_KEYSET, type Keyset, type PageRequest } from '../../db/queries/paging.js';

export interface ListParams extends PageRequest {
  /** Equality filters by parameter name (dates excluded). */
  filters: Record<string, unknown>;
  from?: Date;
  to?: Date;
  /** The `order_by` asked for (one of the resource's sortable fields), or the resource's default. */
  orderBy: string;
  /** The values of ParseOptions.extra parameters that were sent. */
  extra: Record<string, unknown>;
}

const BARE_DATE = /^\d{4}-\d{2}-\d{2}$/;
const present = (v: unknown) => v !== undefined && v !== '';

export interface ParseOptions {
  /** Replaces the resource's error prefix in filter codes (activities answer as Barong: admin.activity.*). */
  codePrefix?: string;
  /**
   * The code of any failure of a parameter, by the parameter's name as sent (`start_date`, not the `from`
   * it stands for), where the endpoint's dialect spells it its own way (the users list answers
   * user.ordering.invalid_attribute for a bad order_by). A reversed range keeps its invalid_range code.
   */
  codes?: Readonly<Record<string, string>>;
  /**
   * Parameters the endpoint takes beyond the resource's list struct, each with its struct (Barong's
   * `extended`, `range`), all optional. A failure is `<prefix>.invalid_<param>` unless `codes` names it.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  extra?: Readonly<Record<string, Struct<any, any>>>;
  /**
   * The keyset parameters the list's query takes: both (the default), `cursor` only, or none (offset
   * pages only). One it does not take is an unknown key, ignored, and so never lifts the offset bound.
   */
  keyset?: 'cursor' | 'none';
  /** The keyset of each order_by a cursor may page (default: the logs' (created_at, id)). */
  keysets?: Readonly<Record<string, Keyset>>;
  /**
   * The order_by a date-filtered list pages by instead of the one asked for (the lists whose ids follow
   * time walk (created_at, id) under a date filter: list-page.ts timedOrder); its cursors name it.
   */
  dated?: string;
}

const LOG_KEYSETS: Readonly<Record<string, Keyset>> = { created_at: TIME_KEYSET };
const ID = idStruct();
const invalid = (param: string, code: string) => new ApiError(422, [code], { [param]: [code] });

const extraStructs = new WeakMap<object, Struct<any, any>>();

/** The struct of an endpoint's extra parameters, built once per options object. */
function extraStruct(extra: NonNullable<ParseOptions['extra']>): Struct<any, any> {
  let s = extraStructs.get(extra);
  // `type` checks only the keys it names; the resource's struct has checked the others.
  if (!s) extraStructs.set(extra, (s = type(Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, optional(v)])))));
  return s;
}

export function parseListParams(r: Resource, raw: unknown, opts: ParseOptions = {}): ListParams {
  const q: Record<string, unknown> = raw && typeof raw === 'object' ? { ...(raw as Record<string, unknown>) } : {};
  // The parameter each struct key was sent as, for codes and form fields.
  const sentAs: Record<string, string> = {};
  if (!present(q.from) && present(q.start_date)) { q.from = q.start_date; sentAs.from = 'start_date'; }
  if (!present(q.to) && present(q.end_date)) { q.to = q.end_date; sentAs.to = 'end_date'; }
  for (const k of ['from', 'to']) if (q[k] === '') delete q[k];
  if (typeof q.to === 'string' && BARE_DATE.test(q.to)) q.to = `${q.to}T23:59:59.999Z`;
  // Empty filter values mean "no filter", as the console sends them for cleared inputs.
  for (const [k, v] of Object.entries(q)) if (v === '') delete q[k];

  const prefix = opts.codePrefix;
  const recode = (c: string) => (prefix && c.startsWith(`${r.errorPrefix}.`) ? prefix + c.slice(r.errorPrefix.length) : c);
  const checked = validateListQuery(r, q);
  const failed: Record<string, string[]> = checked.ok ? {} : checked.fields;
  const [extraErr, coerced] = opts.extra ? extraStruct(opts.extra).validate(q, { coerce: true }) : [undefined, undefined];
  if (extraErr) {
    const own = collectFailures(extraErr, (key) => `${prefix ?? r.errorPrefix}.invalid_${key}`, undefined, 'query').fields;
    for (const [k, v] of Object.entries(own)) failed[k] = [...(failed[k] ?? []), ...v];
  }
  if (!checked.ok || extraErr) {
    const fields: Record<string, string[]> = {};
    for (const [k, v] of Object.entries(failed)) {
      const param = sentAs[k] ?? k;
      const override = opts.codes && Object.hasOwn(opts.codes, param) ? opts.codes[param] : undefined;
      fields[param] = [...new Set(v.map((c) => override ?? recode(c)))];
    }
    throw new ApiError(422, [...new Set(Object.values(fields).flat())], fields);
  }
  const v = checked.value;
  const filters: Record<string, unknown> = {};
  // `id` on a list whose resource does not filter by it (beneficiaries do): the id struct's one rule.
  if (present(q.id) && !r.filtersResolved.some((f) => f.field === 'id')) {
    const [err, id] = ID.validate(q.id, { coerce: true });
    const code = opts.codes?.id ?? `${prefix ?? r.errorPrefix}.invalid_id`;
    if (err) throw invalid('id', code);
    filters.id = id;
  }
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

  const orderBy = opts.dated && (from || to) ? opts.dated : v.orderBy;
  let cursor: PageRequest['cursor'] = null;
  let beforeId: number | null = null;
  if (opts.keyset !== 'none' && present(q.cursor)) {
    const ks = (opts.keysets ?? LOG_KEYSETS)[orderBy];
    cursor = typeof q.cursor === 'string' && ks
      ? decodeCursor(q.cursor, { orderBy, ordering: v.ordering, types: ks.parts.map((k) => k.type) })
      : null;
    if (!cursor) throw invalid('cursor', 'admin.pagination.invalid_cursor');
  } else if (opts.keyset === undefined && present(q.before_id)) {
    const [err, id] = ID.validate(q.before_id, { coerce: true });
    if (err) throw invalid('before_id', 'admin.pagination.invalid_before_id');
    beforeId = id;
  }
  if (!cursor && !beforeId && (v.page - 1) * v.limit > MAX_OFFSET) {
    throw new ApiError(422, ['admin.pagination.page_too_deep'], { page: ['admin.pagination.page_too_deep'] });
  }
  const extra: Record<string, unknown> = {};
  for (const k of Object.keys(opts.extra ?? {})) if (coerced?.[k] !== undefined) extra[k] = coerced[k];
  return { page: v.page, limit: v.limit, ordering: v.ordering, orderBy, cursor, beforeId, filters, from, to, extra };
}
