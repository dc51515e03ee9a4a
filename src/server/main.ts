/**
 * The only file that reads process.env and listens. Opens the database (PGlite in STEWARD_DATA_DIR
 * unless DATABASE_URL is set), migrates, seeds demo data on an empty database, and serves.
 */
import { mkdirSync } from 'node:fs';
import { loadConfig, ConfigError, type Config } from './config.js';
import { openDatabase } from './db/index.js';
import { migrate } from './db/migrate.js';
import { buildApp } from './app.js';

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(`steward: bad configuration: ${e.message}`);
      process.exit(2);
    }
    throw e;
  }
  if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
  const db = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
  await migrate(db.kysely);
  const app = await buildApp({ config, db, logger: { level: process.env.LOG_LEVEL || 'warn' } });
  const address = await app.listen({ host: config.host, port: config.port });
  console.log(`Steward is running at ${address.replace('127.0.0.1', 'localhost')}`);
  const stop = async () => { await app.close(); await db.close(); process.exit(0); };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e) => {
  console.error('steward: failed to start:', e instanceof Error ? e.message : e);
  process.exit(1);
});
