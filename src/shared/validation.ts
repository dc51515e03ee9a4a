/**
 * Superstruct helpers shared by the client and the server: the same struct validates both sides
 * (DESIGN §5.3). Failures become OpenWare-style codes: `<prefix>.missing_<field>` for an absent
 * required field, `<prefix>.invalid_<field>` otherwise, plus `<prefix>.unknown_<field>` for extras.
 */
import { Struct, define, refine, string, number, type StructError } from 'superstruct';
import { DECIMAL_TEXT, INTEGER_DIGITS, integerDigits } from './decimal.js';

export type Validated<T> = { ok: true; value: T } | { ok: false; errors: string[]; fields: Record<string, string[]> };

export function check<T, S>(struct: Struct<T, S>, input: unknown, prefix: string): Validated<T> {
  const [err, value] = struct.validate(input, { coerce: true });
  if (!err) return { ok: true, value: value as T };
  return { ok: false, ...failureCodes(err, prefix) };
}

export type Failure = ReturnType<StructError['failures']>[number];

/** Wire codes, per-field codes, and (for forms) the message under each field. */
export interface CollectedFailures {
  errors: string[];
  fields: Record<string, string[]>;
  messages: Record<string, string>;
}

/**
 * The one loop from a superstruct failure to codes and messages; callers say only how they spell a
 * code (and a message) for a field. A value that is not an object at all (an array body, a number) is
 * one failure under `rootKey`, not one per missing field.
 */
export function collectFailures(
  err: StructError,
  codeOf: (key: string, f: Failure) => string,
  messageOf?: (key: string, f: Failure) => string,
  rootKey = 'body',
): CollectedFailures {
  const errors: string[] = [];
  const fields: Record<string, string[]> = {};
  const messages: Record<string, string> = {};
  const all = err.failures();
  const failures = all.some((f) => f.path.length === 0) ? all.filter((f) => f.path.length === 0) : all;
  for (const f of failures) {
    const key = f.path.length ? String(f.path[0]) : rootKey;
    const code = codeOf(key, f);
    if (!errors.includes(code)) errors.push(code);
    addFieldError(fields, key, code);
    if (messageOf) setOwnOnce(messages, key, () => messageOf(key, f));
  }
  return { errors, fields, messages };
}

export function failureCodes(err: StructError, prefix: string): { errors: string[]; fields: Record<string, string[]> } {
  const { errors, fields } = collectFailures(err, (key, f) => {
    let kind: string;
    if (f.value === undefined && f.type !== 'never') kind = 'missing';
    else if (f.type === 'never') kind = 'unknown';
    else if (f.refinement === 'empty' || (typeof f.value === 'string' && f.value.trim() === '' && f.refinement === 'nonempty')) kind = 'empty';
    else kind = 'invalid';
    return `${prefix}.${kind}_${key}`;
  });
  return { errors, fields };
}

/**
 * Sets obj[key] unless obj already has it as an own property. Keys come from request bodies, so the
 * prototype is never trusted: `constructor` must not read Object's, and `__proto__` must not reassign it.
 */
export function setOwnOnce<T>(obj: Record<string, T>, key: string, value: () => T): T {
  if (!Object.hasOwn(obj, key)) Object.defineProperty(obj, key, { value: value(), enumerable: true, writable: true, configurable: true });
  return obj[key] as T;
}

/** Adds a code under a field, once (see setOwnOnce for why not `fields[key] ??= []`). */
export function addFieldError(fields: Record<string, string[]>, key: string, code: string): void {
  const list = setOwnOnce(fields, key, () => [] as string[]);
  if (!list.includes(code)) list.push(code);
}

/**
 * A decimal string (money): digits with an optional fraction of at most 18 places; rejects floats like
 * 1e309 and NaN. Past 18 digits before the point it fails the `too_large` refinement (codes
 * `<prefix>.<field>_too_large`): no money column holds 10¹⁸ (decimal.ts INTEGER_DIGITS), and 20 digits
 * reached the database and answered 500.
 */
export const decimal = () => refine(
  define<string>('decimal', (v) => typeof v === 'string' && DECIMAL_TEXT.test(v)),
  'too_large', (v) => integerDigits(v) <= INTEGER_DIGITS,
);

/** Non-negative decimal string. */
export const amount = () => refine(decimal(), 'non_negative', (v) => !v.startsWith('-'));

/** A finite number (JSON `1e309` parses to Infinity, which superstruct's number() accepts). */
export const finite = () => refine(number(), 'finite', (v) => Number.isFinite(v));

/** A trimmed, non-empty string. */
export const nonBlank = () => refine(string(), 'nonempty', (v) => v.trim().length > 0);

/** Upper bound on free-text fields so a 1 MB string never reaches the database. */
export const text = (max = 1024) => refine(string(), 'max_length', (v) => v.length <= max);

/**
 * superstruct's coerce(struct, string(), fn) and coerce(struct, number(), fn), without their cost:
 * coerce() tests its condition with is(), which builds a StructError (stack trace and all) for every
 * value that fails it — every absent optional key of every query, ~0.15 ms a list request. A typeof
 * test decides exactly the same.
 */
export function coerceString<T, S>(struct: Struct<T, S>, fn: (v: string) => unknown): Struct<T, S> {
  return new Struct({ ...struct, coercer: (v: unknown, ctx) => struct.coercer(typeof v === 'string' ? fn(v) : v, ctx) });
}

export function coerceNumber<T, S>(struct: Struct<T, S>, fn: (v: number) => unknown): Struct<T, S> {
  return new Struct({
    ...struct,
    coercer: (v: unknown, ctx) => struct.coercer(typeof v === 'number' && !Number.isNaN(v) ? fn(v) : v, ctx),
  });
}
