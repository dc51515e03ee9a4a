/**
 * SQL of the records staff keep on a user: comments (A13–A15) and KYC profiles (A16–A17). Both are read
 * newest first, (created_at, id) descending, a bounded number at a time: the index of migration 0010.
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { CommentsTable, DB, ProfilesTable } from '../schema.js';
import { applyPage, TIME_KEYSET } from './paging.js';

export type CommentRow = Selectable<CommentsTable>;
export type ProfileRow = Selectable<ProfilesTable>;

/** How many rows of a user's records a table holds (an index-only range of the (user_id, …) index). */
export async function countOf(db: Kysely<DB>, table: 'comments' | 'profiles', userId: number): Promise<number> {
  const row = await db.selectFrom(table).select(sql<string>`count(*)`.as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Where a page of a user's comments starts: the nth page of `limit`, or just after comment `beforeId`. */
export interface CommentPageRequest { limit: number; page: number; beforeId?: number | null }

/**
 * Up to `limit` comments of the user, newest first. After `beforeId` the page seeks from that comment's
 * (created_at, id), read by the database so no microsecond is lost.
 */
export async function commentsPage(db: Kysely<DB>, userId: number, p: CommentPageRequest): Promise<CommentRow[]> {
  // applyPage reads one row more (and the key columns k0, k1, which the entity leaves out).
  return (await commentsPageQuery(db, userId, p).execute()).slice(0, p.limit);
}

/** The page's statement (applyPage: the keyset condition, the order, limit + 1). */
export function commentsPageQuery(db: Kysely<DB>, userId: number, p: CommentPageRequest) {
  const q = db.selectFrom('comments as c').selectAll('c').where('c.user_id', '=', userId);
  return applyPage(q, TIME_KEYSET, 'c', { ...p, ordering: 'desc' }, 'comments');
}

/** Whether comment `id` is one of the user's (a page after a comment of someone else is no page). */
export async function isCommentOf(db: Kysely<DB>, id: number, userId: number): Promise<boolean> {
  return (await db.selectFrom('comments').select('id').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst()) !== undefined;
}

/** The user's newest `limit` profiles, newest first. */
export function latestProfiles(db: Kysely<DB>, userId: number, limit: number): Promise<ProfileRow[]> {
  return db.selectFrom('profiles').selectAll().where('user_id', '=', userId)
    .orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

export function insertComment(
  db: Kysely<DB>, v: { userId: number; authorUid: string; title: string; data: string }, now: Date,
): Promise<CommentRow> {
  return db.insertInto('comments')
    .values({ user_id: v.userId, author_uid: v.authorUid, title: v.title, data: v.data, created_at: now, updated_at: now })
    .returningAll().executeTakeFirstOrThrow();
}

/** The uid of the user a comment is about (the audit row's target). */
export async function commentUserUid(db: Kysely<DB>, id: number): Promise<string | undefined> {
  const row = await db.selectFrom('comments as c').innerJoin('users as u', 'u.id', 'c.user_id').select('u.uid')
    .where('c.id', '=', id).executeTakeFirst();
  return row?.uid;
}

/** The comment, row-locked for the edit that follows. */
export function lockComment(db: Kysely<DB>, id: number): Promise<CommentRow | undefined> {
  return db.selectFrom('comments').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function updateComment(db: Kysely<DB>, id: number, v: { title?: string; data?: string }, now: Date): Promise<CommentRow> {
  return db.updateTable('comments').set({ ...v, updated_at: now }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function deleteComment(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('comments').where('id', '=', id).execute();
}

export interface ProfileValues {
  first_name?: string; last_name?: string; dob?: string; address?: string; postcode?: string; city?: string;
  country?: string; metadata?: string;
}

export function insertProfile(db: Kysely<DB>, userId: number, author: string, v: ProfileValues, now: Date): Promise<ProfileRow> {
  return db.insertInto('profiles').values({
    user_id: userId, author, state: 'submitted',
    first_name: v.first_name ?? null, last_name: v.last_name ?? null, dob: v.dob ?? null, address: v.address ?? null,
    postcode: v.postcode ?? null, city: v.city ?? null, country: v.country ?? null,
    // metadata arrives as JSON text (Barong's wire form) and is stored as jsonb.
    metadata: v.metadata ?? null, created_at: now, updated_at: now,
  }).returningAll().executeTakeFirstOrThrow();
}

/** The latest profile still awaiting a decision, row-locked (Barong: only a submitted profile is editable). */
export function lockSubmittedProfile(db: Kysely<DB>, userId: number): Promise<ProfileRow | undefined> {
  return db.selectFrom('profiles').selectAll().where('user_id', '=', userId).where('state', '=', 'submitted')
    .orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).forUpdate().executeTakeFirst();
}

export function setProfileState(db: Kysely<DB>, id: number, state: string, now: Date): Promise<ProfileRow> {
  return db.updateTable('profiles').set({ state, updated_at: now }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}
