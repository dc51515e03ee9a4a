/**
 * Barong's `User` entity: built in SQL (email, uid, role, level, otp, state, referral_uid, username and
 * `data` as JSON text) for rows that embed the user they are about (activities, recipients), where one
 * json object per row keeps the log queries to a single statement without a column-prefix mapper; and
 * from a users row (userEntity) for the lists of users (directory, referrals, pending applications).
 */
import { sql, type RawBuilder } from 'kysely';
import type { WireUser } from '../../../shared/users.js';
import type { UserListRow } from './users-admin.js';

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
export const iso = (d: Date | string | null | undefined): string | null =>
  (d == null ? null : (d instanceof Date ? d : new Date(d)).toISOString());

/**
 * iso() and plainDecimal() done by PostgreSQL, for the rows of big lists: a timestamptz column as the
 * same ISO-8601 UTC text to the millisecond (both truncate the microseconds), a numeric one without its
 * trailing zeros. Made in C as the row is sent, the driver then reads plain text — no Date parsed, no
 * Date formatted. On a 50-row orders page that was ~0.2 ms of the server's share of the request.
 */
export const isoSql = (ref: string) => sql<string>`to_char(${sql.ref(ref)} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
export const decimalSql = (expr: string | RawBuilder<unknown>) => sql<string>`trim_scale(${typeof expr === 'string' ? sql.ref(expr) : expr})::text`;

/** jsonb → the JSON text Barong sends for `data`/`metadata` fields. */
export const jsonText = (v: unknown): string | null => (v === null || v === undefined ? null : JSON.stringify(v));

/** Barong's User, plus `id` (the spec's user has one; grids key rows by it; extra fields cost Barong clients nothing). */
export function userEntity(u: UserListRow) {
  return {
    id: u.id, email: u.email, uid: u.uid, role: u.role, level: u.level, otp: u.otp, state: u.state,
    referral_uid: u.referral_uid, username: u.username, data: jsonText(u.data),
    phone_number: u.phone_number, platform: u.platform, country: u.country, referrals: u.referrals, group: u.fee_group,
    created_at: iso(u.created_at), updated_at: iso(u.updated_at),
  };
}
