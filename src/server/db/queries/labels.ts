/** SQL of user labels (Barong Label, openware-api.md A9–A12) and the level table they are checked against. */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB, LabelsTable } from '../schema.js';
import { COUNT_CAP, countCapped, type CappedTotal } from './count.js';
import { USER_LIST_COLUMNS, type UserListRow } from './users-admin.js';

export type LabelRow = Selectable<LabelsTable>;

export interface LabelValues { key: string; value: string; scope: string; description?: string | null }

export function findLabel(db: Kysely<DB>, userId: number, key: string, scope: string): Promise<LabelRow | undefined> {
  return db.selectFrom('labels').selectAll().where('user_id', '=', userId).where('key', '=', key).where('scope', '=', scope)
    .executeTakeFirst();
}

/** Inserts unless (user, key, scope) exists; undefined means taken (the unique key decides, not a read). */
export function insertLabel(db: Kysely<DB>, userId: number, v: LabelValues, now: Date): Promise<LabelRow | undefined> {
  return db.insertInto('labels')
    .values({ user_id: userId, key: v.key, value: v.value, scope: v.scope, description: v.description ?? null, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'key', 'scope']).doNothing())
    .returningAll().executeTakeFirst();
}

/** Creates or replaces the value (and description, when given) of (user, key, scope). */
export function upsertLabel(db: Kysely<DB>, userId: number, v: LabelValues, now: Date): Promise<LabelRow> {
  return db.insertInto('labels')
    .values({ user_id: userId, key: v.key, value: v.value, scope: v.scope, description: v.description ?? null, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'key', 'scope']).doUpdateSet({
      value: v.value, updated_at: now, ...(v.description !== undefined ? { description: v.description } : {}),
    }))
    .returningAll().executeTakeFirstOrThrow();
}

export function updateLabel(db: Kysely<DB>, userId: number, v: LabelValues, now: Date): Promise<LabelRow | undefined> {
  return db.updateTable('labels')
    .set({ value: v.value, updated_at: now, ...(v.description !== undefined ? { description: v.description } : {}) })
    .where('user_id', '=', userId).where('key', '=', v.key).where('scope', '=', v.scope)
    .returningAll().executeTakeFirst();
}

export function deleteLabel(db: Kysely<DB>, userId: number, key: string, scope: string): Promise<LabelRow | undefined> {
  return db.deleteFrom('labels').where('user_id', '=', userId).where('key', '=', key).where('scope', '=', scope)
    .returningAll().executeTakeFirst();
}

export function privateLabels(db: Kysely<DB>, userId: number): Promise<{ key: string; value: string }[]> {
  return db.selectFrom('labels').select(['key', 'value']).where('user_id', '=', userId).where('scope', '=', 'private').execute();
}

/** The KYC levels, lowest first (Barong `levels`). */
export function levels(db: Kysely<DB>): Promise<{ id: number; key: string; value: string }[]> {
  return db.selectFrom('levels').select(['id', 'key', 'value']).orderBy('id').execute();
}

/** The ids of the users carrying key=value, once each (exported for the plan tests). */
export const labelCarriers = (db: Kysely<DB>, key: string, value: string) =>
  db.selectFrom('labels').where('key', '=', key).where('value', '=', value).groupBy('user_id');

/**
 * Users carrying key=value in any scope, one page in user id order, plus the count (A12). The page walks
 * labels (key, value, user_id) in user id order — a user labelled in both scopes once — and joins each
 * of its ids to users by primary key, so it reads one page of index, never every carrier; the count
 * reads the same index alone.
 */
export async function usersWithLabel(
  db: Kysely<DB>, key: string, value: string, page: number, limit: number, cap = COUNT_CAP,
): Promise<{ rows: UserListRow[]; total: CappedTotal }> {
  const carriers = labelCarriers(db, key, value);
  const ids = carriers.select('user_id').orderBy('user_id').limit(limit).offset((page - 1) * limit);
  const [rows, total] = await Promise.all([
    db.selectFrom(ids.as('l')).innerJoin('users', 'users.id', 'l.user_id').select(USER_LIST_COLUMNS.map((c) => `users.${c}` as const))
      .orderBy('users.id').execute(),
    // email:verified is carried by most users: the count is capped like the directory's.
    countCapped(db, carriers, cap),
  ]);
  return { rows, total };
}

/** How many users carry each private (key, value) (`GET /admin/users/labels/list`). */
export async function labelCounts(db: Kysely<DB>): Promise<{ key: string; value: string; count: number }[]> {
  const rows = await db.selectFrom('labels').select(['key', 'value', sql<string>`count(*)`.as('count')])
    .where('scope', '=', 'private').groupBy(['key', 'value']).orderBy('key').orderBy('value').execute();
  return rows.map((r) => ({ key: r.key, value: r.value, count: Number(r.count) }));
}
