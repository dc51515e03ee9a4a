/** SQL for the sessions table. Rows are keyed by the SHA-256 of the session id, never the id itself. */
import type { Kysely } from 'kysely';
import type { DB } from '../schema.js';

export interface NewSessionRow {
  idHash: string;
  userId: number;
  csrfToken: string;
  userAgent: string;
  userIp: string | null;
  now: Date;
  expiresAt: Date;
}

/**
 * Inserts a session and ends the user's oldest beyond `cap` (counting the new one), in one transaction
 * under the user's row lock, so parallel sign-ins of one user cannot pass the cap together. Returns the
 * ended sessions' hashes (their delete trigger tells every node's cache; the caller drops its own at once).
 */
export async function insertSessionCapped(db: Kysely<DB>, s: NewSessionRow, cap: number): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom('users').select('id').where('id', '=', s.userId).forNoKeyUpdate().execute();
    const ended = await trx.deleteFrom('sessions')
      .where('id_hash', 'in', (eb) => eb.selectFrom('sessions').select('id_hash').where('user_id', '=', s.userId)
        .orderBy('created_at', 'desc').orderBy('id_hash', 'desc').offset(cap - 1))
      .returning('id_hash').execute();
    await trx.insertInto('sessions').values({
      id_hash: s.idHash,
      user_id: s.userId,
      csrf_token: s.csrfToken,
      user_agent: s.userAgent,
      user_ip: s.userIp,
      created_at: s.now,
      last_seen_at: s.now,
      expires_at: s.expiresAt,
    }).execute();
    return ended.map((r) => r.id_hash);
  });
}

/** The session with the user fields the request pipeline needs, in one round trip. */
export function findSessionWithUser(db: Kysely<DB>, idHash: string) {
  return db.selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id_hash', 'sessions.csrf_token', 'sessions.user_agent', 'sessions.user_ip',
      'sessions.created_at', 'sessions.last_seen_at', 'sessions.expires_at',
      'users.id as user_id', 'users.uid', 'users.email', 'users.username', 'users.role',
      'users.level', 'users.state', 'users.otp',
    ])
    .where('sessions.id_hash', '=', idHash)
    .executeTakeFirst();
}

export type SessionWithUser = NonNullable<Awaited<ReturnType<typeof findSessionWithUser>>>;

export async function touchSession(db: Kysely<DB>, idHash: string, now: Date): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: now }).where('id_hash', '=', idHash).execute();
}

/** Deletes one session; the owner's user id when a row was there, else null. */
export async function deleteSession(db: Kysely<DB>, idHash: string): Promise<number | null> {
  const row = await db.deleteFrom('sessions').where('id_hash', '=', idHash).returning('user_id').executeTakeFirst();
  return row ? row.user_id : null;
}

/** Ends every session of a user; how many there were. */
export async function deleteUserSessions(db: Kysely<DB>, userId: number): Promise<string[]> {
  const rows = await db.deleteFrom('sessions').where('user_id', '=', userId).returning('id_hash').execute();
  return rows.map((r) => r.id_hash);
}

/**
 * Removes sessions past their absolute lifetime (all users, indexed) and this user's idle ones,
 * so the table does not grow with abandoned browsers.
 */
export async function sweepSessions(db: Kysely<DB>, userId: number, now: Date, idleMs: number): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<', now).execute();
  await db.deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('last_seen_at', '<', new Date(now.getTime() - idleMs))
    .execute();
}
