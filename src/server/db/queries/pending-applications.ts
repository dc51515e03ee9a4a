/**
 * Pending applications (A19): users whose private `document` label is pending or replaced, in
 * Barong's order (the label's updated_at, oldest first: a review queue). labels_key_value_idx
 * (key, value, scope, updated_at, id) serves it: the count reads that index alone, and the page walks
 * it once per value, in order, merging the two walks (an `IN` list would make PostgreSQL read and sort
 * every pending label). Users are joined to the queue only when a user filter asks for it, and to the
 * page's rows.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema.js';
import { countCapped, COUNT_CAP } from './count.js';
import type { Page } from './list-page.js';
import { applyPage, finishPage, keyColumns, keyPart, orderLikePage, type Keyset, type PageRequest } from './paging.js';
import { iso, userEntity } from './user-json.js';
import { USER_LIST_COLUMNS } from './users-admin.js';

export interface PendingFilters { from?: Date; to?: Date; email?: string; country?: string; id?: number }

export const PENDING_DOCUMENT_VALUES = ['pending', 'replaced'] as const;

/** A page of the queue: User rows with their id (grids key rows by it; `extended` looks up by it). */
export type PendingPage = Page<Record<string, unknown> & { id: number }>;

/** The queue's labels with `values`, narrowed by the user filters (joining users only for them; exported for the plan tests). */
export function pendingQueue(db: Kysely<DB>, f: PendingFilters, values: readonly string[]) {
  let q = db.selectFrom('labels as l').where('l.key', '=', 'document').where('l.scope', '=', 'private')
    .where('l.value', 'in', [...values]);
  // A row is a user: `id` is the user's (the palette's `#id`).
  if (f.id !== undefined) q = q.where('l.user_id', '=', f.id);
  if (f.email === undefined && f.country === undefined && !f.from && !f.to) return q;
  let j = q.innerJoin('users as u', 'u.id', 'l.user_id');
  if (f.email !== undefined) j = j.where(sql`lower(u.email)`, '=', f.email.toLowerCase());
  if (f.country !== undefined) j = j.where('u.country', '=', f.country);
  if (f.from) j = j.where('u.created_at', '>=', f.from);
  if (f.to) j = j.where('u.created_at', '<=', f.to);
  return j as unknown as typeof q;
}

/** The queue's order, (label updated_at, label id), as a keyset: the `submitted_at` order's cursor pages it. */
export const PENDING_KEYSET: Keyset = { parts: [keyPart('updated_at', 'ts'), keyPart('id', 'int')] };

/**
 * A page of the queue, by offset near the start or by cursor anywhere. Every walk reads its value's
 * labels past the cursor in the queue's order, so the merge of the walks is the queue past the cursor:
 * one (updated_at, id) position pages both values, and page 4,000 costs what page 1 costs.
 */
export async function listPendingApplications(
  db: Kysely<DB>, f: PendingFilters, page: PageRequest, cap = COUNT_CAP,
): Promise<PendingPage> {
  const total = await countCapped(db, pendingQueue(db, f, PENDING_DOCUMENT_VALUES), cap);
  if (total.total === 0) return { ...total, rows: [], nextCursor: null, prevCursor: null };
  const byOffset = !page.cursor && page.page > 1;
  // A walk reads as far as the merged page can reach: every row up to the page's end, and one more.
  const upTo = byOffset ? page.page * page.limit : page.limit;
  const walk = (value: string) => db.selectFrom(
    applyPage(pendingQueue(db, f, [value]).select(['l.id', 'l.user_id', 'l.updated_at']), PENDING_KEYSET, 'l',
      { ...page, page: 1, limit: upTo }).as(`q_${value}`),
  ).selectAll();
  const [first, ...rest] = PENDING_DOCUMENT_VALUES.map(walk);
  const merged = rest.reduce((acc, w) => acc.unionAll(w), first!);
  let q = db.selectFrom(merged.as('q')).innerJoin('users as u', 'u.id', 'q.user_id')
    .select(USER_LIST_COLUMNS.map((c) => `u.${c}` as const)).select('q.updated_at as submitted_at').select(keyColumns(PENDING_KEYSET, 'q'));
  q = orderLikePage(q, PENDING_KEYSET, page, 'q').limit(page.limit + 1);
  if (byOffset) q = q.offset((page.page - 1) * page.limit);
  const ends = finishPage(await q.execute(), PENDING_KEYSET, page, 'submitted_at');
  return {
    ...total, ...ends,
    rows: ends.rows.map(({ k0: _k0, k1: _k1, ...r }) => ({ ...userEntity(r), submitted_at: iso(r.submitted_at) })),
  };
}
