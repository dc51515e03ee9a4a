/** SQL the sign-in flow needs: user look-up, the user's KYC records, login bookkeeping, failures. */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema.js';

/** By email (case-insensitive) when the identity has an `@`, otherwise by username. */
export function findUserByIdentity(db: Kysely<DB>, identity: string) {
  const q = db.selectFrom('users').selectAll();
  const needle = identity.trim().toLowerCase();
  return (identity.includes('@')
    ? q.where(sql<string>`lower(email)`, '=', needle)
    : q.where(sql<string>`lower(username)`, '=', needle)
  ).executeTakeFirst();
}

export function findUserById(db: Kysely<DB>, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export type UserRow = NonNullable<Awaited<ReturnType<typeof findUserById>>>;

/** Labels a user may see about themselves: the public scope (private labels are staff notes). */
export function publicLabels(db: Kysely<DB>, userId: number) {
  return db.selectFrom('labels')
    .select(['key', 'value', 'scope', 'created_at', 'updated_at'])
    .where('user_id', '=', userId).where('scope', '=', 'public')
    .orderBy('id').execute();
}

export function userPhones(db: Kysely<DB>, userId: number) {
  return db.selectFrom('phones')
    .select(['country', 'number', 'validated_at'])
    .where('user_id', '=', userId).orderBy('id').execute();
}

export function userProfiles(db: Kysely<DB>, userId: number) {
  return db.selectFrom('profiles')
    .select(['first_name', 'last_name', 'dob', 'address', 'postcode', 'city', 'country', 'state', 'metadata',
      'created_at', 'updated_at'])
    .where('user_id', '=', userId).orderBy('id').execute();
}

export async function setLastIp(db: Kysely<DB>, userId: number, ip: string | null): Promise<void> {
  await db.updateTable('users').set({ last_ip: ip }).where('id', '=', userId).execute();
}

export interface UserActivityRow {
  userId: number | null;
  ip: string | null;
  userAgent: string | null;
  topic: string;
  action: string;
  result: 'succeed' | 'failed' | 'denied';
  data: Record<string, unknown>;
  now: Date;
}

export async function insertUserActivity(db: Kysely<DB>, a: UserActivityRow): Promise<void> {
  await db.insertInto('activities').values({
    category: 'user',
    user_id: a.userId,
    target_id: null,
    user_ip: a.ip,
    user_ip_country: null,
    user_agent: a.userAgent,
    topic: a.topic,
    action: a.action,
    result: a.result,
    data: JSON.stringify(a.data),
    created_at: a.now,
  }).execute();
}

// ---- brute-force counters (auth_failures) ----

/** The larger failure count among `keys` since `since`. */
export async function maxFailures(db: Kysely<DB>, keys: string[], since: Date): Promise<number> {
  const rows = await db.selectFrom('auth_failures')
    .select(['key', db.fn.countAll<number>().as('n')])
    .where('key', 'in', keys).where('created_at', '>=', since)
    .groupBy('key').execute();
  return rows.reduce((m, r) => Math.max(m, Number(r.n)), 0);
}

export async function insertFailures(db: Kysely<DB>, keys: string[], now: Date): Promise<void> {
  await db.insertInto('auth_failures').values(keys.map((key) => ({ key, created_at: now }))).execute();
}

export async function clearFailures(db: Kysely<DB>, key: string): Promise<void> {
  await db.deleteFrom('auth_failures').where('key', '=', key).execute();
}

/** Drops rows that have left the window; `keys` limits it to an indexed range. */
export async function deleteOldFailures(db: Kysely<DB>, before: Date, keys?: string[]): Promise<void> {
  let q = db.deleteFrom('auth_failures').where('created_at', '<', before);
  if (keys) q = q.where('key', 'in', keys);
  await q.execute();
}
