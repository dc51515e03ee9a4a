/**
 * SQL of the customer identity calls (server/auth/customer/): sign-up, one-time codes (migration 0041),
 * a customer's own password, profiles, phones and activities. Every statement that reads or writes a
 * customer's record is keyed by the signed-in user's id, never by an id from the request.
 */
import { sql, type Kysely } from 'kysely';
import type { DB, IdentityCodesTable } from '../schema.js';

export type CodePurpose = IdentityCodesTable['purpose'];

export interface NewCustomer { uid: string; email: string; digest: string; referralUid: string | null; data: string | null; now: Date }

/** Inserts a member at level 0, pending; undefined when the e-mail is taken (the unique index decides). */
export async function insertCustomer(db: Kysely<DB>, c: NewCustomer) {
  return db.insertInto('users').values({
    uid: c.uid, email: c.email, password_digest: c.digest, role: 'member', level: 0, state: 'pending',
    referral_uid: c.referralUid, data: c.data, created_at: c.now, updated_at: c.now,
  }).onConflict((oc) => oc.expression(sql`lower(email)`).doNothing()).returningAll().executeTakeFirst();
}

export async function userExists(db: Kysely<DB>, uid: string): Promise<boolean> {
  return !!(await db.selectFrom('users').select('id').where('uid', '=', uid).executeTakeFirst());
}

/** Replaces the user's unused codes of a purpose with a new one (only its hash is stored). */
export async function replaceCode(
  db: Kysely<DB>, c: { userId: number; purpose: CodePurpose; hash: string; target?: string | null; expiresAt: Date; now: Date },
): Promise<void> {
  await db.deleteFrom('identity_codes').where('user_id', '=', c.userId).where('purpose', '=', c.purpose).execute();
  await db.insertInto('identity_codes').values({
    user_id: c.userId, purpose: c.purpose, code_hash: c.hash, target: c.target ?? null, expires_at: c.expiresAt, created_at: c.now,
  }).execute();
}

/**
 * Spends a code: marks it used in one statement, only when unused and not expired (of one user, when
 * given), so of two concurrent uses one gets the row and the other nothing. The owner and target, or undefined.
 */
export async function spendCode(
  db: Kysely<DB>, purpose: CodePurpose, hash: string, now: Date, userId?: number,
): Promise<{ user_id: number; target: string | null } | undefined> {
  let q = db.updateTable('identity_codes').set({ used_at: now })
    .where('purpose', '=', purpose).where('code_hash', '=', hash).where('used_at', 'is', null).where('expires_at', '>', now);
  if (userId !== undefined) q = q.where('user_id', '=', userId);
  return q.returning(['user_id', 'target']).executeTakeFirst();
}

/** Whether a code with this hash was already spent (to tell a reused code from an unknown one). */
export async function codeSpent(db: Kysely<DB>, purpose: CodePurpose, hash: string): Promise<boolean> {
  return !!(await db.selectFrom('identity_codes').select('id').where('purpose', '=', purpose).where('code_hash', '=', hash)
    .where('used_at', 'is not', null).executeTakeFirst());
}

/** The user row locked for a change of its secrets (password, 2FA). */
export function lockUser(db: Kysely<DB>, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** The user's country, from the profile they submitted, where none is on record (a sign-up has none). */
export async function fillUserCountry(db: Kysely<DB>, userId: number, country: string, now: Date): Promise<void> {
  await db.updateTable('users').set({ country, updated_at: now }).where('id', '=', userId).where('country', 'is', null).execute();
}

export async function setPassword(db: Kysely<DB>, userId: number, digest: string, now: Date): Promise<void> {
  await db.updateTable('users').set({ password_digest: digest, password_reset_at: now, updated_at: now }).where('id', '=', userId).execute();
}

export async function setOtp(db: Kysely<DB>, userId: number, v: { otp: boolean; secret: string | null; step: number | null }, now: Date) {
  await db.updateTable('users').set({ otp: v.otp, otp_secret: v.secret, otp_last_step: v.step, updated_at: now })
    .where('id', '=', userId).execute();
}

/** Ends the user's sessions but `keep` (a password change keeps the session that made it); their hashes. */
export async function endSessionsBut(db: Kysely<DB>, userId: number, keep: string | null): Promise<string[]> {
  let q = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keep) q = q.where('id_hash', '<>', keep);
  return (await q.returning('id_hash').execute()).map((r) => r.id_hash);
}

// ---- profiles ----

export function latestProfile(db: Kysely<DB>, userId: number, lock = false) {
  const q = db.selectFrom('profiles').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(1);
  return (lock ? q.forUpdate() : q).executeTakeFirst();
}

export function ownProfiles(db: Kysely<DB>, userId: number) {
  return db.selectFrom('profiles').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

export interface ProfileFields {
  first_name?: string; last_name?: string; dob?: string; address?: string; postcode?: string; city?: string;
  country?: string; metadata?: string;
}

export function updateProfile(db: Kysely<DB>, id: number, v: ProfileFields & { state?: string }, now: Date) {
  return db.updateTable('profiles').set({ ...v, updated_at: now }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export function insertOwnProfile(db: Kysely<DB>, userId: number, author: string, v: ProfileFields, state: string, now: Date) {
  return db.insertInto('profiles').values({
    user_id: userId, author, state, ...v, created_at: now, updated_at: now,
  }).returningAll().executeTakeFirstOrThrow();
}

// ---- phones ----

export function findOwnPhone(db: Kysely<DB>, userId: number, number: string) {
  return db.selectFrom('phones').selectAll().where('user_id', '=', userId).where('number', '=', number).executeTakeFirst();
}

/** Whether another user holds this number verified (Barong: resource.phone.number_exist). */
export async function phoneTakenByOther(db: Kysely<DB>, userId: number, number: string): Promise<boolean> {
  return !!(await db.selectFrom('phones').select('id').where('number', '=', number).where('user_id', '<>', userId)
    .where('validated_at', 'is not', null).executeTakeFirst());
}

export async function insertPhone(db: Kysely<DB>, userId: number, country: string, number: string, now: Date): Promise<void> {
  await db.insertInto('phones').values({ user_id: userId, country, number, created_at: now, updated_at: now }).execute();
}

export async function validatePhone(db: Kysely<DB>, userId: number, number: string, now: Date): Promise<void> {
  await db.updateTable('phones').set({ validated_at: now, updated_at: now })
    .where('user_id', '=', userId).where('number', '=', number).execute();
  await db.updateTable('users').set({ phone_number: number, updated_at: now }).where('id', '=', userId).execute();
}

// ---- activities ----

export interface OwnActivityFilter { topic: string | null; result?: string; from?: Date; to?: Date; limit: number; offset: number }

/** The user's own activities (category user), newest first, one page and the total. */
export async function ownActivities(db: Kysely<DB>, userId: number, f: OwnActivityFilter) {
  let q = db.selectFrom('activities').where('category', '=', 'user').where('user_id', '=', userId);
  if (f.topic) q = q.where('topic', '=', f.topic);
  if (f.result) q = q.where('result', '=', f.result);
  if (f.from) q = q.where('created_at', '>=', f.from);
  if (f.to) q = q.where('created_at', '<', f.to);
  const [rows, total] = await Promise.all([
    q.select(['id', 'user_ip', 'user_ip_country', 'user_agent', 'topic', 'action', 'result', 'data', 'created_at'])
      .orderBy('created_at', 'desc').orderBy('id', 'desc').limit(f.limit).offset(f.offset).execute(),
    q.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}
