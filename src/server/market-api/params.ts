/**
 * Peatio's parameters, read as its Grape declarations read them: a value of the wrong type answers
 * `<prefix>.non_integer_<name>` (or `non_decimal_`), one outside its values `<prefix>.invalid_<name>`, a
 * missing required one `<prefix>.missing_<name>`; every refusal is 422 with the code under the field. Query
 * strings and JSON bodies both arrive here: a repeated query key (an array) or an object is the wrong type.
 */
import { ApiError } from '../plugins/errors.js';
import { DECIMAL_TEXT, numberText } from '../../shared/decimal.js';

export type Params = Record<string, unknown>;

export const refuse = (code: string, field: string): never => { throw new ApiError(422, [code], { [field]: [code] }); };

/** The query (GET) or the body's fields, and the query's under them (Peatio merges both into params). */
export function paramsOf(req: { query?: unknown; body?: unknown }): Params {
  const q = req.query && typeof req.query === 'object' ? (req.query as Params) : {};
  const b = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Params) : {};
  return { ...q, ...b };
}

const present = (v: unknown) => v !== undefined && v !== '';

/** An integer parameter: `non_integer_<name>` unless whole digits (a JSON integer too), `invalid_<name>` outside [min, max]. */
export function int(p: Params, name: string, prefix: string, o: { min?: number; max?: number; def?: number; code?: string } = {}): number | undefined {
  const v = p[name];
  if (!present(v)) return o.def;
  const text = typeof v === 'number' ? numberText(v) : v;
  if (typeof text !== 'string' || !/^-?\d{1,15}$/.test(text)) return refuse(`${prefix}.non_integer_${name}`, name);
  const n = Number(text);
  if ((o.min !== undefined && n < o.min) || (o.max !== undefined && n > o.max)) return refuse(o.code ?? `${prefix}.invalid_${name}`, name);
  return n;
}

/** One of `values` (case as sent), else `invalid_<name>` (or `code`). */
export function oneOf<T extends string>(p: Params, name: string, prefix: string, values: readonly T[], def?: T, code?: string): T | undefined {
  const v = p[name];
  if (!present(v)) return def;
  if (typeof v !== 'string' || !(values as readonly string[]).includes(v)) return refuse(code ?? `${prefix}.invalid_${name}`, name);
  return v as T;
}

/** A short text filter (a code, a name, a group): anything but a string of up to 255 characters is `invalid_<name>`. */
export function text(p: Params, name: string, prefix: string): string | undefined {
  const v = p[name];
  if (!present(v)) return undefined;
  if (typeof v !== 'string' || v.length > 255) return refuse(`${prefix}.invalid_${name}`, name);
  return v;
}

/**
 * A decimal amount or price: `missing_<name>` when required and absent, `non_decimal_<name>` unless plain
 * decimal text (or a JSON number JavaScript holds exactly), `non_positive_<name>` at zero or below.
 */
export function decimal(p: Params, name: string, prefix: string, required: boolean): string | undefined {
  const v = p[name];
  if (!present(v)) return required ? refuse(`${prefix}.missing_${name}`, name) : undefined;
  const s = typeof v === 'number' && Number.isFinite(v) ? numberText(v) : typeof v === 'string' ? v.trim() : null;
  if (s === null || !DECIMAL_TEXT.test(s)) return refuse(`${prefix}.non_decimal_${name}`, name);
  if (s.startsWith('-') || /^0*(\.0*)?$/.test(s)) return refuse(`${prefix}.non_positive_${name}`, name);
  return s;
}

/** Peatio's page parameters: limit 1..max (default `def`), page from 1. */
export function paging(p: Params, prefix: string, def = 100, max = 1000): { limit: number; page: number } {
  const limit = int(p, 'limit', prefix, { min: 1, max, def })!;
  const page = int(p, 'page', prefix, { min: 1, def: 1, code: `${prefix}.non_positive_page` })!;
  return { limit, page };
}

/** Seconds since the epoch as a Date (`non_integer_<name>` / `invalid_<name>`), for time_from, time_to and timestamp. */
export function epoch(p: Params, name: string, prefix: string, code?: string): Date | undefined {
  const s = int(p, name, prefix, { min: 0, max: 253_402_300_799, code });
  return s === undefined ? undefined : new Date(s * 1000);
}

/** `search[code]` as Rack reads it, or `search: {code}` in a JSON body or `search={"code":…}` as JSON text (Peatio's `type: JSON`). */
export function search(p: Params, prefix: string, keys: readonly string[]): Record<string, string> {
  let nested = p.search;
  if (typeof nested === 'string') {
    try { nested = JSON.parse(nested); } catch { return refuse(`${prefix}.invalid_search`, 'search'); }
  }
  if (nested !== undefined && (nested === null || typeof nested !== 'object' || Array.isArray(nested))) return refuse(`${prefix}.invalid_search`, 'search');
  const from = (nested ?? {}) as Params;
  const out: Record<string, string> = {};
  for (const k of keys) {
    const v = from[k] ?? p[`search[${k}]`];
    if (!present(v)) continue;
    if (typeof v !== 'string' || v.length > 255) return refuse(`${prefix}.invalid_search`, 'search');
    out[k] = v;
  }
  return out;
}
