/**
 * Paging for lists: offset pages near the start, keyset pages anywhere, over any sort.
 *
 * A list's order is a Keyset: a tuple of sort expressions ending in a unique key, e.g. (created_at, id),
 * (role, created_at, id) or (lower(email)). Every part runs in the same direction, so the keyset
 * condition is one row comparison `(a, b, c) < ($1, $2, $3)` that a btree index on the same tuple seeks
 * to directly, forwards or backwards: page 100 000 costs what page 1 costs.
 *
 * - Offset (`page`): fine while the skipped rows are few. Past MAX_OFFSET rows the caller refuses the
 *   page (admin.pagination.page_too_deep): that is also where the total stops being exact (count.ts).
 * - Cursor: opaque base64url of JSON [direction, order_by, ordering, [key values]]. 'n' reads the rows
 *   after the values (in the list's ordering), 'p' the rows before them, still answered in display
 *   order. It is only valid for the order it was made for; decodeCursor re-encodes what it read and
 *   refuses anything that is not byte for byte what this server makes. Timestamps travel as exact UTC
 *   text made by the database (to_char), never through a JS Date, so no microsecond is lost.
 * - `before_id` (the id of the last row seen, logs only): the (created_at, id) of that row, read by a
 *   subquery.
 */
import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { COUNT_CAP } from './count.js';

/** The furthest an offset page may start. */
export const MAX_OFFSET = COUNT_CAP;

export type Direction = 'asc' | 'desc';

/** How a key's value travels: a timestamp as microsecond UTC text, an integer, or text. */
export type KeyType = 'ts' | 'int' | 'text';

/** One sort expression of a keyset, over a table alias. */
export interface KeyPart { expr: (alias: string) => RawBuilder<unknown>; type: KeyType }

export interface Keyset { parts: readonly KeyPart[] }

const col = (name: string) => (alias: string) => sql.ref(`${alias}.${name}`);
export const keyPart = (name: string, type: KeyType): KeyPart => ({ expr: col(name), type });

/** (id): the order of the money lists (orders, trades, operations, adjustments), whose ids follow time. */
export const ID_KEYSET: Keyset = { parts: [keyPart('id', 'int')] };

/** (created_at, id): every log list's order. */
export const TIME_KEYSET: Keyset = { parts: [keyPart('created_at', 'ts'), keyPart('id', 'int')] };

/** What a cursor says: which way to read, the order it belongs to, and the sort key of the row it was made from. */
export interface Cursor { dir: 'next' | 'prev'; orderBy: string; ordering: Direction; values: (string | number)[] }

/** Where a page starts: an offset, a decoded cursor, or the id of the last row seen. */
export interface PageRequest {
  limit: number;
  ordering: Direction;
  page: number;
  cursor?: Cursor | null;
  beforeId?: number | null;
}

/** Longest cursor accepted (a 255-character e-mail key fits with room to spare). */
export const MAX_CURSOR_LENGTH = 1024;
const TS_TEXT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify([c.dir === 'next' ? 'n' : 'p', c.orderBy, c.ordering, c.values]), 'utf8').toString('base64url');
}

function valueFits(v: unknown, t: KeyType): boolean {
  if (t === 'int') return typeof v === 'number' && Number.isSafeInteger(v);
  if (typeof v !== 'string') return false;
  if (t === 'ts') return TS_TEXT.test(v) && !Number.isNaN(Date.parse(v));
  return v.length <= 320 && !v.includes('\u0000');
}

/**
 * The cursor, or null when the text is not one this server made for this order: malformed, tampered,
 * too long, made for another order_by/ordering, or carrying values of the wrong kinds.
 */
export function decodeCursor(text: string, expect: { orderBy: string; ordering: Direction; types: readonly KeyType[] }): Cursor | null {
  if (text.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(text)) return null;
  let raw: unknown;
  try { raw = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')); } catch { return null; }
  if (!Array.isArray(raw) || raw.length !== 4) return null;
  const [d, orderBy, ordering, values] = raw as unknown[];
  if ((d !== 'n' && d !== 'p') || orderBy !== expect.orderBy || ordering !== expect.ordering) return null;
  if (!Array.isArray(values) || values.length !== expect.types.length) return null;
  if (!values.every((v, i) => valueFits(v, expect.types[i]!))) return null;
  const c: Cursor = { dir: d === 'n' ? 'next' : 'prev', orderBy, ordering: expect.ordering, values: values as (string | number)[] };
  // Only the exact bytes this server would make (no reordered keys, padding or spare whitespace).
  return encodeCursor(c) === text ? c : null;
}

const CAST = { ts: sql`timestamptz`, int: sql`bigint`, text: sql`text` } as const;

/** The key's value as it travels in a cursor (a timestamp as exact UTC text). */
function keyText(p: KeyPart, alias: string) {
  const e = p.expr(alias);
  return p.type === 'ts' ? sql`to_char(${e} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')` : e;
}

/** The direction rows are read in: the list's ordering, reversed for a page before a cursor. */
export function scanDirection(p: PageRequest): Direction {
  if (p.cursor?.dir !== 'prev') return p.ordering;
  return p.ordering === 'desc' ? 'asc' : 'desc';
}

/** The selected key columns: k0, k1, … */
const keyAlias = (i: number) => `k${i}`;

/**
 * Selects the keys (k0…), adds the page's keyset condition, the keyset ordering in the scan direction,
 * the offset and limit + 1 (the extra row says whether another page lies that way; finishPage drops it).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function applyPage<Q extends SelectQueryBuilder<any, any, any>>(
  q: Q, ks: Keyset, alias: string, p: PageRequest, table?: string,
): Q {
  const dir = scanDirection(p);
  const cmp = sql.raw(dir === 'desc' ? '<' : '>');
  const exprs = ks.parts.map((k) => k.expr(alias));
  const tuple = sql.join(exprs);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let out: any = q;
  ks.parts.forEach((k, i) => { out = out.select(keyText(k, alias).as(keyAlias(i))); });
  if (p.cursor) {
    const vals = sql.join(p.cursor.values.map((v, i) => sql`${v}::${CAST[ks.parts[i]!.type]}`));
    out = out.where(ks.parts.length === 1 ? sql<boolean>`${tuple} ${cmp} ${vals}` : sql<boolean>`(${tuple}) ${cmp} (${vals})`);
  } else if (p.beforeId && table) {
    // A missing row makes the subquery NULL and the page empty, rather than silently restarting at the top.
    const anchor = sql`(SELECT k.created_at FROM ${sql.table(table)} AS k WHERE k.id = ${p.beforeId}::bigint)`;
    out = out.where(sql<boolean>`(${tuple}) ${cmp} (${anchor}, ${p.beforeId}::bigint)`);
  }
  for (const e of exprs) out = out.orderBy(e, dir);
  out = out.limit(p.limit + 1);
  if (!p.cursor && !p.beforeId && p.page > 1) out = out.offset((p.page - 1) * p.limit);
  return out as Q;
}

/** Orders a query over an applyPage subquery (alias `p` by default) the way the subquery read its rows. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function orderLikePage<Q extends SelectQueryBuilder<any, any, any>>(q: Q, ks: Keyset, p: PageRequest, alias = 'p'): Q {
  const dir = scanDirection(p);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let out: any = q;
  for (const k of ks.parts) out = out.orderBy(k.expr(alias), dir);
  return out as Q;
}

/** The key columns of an applyPage subquery, to pass through an outer query. */
export function keyColumns(ks: Keyset, alias = 'p') {
  return ks.parts.map((_, i) => sql.ref(`${alias}.${keyAlias(i)}`).as(keyAlias(i)));
}

export interface PageEnds<R> { rows: R[]; nextCursor: string | null; prevCursor: string | null }

/**
 * Drops the look-ahead row, puts the rows in display order and makes the cursors: Next-Cursor when rows
 * follow the last row, Prev-Cursor when rows precede the first one (after a cursor or an offset).
 */
export function finishPage<R extends object>(rows: R[], ks: Keyset, p: PageRequest, orderBy: string): PageEnds<R> {
  const more = rows.length > p.limit;
  const kept = more ? rows.slice(0, p.limit) : rows;
  const prev = p.cursor?.dir === 'prev';
  if (prev) kept.reverse();
  const first = kept[0], last = kept[kept.length - 1];
  const make = (r: R | undefined, dir: Cursor['dir']) => (r
    ? encodeCursor({ dir, orderBy, ordering: p.ordering, values: ks.parts.map((_, i) => (r as Record<string, string | number>)[keyAlias(i)]!) })
    : null);
  const follows = prev ? true : more;
  const precedes = prev ? more : Boolean(p.cursor || p.beforeId || p.page > 1);
  return {
    rows: kept,
    nextCursor: follows ? make(last, 'next') : null,
    prevCursor: precedes ? make(first, 'prev') : null,
  };
}
