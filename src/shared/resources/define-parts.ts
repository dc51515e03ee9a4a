/**
 * The parts of a resource declaration beside its fields (define.ts): list columns and their formats,
 * filters, actions, calls, bulk actions, tabs, realtime feeds, confirmable refusals and list defaults.
 * Split from define.ts to keep each file readable; define.ts re-exports all of it.
 */
import type { AbilityAction } from '../abilities.js';
import type { Ordering } from '../list-query.js';
import type { Endpoint } from './endpoints.js';
import type { FieldCondition, FieldDef } from './define.js';

export type BadgeColour = 'green' | 'red' | 'yellow' | 'blue' | 'grey';

/** How a list column renders its value. */
export type ColumnFormat =
  | { kind: 'text' }
  | { kind: 'number' }
  /**
   * A decimal string, shown as sent (never through a float); `unit` names the row's field whose value
   * follows it in capitals (a mining reward's '12.5 TRST').
   */
  | { kind: 'decimal'; unit?: string }
  /** Abbreviated month, day, year and 24-hour time, in UTC (spec §2). */
  | { kind: 'date' }
  /** A coloured label per value; `fallback` for values not in the map (FAQ: anything else is InActive). */
  | { kind: 'badge'; colours: Record<string, BadgeColour>; labels?: Record<string, string>; fallback?: { label: string; colour: BadgeColour } }
  /** Cut at `length` characters with an ellipsis; the full text in a tooltip when `tooltip`. */
  | { kind: 'truncate'; length: number; tooltip: boolean }
  /** A switch that saves at once through the named action (no form, no confirm). */
  | { kind: 'switch'; action: string }
  /** A View button opening a modal titled `title` with the value (JSON indented): a notification's metadata. */
  | { kind: 'view'; title: string }
  /**
   * A link to another screen at `/<route>/<row[key]>`: an identity cell (uid, e-mail) opening the user at
   * /user-directory/{uid} (spec §2: "Clicking identity cells opens the user"), the rest of the row opening as usual.
   */
  | { kind: 'link'; route: string; key: string };

/** One list column. */
export interface ColumnDef<K extends string = string> {
  field: K;
  /** One key of a `flags` map field: the column shows that switch (a payment method's `payment_options.deposit`). */
  key?: string;
  label?: string;
  format?: ColumnFormat;
  /** Shown, greyed, when the value is empty (an adjustment's validator: 'Unvalidated'). */
  empty?: string;
  /**
   * Left out of the grid unless chosen (a saved view's or the URL's `?columns=`): what staff seldom read, so a
   * wide list fits the screen (payment settings at 1440 px). Still exported, read in the row panel and filterable.
   */
  hidden?: boolean;
}

/** `eq` exact; `ilike` contains, case-insensitive; `prefix` starts with; `range` a from/to pair. */
export type FilterOp = 'eq' | 'ilike' | 'prefix' | 'range';

/** One list filter. The query parameter is the field name (or `param`), or `from`/`to` for a range. */
export interface FilterDef<K extends string = string> {
  field: K;
  /** Defaults by kind: text → ilike, date/datetime → range, everything else → eq. */
  op?: FilterOp;
  /** Shown on the filter panel; by default the field's label, as its column shows it ("Phone", not "Phone number"). */
  label?: string;
  /** The query parameter where the dialect names it otherwise than the field (an SMS sender's `country`). */
  param?: string;
  /**
   * A filter on a value the table does not hold (a country's name, derived from its code): the text is
   * turned into the values of the stored field `field` it matches, and the rows holding one of them are
   * listed (none when it matches nothing).
   */
  through?: { field: K; values(text: string): readonly string[] };
}

/**
 * A row action of the list or detail page. `toggle` flips `field` between `values` through the update
 * call. `set` puts `field` to `values[0]` after a confirmation that shows the change before → after,
 * offered only while the row's value is one of `from` (a state guard: "Disable market" on an enabled,
 * hidden, locked … market, never on a disabled one).
 */
export interface ActionDef<K extends string = string> {
  /** Stable id, also the palette command suffix (`email-types.toggle-status`). */
  name: string;
  label: string;
  kind: 'toggle' | 'set';
  field: K;
  /** toggle of a `flags` map field: the key it flips; the update sends `{<field>: {<key>: true|false}}`. */
  key?: string;
  /** toggle: [on, off]; set: [the value set]. */
  values: readonly string[];
  /** set: the values the action is offered in. */
  from?: readonly string[];
  ability: AbilityAction;
  /** The toast on success. */
  success?: string;
  /** The toast read from the saved row where it says more than `success` (a withdrawal left waiting for a second approval). */
  successFor?(saved: Readonly<Record<string, unknown>>): string | undefined;
  /**
   * A call of its own instead of the update call (a currency's `POST /admin/currencies/update/lock_peer`
   * {code, lock_peer}); the server serves it generically: the key and the one field, nothing else.
   */
  endpoint?: Endpoint;
  /**
   * With `endpoint`: the body is the key plus these values instead of `{<field>: <value>}` (Peatio's
   * `POST /admin/adjustments/action {id, action: 'accept'}`); the route is then hand-written.
   */
  body?: Readonly<Record<string, string>>;
  /**
   * Four-eyes: refused to the staff member whose uid the row holds in this field (the creator of an
   * adjustment may not accept it), or in any of these fields, each with its own reason. The client shows
   * the action disabled with the reason; the server refuses it.
   */
  notBy?: K | ReadonlyArray<{ readonly field: K; readonly reason: string }>;
  /** What the refused staff member is told ('You gave the first approval'); 'You created this <entity>' by default. */
  notByReason?: string;
}

/**
 * A call of a row beyond its CRUD, offered on its detail page and in the palette (a blockchain's latest
 * block, its block scan). `read`: the answer is shown beside the form, refreshable. `write`: a dialog
 * asks for `params` (validated with the same structs on both sides; submit disabled until every required
 * one is filled), the body carries the row's key and the params. The server route is hand-written.
 */
export interface CallDef {
  name: string;
  label: string;
  kind: 'read' | 'write';
  /** `:id` in the path is the row's key; otherwise the key travels in the body as `<key field>`. */
  endpoint: Endpoint;
  ability: AbilityAction;
  params?: Record<string, FieldDef>;
  /** The submit button's label ('Scan'); the dialog's title is `label`. */
  submit?: string;
  /** The toast on success, from the answer. */
  success?(answer: unknown, params: Record<string, unknown>): string;
  /** Values the body always carries beside the key and params (a withdrawal's `{action: 'reject'}`). */
  body?: Readonly<Record<string, string>>;
  /** Offered only while the row meets this (a reject while the withdrawal awaits a decision). */
  when?: FieldCondition;
  /**
   * A write call that moves money or cannot be undone (a deposit's refund): once the params are filled, a
   * confirmation shows the row's `field` before → `to` and the params, and only its Confirm sends the call.
   */
  confirm?: { field: string; to: string };
  /** A read call's answer as shown ('812,345'). */
  show?(answer: unknown): string;
  /**
   * A write call whose answer the user must take away (a whitelink token): after success the dialog stays
   * open showing this text, selectable and with a Copy button, instead of closing.
   */
  reveal?(answer: unknown, origin: string): string;
}

/**
 * An action over every row the list's filters match, offered while the filters hold `when` (orders'
 * "Cancel all" on the list filtered to state wait). The client pages through the matching rows by
 * cursor and sends their keys to `endpoint` in batches of `batch` (a JSON array of keys), showing
 * progress and stoppable between batches; the server skips rows no longer in the state, so a retried
 * or overlapping run acts on each row once. Afterwards the list reloads with `then`.
 */
export interface BulkDef {
  name: string;
  /** The button and confirmation ('Cancel all'), and the palette command. */
  label: string;
  /** The filter values the list must have (`{ state: 'wait' }`). */
  when: Readonly<Record<string, string>>;
  endpoint: Endpoint;
  ability: AbilityAction;
  batch: number;
  /** The toast when done ('Orders canceled'). */
  success: string;
  /** The list's query afterwards (spec: state wait, page 1, limit 10, ascending). */
  then?: Readonly<Record<string, string>>;
  /**
   * Palette commands that take one filter's value and open the confirmation on the list filtered by it
   * ('Cancel all orders of UID…' → /orders?state=wait&uid=…&bulk=cancel-all), with a title each.
   */
  commands?: ReadonlyArray<{ filter: string; title: string; placeholder: string }>;
}
/**
 * A tab of a row's page beside its form: another resource's list limited to this row (a currency's
 * networks: crypto settings with `currency_id` = its code). `scope` maps the list's filter parameter to
 * this row's field.
 */
export interface TabDef { name: string; label: string; list: string; scope: Readonly<Record<string, string>> }

/**
 * A value a realtime stream keeps per row, shown as a column after the declared ones (a market's last
 * price from `global.tickers`). Never stored, never sortable: the server knows nothing of it.
 */
export interface LiveColumnDef {
  /** The value's name in the row's entry of the stream (`last`, `price_change_percent`). */
  value: string;
  label: string;
  /**
   * `decimal`: exact text as sent, right-aligned. `change`: a signed percent as sent (`+1.23%`), green
   * when it rises, red when it falls (the sign says it too, for those who do not see the colour).
   */
  format?: 'decimal' | 'change';
  /** Placed right after this list column; after the last one when absent. */
  after?: string;
}

/**
 * Realtime feeds a list follows while it is on screen (Ranger streams; the client holds one connection
 * and subscribes per stream). Both are optional and independent.
 */
export interface LiveDecl {
  /**
   * A stream whose events are rows as the list call answers them (`admin.order.update`). Followed only
   * by users who may read the subject. A row on screen is updated in place at once. A row with a key above
   * every key the view has seen is new: where the list's order puts new rows on the page on screen (page 1
   * newest first, or the last page oldest first with room left) and the user is at rest there (no row
   * focused below the top, not scrolled), the page is fetched again, at most once a second, so the new rows
   * that match the filters appear. Otherwise nothing moves: the rows matching the filters above the newest
   * key seen are counted in the background and offered as an "N new rows" button that opens where they
   * are. Needs a numeric, increasing key (`id`) the server can sort by.
   */
  rows?: string;
  /**
   * A stream whose events map row keys to values (`global.tickers`: `{"btcusdt": {"last": "…", …}}`, each
   * event a full or partial set of rows); `columns` show those values beside the row with that key.
   */
  values?: { stream: string; columns: readonly LiveColumnDef[] };
}

/** A refusal a writer may overrule by confirming (ResourceDecl.confirmable). */
export interface ConfirmableDef { code: string; title: string; confirm: string }

/** List defaults (spec §9). */
export interface ListDecl<K extends string = string> {
  /** The page size a fresh list starts with: one of 10, 25, 50, 100. */
  pageSize: 10 | 25 | 50 | 100;
  ordering: Ordering;
  /** Default order_by; `id` when absent. */
  orderBy?: K;
  /** Columns the server may order by; `id` plus the stored list columns when absent. Anything else is a 422. */
  sortable?: readonly K[];
  /**
   * A small table above the list from a call of the same service that takes the list's filters (the
   * ledger's totals per currency over the operations the filters match): rows keyed by `key`.
   */
  summary?: { label: string; path: string; key: string; columns: readonly { field: string; label: string }[] };
  /** Parameters every request of this list carries, not offered as filters (the withdrawal queue's `state=pending`). */
  fixed?: Readonly<Record<string, string>>;
  /** A tab beside the list grouping its rows by an enum field (GroupDecl): payment settings by continent. */
  groups?: GroupDecl<K>;
  /**
   * The route shows several resources' lists as tabs (ListTabDef), this list being one of them: pending
   * applications' profile and coin tabs. Not with `groups`.
   */
  tabs?: readonly ListTabDef[];
  /** Keyboard review of an approval queue (ReviewDecl): `a` accepts, `r` rejects the focused row. */
  review?: ReviewDecl;
}

/**
 * An approval queue's keyboard review (issue 17 item 3): `accept` and `reject` name a `set` action or a
 * `write` call of `from` (the resource whose rows these are: the withdrawal queue's are withdrawals';
 * the list's own resource by default). A call's first text param (the reason) is typed inline. The
 * decision goes through the very call the detail page's buttons make.
 */
export interface ReviewDecl {
  from?: string;
  accept: string;
  reject: string;
}

/**
 * One tab of a list route shared by several resources (`?tab=<value>`): `resource` is the registry name
 * of the list shown there, the declaring resource itself for its own. Another resource's tab is declared
 * `embedded` with the host's `route` (it has no list route of its own; the host's route subjects gate
 * it); with `view`, its rows open read-only at `/<host route>/{id}` with its actions, calls and palette
 * commands (a coin application at /pending-applications/7). A tab shows only to viewers who may read its
 * resource's subject. Without `?tab=` the declaring resource's own tab opens, so every link to the route
 * keeps landing on that list.
 */
export interface ListTabDef {
  value: string;
  label: string;
  resource: string;
}

/**
 * A tab of the list screen (`?tab=<name>`) showing the rows grouped by an `enum` field that is also an
 * `eq` filter, as an accordion: one header per value (its `valueLabels` name and how many rows hold it),
 * opening to those rows (the list call filtered by the value) with the `item` fields per row; a row
 * opens as it does in the list.
 */
export interface GroupDecl<K extends string = string> {
  name: string;
  label: string;
  by: K;
  item: readonly K[];
  /**
   * The groups come from one call of the same service instead of a count call per value:
   * `[{<by>: value, count, <items>: [rows with the item fields]}]` (Barong's
   * `GET /admin/country_services/continent`), so the header shows what the call counts (countries, not
   * rows) and the items are as answered; an item carrying the row's key opens the row.
   */
  call?: { path: string; items: string };
  /** The grouping tab comes first and opens by default; the list is `?tab=list` (services: Continents, then Service List). */
  first?: boolean;
  /** The list tab's name; the plural label by default ('Service List'). */
  listLabel?: string;
}

/**
 * A list's file upload (tokens' Upload, spec §2 Header): a header button (for roles with `ability`)
 * opening a dialog that sends the file as multipart (`file` part) to `endpoint` with `?dry_run=true`,
 * shows the answer (UploadReport: how many rows, the first rows, every bad line's errors) and, on Apply,
 * sends it again with `?dry_run=false`; the server applies all rows or none.
 */
export interface UploadDef {
  /** The button and the dialog's title ('Upload'). */
  label: string;
  endpoint: Endpoint;
  ability: AbilityAction;
  /** The file picker's `accept` ('.csv,text/csv'). */
  accept: string;
  /** The columns a file may have, required ones first; shown in the dialog as the expected header. */
  columns: readonly string[];
  required: readonly string[];
  /** The toast after Apply; `{count}` is the number of rows created. */
  success: string;
}

/**
 * The template a file starts from: the header row the server parses (the same `columns`, in their order),
 * CRLF-ended as RFC 4180 writes it; the upload dialog offers it as a download.
 */
export const uploadTemplate = (up: UploadDef): string => `${up.columns.join(',')}\r\n`;

/** What an upload call answers (dry run or applied): the rows it would create (or created) and the bad lines. */
export interface UploadReport {
  dry_run: boolean;
  /** Data rows in the file (the header not counted). */
  total: number;
  /** Rows without errors: what Apply creates when `error_count` is 0. */
  valid: number;
  /** Rows created (0 on a dry run). */
  created: number;
  /** The first rows as they would be stored (at most UPLOAD_PREVIEW_ROWS). */
  preview: Record<string, unknown>[];
  /** The first bad lines' errors (at most UPLOAD_MAX_REPORTED_ERRORS); `line` is the file's line number, the header being line 1. */
  errors: { line: number; field: string; code: string }[];
  /** Every error, reported or not. */
  error_count: number;
}

export const UPLOAD_PREVIEW_ROWS = 20;
export const UPLOAD_MAX_REPORTED_ERRORS = 1000;
