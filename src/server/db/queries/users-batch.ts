/**
 * A page of users' related rows, one query per table for the whole page (never one per user): what a
 * list needs to send UserWithKYC rows (pending applications with `extended=true`). Rows come back
 * ordered by user, then as the user detail orders them, so grouping keeps each user's order.
 * labels (user_id, key, scope) and phones_user_idx serve the `user_id IN (…)` lookups.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../schema.js';

/** Every label of these users, all scopes, with description (as the user detail lists them: by id). */
export function labelsOf(db: Kysely<DB>, userIds: readonly number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('labels').select(['user_id', 'key', 'value', 'scope', 'description', 'created_at', 'updated_at'])
    .where('user_id', 'in', [...userIds]).orderBy('user_id').orderBy('id').execute();
}

/** Phones of these users, by id (as UserWithFullInfo lists them). */
export function phonesOf(db: Kysely<DB>, userIds: readonly number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('phones').select(['user_id', 'country', 'number', 'validated_at'])
    .where('user_id', 'in', [...userIds]).orderBy('user_id').orderBy('id').execute();
}

/** Rows grouped by their user_id, each group in the order the rows came; a user without rows gets []. */
export function byUser<R extends { user_id: number }>(rows: readonly R[]): (userId: number) => R[] {
  const groups = new Map<number, R[]>();
  for (const r of rows) {
    const g = groups.get(r.user_id);
    if (g) g.push(r); else groups.set(r.user_id, [r]);
  }
  return (userId) => groups.get(userId) ?? [];
}
