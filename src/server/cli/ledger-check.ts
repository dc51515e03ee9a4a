/**
 * npm run ledger:check
 *
 * Checks the ledger of DATABASE_URL, or else of the PGlite directory STEWARD_DATA_DIR (./data): prints
 * each currency's totals (assets, liabilities, revenues, expenses: credit − debit) and every breach of
 * the invariants (ledger/check.ts). Exits 1 when there is one.
 */
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/index.js';
import { checkLedger } from '../ledger/check.js';

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const db = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
  try {
    const { totals, problems } = await checkLedger(db.kysely);
    console.log('currency  assets  liabilities  revenues  expenses  (assets + expenses − liabilities − revenues)');
    for (const t of totals) console.log(`${t.currency}  ${t.assets}  ${t.liabilities}  ${t.revenues}  ${t.expenses}  ${t.imbalance}`);
    if (problems.length) {
      console.error(`\n${problems.length} problem(s):`);
      for (const p of problems) console.error(`  ${p}`);
      process.exitCode = 1;
    } else {
      console.log(`\nledger balances: ${totals.length} currencies, every member account equals its liabilities`);
    }
  } finally {
    await db.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
