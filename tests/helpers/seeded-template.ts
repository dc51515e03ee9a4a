/**
 * Seeding the demo costs a server ~40 s of CPU (minutes on a loaded 2-core machine); copying a seeded
 * embedded database costs about a second, and a PostgreSQL database made from a template less. So the first server started with a set of demo options seeds
 * a template directory (by starting the real server on it once and stopping it cleanly), and every later
 * one starts on a copy of it. A template is kept under .tmp/seeded/ by the hash of the server's sources and
 * the demo options, and for an hour at most (the seed dates its rows from the moment it ran); templates
 * of other sources are removed when a new one is made. Processes that need the same template at once wait for
 * the one that makes it (a lock directory).
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { filesHash, sourceFiles } from '../../src/server/cli/build-if-stale.js';

const ROOT = resolve('.tmp/seeded');
const MAX_AGE_MS = 60 * 60_000;
/** What the seed depends on: the server, what it shares with the client, and the dependency versions. */
const SOURCES = ['src/server', 'src/shared', 'package-lock.json'];
/** The demo options a seeded database depends on (server-process.ts passes the rest at each start). */
const SEED_ENV = ['STEWARD_DEMO_SEED', 'STEWARD_DEMO_USERS', 'STEWARD_DEMO_ACTIVITIES', 'STEWARD_DEMO_PASSWORD'];

/** Whether `dir` already holds an embedded database. */
export const isPgliteDir = (dir: string) => existsSync(join(dir, 'PG_VERSION'));

/** The hash of what a database made by the server's code depends on: its sources and the dependencies' versions. */
export const serverSourcesKey = (): string => filesHash('.', SOURCES.flatMap((p) => sourceFiles(resolve(p))).map((file) => relative('.', file)));

/** `<sources>-<demo options>`: templates of older sources are of no use any more. */
function templateKey(env: Record<string, string>): [string, string] {
  const src = serverSourcesKey();
  const opts = createHash('sha256');
  for (const name of SEED_ENV) opts.update(`${name}=${env[name] ?? process.env[name] ?? ''}\n`);
  const prefix = src.slice(0, 16);
  return [prefix, `${prefix}-${opts.digest('hex').slice(0, 8)}`];
}

const fresh = (dir: string) => isPgliteDir(dir) && Date.now() - statSync(join(dir, 'PG_VERSION')).mtimeMs < MAX_AGE_MS && existsSync(`${dir}.ready`);

/** A lock directory: waits while another process holds it (up to 15 minutes); the function returned lets go. */
export async function lock(path: string): Promise<() => void> {
  const deadline = Date.now() + 15 * 60_000;
  for (;;) {
    try { mkdirSync(path); return () => rmSync(path, { recursive: true, force: true }); } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      // A lock left by a process that died: older than any seed takes.
      if (Date.now() - statSync(path).mtimeMs > 10 * 60_000) rmSync(path, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`waited 15 minutes for ${path}`);
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

/**
 * The seeded template directory for these demo options, made first with `seed(templateDir)` (which must leave a
 * cleanly closed database there) when there is none, or it is stale.
 */
export async function seededDir(env: Record<string, string>, seed: (templateDir: string) => Promise<void>): Promise<string> {
  mkdirSync(ROOT, { recursive: true });
  const [sources, key] = templateKey(env);
  const template = join(ROOT, key);
  if (!fresh(template)) {
    const unlock = await lock(`${template}.lock`);
    try {
      if (!fresh(template)) {
        for (const name of readdirSync(ROOT)) if (!name.startsWith(`${sources}-`)) rmSync(join(ROOT, name), { recursive: true, force: true });
        rmSync(template, { recursive: true, force: true });
        rmSync(`${template}.ready`, { recursive: true, force: true });
        mkdirSync(template);
        await seed(template);
        mkdirSync(`${template}.ready`);
      }
    } finally { unlock(); }
  }
  return template;
}

/** Fills the empty `dataDir` with a copy of the seeded template for these demo options (made first if need be). */
export async function copySeeded(dataDir: string, env: Record<string, string>, seed: (templateDir: string) => Promise<void>): Promise<void> {
  cpSync(await seededDir(env, seed), dataDir, { recursive: true });
}

/**
 * The same for a PostgreSQL server: creates the database `name` on the cluster of `adminUrl` as a copy
 * (CREATE DATABASE … TEMPLATE) of a seeded template database kept on that cluster for the run, making
 * the template first with `seed(templateUrl)` (which must leave no connection open to it); with `name`
 * null, only makes sure the template is there. Processes that need the same template at once take turns
 * on an advisory lock.
 */
export async function createSeededDatabase(
  adminUrl: string, name: string | null, env: Record<string, string>, seed: (templateUrl: string) => Promise<void>,
): Promise<void> {
  const pg = (await import('pg')).default;
  const [sources, key] = templateKey(env);
  const template = `steward_seed_${key.replace('-', '_')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // The comment says when it was seeded: templates past the hour, or of older sources, are made again.
    const ready = async () => {
      const { rows } = await admin.query<{ d: string }>(
        `SELECT s.description AS d FROM pg_database d JOIN pg_shdescription s ON s.objoid = d.oid WHERE d.datname = $1`, [template]);
      const at = Number(/^seeded (\d+)$/.exec(rows[0]?.d ?? '')?.[1] ?? 0);
      return Date.now() - at < MAX_AGE_MS;
    };
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', [template]);
    try {
      if (!(await ready())) {
        const { rows: old } = await admin.query<{ datname: string }>(
          `SELECT datname FROM pg_database WHERE datname LIKE 'steward\\_seed\\_%' AND (datname NOT LIKE $1 OR datname = $2)`,
          [`steward_seed_${sources}_%`, template]);
        for (const { datname } of old) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
        await admin.query(`CREATE DATABASE ${template}`);
        const u = new URL(adminUrl); u.pathname = `/${template}`;
        await seed(u.toString());
        await admin.query(`COMMENT ON DATABASE ${template} IS 'seeded ${Date.now()}'`);
      }
      if (name) await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    } finally {
      await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [template]);
    }
  } finally {
    await admin.end();
  }
}
