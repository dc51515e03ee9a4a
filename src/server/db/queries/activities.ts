/** SQL for the activities log (user and admin activities share one append-only table). */
import type { Kysely } from 'kysely';
import type { DB } from '../schema.js';
import type { ActivityResult } from '../../../shared/activities.js';

export interface NewActivity {
  category: 'user' | 'admin';
  userId: number | null;
  targetId?: number | null;
  userIp?: string | null;
  userIpCountry?: string | null;
  userAgent?: string | null;
  topic: string;
  action: string;
  result: ActivityResult;
  /** Any JSON-serialisable value; stored as jsonb. */
  data?: unknown;
  createdAt?: Date;
}

/** Appends one activity. Pass a transaction to make it part of the write it records. */
export async function insertActivity(db: Kysely<DB>, a: NewActivity): Promise<void> {
  await db.insertInto('activities').values({
    category: a.category,
    user_id: a.userId,
    target_id: a.targetId ?? null,
    user_ip: a.userIp ?? null,
    user_ip_country: a.userIpCountry ?? null,
    user_agent: a.userAgent ?? null,
    topic: a.topic,
    action: a.action,
    result: a.result,
    data: a.data === undefined ? null : jsonbText(a.data),
    ...(a.createdAt ? { created_at: a.createdAt } : {}),
  }).execute();
}

/** The numeric id of a user by uid (activities reference users by id), or null. */
export async function userIdByUid(db: Kysely<DB>, uid: string): Promise<number | null> {
  const row = await db.selectFrom('users').select('id').where('uid', '=', uid).executeTakeFirst();
  return row ? row.id : null;
}

/**
 * JSON text jsonb accepts. jsonb cannot hold U+0000 (PostgreSQL: "unsupported Unicode escape sequence"),
 * and audit data is whatever a request sent, so a NUL would make the audit row, and with it the audited
 * write, fail. It is logged as the visible U+FFFD instead.
 */
export function jsonbText(value: unknown): string {
  // Only an escape of its own: `\\u0000` (an escaped backslash, then text) is left alone.
  return JSON.stringify(value).replace(/(?<!\\)((?:\\\\)*)\\u0000/g, '$1\\ufffd');
}
