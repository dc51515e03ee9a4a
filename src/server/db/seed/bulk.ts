/**
 * Bulk-load mode for big seeds. Inserting millions of rows into tables with half a dozen indexes,
 * foreign keys and (activities) a rollup trigger costs several times the generation itself:
 * every row is a random insert into each btree, a foreign-key probe, and a share of an upsert.
 * So, inside the seeding transaction, the secondary indexes and foreign keys are dropped and then
 * re-created from their own definitions (one sort per index, one validating join per key), and the
 * dashboard rollups are rebuilt once instead of being maintained statement by statement. A killed
 * seed rolls all of it back with the data.
 */
import { sql } from 'kysely';
import { exec, type SeedContext } from './context.js';

const rowsOf = async <T>(ctx: SeedContext, text: string) => (await sql.raw<T>(text).execute(ctx.db)).rows;

/** The statements that recreate what was dropped, in order. */
async function dropDerived(ctx: SeedContext, table: string): Promise<string[]> {
  const restore: string[] = [];
  const fks = await rowsOf<{ name: string; def: string }>(ctx, `SELECT conname AS name, pg_get_constraintdef(oid) AS def
    FROM pg_constraint WHERE conrelid = '${table}'::regclass AND contype = 'f' ORDER BY conname`);
  for (const fk of fks) {
    await exec(ctx, `ALTER TABLE ${table} DROP CONSTRAINT "${fk.name}"`);
    restore.push(`ALTER TABLE ${table} ADD CONSTRAINT "${fk.name}" ${fk.def}`);
  }
  // Indexes that back a constraint (primary key, unique) stay: they are the constraint.
  // pg_get_indexdef leaves out per-column statistics targets (the prefix indexes' larger histograms,
  // migration 0007): they are put back with the index.
  const indexes = await rowsOf<{ name: string; def: string; targets: string | null }>(ctx, `SELECT c.relname AS name,
      pg_get_indexdef(i.indexrelid) AS def,
      (SELECT string_agg(format('ALTER COLUMN %s SET STATISTICS %s', a.attnum, a.attstattarget), ', ' ORDER BY a.attnum)
        FROM pg_attribute a WHERE a.attrelid = i.indexrelid AND a.attnum > 0 AND a.attstattarget >= 0) AS targets
    FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
    WHERE i.indrelid = '${table}'::regclass AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)
    ORDER BY c.relname`);
  for (const ix of indexes) {
    await exec(ctx, `DROP INDEX "${ix.name}"`);
    restore.push(ix.def);
    if (ix.targets) restore.push(`ALTER INDEX "${ix.name}" ${ix.targets}`);
  }
  return restore;
}

/** Trigger-kept rollups per logged table (0003 dashboard, 0024 service-log graph): skipped during a load, then rebuilt. */
const ROLLUPS = [
  { table: 'activities', trigger: 'metric_rollups_ins', rebuild: 'metric_rollups_rebuild', label: 'dashboard rollups' },
  { table: 'service_logs', trigger: 'service_log_rollups_ins', rebuild: 'service_log_rollups_rebuild', label: 'service-log rollups' },
] as const;

/** True when a table's rollups exist and keep themselves by trigger. */
async function hasRollups(ctx: SeedContext, r: (typeof ROLLUPS)[number]): Promise<boolean> {
  const rows = await rowsOf<{ ok: boolean }>(ctx, `SELECT to_regprocedure('${r.rebuild}()') IS NOT NULL
    AND EXISTS (SELECT 1 FROM pg_trigger WHERE tgrelid = '${r.table}'::regclass AND tgname = '${r.trigger}') AS ok`);
  return rows[0]?.ok === true;
}

/** Runs a step under a name (seedDemo's timed stages); by default just runs it. */
type Stage = <T>(name: string, step: () => Promise<T>) => Promise<T>;

export async function bulkLoad(ctx: SeedContext, tables: string[], load: () => Promise<void>, stage: Stage = (_, step) => step()): Promise<void> {
  const restore: string[] = [];
  for (const t of tables) restore.push(...await dropDerived(ctx, t));
  const rollups: Array<(typeof ROLLUPS)[number]> = [];
  for (const r of ROLLUPS) if (tables.includes(r.table) && await hasRollups(ctx, r)) rollups.push(r);
  for (const r of rollups) await exec(ctx, `ALTER TABLE ${r.table} DISABLE TRIGGER ${r.trigger}`);
  await load();
  await stage('indexes and keys', async () => {
    for (const [i, stmt] of restore.entries()) {
      await exec(ctx, stmt);
      ctx.progress('indexes and keys', i + 1, restore.length);
    }
  });
  await stage('rollups', async () => {
    for (const r of rollups) {
      await exec(ctx, `ALTER TABLE ${r.table} ENABLE TRIGGER ${r.trigger}`);
      await exec(ctx, `SELECT ${r.rebuild}()`);
      ctx.progress(r.label, 1, 1);
    }
  });
}
