/**
 * npm run db:seed -- [--users N] [--activities N] [--service-logs N] [--reset]
 *
 * Seeds the demo data set into DATABASE_URL, or else the PGlite directory STEWARD_DATA_DIR (./data).
 * Migrates first. A database that already has users is left alone unless --reset empties it.
 */
import { mkdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { dataDirSecretsKey } from '../auth/sealed.js';
import { openDatabase } from '../db/index.js';
import { migrate } from '../db/migrate.js';
import { isSeeded, resetDemoData, seedDemo, stageLine, DEFAULT_USERS, DEFAULT_ACTIVITIES_PER_USER } from '../db/seed/index.js';

const USAGE = 'usage: npm run db:seed -- [--users N] [--activities N] [--service-logs N] [--reset]';

function count(v: string | undefined, name: string): number | undefined {
  if (v === undefined) return undefined;
  if (!/^\d+$/.test(v.replace(/_/g, ''))) throw new Error(`--${name} must be a whole number, got "${v}"`);
  return Number(v.replace(/_/g, ''));
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      users: { type: 'string' }, activities: { type: 'string' }, 'service-logs': { type: 'string' },
      reset: { type: 'boolean', default: false }, help: { type: 'boolean', default: false },
    },
  });
  if (values.help) { console.log(USAGE); return; }
  const users = count(values.users, 'users') ?? DEFAULT_USERS;
  const activities = count(values.activities, 'activities') ?? users * DEFAULT_ACTIVITIES_PER_USER;
  const serviceLogs = count(values['service-logs'], 'service-logs');
  if (users < 1) throw new Error('--users must be at least 1');

  const config = loadConfig(process.env);
  if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
  const t0 = Date.now();
  const secs = () => ((Date.now() - t0) / 1000).toFixed(1) + ' s';
  const db = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
  try {
    console.log(`database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`} (open ${secs()})`);
    await migrate(db.kysely);
    if (values.reset) {
      await resetDemoData(db.kysely);
      console.log(`reset: tables emptied (${secs()})`);
    } else if (await isSeeded(db.kysely)) {
      console.error('db:seed: the database already has users; pass --reset to replace them');
      process.exitCode = 1;
      return;
    }
    console.log(`seeding ${users.toLocaleString('en')} customers, ~${activities.toLocaleString('en')} activities`);
    let lastStep = '';
    let lastAt = 0;
    const result = await seedDemo(db.kysely, {
      users, activities, serviceLogs, password: config.demoPassword,
      // The key the server will use (main.ts): TOTP secrets are seeded sealed; none with DATABASE_URL and no key.
      secretsKey: config.secretsKey ?? (config.databaseUrl ? null : dataDirSecretsKey(config.dataDir).key),
      onProgress: (step, done, total) => {
        // One line per step, plus one every few seconds on long steps.
        if (step === lastStep && Date.now() - lastAt < 3000 && done < total) return;
        lastStep = step; lastAt = Date.now();
        console.log(`  ${step.padEnd(40)} ${String(Math.round((100 * done) / total)).padStart(3)}%  ${secs()}`);
      },
      onStage: (stage, ms) => console.log(`${stageLine(stage, ms)}  (${secs()})`),
    });
    console.log(`seeded in ${(result.ms / 1000).toFixed(1)} s (total ${secs()}):`);
    const width = Math.max(...Object.keys(result.counts).map((t) => t.length));
    for (const [table, n] of Object.entries(result.counts)) console.log(`  ${table.padEnd(width)} ${n.toLocaleString('en').padStart(12)}`);
    console.log(`staff: <role>@steward.demo, password from STEWARD_DEMO_PASSWORD; 2FA: ${result.totp.email}, secret ${result.totp.secret}`);
  } finally {
    await db.close();
  }
}

main().catch((e) => {
  console.error('db:seed:', e instanceof Error ? e.message : e);
  process.exit(1);
});
