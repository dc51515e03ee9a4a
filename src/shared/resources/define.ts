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
export * from './define-parts.js';
import type {
  ActionDef, BulkDef, CallDef, ColumnDef, ConfirmableDef, FilterDef, FilterOp, ListDecl, LiveDecl, TabDef, UploadDef,
} from './define-parts.js';

import type { FieldCondition, FieldDef, FieldKind } from './define-fields.js';
export type { FieldKind, FieldCondition, FieldDef } from './define-fields.js';

/** What an entity's author writes. */
export interface ResourceDecl<F extends Record<string, FieldDef>> {
  /** Plural kebab: the registry key and file name (`email-types`). */
  name: string;
  /**
   * A string key made from the create body instead of typed (a market's id is base + quote, `btcusdt`);
   * the key field is then read-only.
   */
  deriveKey?(values: Record<string, unknown>): string;
  /**
   * The field that names a row in paths and bodies: `id` (an integer) by default, or a string key such
   * as a currency's `code` (`GET /admin/currencies/btc`, `POST /admin/currencies/update {code, ...}`).
   * A string key is given on create and locked afterwards.
   */
  key?: keyof F & string;
  /** The CASL subject; the PascalCase singular of `name` unless the spec maps the route elsewhere. */
  subject?: string;
  service: Service;
  /** snake_case of `name`. */
  table: string;
  /** `generic`: the server's resource handlers serve it. `bespoke`: hand-written routes; declared for the client engine. */
  server: 'generic' | 'bespoke';
  /** First client route segment (spec §2), e.g. `email-type` for /email-type and /email-type/{id}. */
  route: string;
  /** The add/edit page's route when it is not the list's (`/market-info/{id}` for `/markets`). */
  formRoute?: string;
  /**
   * Rows open a read-only view at `/<route>/{key}` (`/botSettings/7`), with an Edit button to the form
   * at `/<formRoute>/{key}` (`/bot-edit/7`).
   */
  view?: boolean;
  /** Singular and plural display names ('Email Type', 'Email Types'). */
  label: string;
  labelPlural: string;
  api: ApiDecl;
  fields: F;
  columns: readonly ColumnDef<keyof F & string>[];
  filters?: readonly FilterDef<keyof F & string>[];
  list: ListDecl<keyof F & string>;
  actions?: readonly ActionDef<keyof F & string>[];
  calls?: readonly CallDef[];
  /** Actions over every row the list's filters match (BulkDef). */
  bulk?: readonly BulkDef[];
  /** Tabs of the row's page after its own form (`?tab=<name>` selects one). */
  tabs?: readonly TabDef[];
  /**
   * Toasts on success, from the spec's catalogue. `{field}` in `created` is filled from the answered row
   * (a test message's `{result}`); `createdFailedWhen` makes it an error toast when the row says the
   * create did not do what was asked (a message the provider refused is still a row).
   */
  messages?: { created?: string; updated?: string; deleted?: string; createdFailedWhen?: FieldCondition };
  /**
   * A create-only resource (create, no update, no view) gets its create form on a page of its own,
   * `/<route>/add`, and the list's Add button and palette command lead there (a service log's test message).
   */
  addPage?: boolean;
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
  /** Pairs of fields that may not hold the same value (a market's base and quote); `<a>_equals_<b>`. */
  different?: ReadonlyArray<readonly [keyof F & string, keyof F & string]>;
  /** Sets of fields no two rows share (a fee schedule's group and market); the server answers `<a>_<b>_taken`. */
  uniqueTogether?: ReadonlyArray<readonly (keyof F & string)[]>;
  /**
   * Database constraints no declared check names (a partial unique index: one active referral rule per
   * tier and currency, checked by the resource's write hook): the constraint's name → the field and the
   * code (after the error prefix) a violation that raced past the check answers, instead of a 500.
   */
  constraintCodes?: Readonly<Record<string, { field: keyof F & string; code: string }>>;
  /**
   * Cross-field bounds, checked on the row as it will be (stored values overlaid with the write):
   * `min` may not exceed `max`; with `zeroIsUnlimited`, a `max` of 0 means no limit.
   */
  bounds?: ReadonlyArray<{ min: keyof F & string; max: keyof F & string; zeroIsUnlimited?: boolean }>;
  /** The ability action each operation needs; read/create/update/delete by default. */
  abilities?: Partial<Record<Operation, AbilityAction>>;
  /**
   * A row may be deleted only while this holds (an SMS sender while inactive): the list disables its
   * Delete with `deletableReason`, and the server refuses with `<prefix>.not_deletable`, the condition
   * part of the DELETE so a concurrent change cannot slip between check and delete.
   */
  deletableWhen?: FieldCondition;
  deletableReason?: string;
  /**
   * Refusals the writer may overrule (a restriction that would lock out its author): the form shows the
   * server's message with `title` and a `confirm` button, and sends the write again with the header
   * `X-Confirm: <code>`; the server lets it through only with that header.
   */
  confirmable?: readonly ConfirmableDef[];
  /** Calls of the list rather than of a row (restrictions' whitelink): header buttons opening CallDialog without a row. */
  listCalls?: readonly CallDef[];
  /** A file upload of rows from the list's header (UploadDef: tokens' CSV Upload); the server route is hand-written. */
  upload?: UploadDef;
  /** Realtime feeds the list follows while on screen (LiveDecl): rows updated and added, per-row live values. */
  live?: LiveDecl;
  /**
   * The field a row is called by (a provider's `service_name`, an e-mail type's `name`); the list must
   * filter by it. The palette finds rows by it ("toggle twilio", "sms sender twilio") and offers their
   * toggles. `context`: fields shown after the name to tell rows of one name apart (a sender's country).
   */
  named?: { field: keyof F & string; context?: readonly (keyof F & string)[] };
  /**
   * Fields a row is opened by from the palette ("open TRST", "open trust token", "Open Token by name or
   * code…"): each must be a list filter; every field is asked (an `eq` one as typed, lower- and upper-case)
   * and the rows found open their page. The first field names the row, the rest follow it.
   */
  lookup?: { fields: readonly (keyof F & string)[] };
}

/** A filter with its operator and query parameters resolved. */
export interface ResolvedFilter {
  field: string; op: FilterOp; params: string[]; label: string;
  /** FilterDef.through: the stored field the text is matched against, and how. */
  through?: { field: string; values(text: string): readonly string[] };
}

/**
 * What every consumer reads: the declaration plus everything derived from its one name. Field names are
 * checked against `fields` in the declaration; afterwards they are plain strings, so one registry array
 * holds every entity.
 */
export interface Resource extends ResourceDecl<Record<string, FieldDef>> {
  subject: string;
  key: string;
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
  for (const f of Object.values(decl.fields) as FieldDef[]) {
    if (f.showWhen) known(f.showWhen.field, 'showWhen');
    if (f.disableWhen) known(f.disableWhen.field, 'disableWhen');
    Object.values(f.pickerScope ?? {}).forEach((k) => known(k, 'pickerScope'));
  }
  // A column or toggle of one flag must name a declared key of a flags map.
  const flagKey = (field: string, k: string | undefined, where: string) => {
    const f = decl.fields[field] as FieldDef | undefined;
    if (k !== undefined && !(f?.flags && f.fixedKeys?.includes(k))) throw new Error(`${decl.name}: ${where} names '${field}.${k}', not a flag`);
  };
  decl.columns.forEach((c) => flagKey(c.field, c.key, 'column'));
  decl.actions?.forEach((a) => flagKey(a.field, a.key, `action ${a.name}`));
  if (decl.list.groups) {
    const g = decl.list.groups;
    [g.by, ...g.item].forEach((k) => known(k, 'group'));
    if (decl.fields[g.by].kind !== 'enum' || !decl.filters?.some((f) => f.field === g.by)) throw new Error(`${decl.name}: groups by '${g.by}', not an enum filter`);
  }
  if (decl.list.tabs) {
    const values = decl.list.tabs.map((t) => t.value);
    if (decl.list.groups || new Set(values).size !== values.length || !decl.list.tabs.some((t) => t.resource === decl.name)) {
      throw new Error(`${decl.name}: list tabs need distinct values, one of them its own list, and no groups`);
    }
  }
  const key = decl.key ?? 'id';
  known(key, 'key');
  const filtersResolved = (decl.filters ?? []).map((f): ResolvedFilter => {
    const op = f.op ?? defaultOp(decl.fields[f.field].kind);
    const field = decl.fields[f.field];
    // The generic SQL filters stored columns only: a computed value (`derive`) needs the way to one.
    if (decl.server === 'generic' && (field.from === undefined && field.derive && !field.stored) && !f.through) {
      throw new Error(`${decl.name}: filters by '${f.field}', which is computed, with no 'through' to a stored field`);
    }
    if (f.through) known(f.through.field, 'filter through');
    return {
      field: f.field, op, params: op === 'range' ? ['from', 'to'] : [f.param ?? f.field], label: f.label ?? labelOf(f.field, field),
      ...(f.through ? { through: f.through } : {}),
    };
  });
  if (decl.named) {
    [decl.named.field, ...(decl.named.context ?? [])].forEach((k) => known(k, 'named'));
    if (!filtersResolved.some((f) => f.field === decl.named!.field && f.op !== 'range')) throw new Error(`${decl.name}: named by '${decl.named.field}', which the list does not filter by`);
  }
  for (const k of decl.lookup?.fields ?? []) {
    known(k, 'lookup');
    if (!filtersResolved.some((f) => f.field === k && f.op !== 'range')) throw new Error(`${decl.name}: looked up by '${k}', which the list does not filter by`);
  }
  const orderBy = decl.list.orderBy ?? key;
  const stored = (k: string) => !decl.fields[k]?.from && (!decl.fields[k]?.derive || !!decl.fields[k]?.stored);
  const sortable = decl.list.sortable
    ?? [...new Set([key, ...decl.columns.filter((c) => !c.key).map((c) => c.field).filter(stored)])];
  if (!sortable.includes(orderBy)) throw new Error(`${decl.name}: default order_by '${orderBy}' is not sortable`);
  sortable.forEach((k) => known(k, 'sortable'));
  if (decl.live?.rows && (decl.fields[key].kind !== 'id' || !sortable.includes(key))) {
    throw new Error(`${decl.name}: live rows need a sortable numeric id key`);
  }
  for (const c of decl.live?.values?.columns ?? []) {
    if (c.after && !decl.columns.some((x) => x.field === c.after)) throw new Error(`${decl.name}: live column '${c.value}' follows unknown column '${c.after}'`);
  }
  return {
    ...decl,
    subject: decl.subject ?? entity,
    key,
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

/** Fields a client may write on create (a string key included). */
export function writableFields(r: Resource): string[] {
  return Object.keys(r.fields).filter((k) => k !== 'id' && !r.fields[k].readOnly && !r.fields[k].from && !r.fields[k].derive);
}

/** Whether a row's values meet a condition (booleans compare as booleans, everything else as text). */
export function meets(c: FieldCondition | undefined, values: Record<string, unknown>): boolean {
  if (!c) return true;
  const v = values[c.field];
  return c.in.some((x) => (typeof x === 'boolean' ? v === x || v === String(x) : String(v ?? '') === x));
}

/** A field is in play for these values: shown (showWhen met) and enabled (disableWhen not met). */
export function inPlay(f: FieldDef, values: Record<string, unknown>): boolean {
  return meets(f.showWhen, values) && !(f.disableWhen && meets(f.disableWhen, values));
}

/** A row's key value (`row.id`, or `row.code` for a currency). */
export function keyOf(r: Resource, row: Record<string, unknown>): string | number {
  return row[r.key] as string | number;
}

/** Fields stored in the resource's own table (everything but joined values and values derived on the fly). */
export function storedFields(r: Resource): string[] {
  return Object.keys(r.fields).filter((k) => !r.fields[k].from && (!r.fields[k].derive || !!r.fields[k].stored));
}

/** The `derive`d fields kept in columns (`stored`), computed from the row as it will be: what a write stores besides its own values. */
export function storedDerived(r: Resource, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, f] of Object.entries(r.fields)) if (f.derive && f.stored) out[k] = f.derive(row);
  return out;
}

/** A field's create default: a flags map's `default` given to each of its keys, anything else's as declared. */
export function defaultOf(f: FieldDef): unknown {
  if (f.flags && f.default !== undefined) return Object.fromEntries((f.fixedKeys ?? []).map((k) => [k, f.default]));
  return f.default;
}

/** A column's id and the path of its value in a row: `payment_options.deposit` for one flag, the field otherwise. */
export const columnId = (c: { field: string; key?: string }): string => (c.key ? `${c.field}.${c.key}` : c.field);

/** The value a toggle flips, as the row holds it (one flag of a flags map, or the field). */
export function toggleValue(a: { field: string; key?: string }, row: Record<string, unknown>): unknown {
  const v = row[a.field];
  return a.key ? (v && typeof v === 'object' ? (v as Record<string, unknown>)[a.key] : undefined) : v;
}

/** The changes a toggle to `next` sends: `{field: next}`, or `{field: {key: true|false}}` for one flag. */
export function toggleChanges(a: { field: string; key?: string }, next: string): Record<string, unknown> {
  return a.key ? { [a.field]: { [a.key]: next === 'true' } } : { [a.field]: next };
}

/** The standard id and timestamp fields, spread into a declaration. */
export const ID_FIELD = { kind: 'id', readOnly: true, label: 'ID' } as const satisfies FieldDef;
export const TIMESTAMPS = {
  created_at: { kind: 'datetime', readOnly: true, label: 'Created' },
  updated_at: { kind: 'datetime', readOnly: true, label: 'Updated' },
} as const satisfies Record<string, FieldDef>;

/** A non-negative amount, 0 by default (fees, minimums, limits, volumes): exact decimal text. */
export const AMOUNT_FIELD = { kind: 'decimal', range: [0, Infinity], default: '0' } as const satisfies FieldDef;

/**
 * The `set` actions of a state machine served by one call that takes `{id, action}` (Peatio's
 * `/admin/deposits/actions`, `/admin/withdraws/actions`): one per action, offered from the states given.
 */
/** Why a row under review waits for another approver, when its amount is the reason (withdrawals, wallet transfers). */
export const ABOVE_REVIEW_AMOUNT = "its amount is above the currency's review amount";

/** The toast of a four-eyes action whose first approval left the row under review (ActionDef.successFor). */
export const firstApprovalGiven = (why: string, verb: string): string => `First approval given: ${why}, so another staff member must ${verb} it`;

export function stateActions(endpoint: Endpoint, ability: AbilityAction = 'update') {
  return (name: string, label: string, to: string, from: readonly string[], success: string): ActionDef<'state'> => ({
    name, label, kind: 'set', field: 'state', values: [to], from, ability, endpoint, body: { action: name }, success,
  });
}

/** A member group (`any` by default), picked from the groups members have. */
export const MEMBER_GROUP_FIELD = {
  kind: 'text', max: 64, pattern: /^[a-z0-9_-]+$/, default: 'any', invalidMessage: 'Lower-case letters, digits, - and _',
  choicesFrom: { path: '/admin/members/groups', fallback: ['any'] },
} as const satisfies FieldDef;

/**
 * The member a staff-made row is for, typed by uid (a bonus, an investment), and the member's id and
 * e-mail as the list shows them.
 */
export const MEMBER_BY_UID_FIELDS = {
  uid: {
    kind: 'text', required: true, max: 32, pattern: /^[A-Za-z0-9]+$/, label: 'Member UID', message: 'Member UID is required',
    invalidMessage: 'A member UID, e.g. ID1A2B3C4D5E', example: 'ID1A2B3C4D5E',
  },
  member_id: { kind: 'reference', references: 'users', readOnly: true, label: 'Member ID' },
  email: { kind: 'text', readOnly: true, from: { via: 'member_id', field: 'email' } },
} as const satisfies Record<string, FieldDef>;
