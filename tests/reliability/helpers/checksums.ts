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
  if (tables.length === 0) return new Map();
  const parts = tables.map((t) => sql`SELECT ${t} AS t, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM ${sql.table(t)} x`);
  const { rows } = await sql<{ t: string; h: string }>`${sql.join(parts, sql` UNION ALL `)}`.execute(db);
  return new Map(rows.map((r) => [r.t, r.h]));
}

/** The tables whose checksum differs. */
export function changed(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after].filter(([t, h]) => before.get(t) !== h).map(([t]) => t);
}

/**
 * Which checked tables a statement touched since the last call: a trigger on each table notes its name,
 * so the walk recomputes the checksums of those tables only (every table's after every request made the
 * fuzz's time grow with the data it wrote: 690 s for 13,000 requests). The note is cleared as it is read.
 * A table no statement touched cannot have changed; a touched one is compared by checksum as before.
 */
export async function watchChanges(db: Kysely<any>, tables: readonly string[]): Promise<() => Promise<string[]>> {
  await sql`CREATE TABLE IF NOT EXISTS fuzz_touched (t text NOT NULL)`.execute(db);
  await sql.raw(`CREATE OR REPLACE FUNCTION fuzz_note() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN INSERT INTO fuzz_touched VALUES (TG_TABLE_NAME); RETURN NULL; END $$`).execute(db);
  for (const t of tables) {
    await sql.raw(`CREATE TRIGGER fuzz_note AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "${t}" FOR EACH STATEMENT EXECUTE FUNCTION fuzz_note()`).execute(db);
  }
  return async () => {
    const { rows } = await sql<{ t: string }>`DELETE FROM fuzz_touched RETURNING t`.execute(db);
    return [...new Set(rows.map((r) => r.t))];
  };
}
