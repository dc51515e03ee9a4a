/** Saved views (migration 0033): the rows a staff member sees, and the owner's writes. */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema.js';

export type ViewRow = { id: number; owner_id: number; owner_uid: string; name: string; list: string; query: unknown; role: string | null; created_at: Date; updated_at: Date };

const COLUMNS = ['id', 'owner_id', 'owner_uid', 'name', 'list', 'query', 'role', 'created_at', 'updated_at'] as const;

/** The caller's own views and those shared with the caller's role, by name. */
export function visibleViews(db: Kysely<DB>, ownerId: number, role: string): Promise<ViewRow[]> {
  return db.selectFrom('saved_views').select(COLUMNS)
    .where((eb) => eb.or([eb('owner_id', '=', ownerId), eb('role', '=', role)]))
    .orderBy(sql`lower(name)`).orderBy('id').execute() as Promise<ViewRow[]>;
}

export async function countOwned(db: Kysely<DB>, ownerId: number): Promise<number> {
  const r = await db.selectFrom('saved_views').select((eb) => eb.fn.countAll<string>().as('n')).where('owner_id', '=', ownerId).executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function nameTaken(db: Kysely<DB>, ownerId: number, name: string, exceptId?: number): Promise<boolean> {
  let q = db.selectFrom('saved_views').select('id').where('owner_id', '=', ownerId).where(sql`lower(name)`, '=', name.toLowerCase());
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export function insertView(db: Kysely<DB>, v: { ownerId: number; ownerUid: string; name: string; list: string; query: unknown }, now: Date): Promise<ViewRow> {
  return db.insertInto('saved_views').values({
    owner_id: v.ownerId, owner_uid: v.ownerUid, name: v.name, list: v.list, query: JSON.stringify(v.query), created_at: now, updated_at: now,
  }).returning(COLUMNS).executeTakeFirstOrThrow() as Promise<ViewRow>;
}

/** The view, locked for the write (FOR UPDATE), or undefined. */
export function lockView(db: Kysely<DB>, id: number): Promise<ViewRow | undefined> {
  return db.selectFrom('saved_views').select(COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst() as Promise<ViewRow | undefined>;
}

export function updateView(db: Kysely<DB>, id: number, patch: { name?: string; role?: string | null }, now: Date): Promise<ViewRow> {
  return db.updateTable('saved_views').set({ ...patch, updated_at: now }).where('id', '=', id).returning(COLUMNS).executeTakeFirstOrThrow() as Promise<ViewRow>;
}

export async function deleteView(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('saved_views').where('id', '=', id).execute();
}
