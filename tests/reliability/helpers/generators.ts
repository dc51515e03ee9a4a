/**
 * Seeded generators of malformed input for the route fuzz. Every run with the same seed sends the same
 * requests (FUZZ_SEED, printed by the suite). Families: the classes that once answered 500 —
 * (A) objects whose own toString/valueOf is not a function, (B) NUL bytes, (C) unpaired surrogates,
 * (D) ids past bigint, (E) deep nesting; and from issue 31, (F) amounts past the money column (20 digits,
 * as text and as a number), (G) impossible calendar dates, (I) unprintable objects nested in an options
 * map — plus (H) ids that Number() reads but that are not digits (" 1", "1.0", "1e0"; issue 30), wrong
 * types, huge strings, unicode, numbers at the edges, prototype keys, broken JSON and wrong content types.
 * F, G, H and I aim at the fields they are about (TARGETS): an amount family sent to a route's `amount`.
 */

export interface Rand {
  int(n: number): number;
  pick<T>(items: readonly T[]): T;
}

/** mulberry32: small, fast, and the same sequence on every platform. */
export function rand(seed: number): Rand {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { int: (n) => Math.floor(next() * n), pick: (items) => items[Math.floor(next() * items.length)]! };
}

const nestedArrays = (n: number): string => '['.repeat(n) + ']'.repeat(n);
const nestedObjects = (n: number): string => '{"a":'.repeat(n) + '1' + '}'.repeat(n);

/**
 * Values for one field, as JSON text (so numbers past double precision and own `__proto__` keys travel
 * exactly as written). Small positive integers are left out on purpose: as ids they would hit real rows
 * (a permission the caller's access depends on), and valid values are not what this looks for.
 */
export const VALUE_FAMILIES: Record<string, readonly string[]> = {
  'A: unprintable object': ['{"toString":1}', '{"valueOf":{},"toString":"x"}', '{"toString":null}', '[{"toString":[]}]', '{"valueOf":1}'],
  'B: NUL': ['"\\u0000"', '"a\\u0000b"', '"\\u0000\\u0000@x.y"'],
  'C: unpaired surrogate': ['"\\ud800"', '"x\\udfff"', '"\\ude00\\ud83d"', '"a\\udbff@b.c"'],
  'D: id past bigint': ['1e23', '99999999999999999999', '9223372036854775808', '9007199254740993', '1e309', '-1e309'],
  'E: deep nesting': [nestedArrays(5000), nestedObjects(40), nestedArrays(33)],
  'wrong type': ['true', 'false', 'null', '[]', '{}', '"str"', '[1,2,3]', '{"a":1}', '""', '" "'],
  'huge string': [`"${'x'.repeat(100_000)}"`, `"${'é'.repeat(50_000)}"`, `"${'😀'.repeat(20_000)}"`, `[${'"x",'.repeat(20_000)}"x"]`],
  unicode: ['"😀"', '"naïve"', '"עברית"', '"\\u202eevil"', '"e\\u0301"', '"\\ufeff"', '"\\uffff"', '"ǅ"', '"\\u2028"', '"%00"', '"\\\\u0000"'],
  'edge number': ['0', '-0', '-1', '0.5', '-2.5', '9007199254740992', '-9007199254740992', '1e308', '5e-324', '2147483648', '1.0000000000000002'],
  'F: amount past the column': ['"99999999999999999999"', '99999999999999999999', '"100000000000000000000"', '100000000000000000000', '1e+21',
    '"1000000000000000000"', '"-99999999999999999999"', '9007199254740993', '"1e20"'],
  'G: impossible date': ['"2026-02-30"', '"2026-13-01"', '"2026-11-31T25:00Z"', '"2026-11-31T23:00:00Z"', '"2026-02-29T00:00:00Z"',
    '"0000-01-01"', '"2026-11-30T24:00:00Z"', '"2026-11-30T12:00:00+16:00"'],
  // Row 1 exists on most tables: a padded id read as a number would act on it (and show as a 2xx). No
  // JSON literal of value 1 (1.0 is the number 1, a valid id): 1.0000000000000001 is one JSON.parse rounds to 1.
  'H: id that is not digits': ['" 1"', '"1 "', '"  1  "', '"+1"', '"1.0"', '"1e0"', '"0x1"', '"\\t1"', '1.0000000000000001', '"01e0"'],
  'I: unprintable options': ['{"toString":1}', '{"deposit":true,"toString":null}', '{"a":{"toString":1}}', '{"valueOf":{},"toString":"x"}', '[{"toString":1}]'],
};

/** The fields a family is about: it is sent to one of them when the request has one (else any known name of the kind). */
export const TARGETS: Record<string, RegExp> = {
  'F: amount past the column': /amount|price|fee|cap|supply|balance|investment|value|volume/,
  'G: impossible date': /date|^from$|^to$|_at$|^dob$/,
  'H: id that is not digits': /^id$|_id$/,
  'I: unprintable options': /options|config|data|flags|metadata|query/,
};

/** Keys that reach for the prototype (or shadow its methods). */
export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString', 'valueOf', '__defineGetter__'];

/** Field and parameter names the routes read, so a mutation reaches past "unknown field". */
export const KNOWN_NAMES = [
  'id', 'uid', 'user_uid', 'email', 'role', 'state', 'page', 'limit', 'order_by', 'ordering', 'cursor', 'before_id',
  'from', 'to', 'range', 'key', 'value', 'scope', 'title', 'data', 'type', 'amount', 'percentage', 'currency', 'group',
  'name', 'notification_id', 'faq_category_id', 'identity', 'password', 'otp_code', 'captcha_response', 'otp',
  'phone_number', 'referral_uid', 'remark', 'extended', 'topic', 'action', 'result', 'country', 'path', 'verb', 'tz',
  'period', 'min_swap_amount', 'question', 'answer', 'position', 'status', 'message', 'description', 'first_name', 'metadata',
];

/** Query values (raw, already encoded). */
export const QUERY_VALUES = [
  '%00', 'a%00b', '%ED%A0%80', '%ff', '%E0%A4%A', '%', '99999999999999999999', '1e23', '-1', '0', '1e309', 'NaN',
  'Infinity', '', '%20', encodeURIComponent('😀'), encodeURIComponent('\u202e'), 'x'.repeat(5000), 'true', 'null',
  '[]', '{}', encodeURIComponent("' OR 1=1 --"), 'password_digest', '2026-13-45', '9999-12-31T23:59:59Z',
  '%201', '1%20', '%20%201%20%20', '%2B1', '1.0', '1e0', '2026-02-30', encodeURIComponent('2026-11-31T25:00Z'),
];

/** Path parameter values (raw, already encoded). */
export const PATH_VALUES = ['%00', 'a%00b', '99999999999999999999', '1e23', '-1', '0', '1.5', 'x'.repeat(300), encodeURIComponent('😀'), '%2e%2e%2f', 'IDFFFFFFFFFF',
  '..%2F..%2F', '%20%201%20%20', '%201', '1%20', '%2B1', '1.0', '1e0', '0x1'];

export const CONTENT_TYPES = [
  'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml',
  'application/json; charset=utf-16', 'application/octet-stream', 'application/JSON',
];

/** A request variation: a body (raw text) with its content type, and/or a query or path change. */
export interface Variation { family: string; body?: string; contentType?: string; query?: string; pathValue?: string }

/** JSON text of `base` with `key` set to the raw JSON `value` (added when absent). */
function withField(base: Record<string, unknown>, key: string, value: string): string {
  const rest = Object.entries(base).filter(([k]) => k !== key).map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`);
  return `{${[...rest, `${JSON.stringify(key)}:${value}`].join(',')}}`;
}

/** One seeded variation of a request whose valid form is `base` (a body for writes, a query for reads). */
export function variation(r: Rand, base: Record<string, unknown>, opts: { body: boolean; pathParam: boolean }): Variation {
  const keys = [...Object.keys(base), ...KNOWN_NAMES];
  const families = Object.keys(VALUE_FAMILIES);
  const kind = r.int(opts.pathParam ? 10 : 9);
  if (kind === 9) return { family: 'path parameter', pathValue: r.pick(PATH_VALUES) };
  if (!opts.body) {
    const k = r.pick([...keys, ...PROTOTYPE_KEYS]);
    const twice = r.int(4) === 0;
    const v = r.pick(QUERY_VALUES);
    return { family: 'query', query: twice ? `${k}=${v}&${k}=${v}` : r.int(6) === 0 ? `${k}[]=${v}&${k}[a]=1` : `${k}=${v}` };
  }
  if (kind <= 4) {
    const family = r.pick(families);
    const target = TARGETS[family];
    const aimed = target ? Object.keys(base).filter((k) => target.test(k)) : [];
    const fallback = target ? KNOWN_NAMES.filter((k) => target.test(k)) : [];
    const key = r.pick(aimed.length ? aimed : fallback.length ? fallback : keys);
    return { family, body: withField(base, key, r.pick(VALUE_FAMILIES[family]!)), contentType: 'application/json' };
  }
  if (kind === 5) {
    const family = r.pick(families);
    return { family: `whole body: ${family}`, body: r.pick(VALUE_FAMILIES[family]!), contentType: 'application/json' };
  }
  if (kind === 6) return { family: 'prototype key', body: withField(base, r.pick(PROTOTYPE_KEYS), r.pick(['{"admin":true}', '1', '{"prototype":{"x":1}}', 'null'])), contentType: 'application/json' };
  if (kind === 7) {
    const text = JSON.stringify(base);
    return { family: 'broken JSON', body: r.pick([text.slice(0, Math.max(1, r.int(text.length))), `${text}}`, text.replace(/"/, "'"), '', '{', '\u0000', '{"a":1,}']), contentType: 'application/json' };
  }
  return { family: 'content type', body: JSON.stringify(base), contentType: r.pick(CONTENT_TYPES) };
}
