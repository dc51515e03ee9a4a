/**
 * npm run db:migrate
 *
 * Applies the migrations not yet applied to DATABASE_URL, or else the PGlite directory STEWARD_DATA_DIR
 * (./data), and prints their names. The server and db:seed migrate by themselves; this is for a database
 * kept between versions (the bench's PostgreSQL cluster, a staging copy) that should move without seeding.
 */
import { mkdirSync } from 'node:fs';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/index.js';
import { migrate } from '../db/migrate.js';

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
  const db = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
  try {
    const t0 = Date.now();
    const applied = await migrate(db.kysely);
    const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
    if (applied.length === 0) console.log(`${where}: already up to date`);
    else console.log(`${where}: applied ${applied.join(', ')} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  } finally {
    await db.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
