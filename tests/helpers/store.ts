/**
 * Where a test server keeps its data: a PGlite directory, or a database of its own on a PostgreSQL server
 * (TEST_DATABASE_URL's), made as a copy of a demo seeded once per set of demo options (seeded-template.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { seedInto, startServer } from './server-process.js';
import { createSeededDatabase, seededDir } from './seeded-template.js';
import { openDatabase, type Database } from '../../src/server/db/index.js';

/** Where a server under test keeps its data; reopen() restarts on the same data, open() reads it in process. */
export interface Store {
  env: Record<string, string>;
  dataDir?: string;
  /** PostgreSQL: makes the database, a copy of one seeded with these options (before the first start). */
  create?(env: Record<string, string>): Promise<void>;
  /** The database, opened in this process (PGlite: only while no server has it open). */
  open(): Promise<Database>;
  drop(): Promise<void>;
}

/** A store on a PostgreSQL server at `adminUrl` (a database of its own), or a PGlite directory. */
export async function newStore(adminUrl: string | undefined): Promise<Store> {
  if (!adminUrl) {
    const dataDir = mkdtempSync(join(tmpdir(), 'steward-store-'));
    return { env: {}, dataDir, open: () => openDatabase({ dataDir }), drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `steward_rel_${randomBytes(5).toString('hex')}`;
  const u = new URL(adminUrl); u.pathname = `/${name}`;
  const url = u.toString();
  const store: Store = {
    // The demo on a database server is asked for by name (config.ts demoSeed).
    env: { DATABASE_URL: url, STEWARD_DEMO_SEED: 'on' },
    create: async (env) => {
      delete store.create;
      await createSeededDatabase(adminUrl, name, env, seedDatabase(env));
    },
    open: () => openDatabase({ url, poolSize: 2 }),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try { await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`); } finally { await c.end(); }
    },
  };
  return store;
}


/** Seeds the demo with these options into the database at a URL: the server, started once on it and stopped. */
const seedDatabase = (env: Record<string, string>) => async (url: string): Promise<void> => {
  await (await startServer({ ...env, DATABASE_URL: url, STEWARD_DEMO_SEED: 'on' }, 150_000)).stop();
};

/**
 * Makes sure the seeded template for these demo options is there (on the PostgreSQL server at `adminUrl`, else
 * a PGlite directory) without making a database of its own: a run can seed what its journeys will copy while
 * other files run, instead of each journey waiting for it at its start.
 */
export async function warmSeeded(adminUrl: string | undefined, env: Record<string, string>): Promise<void> {
  if (adminUrl) await createSeededDatabase(adminUrl, null, env, seedDatabase(env));
  else await seededDir(env, seedInto(env));
}
