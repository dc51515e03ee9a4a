/**
 * Barong's `User` entity built in SQL (email, uid, role, level, otp, state, referral_uid, username and
 * `data` as JSON text), for rows that embed the user they are about (activities, recipients). One
 * json object per row keeps the log queries to a single statement without a column-prefix mapper.
 */
import { sql } from 'kysely';
import type { WireUser } from '../../../shared/users.js';

/** An activity's user: Barong's User with its `data` (JSON text). */
export interface ActivityUser extends WireUser { data: string | null }

/** The user of alias `u` (a LEFT JOIN), or null when the row has none. */
export function userJson(alias: string) {
  const c = (col: string) => sql.ref(`${alias}.${col}`);
  return sql<ActivityUser | null>`CASE WHEN ${c('id')} IS NULL THEN NULL ELSE jsonb_build_object(
    'email', ${c('email')}, 'uid', ${c('uid')}, 'role', ${c('role')}, 'level', ${c('level')}, 'otp', ${c('otp')},
    'state', ${c('state')}, 'referral_uid', ${c('referral_uid')}, 'username', ${c('username')},
    'data', ${c('data')}::text) END`;
}

/** ISO-8601 UTC text of a timestamp column or null (what every entity puts on the wire). */
export const iso = (d: Date | string | null | undefined): string | null => (d == null ? null : new Date(d).toISOString());

/** jsonb → the JSON text Barong sends for `data`/`metadata` fields. */
export const jsonText = (v: unknown): string | null => (v === null || v === undefined ? null : JSON.stringify(v));
