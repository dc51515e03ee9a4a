/**
 * Paging for lists ordered by (created_at, id): offset pages near the start, keyset pages anywhere.
 *
 * - Offset (`page`): fine while the skipped rows are few. Past MAX_OFFSET rows the caller refuses the
 *   page (admin.pagination.page_too_deep): that is also where the total stops being exact (count.ts),
 *   so page numbers beyond it would not mean much anyway.
 * - Keyset: `cursor` (opaque, from the `Next-Cursor` header of the previous page) or `before_id` (the id
 *   of the last row seen). The condition is a row comparison `(created_at, id) < (t, id)` that the
 *   (…, created_at DESC, id DESC) indexes seek to directly, so page 100 000 costs what page 1 costs.
 *   "before" follows the list's ordering: with ordering=asc it means the rows after that one.
 *
 * The cursor is base64url of "<created_at with microseconds, UTC>|<id>". The timestamp is produced by
 * the database as text (to_char), never through a JS Date, so no microsecond is lost between pages.
 */
import { sql, type SelectQueryBuilder } from 'kysely';
import { COUNT_CAP } from './count.js';

/** The furthest an offset page may start. */
export const MAX_OFFSET = COUNT_CAP;

export type Direction = 'asc' | 'desc';

export interface Cursor { ts: string; id: number }

/** Where a page starts: an offset, a decoded cursor, or the id of the last row seen. */
export interface PageRequest {
  limit: number;
  ordering: Direction;
  page: number;
  cursor?: Cursor | null;
  beforeId?: number | null;
}

/** The table the keyset columns live in, and its alias in the query. */
export interface KeysetTable { table: string; alias: string }

const TS_TEXT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function encodeCursor(c: Cursor): string {
  return Buffer.from(`${c.ts}|${c.id}`, 'utf8').toString('base64url');
}

/** The cursor, or null when the text is not one this server made. */
export function decodeCursor(text: string): Cursor | null {
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(text)) return null;
  const [ts, id, ...rest] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  if (rest.length || !ts || !TS_TEXT.test(ts) || !id || !/^[1-9]\d{0,15}$/.test(id)) return null;
  const n = Number(id);
  return Number.isSafeInteger(n) && !Number.isNaN(Date.parse(ts)) ? { ts, id: n } : null;
}

/** Select this next to the row's columns: the cursor timestamp as exact UTC text. */
export function cursorTs(alias: string) {
  return sql<string>`to_char(${sql.ref(`${alias}.created_at`)} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/**
 * Adds the page's keyset condition, the (created_at, id) ordering, the offset and limit + 1 (the extra
 * row says whether a next page exists; finishPage drops it).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function applyPage<Q extends SelectQueryBuilder<any, any, any>>(q: Q, t: KeysetTable, p: PageRequest): Q {
  const created = sql.ref(`${t.alias}.created_at`);
  const id = sql.ref(`${t.alias}.id`);
  const cmp = sql.raw(p.ordering === 'desc' ? '<' : '>');
  let out = q;
  if (p.cursor) {
    out = out.where(sql<boolean>`(${created}, ${id}) ${cmp} (${p.cursor.ts}::timestamptz, ${p.cursor.id}::bigint)`) as Q;
  } else if (p.beforeId) {
    // A missing row makes the subquery NULL and the page empty, rather than silently restarting at the top.
    const anchor = sql`(SELECT k.created_at FROM ${sql.table(t.table)} AS k WHERE k.id = ${p.beforeId}::bigint)`;
    out = out.where(sql<boolean>`(${created}, ${id}) ${cmp} (${anchor}, ${p.beforeId}::bigint)`) as Q;
  }
  out = out.orderBy(created, p.ordering).orderBy(id, p.ordering).limit(p.limit + 1) as Q;
  const keyset = Boolean(p.cursor || p.beforeId);
  if (!keyset && p.page > 1) out = out.offset((p.page - 1) * p.limit) as Q;
  return out;
}

/** Drops the look-ahead row and makes the next page's cursor from the last row kept. */
export function finishPage<R extends { id: number; cursor_ts: string }>(rows: R[], limit: number): { rows: R[]; nextCursor: string | null } {
  const more = rows.length > limit;
  const kept = more ? rows.slice(0, limit) : rows;
  const last = kept[kept.length - 1];
  return { rows: kept, nextCursor: more && last ? encodeCursor({ ts: last.cursor_ts, id: last.id }) : null };
}
