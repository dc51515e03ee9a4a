/**
 * SQL the sign-in flow needs: user look-up, the user's KYC records, login bookkeeping, the throttle's
 * budgets, sign-in origins and the last TOTP step.
 */
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
export const publicLabels = (db: Kysely<DB>, userId: number) => ownLabels(db, userId, []);

/** A user's public labels and the private ones whose key is in `privateKeys` (the KYC steps), oldest first. */
export function ownLabels(db: Kysely<DB>, userId: number, privateKeys: readonly string[]) {
  return db.selectFrom('labels')
    .select(['key', 'value', 'scope', 'created_at', 'updated_at'])
    .where('user_id', '=', userId)
    .where((e) => (privateKeys.length === 0 ? e('scope', '=', 'public')
      : e('scope', '=', 'public').or(e.and([e('scope', '=', 'private'), e('key', 'in', privateKeys)]))))
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

// ---- sign-in throttle (auth_attempts, GCRA: auth/throttle.ts) ----

/**
 * Takes one attempt from `key`'s budget, atomically: the upsert locks the key's row, so parallel
 * callers on any node are admitted one after another and never past the limit. `tat` is the key's
 * theoretical arrival time; an attempt is admitted when max(tat, now) + period stays within now +
 * window, and then moves tat by one period. False (nothing written) when the budget is spent.
 */
export async function takeAttempt(
  db: Kysely<DB>, key: string, now: Date, periodMs: number, windowMs: number,
): Promise<boolean> {
  const period = `${periodMs} milliseconds`;
  const r = await sql<{ key: string }>`
    INSERT INTO auth_attempts AS a (key, tat) VALUES (${key}, ${new Date(now.getTime() + periodMs)})
    ON CONFLICT (key) DO UPDATE SET tat = greatest(a.tat, ${now}::timestamptz) + ${period}::interval
    WHERE greatest(a.tat, ${now}::timestamptz) + ${period}::interval <= ${new Date(now.getTime() + windowMs)}::timestamptz
    RETURNING key`.execute(db);
  return r.rows.length === 1;
}

/** Whether `key` could take an attempt now (nothing written). */
export async function attemptsLeft(db: Kysely<DB>, key: string, now: Date, periodMs: number, windowMs: number): Promise<boolean> {
  const row = await db.selectFrom('auth_attempts').select('tat').where('key', '=', key).executeTakeFirst();
  return !row || Math.max(new Date(row.tat).getTime(), now.getTime()) + periodMs <= now.getTime() + windowMs;
}

/** Gives one attempt back to `key` (an attempt that turned out not to be a guess). */
export async function returnAttempt(db: Kysely<DB>, key: string, periodMs: number): Promise<void> {
  await sql`UPDATE auth_attempts SET tat = tat - ${`${periodMs} milliseconds`}::interval WHERE key = ${key}`.execute(db);
}

export async function clearAttempts(db: Kysely<DB>, keys: string[]): Promise<void> {
  if (keys.length) await db.deleteFrom('auth_attempts').where('key', 'in', keys).execute();
}

/** Drops the keys whose budget is whole again: their row says nothing a missing row would not. */
export async function sweepAttempts(db: Kysely<DB>, now: Date): Promise<void> {
  await db.deleteFrom('auth_attempts').where('tat', '<=', now).execute();
}

// ---- where users signed in from (the way through the per-account brake) ----

export async function recordOrigin(db: Kysely<DB>, userId: number, ip: string, now: Date): Promise<void> {
  await db.insertInto('sign_in_origins').values({ user_id: userId, ip, last_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'ip']).doUpdateSet({ last_at: now })).execute();
}

/** Whether the user signed in successfully from `ip` since `since` (a user id of 0 finds nothing, at the same cost). */
export async function knownOrigin(db: Kysely<DB>, userId: number, ip: string, since: Date): Promise<boolean> {
  const row = await db.selectFrom('sign_in_origins').select('user_id')
    .where('user_id', '=', userId).where('ip', '=', ip).where('last_at', '>=', since).executeTakeFirst();
  return row !== undefined;
}

export async function sweepOrigins(db: Kysely<DB>, before: Date): Promise<void> {
  await db.deleteFrom('sign_in_origins').where('last_at', '<', before).execute();
}

/**
 * Records `step` as the user's last accepted TOTP step unless that step (or a later one) was used
 * already: of two sign-ins with the same code, exactly one claims it.
 */
export async function claimOtpStep(db: Kysely<DB>, userId: number, step: number): Promise<boolean> {
  const row = await db.updateTable('users').set({ otp_last_step: step })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('otp_last_step', 'is', null), eb('otp_last_step', '<', step)]))
    .returning('id').executeTakeFirst();
  return row !== undefined;
}

/** TOTP secrets not sealed yet, by id after `after` (auth/otp-secrets.ts): migration 0050's partial index, its predicate. */
export function plaintextOtpSecrets(db: Kysely<DB>, after: number, limit: number) {
  return db.selectFrom('users').select(['id', 'otp_secret'])
    .where(sql<boolean>`otp_secret NOT LIKE 'sealed:%'`).where('id', '>', after).orderBy('id').limit(limit).execute();
}

/** Replaces plaintext secrets with their sealed forms in one statement, each only if still the one read. How many. */
export async function sealOtpSecretRows(db: Kysely<DB>, rows: Array<{ id: number; plaintext: string; sealed: string }>): Promise<number> {
  if (rows.length === 0) return 0;
  const values = sql.join(rows.map((r) => sql`(${r.id}::bigint, ${r.plaintext}::text, ${r.sealed}::text)`));
  const r = await sql`UPDATE users u SET otp_secret = v.sealed FROM (VALUES ${values}) AS v(id, plaintext, sealed)
    WHERE u.id = v.id AND u.otp_secret = v.plaintext`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}
