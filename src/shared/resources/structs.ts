/**
 * The structs derived from a definition: create, update (id + changed fields) and list query. The client
 * validates with them first and the server again (DESIGN §5.3); a failure yields wire codes and, for
 * forms, the spec's messages per field.
 */
import { collectFailures, type Failure } from '../validation.js';
import {
  defaulted, enums, nullable, object, optional, refine, type, type Struct, type StructError,
} from 'superstruct';
import { LIMITS, ORDERINGS, type Ordering } from '../list-query.js';
import { defaultOf, labelOf, writableFields, type FieldDef, type FilterOp, type Resource } from './define.js';
import { fieldStruct, idStruct, immutable, maxLength, rangeBound } from './field-structs.js';
import { compareDecimal, INTEGER_DIGITS } from '../decimal.js';

export interface Structs {
  create: Struct<Record<string, unknown>, any>;
  update: Struct<Record<string, unknown>, any>;
  list: Struct<Record<string, unknown>, any>;
}

const cache = new WeakMap<Resource, Structs>();

/** The three structs of a resource, built once. */
export function structsOf(r: Resource): Structs {
  let s = cache.get(r);
  if (!s) cache.set(r, (s = { create: createStruct(r), update: updateStruct(r), list: listStruct(r) }));
  return s;
}

/**
 * null clears an optional value; a field with a default, and a map, always holds one (their columns are
 * NOT NULL), so null is refused as invalid rather than reaching the database.
 */
const nullOr = (f: FieldDef, s: Struct<any, any>) => (f.default !== undefined || f.kind === 'map' || f.kind === 'list' ? s : nullable(s));

/** The body's name of a field: its own, or its `inputName` (a market's `base_currency` for `base_unit`). */
export const inputNameOf = (r: Resource, k: string): string => r.fields[k]?.inputName ?? k;

function createStruct(r: Resource) {
  const schema: Record<string, Struct<any, any>> = {};
  for (const k of writableFields(r)) {
    const f = r.fields[k];
    const name = inputNameOf(r, k);
    // A flags map's default is an object (a fresh one per body): superstruct fills the keys a body leaves out from it.
    if (f.default !== undefined) schema[name] = defaulted(fieldStruct(f, f.required), () => defaultOf(f));
    else if (f.required) schema[name] = fieldStruct(f, true);
    else schema[name] = optional(nullOr(f, fieldStruct(f)));
  }
  return object(schema) as Structs['create'];
}

/** A failure's form messages under the field names (the wire codes keep the body's names). */
function formNames<T extends { messages: Record<string, string> }>(r: Resource, failure: T): T {
  const messages = fromInputNames(r, failure.messages) as Record<string, string>;
  return { ...failure, messages };
}

/** Field names to the body's names (what a client sends). */
export function toInputNames(r: Resource, v: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [inputNameOf(r, k), x]));
}

/** Body names back to field names, once validated. */
function fromInputNames(r: Resource, v: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, x] of Object.entries(v)) out[Object.keys(r.fields).find((k) => r.fields[k]!.inputName === name) ?? name] = x;
  return out;
}

/** The struct of a row's key in a path or body: an id, or the key field's own (a currency code). */
export function keyStruct(r: Resource): Struct<any, any> {
  const f = r.fields[r.key]!;
  return f.kind === 'id' ? idStruct() : fieldStruct(f, true);
}

function updateStruct(r: Resource) {
  const schema: Record<string, Struct<any, any>> = { [r.key]: keyStruct(r) };
  for (const k of writableFields(r)) {
    if (k === r.key) continue;
    const f = r.fields[k];
    const name = inputNameOf(r, k);
    if (f.readOnlyOnEdit) schema[name] = optional(immutable());
    else if (f.required) schema[name] = optional(fieldStruct(f, true));
    else schema[name] = optional(nullOr(f, fieldStruct(f)));
  }
  return object(schema) as unknown as Structs['update'];
}

function listStruct(r: Resource) {
  const schema: Record<string, Struct<any, any>> = {
    // The upper bound keeps (page - 1) * limit inside a bigint offset.
    page: optional(refine(refine(fieldStruct({ kind: 'number', range: [-Infinity, Infinity] }), 'positive', (v: number) => v >= 1),
      'page_range', (v: number) => v <= 1e9)),
    limit: optional(refine(fieldStruct({ kind: 'number', range: [-Infinity, Infinity] }), 'limit',
      (v: number) => v >= 1 && v <= LIMITS[r.service].max)),
    ordering: optional(enums(ORDERINGS as Ordering[])),
    order_by: optional(enums(r.sortable as string[])),
  };
  for (const f of r.filtersResolved) {
    if (f.op === 'range') { schema.from = optional(rangeBound()); schema.to = optional(rangeBound()); }
    else schema[f.params[0]!] = optional(fieldStruct(filterField(r.fields[f.field])));
  }
  // Unknown query keys are ignored, as Grape does: a cache-buster or a stale client param is no error.
  const full = type(schema) as Structs['list'];
  listParts.set(r, { schema, full, kept: new Map() });
  return full;
}

/** Sets of sent keys a resource's list keeps a struct for; past it, the whole struct serves. */
const SUBSETS_KEPT = 64;
/** A list struct's keys, the struct itself, and the narrowed structs kept so far (listStructFor). */
const listParts = new WeakMap<Resource, {
  schema: Record<string, Struct<any, any>>; full: Structs['list']; kept: Map<string, Structs['list']>;
}>();

/**
 * The list struct narrowed to the keys a query sends: superstruct walks every key of a struct, and a
 * list with fifteen filters paid for thirteen that were not sent on every request (~0.1 ms of a page).
 * The same field structs, so the same coercions and failures; unknown keys are ignored as before.
 */
function listStructFor(r: Resource, input: Record<string, unknown>): Structs['list'] {
  structsOf(r);
  const { schema, full, kept } = listParts.get(r)!;
  const keys = Object.keys(input).filter((k) => Object.hasOwn(schema, k)).sort();
  const id = keys.join('&');
  let s = kept.get(id);
  if (!s) {
    if (kept.size >= SUBSETS_KEPT) return full;
    kept.set(id, (s = type(Object.fromEntries(keys.map((k) => [k, schema[k]!]))) as Structs['list']));
  }
  return s;
}

/** A filter compares against a stored value, so it takes the field's type without pattern or requirement. */
function filterField(f: FieldDef): FieldDef {
  return { kind: f.kind, values: f.values, max: f.max, fractional: f.fractional, range: f.range, options: f.options, alsoAllowed: f.options && f.alsoAllowed };
}

/** Outcome of a validation: the coerced value, or codes for the wire and messages for the form. */
export type Checked<T> =
  | { ok: true; value: T }
  | { ok: false; errors: string[]; fields: Record<string, string[]>; messages: Record<string, string> };

type FailureKind = 'missing' | 'empty' | 'invalid' | 'too_long' | 'too_large' | 'unknown' | 'immutable';

function kindOf(f: { type: string; value: unknown; refinement?: string }): FailureKind {
  if (f.type === 'never') return 'unknown';
  if (f.type === 'immutable') return 'immutable';
  if (f.value === undefined || f.value === null) return 'missing';
  if (f.refinement === 'empty') return 'empty';
  if (f.refinement === 'too_long') return 'too_long';
  if (f.refinement === 'too_large') return 'too_large';
  return 'invalid';
}

/** The spec's message for a failed field: its own message when blank or malformed, else a generic one. */
export function messageFor(r: Resource, field: string, kind: FailureKind): string {
  const f = r.fields[field] ?? Object.values(r.fields).find((x) => x.inputName === field);
  if (!f) return kind === 'unknown' ? 'Unknown field' : 'Invalid value';
  switch (kind) {
    case 'missing': case 'empty': return f.message ?? 'Required';
    case 'too_long': return `Maximum ${maxLength(f)} characters`;
    case 'too_large': return `At most ${INTEGER_DIGITS} digits before the decimal point`;
    case 'immutable': return `${labelOf(field, f)} cannot be changed`;
    case 'unknown': return 'Unknown field';
    default: return f.invalidMessage ?? f.message ?? 'Invalid value';
  }
}

function bodyFailure(r: Resource, err: StructError): Extract<Checked<never>, { ok: false }> {
  const kind = (f: Failure) => (f.path.length ? kindOf(f) : 'invalid');
  return {
    ok: false,
    ...collectFailures(err,
      (key, f) => (kind(f) === 'too_long' || kind(f) === 'too_large' ? `${r.errorPrefix}.${key}_${kind(f)}` : `${r.errorPrefix}.${kind(f)}_${key}`),
      (key, f) => messageFor(r, key, kind(f))),
  };
}

/** Codes for list parameters: Peatio's pagination and range codes, the resource's own for filters. */
function listCode(r: Resource, key: string, f: { type: string; refinement?: string }): string {
  switch (key) {
    case 'page':
      if (f.refinement === 'positive') return 'admin.pagination.non_positive_page';
      return f.refinement === 'page_range' ? 'admin.pagination.invalid_page' : 'admin.pagination.non_integer_page';
    case 'limit': return f.refinement === 'limit' ? 'admin.pagination.invalid_limit' : 'admin.pagination.non_integer_limit';
    case 'ordering': return 'admin.pagination.invalid_ordering';
    case 'order_by': return 'admin.pagination.invalid_order_by';
    case 'from': return 'admin.filter.range_from_invalid';
    case 'to': return 'admin.filter.range_to_invalid';
    default: return `${r.errorPrefix}.invalid_${key}`;
  }
}

export function validateCreate(r: Resource, input: unknown): Checked<Record<string, unknown>> {
  const [err, value] = structsOf(r).create.validate(input, { coerce: true });
  return err ? formNames(r, bodyFailure(r, err)) : { ok: true, value: fromInputNames(r, value!) };
}

export function validateUpdate(r: Resource, input: unknown): Checked<Record<string, unknown>> {
  const [err, value] = structsOf(r).update.validate(input, { coerce: true });
  return err ? formNames(r, bodyFailure(r, err)) : { ok: true, value: fromInputNames(r, value!) };
}

/** One condition of a list query, ready for SQL: `range` filters become a `gte` and an `lte`. */
/**
 * `in` (a list of values) is the server's own, never sent as such: the public markets' name search (market-api),
 * and a filter `through` a stored field (an SMS sender's country name → its codes).
 */
export interface AppliedFilter { field: string; op: Exclude<FilterOp, 'range'> | 'gte' | 'lte' | 'in'; value: unknown }

/** A validated list query with every default filled in. */
export interface ListQuery {
  page: number;
  limit: number;
  ordering: Ordering;
  orderBy: string;
  filters: AppliedFilter[];
}

export function validateListQuery(r: Resource, input: unknown): Checked<ListQuery> {
  const query = input && typeof input === 'object' ? (input as Record<string, unknown>) : {};
  const [err, v] = listStructFor(r, query).validate(query, { coerce: true });
  if (err) return { ok: false, ...collectFailures(err, (key, f) => listCode(r, key, f), undefined, 'query') };
  const q = v as Record<string, any>;
  const filters: AppliedFilter[] = [];
  for (const f of r.filtersResolved) {
    if (f.op === 'range') {
      if (q.from !== undefined) filters.push({ field: f.field, op: 'gte', value: q.from });
      if (q.to !== undefined) filters.push({ field: f.field, op: 'lte', value: q.to });
    } else if (q[f.params[0]!] !== undefined && q[f.params[0]!] !== '') {
      const value = q[f.params[0]!];
      filters.push(f.through ? { field: f.through.field, op: 'in', value: f.through.values(String(value)) } : { field: f.field, op: f.op, value });
    }
  }
  return {
    ok: true,
    value: {
      page: q.page ?? 1,
      limit: q.limit ?? LIMITS[r.service].default,
      ordering: q.ordering ?? r.list.ordering,
      orderBy: q.order_by ?? r.orderBy,
      filters,
    },
  };
}

/** Initial values of a create form: the declared defaults. */
export function formDefaults(r: Resource): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of writableFields(r)) if (r.fields[k].default !== undefined) out[k] = defaultOf(r.fields[k]);
  return out;
}

/**
 * The form message for a wire code about one of this resource's fields, so a server refusal shows
 * under the field in the spec's words: `admin.email_type.invalid_name` → 'Key must contain only
 * lowercase letters'. Undefined for codes that are not about a field of this resource.
 */
export function messageForCode(r: Resource, code: string): { field: string; message: string } | undefined {
  if (!code.startsWith(`${r.errorPrefix}.`)) return undefined;
  const rest = code.slice(r.errorPrefix.length + 1);
  const kinded = /^(missing|empty|invalid|unknown|immutable)_(.+)$/.exec(rest);
  if (kinded && r.fields[kinded[2]]) return { field: kinded[2], message: messageFor(r, kinded[2], kinded[1] as FailureKind) };
  const long = /^(.+)_(too_long|too_large)$/.exec(rest);
  if (long && r.fields[long[1]]) return { field: long[1], message: messageFor(r, long[1], long[2] as FailureKind) };
  const taken = /^(.+)_taken$/.exec(rest);
  if (taken && r.fields[taken[1]]) return { field: taken[1], message: `${labelOf(taken[1], r.fields[taken[1]])} is already taken` };
  const gone = /^(.+)_doesnt_exist$/.exec(rest);
  const ref = gone && Object.keys(r.fields).find((k) => k === `${gone[1]}_id` && r.fields[k].kind === 'reference');
  if (ref) return { field: ref, message: `${labelOf(ref, r.fields[ref])} does not exist` };
  return undefined;
}

/**
 * The declared bounds a row breaks (`min` above `max`), on the row as it will be: the server checks the
 * stored row overlaid with the write, the form its own values. Decimals compare exactly as decimal text.
 */
export function boundFailures(r: Resource, row: Record<string, unknown>): Array<{ field: string; code: string; message: string }> {
  const out: Array<{ field: string; code: string; message: string }> = [];
  for (const [a, b] of r.different ?? []) {
    if (row[a] !== undefined && row[a] !== null && row[a] !== '' && row[a] === row[b]) {
      out.push({ field: b, code: `${r.errorPrefix}.${b}_equals_${a}`, message: `Must differ from ${labelOf(a, r.fields[a])}` });
    }
  }
  for (const b of r.bounds ?? []) {
    const lo = row[b.min], hi = row[b.max];
    if (lo === undefined || lo === null || lo === '' || hi === undefined || hi === null || hi === '') continue;
    if (b.zeroIsUnlimited && compareDecimal(String(hi), '0') === 0) continue;
    if (compareDecimal(String(lo), String(hi)) > 0) {
      out.push({ field: b.min, code: `${r.errorPrefix}.${b.min}_exceeds_${b.max}`, message: `Must not exceed ${labelOf(b.max, r.fields[b.max])}` });
    }
  }
  return out;
}
