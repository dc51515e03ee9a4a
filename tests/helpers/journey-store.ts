/**
 * A browser journey (browser.ts openJourney) whose database outlives its server: the customer journey stops
 * the server at the end and checks the ledger of the database it left — what `npm run ledger:check` runs
 * (ledger/check.ts checkLedger) — on PostgreSQL (TEST_DATABASE_URL) or the embedded directory, which only
 * one process may open.
 */
import { launchBrowser, watchedPage, type Journey } from './browser.js';
import { startServer } from './server-process.js';
import { newStore } from './store.js';
import { checkLedger, type LedgerReport } from '../../src/server/ledger/check.js';

export interface KeptJourney extends Journey {
  /** Stops the browser and the server, then checks the ledger of the database they left. */
  ledgerAfterStop(): Promise<LedgerReport>;
}

export async function openKeptJourney(env: Record<string, string>, startMs = 420_000): Promise<KeptJourney> {
  const store = await newStore(process.env.TEST_DATABASE_URL);
  await store.create?.(env);
  const [srv, browser] = await Promise.all([
    startServer({ ...env, ...store.env }, startMs, store.dataDir ? { dataDir: store.dataDir } : {}),
    launchBrowser(),
  ]);
  const { page, cspViolations } = await watchedPage(browser);
  let stopped = false;
  const stop = async () => { if (!stopped) { stopped = true; await browser.close(); await srv.stop(); } };
  return {
    srv, browser, page, cspViolations,
    async ledgerAfterStop() {
      await stop();
      const db = await store.open();
      try { return await checkLedger(db.kysely); } finally { await db.close(); }
    },
    close: async () => { try { await stop(); } finally { await store.drop(); } },
  };
}
