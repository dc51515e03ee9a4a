/**
 * npm run restrictions -- <command>: the way back in when the rules lock staff out
 * (src/server/auth/restrictions/README.md), for someone with access to the server and its database — nothing
 * over the network.
 *   list              the rules, enabled or not
 *   allow <address>   a whitelist rule for that address (it then passes every other rule)
 *   off               disables every enabled maintenance, blacklist and blocklogin rule
 * On the database of DATABASE_URL, else the PGlite directory STEWARD_DATA_DIR (./data; stop the server
 * first — PGlite is one process's). Every node applies the change at once (NOTIFY steward_restrictions).
 */
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/index.js';
import { defaultCode, normaliseValue } from '../auth/restrictions/values.js';

async function main(): Promise<void> {
  const [command, arg] = process.argv.slice(2);
  const config = loadConfig(process.env);
  const db = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
  try {
    const k = db.kysely;
    if (command === 'list') {
      const rows = await k.selectFrom('restrictions').selectAll().orderBy('id').execute();
      for (const r of rows) console.log(`${r.id}\t${r.state}\t${r.category}\t${r.scope}\t${r.value}\t${r.code}`);
      if (!rows.length) console.log('no restrictions');
    } else if (command === 'allow') {
      const value = normaliseValue('ip', arg ?? '');
      if (!value) throw new Error(`not an address: ${arg ?? '(none)'}`);
      await k.insertInto('restrictions').values({ category: 'whitelist', scope: 'ip', value, code: defaultCode('whitelist', 'ip'), state: 'enabled' })
        .onConflict((oc) => oc.columns(['scope', 'category', 'value']).doUpdateSet({ state: 'enabled', updated_at: new Date() })).execute();
      console.log(`${value} is whitelisted: it passes every other rule`);
    } else if (command === 'off') {
      const done = await k.updateTable('restrictions').set({ state: 'disabled', updated_at: new Date() })
        .where('state', '=', 'enabled').where('category', '!=', 'whitelist').returning('id').execute();
      console.log(`${done.length} rule(s) disabled`);
    } else {
      console.error('usage: npm run restrictions -- list | allow <address> | off');
      process.exitCode = 2;
    }
  } finally {
    await db.close();
  }
}

main().catch((e) => { console.error('restrictions:', e instanceof Error ? e.message : e); process.exit(1); });
