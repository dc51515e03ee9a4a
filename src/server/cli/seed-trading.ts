/**
 * npm run db:seed:trading -- [--orders N] [--trades N] [--operations N] [--withdraws N]
 *
 * Appends a year of trading history at exchange scale to the seeded database in DATABASE_URL
 * (PostgreSQL; bulk-trading.ts): orders, trades, withdrawals and the ledger operations behind them,
 * then checks the ledger. Defaults: 10M orders, 20M trades, 20M operations (in all), 2M withdrawals.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/index.js';
import { migrate } from '../db/migrate.js';
import { seedBulkTrading } from '../db/seed/bulk-trading.js';
import { countRows } from '../db/seed/index.js';
import { checkLedger } from '../ledger/check.js';

const count = (v: string | undefined, name: string, fallback: number): number => {
  if (v === undefined) return fallback;
  const n = Number(v.replace(/_/g, ''));
  if (!/^\d+$/.test(v.replace(/_/g, '')) || !Number.isSafeInteger(n)) throw new Error(`--${name} must be a whole number, got "${v}"`);
  return n;
};

async function main(): Promise<void> {
  const { values } = parseArgs({ options: {
    orders: { type: 'string' }, trades: { type: 'string' }, operations: { type: 'string' }, withdraws: { type: 'string' },
  } });
  const config = loadConfig(process.env);
  if (!config.databaseUrl) throw new Error('set DATABASE_URL to a seeded PostgreSQL database (the embedded one is not sized for this)');
  const opts = {
    orders: count(values.orders, 'orders', 10_000_000), trades: count(values.trades, 'trades', 20_000_000),
    operations: count(values.operations, 'operations', 20_000_000), withdraws: count(values.withdraws, 'withdraws', 2_000_000),
  };
  const t0 = Date.now();
  const secs = () => `${((Date.now() - t0) / 1000).toFixed(1)} s`;
  const db = await openDatabase({ url: config.databaseUrl });
  try {
    await migrate(db.kysely);
    let last = '', lastAt = 0;
    const r = await seedBulkTrading(db.kysely, { ...opts, onProgress: (step, done, total) => {
      if (step === last && Date.now() - lastAt < 5000 && done < total) return;
      last = step; lastAt = Date.now();
      console.log(`  ${step.padEnd(24)} ${String(Math.round((100 * done) / total)).padStart(3)}%  ${secs()}`);
    } });
    console.log(`seeded in ${(r.ms / 1000).toFixed(0)} s: ${r.pairs.toLocaleString('en')} order pairs, ${r.tradesPerPair} trades per filled pair, `
      + `${r.postedPairs.toLocaleString('en')} pairs posted to the ledger`);
    const counts = await countRows(db.kysely);
    for (const t of ['orders', 'trades', 'operations', 'withdraws', 'accounts'] as const) console.log(`  ${t.padEnd(10)} ${counts[t]!.toLocaleString('en').padStart(12)}`);
    const report = await checkLedger(db.kysely);
    console.log(report.problems.length ? `ledger: ${report.problems.length} problem(s)\n  ${report.problems.slice(0, 20).join('\n  ')}` : `ledger: balanced (${secs()})`);
    if (report.problems.length) process.exitCode = 1;
  } finally {
    await db.close();
  }
}

main().catch((e) => {
  console.error('db:seed:trading:', e instanceof Error ? e.message : e);
  process.exit(1);
});
