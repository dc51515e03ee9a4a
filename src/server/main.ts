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
import { dataDirSecretsKey, SealError } from './auth/sealed.js';
import { sealSecretsAtStart } from './market-api/address-secrets.js';
import { sealOtpSecretsAtStart } from './auth/otp-secrets.js';
import { STARTED } from './cli/bundle-path.mjs';

/** What the server waits for before it opens its database, and before it serves (npm start's word: launcherWord). */
export interface StartGates { beforeOpening?: Promise<unknown>; beforeServing?: Promise<unknown> }

/** Starts the server, waiting at its gates (none when run on its own). */
export async function main(gates: StartGates = {}): Promise<void> {
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
  await gates.beforeOpening;
  if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
  const db = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
  closing.push(() => db.close());
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
  // Secrets at rest (auth/sealed.ts): the configured key, else the embedded database's own key file; then
  // whatever an older version (or a start without a key) stored in plaintext is sealed, once (0048, 0050).
  try {
    if (!config.secretsKey && !config.databaseUrl) config = { ...config, secretsKey: dataDirSecretsKey(config.dataDir).key };
  } catch (e) {
    if (!(e instanceof SealError)) throw e;
    console.error(`steward: refusing to start: ${e.message}`);
    await db.close();
    process.exit(2);
  }
  await sealSecretsAtStart(db.kysely, config.secretsKey, (line) => console.log(line));
  await sealOtpSecretsAtStart(db.kysely, config.secretsKey, (line) => console.warn(line));
  const empty = !(await isSeeded(db.kysely));
  if (empty && config.demoExposure) {
    console.log(`Not seeding the demo data (${config.demoExposure}): the database starts empty; STEWARD_DEMO_SEED=on seeds it`);
  }
  // An empty database gets the demo data set by default only when it is the embedded one on loopback.
  if (config.demoSeed && empty) {
    console.log('Seeding demo data…');
    const seeded = await seedDemo(db.kysely, {
      password: config.demoPassword, users: config.demoUsers, activities: config.demoActivities, nodePort: config.node.simulatorPort || undefined,
      secretsKey: config.secretsKey,
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
  if (node) closing.push(() => node.close());
  // The static plugin serves dist/ only if it holds a build when the app is made.
  await gates.beforeServing;
  const app = await buildApp({ config, db, logger: { level: config.logLevel } });
  closing.push(() => app.close());
  // Token history's daily snapshot (money/token-history.ts): one row per fungible token per UTC day.
  closing.push(keepTokenHistory(db.kysely, () => app.deps.now(), (err) => app.log.warn({ err }, 'token history snapshot failed')));
  // From the moment it can answer, a signal stops what has started, the database last and cleanly. Before,
  // it ends the process at once (Ctrl+C during a first start's seed is not kept waiting for the seed): the
  // embedded engine recovers at its next open as from any crash, and the seed, one transaction, is redone.
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  const address = await app.listen({ host: config.host, port: config.port });
  // No autovacuum in the embedded engine (db/statistics.ts): fresh planner statistics for estimated totals
  // every 6 hours, counted across restarts (a seed just analyzed), started once serving.
  closing.push(keepStatistics(db, (err) => app.log.warn({ err }, 'ANALYZE failed')));
  const demo = await demoSignIn(db.kysely, config.demoPassword, config.secretsKey);
  console.log(formatBanner(address.replace('127.0.0.1', 'localhost'), demo, config.allowedRoles));
  // Demo mode keeps the seeded markets trading (STEWARD_DEMO_MARKET_RATE=0: not). Only where the demo
  // accounts exist: a real exchange's database (STEWARD_DEMO_SEED left on) never gets orders in its members' names.
  const rate = config.demoMarket.ratePerSecond;
  const market = config.demoSeed && rate > 0 && demo
    ? startDemoMarket(db.kysely, { ratePerSecond: rate, log: (err) => app.log.warn({ err }, 'demo market: an order failed') })
    : null;
  if (market) {
    closing.push(() => market.stop());
    console.log(`Demo market: ${rate} orders a second, placed and matched on the enabled markets (STEWARD_DEMO_MARKET_RATE=0 stops it)`);
  }
  // Started: the entry (cli/serve.mjs) keeps V8's code of the start for the next one, when it has none yet.
  (globalThis as Record<symbol, (() => void) | undefined>)[STARTED]?.();
}

/** What stops the running parts, in the order they started (they are stopped in reverse). */
const closing: (() => unknown)[] = [];
let stopping: Promise<void> | undefined;
/** Once, however many signals come (Ctrl+C reaches npm start's process and this one, and the first passes it on). */
function stop(): Promise<void> {
  return stopping ??= (async () => {
    for (const close of closing.reverse()) await close();
    process.exit(0);
  })();
}

/** Ends the process when starting failed. */
export function failed(e: unknown): never {
  console.error('steward: failed to start:', e instanceof Error ? e.message : e);
  process.exit(1);
}

/**
 * Under npm start (cli/start.mjs, which started this process with an IPC channel) the server loads its modules
 * while the launcher checks that this bundle is current ('bundle-current': until then no database is opened,
 * and a stale bundle's server is replaced), and serves once the console is built ('built'). The channel then
 * lets go, so it keeps nothing alive.
 */
function launcherWord(): StartGates {
  if (!process.send) return {};
  // A parent gone (killed outright, or by a wrapper that did not pass the signal on) stops the server too.
  process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
  const heard = (word: string) => new Promise<void>((done) => {
    const hear = (m: unknown) => { if (m === word) { process.off('message', hear); done(); } };
    process.on('message', hear);
  });
  const beforeServing = heard('built').then(() => { process.channel?.unref(); });
  return { beforeOpening: heard('bundle-current'), beforeServing };
}

/** Run as the entry point (its bundle under npm start and the tests, tsx src/server/main.ts, npm run serve); real paths, so a checkout under a symlink starts too. */
const entry = (() => {
  try { return realpathSync(process.argv[1] ?? '') === realpathSync(fileURLToPath(import.meta.url)); } catch { return false; }
})();
if (entry) main(launcherWord()).catch(failed);
