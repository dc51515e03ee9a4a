/**
 * Pending applications (A19): users whose private `document` label is pending or replaced, in
 * Barong's order (the label's updated_at, oldest first: a review queue). labels_key_value_idx
 * (key, value, updated_at) serves the queue; user filters apply to the joined row.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema.js';
import { countCapped, COUNT_CAP } from './count.js';
import type { Page } from './list-page.js';
import { iso, userEntity } from './user-json.js';
import { USER_LIST_COLUMNS } from './users-admin.js';

export interface PendingFilters { from?: Date; to?: Date; email?: string; country?: string }

export const PENDING_DOCUMENT_VALUES = ['pending', 'replaced'] as const;

/** A page of the queue: User rows with their id (grids key rows by it; `extended` looks up by it). */
export type PendingPage = Page<Record<string, unknown> & { id: number }>;

export async function listPendingApplications(
  db: Kysely<DB>, f: PendingFilters, page: { page: number; limit: number; ordering: 'asc' | 'desc' }, cap = COUNT_CAP,
): Promise<PendingPage> {
  let base = db.selectFrom('labels as l').innerJoin('users as u', 'u.id', 'l.user_id')
    .where('l.key', '=', 'document').where('l.scope', '=', 'private').where('l.value', 'in', [...PENDING_DOCUMENT_VALUES]);
  if (f.email !== undefined) base = base.where(sql`lower(u.email)`, '=', f.email.toLowerCase());
  if (f.country !== undefined) base = base.where('u.country', '=', f.country);
  if (f.from) base = base.where('u.created_at', '>=', f.from);
  if (f.to) base = base.where('u.created_at', '<=', f.to);
  const total = await countCapped(db, base, cap);
  if (total.total === 0) return { ...total, rows: [], nextCursor: null };
  const rows = await base
    .select(USER_LIST_COLUMNS.map((c) => `u.${c}` as const)).select('l.updated_at as submitted_at')
    .orderBy('l.updated_at', page.ordering).orderBy('l.id', page.ordering)
    .limit(page.limit).offset((page.page - 1) * page.limit).execute();
  return {
    ...total, nextCursor: null,
    rows: rows.map((r) => ({ ...userEntity(r), submitted_at: iso(r.submitted_at) })),
  };
}
