/** SQL for Barong permission rows (openware-api.md §5.1). Verb and action are stored upper-case. */
import type { Kysely, Selectable } from 'kysely';
import type { DB, PermissionsTable } from '../schema.js';

export type PermissionRow = Selectable<PermissionsTable>;

/** The rows the authz pipeline evaluates for one role. */
export function permissionsForRole(db: Kysely<DB>, role: string): Promise<PermissionRow[]> {
  return db.selectFrom('permissions').selectAll().where('role', '=', role).orderBy('id').execute();
}

export interface PermissionFilter {
  role?: string;
  verb?: string;
  action?: string;
  path?: string;
  topic?: string;
}

export interface ListOptions extends PermissionFilter {
  page: number;
  limit: number;
  ordering: 'asc' | 'desc';
}

/** One page of rows plus the total matching count (for the Total header). */
export async function listPermissions(db: Kysely<DB>, o: ListOptions): Promise<{ rows: PermissionRow[]; total: number }> {
  let q = db.selectFrom('permissions');
  if (o.role) q = q.where('role', '=', o.role);
  if (o.verb) q = q.where('verb', '=', o.verb.toUpperCase());
  if (o.action) q = q.where('action', '=', o.action.toUpperCase());
  // Path filters are prefixes, the way the rows themselves match request paths.
  if (o.path) q = q.where('path', 'like', `${o.path.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  if (o.topic) q = q.where('topic', '=', o.topic);
  const [{ count }] = await q.select((eb) => eb.fn.countAll<number>().as('count')).execute() as [{ count: number | string }];
  const rows = await q.selectAll().orderBy('id', o.ordering)
    .limit(o.limit).offset((o.page - 1) * o.limit).execute();
  return { rows, total: Number(count) };
}

export function findPermission(db: Kysely<DB>, id: number): Promise<PermissionRow | undefined> {
  return db.selectFrom('permissions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function roleHasPermissions(db: Kysely<DB>, role: string): Promise<boolean> {
  const row = await db.selectFrom('permissions').select('id').where('role', '=', role).limit(1).executeTakeFirst();
  return row !== undefined;
}

export interface PermissionValues {
  role: string;
  verb: string;
  path: string;
  action: string;
  topic: string | null;
}

/** Many rows in one statement (the default seed). */
export async function insertPermissions(db: Kysely<DB>, rows: PermissionValues[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('permissions').values(rows).execute();
}

export async function anyPermission(db: Kysely<DB>): Promise<boolean> {
  return (await db.selectFrom('permissions').select('id').limit(1).executeTakeFirst()) !== undefined;
}

export function insertPermission(db: Kysely<DB>, v: PermissionValues, now: Date): Promise<PermissionRow> {
  return db.insertInto('permissions').values({ ...v, created_at: now, updated_at: now })
    .returningAll().executeTakeFirstOrThrow();
}

export function updatePermission(db: Kysely<DB>, id: number, v: Partial<PermissionValues>, now: Date): Promise<PermissionRow | undefined> {
  return db.updateTable('permissions').set({ ...v, updated_at: now }).where('id', '=', id)
    .returningAll().executeTakeFirst();
}

export function deletePermission(db: Kysely<DB>, id: number): Promise<PermissionRow | undefined> {
  return db.deleteFrom('permissions').where('id', '=', id).returningAll().executeTakeFirst();
}
