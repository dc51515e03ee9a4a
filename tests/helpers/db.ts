/** A fresh, migrated database for one test file: a PGlite clone or a PostgreSQL database cloned from the template. */
import { inject } from 'vitest';
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { openDatabase, type Database } from '../../src/server/db/index.js';

/**
 * `poolSize`: PostgreSQL connections (4 by default; the server's own default is 10). `via`: the URL the
 * pool connects to, from the database's own (a proxy in between: helpers/stall-proxy.ts).
 */
export async function openTestDb(opts: { poolSize?: number; via?: (url: string) => string } = {}): Promise<Database> {
  const t = inject('dbTemplate');
  if (t.kind === 'pglite') {
    const bytes = readFileSync(t.snapshot);
    return openDatabase({ memory: true, loadDataDir: new Blob([bytes]) });
  }
  const clone = await clonePostgresTemplate();
  const db = await openDatabase({ url: opts.via ? opts.via(clone.url) : clone.url, poolSize: opts.poolSize ?? 4 });
  const close = db.close;
  db.close = async () => {
    await close();
    await clone.drop();
  };
  return db;
}

/** On PostgreSQL runs: a fresh database cloned from the migrated template, by URL (a server process can open it too). */
export async function clonePostgresTemplate(): Promise<{ url: string; drop(): Promise<void> }> {
  const t = inject('dbTemplate');
  if (t.kind !== 'postgres') throw new Error('clonePostgresTemplate: not a PostgreSQL run');
  const name = `steward_t_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: t.url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${t.template}`);
  } finally {
    await admin.end();
  }
  const u = new URL(t.url); u.pathname = `/${name}`;
  const drop = async () => {
    const c = new Client({ connectionString: t.url });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => c.end());
  };
  return { url: u.toString(), drop };
}
