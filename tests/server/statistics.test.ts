/** Planner statistics: the embedded database analyzes on a timer, since PGlite has no autovacuum. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openTestDb } from '../helpers/db.js';
import type { Database } from '../../src/server/db/index.js';
import { keepStatistics } from '../../src/server/db/statistics.js';

let db: Database;
beforeAll(async () => {
  db = await openTestDb();
  await sql`CREATE TABLE stat_probe (n int)`.execute(db.kysely);
  await sql`INSERT INTO stat_probe SELECT generate_series(1, 1000)`.execute(db.kysely);
});
afterAll(async () => { await db?.close(); });

const reltuples = async () => Number((await sql<{ n: number }>`
  SELECT reltuples AS n FROM pg_class WHERE relname = 'stat_probe'`.execute(db.kysely)).rows[0].n);

describe('keepStatistics', () => {
  it('analyzes the embedded database on its timer, and stops when told', async () => {
    if (db.kind !== 'pglite') {
      // A server has autovacuum: nothing is scheduled.
      const stop = keepStatistics(db, (e) => { throw e; }, { now: true, everyMs: 10 });
      stop();
      return;
    }
    expect(await reltuples()).toBe(-1); // never analyzed
    const errors: unknown[] = [];
    const stop = keepStatistics(db, (e) => errors.push(e), { everyMs: 20 });
    try {
      await expect.poll(reltuples, { timeout: 3000, interval: 25 }).toBe(1000);
    } finally {
      stop();
    }
    expect(errors).toEqual([]);
    await sql`INSERT INTO stat_probe SELECT generate_series(1, 500)`.execute(db.kysely);
    await new Promise((r) => setTimeout(r, 150));
    expect(await reltuples()).toBe(1000); // stopped: the new rows are not counted
  });

  it('analyzes at once when asked (a start serves with the stored statistics meanwhile)', async () => {
    if (db.kind !== 'pglite') return;
    const stop = keepStatistics(db, (e) => { throw e; }, { now: true, everyMs: 3_600_000 });
    try {
      await expect.poll(reltuples, { timeout: 3000, interval: 25 }).toBe(1500);
    } finally {
      stop();
    }
  });
});
