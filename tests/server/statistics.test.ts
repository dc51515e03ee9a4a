/** Planner statistics: the embedded database analyzes on a timer counted across restarts, since PGlite has no autovacuum. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openTestDb } from '../helpers/db.js';
import type { Database } from '../../src/server/db/index.js';
import { keepStatistics, lastAnalyzed } from '../../src/server/db/statistics.js';

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
      const stop = keepStatistics(db, (e) => { throw e; }, { everyMs: 10 });
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

  it('waits for the rest of the period after the last run, kept in the database, and notes each run', async () => {
    if (db.kind !== 'pglite') return;
    const last = await lastAnalyzed(db.kysely);
    expect(last).not.toBeNull(); // the runs above noted their time
    // A start 59 minutes after the last run, the period an hour: nothing for a minute.
    const errors: unknown[] = [];
    let stop = keepStatistics(db, (e) => errors.push(e), { everyMs: 3_600_000, now: () => last! + 59 * 60_000 });
    await new Promise((r) => setTimeout(r, 300));
    stop();
    expect(await reltuples()).toBe(1000);
    expect(await lastAnalyzed(db.kysely)).toBe(last);
    // A start past the period analyzes at once, and notes it.
    stop = keepStatistics(db, (e) => errors.push(e), { everyMs: 3_600_000, now: () => last! + 61 * 60_000 });
    try {
      await expect.poll(reltuples, { timeout: 3000, interval: 25 }).toBe(1500);
    } finally {
      stop();
    }
    await expect.poll(async () => (await lastAnalyzed(db.kysely))! > last!, { timeout: 3000, interval: 25 }).toBe(true);
    expect(errors).toEqual([]);
  });
});
