/**
 * The only file that reads process.env and listens. Opens the database (PGlite in STEWARD_DATA_DIR
 * unless DATABASE_URL is set), migrates, seeds demo data on an empty embedded database on loopback (or
 * when asked: config.ts demoSeed), refuses to expose the demo's published credentials, and serves.
 */
import { mkdirSync, realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadConfig, ConfigError, DEFAULT_DEMO_PASSWORD, type Config } from './config.js';
import { openDatabase } from './db/index.js';
import { migrate } from './db/migrate.js';
import { buildApp } from './app.js';
import { ensureDefaultPermissions } from './auth/permissions-seed.js';
import { isSeeded, seedDemo, stageLine } from './db/seed/index.js';
import { demoAccountsTaking, demoSignIn, formatBanner } from './db/seed/banner.js';
import { keepStatistics } from './db/statistics.js';
import { startDemoNode } from './exchange/nodes/demo.js';
import { startDemoMarket } from './trading/simulator.js';
import { keepTokenHistory } from './money/token-history.js';

/**
 * Starts the server. `beforeServing` is awaited once the database is ready, before the app is built:
 * npm start (cli/start.ts) passes the console's build, which runs meanwhile.
 */
export async function main(beforeServing?: Promise<unknown>): Promise<void> {
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
  // The demo's published credentials never face others by accident (config.ts demoExposure).
  if (config.demoExposure) {
    const open = await demoAccountsTaking(db.kysely, DEFAULT_DEMO_PASSWORD);
    if (open.length > 0) {
      console.error(`steward: refusing to start: ${config.demoExposure}, and ${open.length} demo staff accounts (${open[0]}, …) `
        + 'take the published demo password; change their passwords or remove them, or set STEWARD_DEMO_SEED=on to run the demo here on purpose');
      await db.close();
      process.exit(2);
    }
  }
  const empty = !(await isSeeded(db.kysely));
  if (empty && config.demoExposure) {
    console.log(`Not seeding the demo data (${config.demoExposure}): the database starts empty; STEWARD_DEMO_SEED=on seeds it`);
  }
  // An empty database gets the demo data set by default only when it is the embedded one on loopback.
  if (config.demoSeed && empty) {
    console.log('Seeding demo data…');
    const seeded = await seedDemo(db.kysely, {
      password: config.demoPassword, users: config.demoUsers, activities: config.demoActivities, nodePort: config.node.simulatorPort || undefined,
      // A line as each stage ends, so a first start is seen working.
      onStage: (stage, ms) => console.log(`  ${stageLine(stage, ms)}`),
    });
    console.log(`Seeded ${seeded.counts.users} users and ${seeded.counts.activities} activities in ${(seeded.ms / 1000).toFixed(1)} s`);
  }
  // Without any permission rows every signed-in call is refused, superadmin's included, and the first
  // row could not be added through the API either: an empty table gets the default rows.
  await ensureDefaultPermissions(db.kysely);
  // Demo mode runs a local blockchain node for the seeded chains (STEWARD_NODE_SIMULATOR_PORT=0: none).
  const node = config.demoSeed && config.node.simulatorPort > 0 ? await startDemoNode(db.kysely, config.node.simulatorPort) : null;
  // The static plugin serves dist/ only if it holds a build when the app is made.
  await beforeServing;
  const app = await buildApp({ config, db, logger: { level: process.env.LOG_LEVEL || 'warn' } });
  // No autovacuum in the embedded engine (db/statistics.ts): fresh planner statistics for estimated
  // totals, taken once serving (a seed just analyzed) and every 6 hours.
  const stopStatistics = keepStatistics(db, (err) => app.log.warn({ err }, 'ANALYZE failed'), { now: !(config.demoSeed && empty) });
  // Token history's daily snapshot (money/token-history.ts): one row per fungible token per UTC day.
  const stopTokenHistory = keepTokenHistory(db.kysely, () => app.deps.now(), (err) => app.log.warn({ err }, 'token history snapshot failed'));
  const address = await app.listen({ host: config.host, port: config.port });
  const demo = await demoSignIn(db.kysely, config.demoPassword);
  console.log(formatBanner(address.replace('127.0.0.1', 'localhost'), demo, config.allowedRoles));
  // Demo mode keeps the seeded markets trading (STEWARD_DEMO_MARKET_RATE=0: not). Only where the demo
  // accounts exist: a real exchange's database (STEWARD_DEMO_SEED left on) never gets orders in its members' names.
  const rate = config.demoMarket.ratePerSecond;
  const market = config.demoSeed && rate > 0 && demo
    ? startDemoMarket(db.kysely, { ratePerSecond: rate, log: (err) => app.log.warn({ err }, 'demo market: an order failed') })
    : null;
  if (market) console.log(`Demo market: ${rate} orders a second, placed and matched on the enabled markets (STEWARD_DEMO_MARKET_RATE=0 stops it)`);
  const stop = async () => { stopStatistics(); stopTokenHistory(); await market?.stop(); await node?.close(); await app.close(); await db.close(); process.exit(0); };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/** Ends the process when starting failed. */
export function failed(e: unknown): never {
  console.error('steward: failed to start:', e instanceof Error ? e.message : e);
  process.exit(1);
}

/** Run as the entry point (tsx src/server/main.ts, npm run serve, the tests' servers), not imported by cli/start.ts; real paths, so a checkout under a symlink starts too. */
const entry = (() => {
  try { return realpathSync(process.argv[1] ?? '') === realpathSync(fileURLToPath(import.meta.url)); } catch { return false; }
})();
if (entry) main().catch(failed);
