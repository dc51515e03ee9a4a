/** SQL of the records staff keep on a user: comments (A13–A15) and KYC profiles (A16–A17). */
import type { Kysely, Selectable } from 'kysely';
import type { CommentsTable, DB, ProfilesTable } from '../schema.js';

export type CommentRow = Selectable<CommentsTable>;
export type ProfileRow = Selectable<ProfilesTable>;

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
