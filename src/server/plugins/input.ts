/**
 * Request input refused before any handler sees it, on every route (400 with a code):
 * - JSON nested deeper than MAX_DEPTH (server.request.too_deep). The depth is counted on the raw text
 *   before parsing: V8 parses 5,000 nested arrays happily, but every recursive walk after it (validation,
 *   the audit's copy, serialization) overflows the stack, and a megabyte of `[` costs ~0.4 s to parse.
 * - A NUL byte (U+0000) or an unpaired UTF-16 surrogate (`"\ud800"`) in any string or key of a JSON body,
 *   a NUL in the URL, or a query whose escapes are not UTF-8 (server.request.invalid_characters). PostgreSQL stores neither: text refuses NUL,
 *   jsonb refuses both, so such a value failed the write or its audit row with a 500.
 * - An API path with dot segments, a backslash or undecodable escapes (`/admin/users/..%2F..%2F`;
 *   server.request.invalid_path): the gates refuse it anyway, but a superadmin was told they lacked a
 *   permission (401 authz.invalid_permission) instead of what was wrong.
 * - JSON numbers a double cannot hold as sent (9007199254740993, 0.10000000000000001) are not rounded
 *   into another value: they reach the handlers as NaN, refused by the field (json-text.ts).
 * And JSON objects carrying their own `toString` or `valueOf` key (`{"email": {"toString": 1}}`) are made
 * printable: a validation failure prints the value (superstruct's message does `${value}`), which threw
 * "Cannot convert object to primitive value". They get a Symbol.toPrimitive, which wins over both keys;
 * the keys themselves stay as sent (Object.keys, for…in and JSON.stringify ignore symbols). It is
 * enumerable so that copies keep it: superstruct's object and defaulted coercers validate a spread copy
 * (`{...value}`), and a non-enumerable symbol was lost there (`"options": {"toString": 1}` answered 500).
 */
import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors.js';
import { inexact, scanJson, withoutInexact } from './json-text.js';
import { isUnreadableApiPath } from '../auth/paths.js';

/** Deeper than any body the console sends (the deepest, a jsonb field, is 3–4 levels). */
export const MAX_DEPTH = 32;

/** Whether the JSON text nests arrays and objects deeper than `max` (brackets inside strings do not count). */
export const nestsDeeperThan = (text: string, max: number): boolean => scanJson(text, max);

/** A NUL, or a UTF-16 surrogate without its partner (matched per code unit: no `u` flag). */
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** A string PostgreSQL can store: no NUL, no unpaired surrogate. */
export const storableText = (s: string): boolean => !UNSTORABLE.test(s);

function printAsObject(this: object, hint: string): string | number {
  return hint === 'number' ? Number.NaN : Object.prototype.toString.call(this);
}

/**
 * Checks every string and key of a parsed body (depth already bounded) and makes objects with their own
 * toString/valueOf printable. False when a string cannot be stored.
 */
function vetParsed(value: unknown): boolean {
  if (typeof value === 'string') return storableText(value);
  if (value === null || typeof value !== 'object') return true;
  if (Array.isArray(value)) return value.every(vetParsed);
  const o = value as Record<string, unknown>;
  if (Object.hasOwn(o, 'toString') || Object.hasOwn(o, 'valueOf')) {
    Object.defineProperty(o, Symbol.toPrimitive, { value: printAsObject, enumerable: true });
  }
  for (const k of Object.keys(o)) if (!storableText(k) || !vetParsed(o[k])) return false;
  return true;
}

/** Whether the URL's query, if it has escapes, decodes as UTF-8. */
function readableQuery(url: string): boolean {
  const at = url.indexOf('?');
  if (at < 0 || !url.includes('%', at)) return true;
  try {
    decodeURIComponent(url.slice(at + 1));
    return true;
  } catch {
    return false;
  }
}

export function registerInputGuards(app: FastifyInstance): void {
  // Fastify's own JSON parser (secure-json-parse: `__proto__` and `constructor.prototype` keys refused),
  // wrapped by the checks above.
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    // One pass for both: the depth, and the numbers JavaScript cannot hold as sent (json-text.ts).
    const rounded = new Set<number>();
    const tooDeep = scanJson(body as string, MAX_DEPTH, (literal) => { const read = inexact(literal); if (read !== undefined) rounded.add(read); });
    if (tooDeep) return done(new ApiError(400, ['server.request.too_deep']), undefined);
    parse(req, body as string, (err, value) => {
      if (err) return done(err, undefined);
      if (!vetParsed(value)) return done(new ApiError(400, ['server.request.invalid_characters']), undefined);
      // They reach the handlers as NaN, which every field refuses, instead of a value nobody sent.
      done(null, rounded.size ? withoutInexact(value, rounded) : value);
    });
  });

  // A NUL can only come percent-encoded (the HTTP parser refuses a raw one); query values and path
  // parameters are decoded from the URL, so one look at it covers both. A query whose escapes are not
  // UTF-8 (`%ED%A0%80`, a lone surrogate's bytes; `%FF`) or not escapes (`%zz`) is refused too: the query
  // parser read them as U+FFFD or as they stand, and the list answered 200 with no rows for a filter
  // nobody typed, where the same text in a JSON body is a 400.
  app.addHook('onRequest', (req, _reply, done) => {
    if (req.url.includes('%00') || !readableQuery(req.url)) return done(new ApiError(400, ['server.request.invalid_characters']));
    if (isUnreadableApiPath(req.url)) return done(new ApiError(400, ['server.request.invalid_path']));
    done();
  });
}
