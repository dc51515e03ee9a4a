/**
 * Prepares one migrated database per test run that every test file clones:
 * - PGlite (default): a migrated in-memory instance dumped to a tarball file, kept for runs of the same code
 *   (pglite-snapshot.ts);
 * - PostgreSQL (TEST_DATABASE_URL set): a migrated template database.
 */
import type { ProvidedContext } from 'vitest';
import type { TestProject } from 'vitest/node';
import { Client } from 'pg';
import { openDatabase } from '../../src/server/db/index.js';
import { migrate } from '../../src/server/db/migrate.js';
// Every request past sign-in is checked against permission rows, so the template carries Barong's defaults.
import { seedPermissions } from '../../src/server/auth/permissions-seed.js';
// The server processes some files start run its bundle: made (or found current) once, before any file.
import { serverBundle } from '../../src/server/cli/server-bundle.js';
import { pgliteSnapshot } from './pglite-snapshot.js';

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: { kind: 'pglite'; snapshot: string } | { kind: 'postgres'; url: string; template: string };
  }
}

type Template = ProvidedContext['dbTemplate'];
// Several projects of one run (server, reliability, reliability-alone) name this file: the first makes the
// template, the others share it, and the last to finish removes it.
let bundled: Promise<string> | undefined;
let shared: { template: Promise<{ value: Template; remove(): Promise<void> }>; users: number } | null = null;

export default async function setup(project: TestProject) {
  shared ??= { template: makeTemplate(), users: 0 };
  shared.users += 1;
  bundled ??= serverBundle();
  const [made] = await Promise.all([shared.template, bundled]);
  project.provide('dbTemplate', made.value);
  return async () => {
    if (shared && --shared.users === 0) { shared = null; await made.remove(); }
  };
}

async function makeTemplate(): Promise<{ value: Template; remove(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = `steward_tpl_${process.pid}`;
    const admin = new Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.query(`CREATE DATABASE ${template}`);
    const u = new URL(url); u.pathname = `/${template}`;
    const db = await openDatabase({ url: u.toString(), poolSize: 1 });
    await migrate(db.kysely);
    await seedPermissions(db.kysely);
    await db.close();
    return {
      value: { kind: 'postgres', url, template },
      async remove() {
        await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  // Kept for the next run of the same code (pglite-snapshot.ts): nothing to remove.
  return { value: { kind: 'pglite', snapshot: await pgliteSnapshot() }, remove: async () => {} };
}
