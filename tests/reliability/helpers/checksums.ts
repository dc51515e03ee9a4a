/**
 * One checksum per table, to prove that a refused request changed nothing. Append-only logs are left
 * out because a refused attempt is legitimately recorded in them:
 * - activities: every staff write attempt, refused ones included, leaves its admin activity (the audit
 *   trail), and sign-in failures leave user activities;
 * - metric_rollups: the dashboard's counts, maintained from activities by a trigger;
 * - the sign-in throttle's tables (auth_failures, and auth_attempts / sign_in_origins that replace it):
 *   a refused sign-in is counted there, which is their purpose.
 */
import { sql, type Kysely } from 'kysely';

export const APPEND_ONLY = new Set(['activities', 'metric_rollups', 'auth_failures', 'auth_attempts', 'sign_in_origins']);

/** The checked tables of the database (its own migration bookkeeping excluded). */
export async function checkedTables(db: Kysely<any>): Promise<string[]> {
  const { rows } = await sql<{ t: string }>`
    SELECT table_name AS t FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`.execute(db);
  return rows.map((r) => r.t).filter((t) => !APPEND_ONLY.has(t) && !/migration/.test(t));
}

/** md5 of every row's text, in a stable order, per table: one statement for all of them. */
export async function checksums(db: Kysely<any>, tables: readonly string[]): Promise<Map<string, string>> {
  const parts = tables.map((t) => sql`SELECT ${t} AS t, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM ${sql.table(t)} x`);
  const { rows } = await sql<{ t: string; h: string }>`${sql.join(parts, sql` UNION ALL `)}`.execute(db);
  return new Map(rows.map((r) => [r.t, r.h]));
}

/** The tables whose checksum differs. */
export function changed(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after].filter(([t, h]) => before.get(t) !== h).map(([t]) => t);
}
