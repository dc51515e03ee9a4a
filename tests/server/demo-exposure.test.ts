/**
 * Issue 30 item 7: the demo's published credentials never face others by accident. A database whose
 * demo staff accounts take the published password is refused at start, through the real process, when
 * others could reach it: on PGlite with HOST=0.0.0.0, on PostgreSQL because DATABASE_URL is set. The
 * refusal comes right after migrating, before any seeding: one start, no seed. The config decision
 * (STEWARD_DEMO_SEED=off refuses the same; =on runs the demo anywhere) is unit-tested in tests/unit/config.test.ts.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { inject } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../src/server/db/index.js';
import { insertStaff } from '../../src/server/db/seed/staff.js';
import { demoAccountsTaking } from '../../src/server/db/seed/banner.js';
import { hashPassword } from '../../src/server/auth/passwords.js';
import { DEFAULT_DEMO_PASSWORD } from '../../src/server/config.js';
import { refusedStart } from '../helpers/server-process.js';
import { clonePostgresTemplate } from '../helpers/db.js';

/** The environment that points a server at the database, and how others would reach it. */
let exposed: Record<string, string>;
let cleanup: () => Promise<void>;
let open: () => ReturnType<typeof openDatabase>;

beforeAll(async () => {
  const t = inject('dbTemplate');
  if (t.kind === 'pglite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'steward-demo-exposure-'));
    const snapshot = new Blob([readFileSync(t.snapshot)]);
    let first = true;
    open = () => openDatabase(first ? (first = false, { dataDir, loadDataDir: snapshot }) : { dataDir });
    exposed = { STEWARD_DATA_DIR: dataDir, HOST: '0.0.0.0' };
    cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
  } else {
    const clone = await clonePostgresTemplate();
    open = () => openDatabase({ url: clone.url, poolSize: 1 });
    exposed = { DATABASE_URL: clone.url };
    cleanup = clone.drop;
  }
  const db = await open();
  try {
    await insertStaff(db.kysely, await hashPassword(DEFAULT_DEMO_PASSWORD), new Date());
  } finally {
    await db.close();
  }
});
afterAll(async () => { await cleanup?.(); });

describe('demo credentials where others can reach them', () => {
  it('refuses to start on a database whose demo staff take the published password, in one line saying what to do', async () => {
    const { code, output } = await refusedStart({ ...exposed, STEWARD_DEMO_PASSWORD: 'Another-password-1' });
    expect(code).toBe(2);
    const lines = output.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^steward: refusing to start: .*(HOST=0\.0\.0\.0 is not a loopback address|DATABASE_URL is set).*demo staff accounts \(admin@steward\.demo.*published demo password.*STEWARD_DEMO_SEED=on/);
  });

  it('counts only live demo accounts that the published password opens', async () => {
    const db = await open();
    try {
      expect(await demoAccountsTaking(db.kysely, DEFAULT_DEMO_PASSWORD)).toHaveLength(12);
      const changed = await hashPassword('A-private-password-9');
      await db.kysely.updateTable('users').set({ password_digest: changed }).where('email', '!=', 'superadmin@steward.demo').execute();
      expect(await demoAccountsTaking(db.kysely, DEFAULT_DEMO_PASSWORD)).toEqual(['superadmin@steward.demo']);
      await db.kysely.updateTable('users').set({ state: 'banned' }).where('email', '=', 'superadmin@steward.demo').execute();
      expect(await demoAccountsTaking(db.kysely, DEFAULT_DEMO_PASSWORD)).toEqual([]);
    } finally {
      await db.close();
    }
  });
});
