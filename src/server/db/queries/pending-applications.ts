/**
 * Pending applications (A19): users whose private `document` label is pending or replaced, in
 * Barong's order (the label's updated_at, oldest first: a review queue). labels_key_value_idx
 * (key, value, updated_at) serves the queue; user filters apply to the joined row.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema.js';
import { countCapped, COUNT_CAP } from './count.js';
import type { Page } from './list-page.js';
import { iso, jsonText } from './user-json.js';

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
    .select(['u.id', 'u.email', 'u.uid', 'u.role', 'u.level', 'u.otp', 'u.state', 'u.referral_uid', 'u.username', 'u.data',
      'u.country', 'u.created_at', 'u.updated_at', 'l.updated_at as submitted_at'])
    .orderBy('l.updated_at', page.ordering).orderBy('l.id', page.ordering)
    .limit(page.limit).offset((page.page - 1) * page.limit).execute();
  return {
    ...total, nextCursor: null,
    rows: rows.map((r) => ({
      id: r.id, email: r.email, uid: r.uid, role: r.role, level: r.level, otp: r.otp, state: r.state, referral_uid: r.referral_uid,
      username: r.username, data: jsonText(r.data), country: r.country, submitted_at: iso(r.submitted_at),
      created_at: iso(r.created_at), updated_at: iso(r.updated_at),
    })),
  };
}
