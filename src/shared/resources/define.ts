/**
 * defineResource: one declaration per entity (DESIGN §3). Framework-free: the browser, the server and
 * the tests load the same object, and everything else (structs, SQL filters, routes, grid columns,
 * form inputs) is derived from it. Types describe what; src/shared/resources/<entity>.ts are examples.
 */
import type { AbilityAction } from '../abilities.js';
import type { Ordering, Service } from '../list-query.js';
import { pascal, singularKebab, snake } from './names.js';
import { endpointsFor, type ApiDecl, type Endpoint, type Operation } from './endpoints.js';

export type { Service, Ordering } from '../list-query.js';
export type { ApiDecl, Endpoint, Operation, ApiStyle, HttpMethod } from './endpoints.js';

/** Wire and input kinds. `id` is a row id; `reference` is the id of a row of another resource. */
export type FieldKind =
  | 'text' | 'textarea' | 'number' | 'decimal' | 'boolean' | 'enum' | 'date' | 'datetime' | 'id' | 'reference';

/** One field of an entity, as the wire, the form and the table see it. */
export interface FieldDef {
  kind: FieldKind;
  /** Form and column heading; defaults to the field name with spaces. */
  label?: string;
  /** Must be given on create (and may not be blanked on update). */
  required?: boolean;
  /** The spec's message for a missing or blank value ('Name is required'); 'Required' when absent. */
  message?: string;
  /** The spec's message for a malformed value (pattern, enum, range). Falls back to `message`. */
  invalidMessage?: string;
  /** Allowed values of an `enum` field, in display order. */
  values?: readonly string[];
  /** Value taken on create when the field is left out (the form starts from it as well). */
  default?: string | number | boolean;
  /** Maximum length of text; text defaults to 255 and textarea to 10000 so no megabyte reaches the database. */
  max?: number;
  /** Inclusive bounds of a `number` field. */
  range?: readonly [number, number];
  /** `number` only: allow a fraction. Integers otherwise. */
  fractional?: boolean;
  /** Text must match this (anchored) pattern; `invalidMessage` is shown otherwise. */
  pattern?: RegExp;
  /** Set by the server only (id, timestamps, joined names): never in a create or update body. */
  readOnly?: boolean;
  /** Given on create, locked afterwards (e.g. an email type's name). An update that sends it gets `immutable_<field>`. */
  readOnlyOnEdit?: boolean;
  /** The ability attribute that gates editing this field (Currency, Blockchain); the form disables it otherwise. */
  attribute?: string;
  /** `reference` only: the plural name of the referenced resource; the server checks the row exists. */
  references?: string;
  /** A read-only value joined from a referenced row: `{ via: 'faq_category_id', field: 'name' }`. */
  from?: { via: string; field: string };
  /** No two rows share a value; the server answers `<field>_taken`. */
  unique?: boolean;
  /**
   * The field takes one value of a named list: `countries` is an ISO 3166-1 alpha-2 code of the bundled
   * country list (any case on the wire, upper case once validated). Forms and filters offer it as a picker
   * of names, never free text.
   */
  options?: 'countries';
  /** A value that passes validation, for docs, palette previews and the registry test, where the kind's own sample would not. */
  example?: string | number | boolean;
}

export type BadgeColour = 'green' | 'red' | 'yellow' | 'blue' | 'grey';

/** How a list column renders its value. */
export type ColumnFormat =
  | { kind: 'text' }
  | { kind: 'number' }
  /** A decimal string, shown as sent (never through a float). */
  | { kind: 'decimal' }
  /** Abbreviated month, day, year and 24-hour time, in UTC (spec §2). */
  | { kind: 'date' }
  /** A coloured label per value; `fallback` for values not in the map (FAQ: anything else is InActive). */
  | { kind: 'badge'; colours: Record<string, BadgeColour>; labels?: Record<string, string>; fallback?: { label: string; colour: BadgeColour } }
  /** Cut at `length` characters with an ellipsis; the full text in a tooltip when `tooltip`. */
  | { kind: 'truncate'; length: number; tooltip: boolean }
  /** A switch that saves at once through the named action (no form, no confirm). */
  | { kind: 'switch'; action: string };

/** One list column. */
export interface ColumnDef<K extends string = string> {
  field: K;
  label?: string;
  format?: ColumnFormat;
}

/** `eq` exact; `ilike` contains, case-insensitive; `prefix` starts with; `range` a from/to pair. */
export type FilterOp = 'eq' | 'ilike' | 'prefix' | 'range';

/** One list filter. The query parameter is the field name, or `from`/`to` for a range. */
export interface FilterDef<K extends string = string> {
  field: K;
  /** Defaults by kind: text → ilike, date/datetime → range, everything else → eq. */
  op?: FilterOp;
  label?: string;
}

/** A row action of the list or detail page. `toggle` flips `field` between `values` through the update call. */
export interface ActionDef<K extends string = string> {
  /** Stable id, also the palette command suffix (`email-types.toggle-status`). */
  name: string;
  label: string;
  kind: 'toggle';
  field: K;
  /** [on, off]. */
  values: readonly [string, string];
  ability: AbilityAction;
  /** The toast on success. */
  success?: string;
}

/** List defaults (spec §9). */
export interface ListDecl<K extends string = string> {
  /** The page size a fresh list starts with: one of 10, 25, 50, 100. */
  pageSize: 10 | 25 | 50 | 100;
  ordering: Ordering;
  /** Default order_by; `id` when absent. */
  orderBy?: K;
  /** Columns the server may order by; `id` plus the stored list columns when absent. Anything else is a 422. */
  sortable?: readonly K[];
}

/** What an entity's author writes. */
export interface ResourceDecl<F extends Record<string, FieldDef>> {
  /** Plural kebab: the registry key and file name (`email-types`). */
  name: string;
  /** The CASL subject; the PascalCase singular of `name` unless the spec maps the route elsewhere. */
  subject?: string;
  service: Service;
  /** snake_case of `name`. */
  table: string;
  /** `generic`: the server's resource handlers serve it. `bespoke`: hand-written routes; declared for the client engine. */
  server: 'generic' | 'bespoke';
  /** First client route segment (spec §2), e.g. `email-type` for /email-type and /email-type/{id}. */
  route: string;
  /** Singular and plural display names ('Email Type', 'Email Types'). */
  label: string;
  labelPlural: string;
  api: ApiDecl;
  fields: F;
  columns: readonly ColumnDef<keyof F & string>[];
  filters?: readonly FilterDef<keyof F & string>[];
  list: ListDecl<keyof F & string>;
  actions?: readonly ActionDef<keyof F & string>[];
  /** Toasts on success, from the spec's catalogue. */
  messages?: { created?: string; updated?: string; deleted?: string };
  /**
   * Rows open a bespoke detail screen at `/<route>/<row[key]>` instead of a form: e.g. the user
   * directory opens `/user-directory/{uid}`, notifications open `/recipients/{id}` (`route` given when
   * it is not the list's own). The screen itself is registered by hand in routes.tsx.
   */
  detail?: { key: keyof F & string; route?: string };
  /** Where add and edit happen: a modal over the list (spec: "add opens a modal") or a page (default). */
  form?: 'modal' | 'page';
  /** Listed only inside another screen (a user's referrals tab, /recipients/{id}), never on a route of its own. */
  embedded?: boolean;
  /** The ability action each operation needs; read/create/update/delete by default. */
  abilities?: Partial<Record<Operation, AbilityAction>>;
}

/** A filter with its operator and query parameters resolved. */
export interface ResolvedFilter { field: string; op: FilterOp; params: string[]; label: string }

/**
 * What every consumer reads: the declaration plus everything derived from its one name. Field names are
 * checked against `fields` in the declaration; afterwards they are plain strings, so one registry array
 * holds every entity.
 */
export interface Resource extends ResourceDecl<Record<string, FieldDef>> {
  subject: string;
  /** PascalCase singular (`EmailType`). */
  entity: string;
  /** snake_case singular (`email_type`). */
  singular: string;
  /** `admin.<singular>`: the prefix of every error code about this resource. */
  errorPrefix: string;
  endpoints: Partial<Record<Operation, Endpoint>>;
  filtersResolved: readonly ResolvedFilter[];
  orderBy: string;
  sortable: readonly string[];
  abilityFor: Record<Operation, AbilityAction>;
}

const DEFAULT_ABILITIES: Record<Operation, AbilityAction> = {
  list: 'read', get: 'read', create: 'create', update: 'update', delete: 'delete',
};

export function defaultOp(kind: FieldKind): FilterOp {
  if (kind === 'text' || kind === 'textarea') return 'ilike';
  if (kind === 'date' || kind === 'datetime') return 'range';
  return 'eq';
}

/** Field name → label: `faq_category_name` → 'Faq category name'. */
export function labelOf(name: string, f?: { label?: string }): string {
  if (f?.label) return f.label;
  const s = name.replace(/_/g, ' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Declares an entity. Throws at load time on declarations that cannot work, so a typo never reaches a route. */
export function defineResource<const F extends Record<string, FieldDef>>(decl: ResourceDecl<F>): Resource & { fields: F } {
  const single = singularKebab(decl.name);
  const entity = pascal(single);
  const fieldNames = Object.keys(decl.fields);
  const known = (k: string, where: string) => {
    if (!fieldNames.includes(k)) throw new Error(`${decl.name}: ${where} names unknown field '${k}'`);
  };
  decl.columns.forEach((c) => known(c.field, 'column'));
  decl.filters?.forEach((f) => known(f.field, 'filter'));
  if (decl.detail) known(decl.detail.key, 'detail');
  const filtersResolved = (decl.filters ?? []).map((f) => {
    const op = f.op ?? defaultOp(decl.fields[f.field].kind);
    return { field: f.field, op, params: op === 'range' ? ['from', 'to'] : [f.field], label: labelOf(f.field, f) };
  });
  const orderBy = decl.list.orderBy ?? 'id';
  const stored = (k: string) => !decl.fields[k]?.from;
  const sortable = decl.list.sortable
    ?? [...new Set(['id', ...decl.columns.map((c) => c.field).filter(stored)])];
  if (!sortable.includes(orderBy)) throw new Error(`${decl.name}: default order_by '${orderBy}' is not sortable`);
  sortable.forEach((k) => known(k, 'sortable'));
  return {
    ...decl,
    subject: decl.subject ?? entity,
    entity,
    singular: snake(single),
    errorPrefix: `admin.${snake(single)}`,
    endpoints: endpointsFor(decl.api),
    filtersResolved,
    orderBy,
    sortable,
    abilityFor: { ...DEFAULT_ABILITIES, ...decl.abilities },
  };
}

/** Fields a client may write on create. */
export function writableFields(r: Resource): string[] {
  return Object.keys(r.fields).filter((k) => k !== 'id' && !r.fields[k].readOnly && !r.fields[k].from);
}

/** Fields stored in the resource's own table (everything but joined values). */
export function storedFields(r: Resource): string[] {
  return Object.keys(r.fields).filter((k) => !r.fields[k].from);
}

/** The standard id and timestamp fields, spread into a declaration. */
export const ID_FIELD = { kind: 'id', readOnly: true, label: 'ID' } as const satisfies FieldDef;
export const TIMESTAMPS = {
  created_at: { kind: 'datetime', readOnly: true, label: 'Created' },
  updated_at: { kind: 'datetime', readOnly: true, label: 'Updated' },
} as const satisfies Record<string, FieldDef>;
