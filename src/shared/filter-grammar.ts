/**
 * The palette's filter grammar (issue 17 item 1): `orders market:btcusdt state:wait since:7d` names a list
 * and its filters. One grammar over every registry resource, read from its declaration alone:
 *   - the first words name the list: its name, route, label or plural label, any case, singular or plural;
 *   - `key:value` pairs follow; a key is a declared filter's field or its label in snake case (`side` for
 *     a trade's `taker_type`, labelled Side); a value with spaces is quoted (`email:"a b"`);
 *   - a resource with a date-range filter also takes `since:<n><h|d|w|m>` (hours, days, weeks, months back
 *     from now) and `from:YYYY-MM-DD` / `to:YYYY-MM-DD`, which become the list's `from`/`to` days.
 * Values are checked as the list's own query struct checks them (enums, numbers, ids, countries, length),
 * so what the palette lets through is what the server takes. Framework-free and pure: `now` is given.
 */
import { countryByIso } from './countries.js';
import { dayBound } from './list-query.js';
import { isPhoneField, phoneDigits } from './phone.js';
import { structsOf, type FieldDef, type ResolvedFilter, type Resource } from './resources/index.js';

/** A key the grammar takes for a resource: a filter's own parameter, or one of the date words. */
export interface FilterKey {
  /** What is typed and shown (`market`, `side`, `since`). */
  key: string;
  /** Other spellings taken for it (the field name when the key is its label). */
  aliases: readonly string[];
  kind: 'value' | 'since' | 'from' | 'to';
  filter: ResolvedFilter;
  /** What the key means, for completions: the filter's label. */
  label: string;
}

const DATE_KEYS = ['since', 'from', 'to'] as const;
const snakeOf = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '');

/** The keys a resource's declared filters give, in declaration order; the date words once, for its range filter. */
export function filterKeys(r: Resource): FilterKey[] {
  const out: FilterKey[] = [];
  const taken = new Set(r.filtersResolved.filter((f) => f.op !== 'range').map((f) => f.field));
  for (const f of r.filtersResolved) {
    if (f.op === 'range') {
      if (out.some((k) => k.kind === 'since')) continue;
      for (const d of DATE_KEYS) out.push({ key: d, aliases: [], kind: d, filter: f, label: `${f.label} ${d === 'since' ? 'within the last' : d}` });
      continue;
    }
    // A label that names the field more plainly (Side for taker_type) is the key; the field name stays an alias.
    const alias = snakeOf(r.fields[f.field]?.label ?? f.label);
    const plain = alias !== f.field && /^[a-z]+(_[a-z]+)?$/.test(alias) && !taken.has(alias) && !(DATE_KEYS as readonly string[]).includes(alias)
      && !out.some((k) => k.key === alias || k.aliases.includes(alias));
    out.push(plain
      ? { key: alias, aliases: [f.field], kind: 'value', filter: f, label: f.label }
      : { key: f.field, aliases: [], kind: 'value', filter: f, label: f.label });
  }
  return out;
}

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Whether a typed word names a resource: any of its names, singular or plural (`order`, `Orders`, `withdrawls`). */
export function namesResource(word: string, r: Resource): boolean {
  const w = squash(word);
  if (!w) return false;
  return [r.name, r.route, r.label, r.labelPlural].map(squash).some((n) =>
    n === w || `${n}s` === w || `${w}s` === n || `${n}es` === w || `${w}es` === n
    || (n.endsWith('ies') && `${n.slice(0, -3)}y` === w) || (w.endsWith('ies') && `${w.slice(0, -3)}y` === n));
}

/** One `key:value` or bare word of the text, with where it sits (for completion). */
export interface Token { start: number; end: number; key?: string; value: string; raw: string; quoteOpen: boolean }

/** Splits on spaces outside quotes; `key:"a b"` and `"a b"` keep their spaces. */
export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < text.length) {
    while (i < text.length && /\s/.test(text[i]!)) i++;
    if (i >= text.length) break;
    const start = i;
    let quote = false;
    while (i < text.length && (quote || !/\s/.test(text[i]!))) {
      if (text[i] === '"') quote = !quote;
      i++;
    }
    const raw = text.slice(start, i);
    const colon = raw.indexOf(':');
    const bareQuoted = raw.startsWith('"');
    const key = colon > 0 && !bareQuoted ? raw.slice(0, colon) : undefined;
    const rest = key !== undefined ? raw.slice(colon + 1) : raw;
    out.push({ start, end: i, raw, quoteOpen: quote, value: rest.replace(/"/g, ''), ...(key !== undefined ? { key } : {}) });
  }
  return out;
}

export type Checked = { ok: true; value: string } | { ok: false; message: string };

/** A UTC day as YYYY-MM-DD. */
export const dayOf = (d: Date): string => d.toISOString().slice(0, 10);

const SINCE = /^(\d{1,4})([hdwm])$/i;

/** `since:` → the first UTC day of the window: 7d is the day seven days ago (the list's `from` is a day). */
export function sinceDay(text: string, now: Date): string | undefined {
  const m = SINCE.exec(text.trim());
  if (!m || Number(m[1]) < 1) return undefined;
  const n = Number(m[1]);
  const d = new Date(now.getTime());
  switch (m[2]!.toLowerCase()) {
    case 'h': d.setTime(d.getTime() - n * 3_600_000); break;
    case 'd': d.setUTCDate(d.getUTCDate() - n); break;
    case 'w': d.setUTCDate(d.getUTCDate() - 7 * n); break;
    default: d.setUTCMonth(d.getUTCMonth() - n);
  }
  return Number.isNaN(d.getTime()) ? undefined : dayOf(d);
}

/** A real calendar day (2026-02-30 is not one, though Date would roll it into March). */
export const isDay = (text: string): boolean => {
  const d = dayBound(text, false);
  return !!d && dayOf(d) === text;
};

function kindWord(f: FieldDef): string {
  switch (f.kind) {
    case 'number': return f.fractional ? 'a number' : 'a whole number';
    case 'decimal': return 'a decimal number';
    case 'id': case 'reference': return 'an id (a positive whole number)';
    case 'boolean': return 'true or false';
    default: return f.options === 'countries' ? 'a country code (US, DE …)' : 'a valid value';
  }
}

/** A value for a key, as the list's query struct takes it (canonical spelling), or what is wrong with it. */
export function checkValue(r: Resource, k: FilterKey, raw: string, now: Date): Checked {
  const text = raw.trim();
  if (text === '') return { ok: false, message: `${k.key}: type a value` };
  if (k.kind === 'since') {
    const day = sinceDay(text, now);
    return day ? { ok: true, value: text.toLowerCase() } : { ok: false, message: `since: “${text}” is not a period — a number and h, d, w or m (since:7d)` };
  }
  if (k.kind === 'from' || k.kind === 'to') {
    return isDay(text) ? { ok: true, value: text } : { ok: false, message: `${k.key}: “${text}” is not a date — YYYY-MM-DD (${k.key}:2026-11-01)` };
  }
  const field = k.filter.field;
  const f = r.fields[field]!;
  if (f.kind === 'enum') {
    const v = (f.values ?? []).find((x) => x.toLowerCase() === text.toLowerCase());
    return v !== undefined ? { ok: true, value: v } : { ok: false, message: `${k.key}: “${text}” is not one of ${(f.values ?? []).join(', ')}` };
  }
  const wire = isPhoneField(field) ? phoneDigits(text) : text;
  if (wire === '') return { ok: false, message: `${k.key}: “${text}” is not a phone number` };
  const param = k.filter.params[0]!;
  const [err, out] = structsOf(r).list.validate({ [param]: wire }, { coerce: true });
  if (err) {
    const long = f.kind === 'text' || f.kind === 'textarea' ? ` (or longer than ${f.max ?? 255} characters)` : '';
    return { ok: false, message: `${k.key}: “${text}” is not ${kindWord(f)}${f.options ? '' : long}` };
  }
  const v = (out as Record<string, unknown>)[param];
  return { ok: true, value: v instanceof Date ? v.toISOString() : String(v) };
}

/** The token at the end of the text, still being typed (no space after it). */
export type Typing = { kind: 'key'; prefix: string; token: Token } | { kind: 'value'; key: FilterKey; prefix: string; token: Token };

export interface ParsedFilter {
  resource: Resource;
  keys: readonly FilterKey[];
  /** The list's URL filters (`from`/`to` days for the date words). */
  filters: Record<string, string>;
  /** What each given key holds, in the order typed: the title of the palette's item. */
  given: Array<{ key: string; value: string }>;
  /** Everything wrong with the text; the query is opened only when this is empty. */
  problems: string[];
  /** The problem of the token still being typed, if any (shown once Enter is pressed, or the token is finished). */
  typingProblem?: string;
  typing: Typing | null;
}


/**
 * The filter query the text is, or null when it is not one: its first words name none of `resources`, or
 * nothing after them looks like the grammar (`order 42` stays a jump, `users ban` a command search).
 */
export function parseFilterQuery(text: string, resources: readonly Resource[], now: Date): ParsedFilter | null {
  const tokens = tokenize(text);
  const openEnd = text.length > 0 && !/\s$/.test(text);
  // The longest run of leading bare words (up to three) that names a resource: "pending withdrawals state:…".
  let resource: Resource | undefined;
  let headLen = 0;
  for (let n = Math.min(3, tokens.length); n >= 1 && !resource; n--) {
    const head = tokens.slice(0, n);
    if (head.some((t) => t.key !== undefined || t.raw.includes('"'))) continue;
    const words = head.map((t) => t.raw).join(' ');
    resource = resources.find((r) => namesResource(words, r));
    if (resource) headLen = n;
  }
  if (!resource) return null;
  const rest = tokens.slice(headLen);
  const keys = filterKeys(resource);
  const keyNamed = (name: string) => keys.find((k) => k.key === name.toLowerCase() || k.aliases.includes(name.toLowerCase()));
  const last = rest[rest.length - 1];
  // The last token is still being typed: no space after it yet, or a quote still open (spaces and all).
  const lastOpen = !!last && last.end === text.length && (openEnd || last.quoteOpen);
  const headOpen = rest.length === 0 && openEnd;
  if (headOpen) return null;
  const prefixesKey = (w: string) => keys.some((k) => [k.key, ...k.aliases].some((n) => n.startsWith(w.toLowerCase())));
  // Grammar only when a pair is typed, the text ends in a space after the list's name, or a key is being started.
  const engaged = rest.some((t) => t.key !== undefined) || (rest.length === 0 && !openEnd) || (rest.length === 1 && lastOpen && prefixesKey(last!.raw));
  if (!engaged) return null;

  const filters: Record<string, string> = {};
  const given: ParsedFilter['given'] = [];
  const problems: string[] = [];
  let typing: Typing | null = null;
  let typingProblem: string | undefined;
  const seen = new Set<string>();
  const keyList = keys.map((k) => k.key).join(', ') || 'none';
  for (const [i, t] of rest.entries()) {
    const open = lastOpen && i === rest.length - 1;
    const problem = (m: string) => { if (open) typingProblem = m; problems.push(m); };
    if (t.key === undefined) {
      if (open) typing = { kind: 'key', prefix: t.raw, token: t };
      problem(`“${t.raw}” is not a filter: type key:value — keys for ${resource.labelPlural}: ${keyList}`);
      continue;
    }
    const k = keyNamed(t.key);
    if (!k) {
      if (open) typing = { kind: 'key', prefix: t.key, token: t };
      problem(`Unknown key “${t.key}” for ${resource.labelPlural} — keys: ${keyList}`);
      continue;
    }
    if (open) typing = { kind: 'value', key: k, prefix: t.value, token: t };
    if (seen.has(k.key)) { problem(`${k.key}: given twice`); continue; }
    seen.add(k.key);
    if (t.quoteOpen && !open) { problem(`${k.key}: close the quote`); continue; }
    const c = checkValue(resource, k, t.value, now);
    if (!c.ok) { problem(c.message); continue; }
    given.push({ key: k.key, value: c.value });
    if (k.kind === 'since') filters.from = sinceDay(c.value, now)!;
    else if (k.kind === 'from' || k.kind === 'to') filters[k.kind] = c.value;
    else filters[k.filter.params[0]!] = c.value;
  }
  if (seen.has('since') && seen.has('from')) problems.push('since and from both set the start: keep one');
  if (filters.from && filters.to && filters.from > filters.to) problems.push(`from ${filters.from} is after to ${filters.to}`);
  return { resource, keys, filters, given, problems, typing, ...(typingProblem ? { typingProblem } : {}) };
}
