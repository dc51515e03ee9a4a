/**
 * The field declarations of defineResource (define.ts): wire and input kinds, conditions on other fields,
 * and everything one field says about how the wire, the form and the table treat it.
 */

/** Wire and input kinds. `id` is a row id; `reference` is the id of a row of another resource. */
export type FieldKind =
  | 'text' | 'textarea' | 'number' | 'decimal' | 'boolean' | 'enum' | 'date' | 'datetime' | 'id' | 'reference' | 'map'
  /** Several values of another resource (a wallet's currencies), stored as a JSON array; `references` names it. */
  | 'list';

/** A condition on another field of the same row: its value is one of `in`. */
export interface FieldCondition { field: string; in: readonly (string | boolean)[] }

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
  /** How an `enum` field's values read in pickers ('202' → '202 · Liability (coin)'); capitalised otherwise. */
  valueLabels?: Readonly<Record<string, string>>;
  /** Value taken on create when the field is left out (the form starts from it as well). */
  default?: string | number | boolean;
  /** Maximum length of text; text defaults to 255 and textarea to 10000 so no megabyte reaches the database. */
  max?: number;
  /** Inclusive bounds of a `number` field; on a `decimal`, `[0, Infinity]` refuses negative amounts. */
  range?: readonly [number, number];
  /** `number` only: allow a fraction. Integers otherwise. */
  fractional?: boolean;
  /** Text must match this (anchored) pattern; `invalidMessage` is shown otherwise. */
  pattern?: RegExp;
  /** Set by the server only (id, timestamps, joined names): never in a create or update body. */
  readOnly?: boolean;
  /** Written but never answered (a blockchain's node `server` URL, which may carry credentials, as in Peatio). */
  writeOnly?: boolean;
  /** Given on create, locked afterwards (e.g. an email type's name). An update that sends it gets `immutable_<field>`. */
  readOnlyOnEdit?: boolean;
  /** The ability attribute that gates editing this field (Currency, Blockchain); the form disables it otherwise. */
  attribute?: string;
  /**
   * The plural name of the referenced resource; the server checks the row exists. On a `reference` the
   * value is the row's key; on a `text` field it is the value of the row's field `by` (a currency's
   * `blockchain_key` names a blockchain by its unique `key`). Forms offer the rows as a picker.
   */
  references?: string;
  /** With `references` on a text field: the referenced row's unique field the value holds. */
  by?: string;
  /**
   * With `references` or `options`: values accepted besides a referenced row's or the list's (a fee
   * schedule's market `any`, a country service's country `all`); `valueLabels` may name them in pickers.
   */
  alsoAllowed?: readonly string[];
  /**
   * With `references`: the picker offers only the referenced rows whose list filter `<param>` holds this
   * form's value of `<field>` (a country service's provider by the service type chosen:
   * `{ service_type: 'service_type' }`), asked again when that value changes, and none until it has one;
   * changing that value clears this one. The server's rule that they agree is the resource's own.
   */
  pickerScope?: Readonly<Record<string, string>>;
  /**
   * With `references`: which referenced rows a form may pick (issue 29 item 19). `filter`: list filters every
   * candidate matches (a token config's tokens: `{ kind: 'fungible' }`), so the rest are not offered at all;
   * `refusal(row, now)`: the code the server refuses that row with (the server's rule calls the same
   * function), null when it may be picked — such a row is offered disabled, with the code's words. A
   * `unique` reference also shows, on create, the rows this resource already holds as `<field>_taken`.
   */
  picker?: { filter?: Readonly<Record<string, string>>; refusal?(row: Readonly<Record<string, unknown>>, now: Date): string | null };
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
  /**
   * Shown only while another field holds one of the listed values (a fiat currency has no blockchain).
   * A hidden field is not sent; the server stores `hiddenValue` (null when absent) in its place.
   */
  showWhen?: FieldCondition;
  /** What a field hidden by `showWhen` is stored as: a fiat currency's options are `{}`. */
  hiddenValue?: unknown;
  /** Disabled, and not sent, while another field holds one of the listed values (a bot's switches while it is off). */
  disableWhen?: FieldCondition;
  /**
   * The name a create or update body gives the field when it differs from the answer's (Peatio takes a
   * market's `base_currency` and answers `base_unit`).
   */
  inputName?: string;
  /** `decimal` only: stored and sent as a fraction (0.001), shown and typed as a percent (0.1). */
  scale?: 'percent';
  /**
   * Computed from the row, never stored or written (a bot's spread); answered by the server. An object
   * answers a nested entity (a country service's `platform_setting: {id, service_name}`).
   */
  derive?(row: Record<string, unknown>): string | number | Readonly<Record<string, unknown>> | null;
  /**
   * With `derive`: also kept in a column of its own, computed by the server on every write from the row
   * as it will be, so lists can filter, sort and group by it (a payment setting's continent, from its
   * country). Never written by a client.
   */
  stored?: boolean;
  /**
   * The form offers the values a call of the same service answers (a JSON array of strings: the node
   * clients, the member groups) instead of free text; the server validates as the kind says.
   */
  choicesFrom?: { path: string; fallback?: readonly string[] };
  /**
   * Edit only: a Reset button beside the field fills it with the answer of the row's read call of this
   * name (a blockchain's height from its node's latest block, to restart scanning at the tip); Save sends it.
   */
  resetFrom?: string;
  /** `map` only: keys always present, which the form cannot remove (a currency's gas_limit and gas_price). */
  fixedKeys?: readonly string[];
  /**
   * `map` with `fixedKeys` only: a set of switches (a payment method's provider flags). Every value is a
   * boolean and no other key is taken; a key left out on create takes `default` (a boolean); an update
   * changes only the keys it sends, merged into the stored map in one statement, so two switches flipped
   * at once by two people both hold. `valueLabels` names the keys.
   */
  flags?: boolean;
  /** A value that passes validation, for docs, palette previews and the registry test, where the kind's own sample would not. */
  example?: string | number | boolean;
}
