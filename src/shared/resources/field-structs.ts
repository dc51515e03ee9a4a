/**
 * One superstruct per field kind. Coercions accept what a query string or a lenient client sends
 * ('5' for 5, 'true' for true, 'ACTIVE' for active) and nothing looser; bounds keep every accepted
 * value storable, so a valid body never turns into a database error.
 */
import {
  boolean, define, enums, integer, number, refine, string, type Struct,
} from 'superstruct';
import { coerceNumber, coerceString, decimal } from '../validation.js';
import type { FieldDef } from './define.js';
import { countryByIso } from '../countries.js';
import { numberText } from '../decimal.js';
import { isCalendarDay, isIsoDateTime } from '../calendar.js';

/** Bounds of a PostgreSQL integer column, the default for `number` fields. */
export const INT4: readonly [number, number] = [-2147483648, 2147483647];
/** Ids are bigint in the database; JavaScript keeps them exact up to 2^53. */
export const ID_RANGE: readonly [number, number] = [1, Number.MAX_SAFE_INTEGER];

const NUMERIC_TEXT = /^-?\d{1,16}(\.\d{1,18})?$/;

export const maxLength = (f: FieldDef): number => f.max ?? (f.kind === 'textarea' ? 10000 : 255);

/** Always fails: a field that may not be sent (locked on edit). Its failure type names the code. */
export const immutable = () => define<never>('immutable', () => false);

const fromNumericText = <T>(s: Struct<T, null>) =>
  coerceString(s, (v) => (NUMERIC_TEXT.test(v.trim()) ? Number(v.trim()) : v));

const inRange = <T extends number>(s: Struct<T, null>, [lo, hi]: readonly [number, number]) =>
  refine(s, 'range', (v) => v >= lo && v <= hi);

/**
 * An id as text: ASCII digits and nothing else — no sign, space, exponent, decimal point or hex prefix
 * (" 1", "+1", "1.0", "1e0", "0x1" are not ids; Number() reads them all as 1). Leading zeros are digits,
 * so "01" is id 1.
 */
const ID_TEXT = /^[0-9]+$/;

/**
 * The one reading of a row id, for every id of every route (path parameter, query, body): the digits
 * above, or a JSON number whose value is an integer (bodies: JSON has one number type, so 1.0 is the
 * number 1; one JavaScript cannot hold exactly reaches here as NaN, plugins/json-text.ts), within
 * ID_RANGE. Anything else fails, and each endpoint answers its own code (`…invalid_id`, 422 or 404 as before).
 */
export const idStruct = () => inRange(coerceString(integer(), (v) => (ID_TEXT.test(v) ? Number(v) : v)), ID_RANGE);

/** Days and instants the calendar and the clock have (calendar.ts): 2026-02-30 reached PostgreSQL and answered 500. */
const dateOnly = () => define<string>('date', isCalendarDay);

const dateTime = () => define<string>('datetime', isIsoDateTime);

function textStruct(f: FieldDef, required: boolean): Struct<string, null> {
  const max = maxLength(f);
  let s: Struct<string, null> = string();
  if (required) s = refine(s, 'empty', (v) => v.trim().length > 0);
  s = refine(s, 'too_long', (v) => v.length <= max);
  // PostgreSQL text cannot hold NUL; refusing it here keeps it a 422 instead of a database error.
  s = refine(s, 'nul', (v) => !v.includes('\u0000'));
  const re = f.pattern;
  if (re) s = refine(s, 'pattern', (v) => v.length <= max && re.test(v));
  return s;
}

function enumStruct(values: readonly string[]): Struct<string, null> {
  const lower = new Set(values);
  // Barong compares verbs and actions case-insensitively; the canonical value is the declared spelling.
  return coerceString(enums(values as string[]) as unknown as Struct<string, null>,
    (v) => (lower.has(v.toLowerCase()) ? v.toLowerCase() : v));
}

/**
 * An ISO country code of the bundled list, in any case ('us', 'US'; upper case once validated), or one of
 * `also` (a country service's `all`, in its declared spelling); over-long text is too_long, as on any text field.
 */
const countryStruct = (max: number, also: readonly string[] = []) => coerceString(
  refine(refine(string(), 'too_long', (v) => v.length <= max), 'country', (v) => countryByIso(v)?.value === v || also.includes(v)),
  (v) => {
    const other = also.find((x) => x.toLowerCase() === v.trim().toLowerCase());
    return other ?? (countryByIso(v.trim()) ? v.trim().toUpperCase() : v);
  },
);

const MAP_KEY = /^[A-Za-z0-9_.-]{1,64}$/;
const MAP_MAX_KEYS = 50;

/**
 * A flat JSON object of named settings (a currency's `options`): at most 50 keys of letters, digits,
 * `_ . -`, each a short text, a finite number or a boolean. Fixed keys the body leaves out are added
 * by the server (handlers.ts settle), not refused: a fiat currency's options are `{}`.
 */
function mapStruct(): Struct<Record<string, unknown>, null> {
  return define<Record<string, unknown>>('map', (v) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
    const entries = Object.entries(v);
    return entries.length <= MAP_MAX_KEYS && entries.every(([k, x]) => MAP_KEY.test(k) && (
      (typeof x === 'string' && x.length <= 255 && !x.includes('\u0000')) || (typeof x === 'number' && Number.isFinite(x)) || typeof x === 'boolean'));
  });
}

/** A set of switches (`flags`): only the declared keys, each true or false; a subset is fine (the rest default or stay). */
function flagsStruct(keys: readonly string[]): Struct<Record<string, boolean>, null> {
  return define<Record<string, boolean>>('flags', (v) => typeof v === 'object' && v !== null && !Array.isArray(v)
    && Object.entries(v).every(([k, x]) => keys.includes(k) && typeof x === 'boolean'));
}

/** Up to 50 distinct short texts (a wallet's currency codes); each must exist when `references` is set. */
function listStruct(f: FieldDef): Struct<string[], null> {
  const max = f.max ?? 64;
  return refine(define<string[]>('list', (v) => Array.isArray(v) && v.length <= 50
    && v.every((x) => typeof x === 'string' && x.length > 0 && x.length <= max && !x.includes('\u0000'))),
  'distinct', (v) => new Set(v).size === v.length);
}

/** The struct of one field's value. `required` adds the blank check (the absent check is the object's). */
export function fieldStruct(f: FieldDef, required = false): Struct<any, any> {
  switch (f.kind) {
    case 'text': case 'textarea': return f.options === 'countries' ? countryStruct(maxLength(f), f.alsoAllowed) : textStruct(f, required);
    case 'number': {
      const base = f.fractional ? refine(number(), 'finite', (v) => Number.isFinite(v)) : integer();
      return inRange(fromNumericText(base), f.range ?? INT4);
    }
    case 'decimal': {
      const d = coerceNumber(decimal(), (v) => (Number.isFinite(v) ? numberText(v) : v));
      const [lo, hi] = f.range ?? [-Infinity, Infinity];
      return refine(d, 'range', (v) => (lo < 0 || !v.startsWith('-')) && Number(v) >= lo && Number(v) <= hi);
    }
    case 'boolean':
      return coerceString(boolean(), (v) => (v === 'true' ? true : v === 'false' ? false : v));
    case 'enum': return enumStruct(f.values ?? []);
    case 'date': return dateOnly();
    case 'datetime': return dateTime();
    case 'id': case 'reference': return idStruct();
    case 'map': return f.flags ? flagsStruct(f.fixedKeys ?? []) : mapStruct();
    case 'list': return listStruct(f);
  }
}

/** A date-range bound of a list query: epoch seconds (Barong) or ISO-8601 (Peatio), either accepted. */
export const rangeBound = () =>
  coerceString(
    define<Date>('range_bound', (v) => v instanceof Date && !Number.isNaN(v.getTime())),
    (v) => {
      if (/^\d{1,11}$/.test(v)) return new Date(Number(v) * 1000);
      if (isIsoDateTime(v) || isCalendarDay(v)) return new Date(v);
      return v;
    },
  );
