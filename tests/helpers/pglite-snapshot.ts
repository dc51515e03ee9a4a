/**
 * The migrated embedded database every PGlite test file clones (global-setup.ts): a dump of a fresh PGlite
 * with the migrations and Barong's default permission rows, kept in .tmp/pglite-snapshot/ by the hash of the
 * server's sources (seeded-template.ts) and of this file, so a run made of the same code uses the one an earlier run made.
 * Making it costs ~6.5 s quiet, ~20–30 s with other runs starting beside it; CI makes it once beside npm test
 * (.ci/run), and the database matrix's PGlite runs start on it. Processes that need it at once wait for the
 * one that makes it (a lock directory); snapshots of other sources are removed when a new one is made.
 * `npx tsx tests/helpers/pglite-snapshot.ts` makes it (or finds it) and prints its path.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { openDatabase } from '../../src/server/db/index.js';
import { migrate } from '../../src/server/db/migrate.js';
// Every request past sign-in is checked against permission rows, so the snapshot carries Barong's defaults.
import { seedPermissions } from '../../src/server/auth/permissions-seed.js';
import { lock, serverSourcesKey } from './seeded-template.js';

const ROOT = resolve('.tmp/pglite-snapshot');

/** The snapshot's path for the server's current sources, made first when there is none. */
export async function pgliteSnapshot(): Promise<string> {
  mkdirSync(ROOT, { recursive: true });
  // The server's sources and this file's own way of making it.
  const key = createHash('sha256').update(serverSourcesKey()).update(readFileSync(fileURLToPath(import.meta.url))).digest('hex').slice(0, 16);
  const snapshot = join(ROOT, `${key}.tar`);
  if (existsSync(snapshot)) return snapshot;
  const unlock = await lock(`${snapshot}.lock`);
  try {
    if (existsSync(snapshot)) return snapshot;
    for (const name of readdirSync(ROOT)) if (!name.startsWith(key)) rmSync(join(ROOT, name), { recursive: true, force: true });
    const db = await openDatabase({ memory: true });
    await migrate(db.kysely);
    await seedPermissions(db.kysely);
    // Without the template databases (no test makes a database on PGlite): each file's clone unpacks ~1,100
    // files fewer into the embedded engine's in-memory file system — 1.1 → 0.8 s of CPU per clone, and the
    // server files on PGlite 259 → 209 s of CPU (2026-11-29, quiet host).
    for (const template of ['template0', 'template1']) {
      await sql.raw(`UPDATE pg_database SET datistemplate = false, datallowconn = false WHERE datname = '${template}'`).execute(db.kysely);
      await sql.raw(`DROP DATABASE ${template}`).execute(db.kysely);
    }
    const blob = await db.dump!();
    await db.close();
    // Written aside and renamed: a reader never finds half a file.
    const partial = `${snapshot}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await blob.arrayBuffer()));
    renameSync(partial, snapshot);
    return snapshot;
  } finally { unlock(); }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(await pgliteSnapshot());
