/** Runs the migrations in order, each in its own transaction; the same SQL on PGlite and PostgreSQL. */
import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import * as core from './migrations/0001_core.js';

/** A migration is a SQL script; statements are split on a semicolon at the end of a line. */
interface SqlMigration { up: string }

const MIGRATIONS: Record<string, SqlMigration> = {
  '0001_core': core,
};

function toKysely(m: SqlMigration): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const statements = m.up.split(/;\s*\n/).map((s) => s.replace(/^\s*--.*$/gm, '').trim()).filter(Boolean);
      for (const stmt of statements) await sql.raw(stmt).execute(db);
    },
  };
}

export async function migrate(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => Object.fromEntries(Object.entries(MIGRATIONS).map(([k, v]) => [k, toKysely(v)])) },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
