/**
 * The rollups answer exactly what a raw COUNT over the activity log answers, for any window, zone and
 * country, and the triggers keep them equal to a full rebuild through inserts, deletes and updates.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompiledQuery, sql } from 'kysely';
import type { Database } from '../../src/server/db/index.js';
import { openTestDb } from '../helpers/db.js';
import { insertRandomActivities, oracleCounts, rng, rollupSnapshot } from '../helpers/metrics-data.js';
import {
  countSpans, disableMetricTriggers, edgeCounts, enableMetricTriggers, rebuildMetricRollups, type Counts,
} from '../../src/server/db/queries/metrics.js';
import { seriesSlots, type TimeUnit } from '../../src/shared/metrics-time.js';

const T = (s: string) => Date.parse(s);
const YEAR_START = T('2026-01-01T00:00:00Z'), YEAR_END = T('2027-01-01T00:00:00Z');
const ZONES = ['UTC', 'Asia/Kolkata', 'Asia/Kathmandu', 'America/St_Johns', 'America/New_York'];
const DAY = 86_400_000;

let db: Database;
const rand = rng(20261120);

beforeAll(async () => {
  db = await openTestDb();
  // Several statements, so the statement-level trigger folds multi-row transition tables repeatedly.
  for (let i = 0; i < 4; i++) await insertRandomActivities(db.kysely, 1500, YEAR_START, YEAR_END, rand);
  // Dense around the New York and Sydney DST changes.
  for (const [a, b] of [['2026-03-07', '2026-03-10'], ['2026-10-31', '2026-11-03'], ['2026-04-04', '2026-04-06'], ['2026-10-03', '2026-10-05']]) {
    await insertRandomActivities(db.kysely, 600, T(`${a}T00:00:00Z`), T(`${b}T00:00:00Z`), rand);
  }
});
afterAll(async () => { await db?.close(); });

/** Our answer, summed per local label (a repeated local hour is one label, as in the oracle). */
async function ours(tz: string, unit: TimeUnit, from: number, to: number, country: string | null) {
  const slots = seriesSlots(tz, unit, from, to);
  const counts = await countSpans(db.kysely, slots, country);
  const out: Record<string, Counts> = {};
  slots.forEach((s, i) => {
    const c = counts[i]!;
    const acc = (out[s.date] ??= { signups: 0, signups_email: 0, signups_phone: 0, successful_logins: 0, failed_logins: 0 });
    for (const k of Object.keys(c) as (keyof Counts)[]) acc[k] += c[k];
  });
  for (const [k, v] of Object.entries(out)) if (Object.values(v).every((n) => n === 0)) delete out[k];
  return out;
}

async function expectSame(tz: string, unit: TimeUnit, from: number, to: number, country: string | null) {
  const expected = await oracleCounts(db.kysely, tz, unit, from, to, country);
  const label = `${tz} ${unit} ${new Date(from).toISOString()}..${new Date(to).toISOString()} ${country ?? 'all'}`;
  expect(await ours(tz, unit, from, to, country), label).toEqual(expected);
  return Object.keys(expected).length;
}

describe('rollups against raw counts', () => {
  it('agree for random windows in quarter-hour, half-hour and whole-hour zones, with and without a country', async () => {
    const spans: Record<'hour' | 'day' | 'month', number> = { hour: 3 * DAY, day: 70 * DAY, month: 300 * DAY };
    let nonEmpty = 0;
    for (const tz of ZONES) {
      for (const unit of ['hour', 'day', 'month'] as const) {
        for (const country of [null, 'US', 'CA']) {
          const len = Math.floor(rand() * spans[unit]) + 1;
          const from = YEAR_START + Math.floor(rand() * (YEAR_END - YEAR_START - len));
          nonEmpty += await expectSame(tz, unit, from, from + len, country);
        }
      }
    }
    // The data really lands in the windows: the comparison is not between two empty sets.
    expect(nonEmpty).toBeGreaterThan(200);
  });

  it('agree across DST changes, hour by hour and day by day', async () => {
    const cases: Array<[string, string, string]> = [
      ['America/New_York', '2026-03-07T18:00:00Z', '2026-03-09T06:00:00Z'],
      ['America/New_York', '2026-10-31T20:00:00Z', '2026-11-02T10:00:00Z'],
      ['Australia/Sydney', '2026-04-04T10:00:00Z', '2026-04-05T20:00:00Z'],
      ['Australia/Sydney', '2026-10-03T10:00:00Z', '2026-10-04T20:00:00Z'],
    ];
    for (const [tz, a, b] of cases) {
      expect(await expectSame(tz, 'hour', T(a), T(b), null)).toBeGreaterThan(20);
      await expectSame(tz, 'hour', T(a) + 7 * 60_000 + 123, T(b) - 11 * 60_000, 'IN');
      expect(await expectSame(tz, 'day', T(a) - 20 * DAY, T(b) + 20 * DAY, null)).toBeGreaterThan(30);
    }
    // The fall-back day really is 25 hours long in the series.
    const fall = seriesSlots('America/New_York', 'day', T('2026-11-01T04:00:00Z'), T('2026-11-02T05:00:00Z'));
    expect(fall.map((s) => (s.end - s.start) / 3_600_000)).toEqual([25]);
  });

  it('agree for whole-year monthly and yearly series', async () => {
    for (const tz of ZONES) expect(await expectSame(tz, 'month', YEAR_START - DAY, YEAR_END + DAY, null)).toBeGreaterThanOrEqual(12);
    await expectSame('Asia/Kathmandu', 'year', YEAR_START - 40 * DAY, YEAR_END + DAY, 'NP');
  });
});

describe('rollup maintenance', () => {
  it('equals a full rebuild after inserts', async () => {
    const incremental = await rollupSnapshot(db.kysely);
    expect(incremental.length).toBeGreaterThan(1000);
    await rebuildMetricRollups(db.kysely);
    expect(await rollupSnapshot(db.kysely)).toEqual(incremental);
  });

  it("rebuilds by inserting the triggers' own fold without its conflict clause (the table was just emptied)", async () => {
    const text = async (q: string) => (await sql.raw<{ s: string }>(q).execute(db.kysely)).rows[0]!.s;
    const fold = await text(`SELECT metric_rollups_sql('activities', 1, '{15}') AS s`);
    const insertOnly = await text(`SELECT rollups_insert_only(metric_rollups_sql('activities', 1, '{15}')) AS s`);
    expect(fold).toContain('ON CONFLICT');
    expect(insertOnly).not.toContain('ON CONFLICT');
    expect(fold.startsWith(insertOnly)).toBe(true);
    expect(await text(`SELECT rollups_insert_only('SELECT 1') AS s`)).toBe('SELECT 1');
    for (const fn of ['metric_rollups_rebuild', 'service_log_rollups_rebuild']) {
      const def = await text(`SELECT pg_get_functiondef('${fn}()'::regprocedure) AS s`);
      expect(def).toContain('EXECUTE rollups_insert_only(');
      expect(def).toMatch(/SET work_mem TO '64MB'/);
    }
  });

  it('follows deletes and updates', async () => {
    await sql`DELETE FROM activities WHERE id % 7 = 0`.execute(db.kysely);
    await sql`UPDATE activities SET result = 'failed' WHERE id % 11 = 0`.execute(db.kysely);
    await sql`UPDATE activities SET user_ip_country = 'NP', created_at = created_at + interval '5 hours' WHERE id % 13 = 0`.execute(db.kysely);
    await expectSame('Asia/Kolkata', 'day', YEAR_START, YEAR_START + 40 * DAY, 'NP');
    const incremental = await rollupSnapshot(db.kysely);
    await rebuildMetricRollups(db.kysely);
    expect(await rollupSnapshot(db.kysely)).toEqual(incremental);
  });

  it('lets a bulk load skip the triggers and catch up with one rebuild', async () => {
    await disableMetricTriggers(db.kysely);
    await insertRandomActivities(db.kysely, 2000, YEAR_START, YEAR_END, rand);
    const stale = await rollupSnapshot(db.kysely);
    await enableMetricTriggers(db.kysely);
    await rebuildMetricRollups(db.kysely);
    const rebuilt = await rollupSnapshot(db.kysely);
    expect(rebuilt).not.toEqual(stale);
    await expectSame('America/St_Johns', 'month', YEAR_START, YEAR_END, null);
    // Triggers are back on: one more login is counted at once.
    await insertRandomActivities(db.kysely, 0 + 1, YEAR_END - 1000, YEAR_END - 999, () => 0.4);
    await expectSame('UTC', 'hour', YEAR_END - 3_600_000, YEAR_END, null);
  });

  it('empties with the log', async () => {
    await sql`TRUNCATE activities`.execute(db.kysely);
    expect(await rollupSnapshot(db.kysely)).toEqual([]);
  });
});

const ROLLBACK = new Error('rollback');

describe('the raw edges', () => {
  it('are index-only scans of the partial indexes that hold just the counted rows (migration 0012)', async () => {
    const span = { g: 0, lo: '2026-05-01T10:00:00Z', hi: '2026-05-01T10:07:30Z' };
    await sql`ANALYZE activities`.execute(db.kysely);
    for (const country of [null, 'US']) {
      const c = edgeCounts([span, { ...span, g: 1 }], country).compile(db.kysely);
      // The plan with only the partial indexes to choose from (the other indexes of activities dropped inside a
      // transaction that is rolled back): on a table this small another index can cost the same, and PostgreSQL
      // once took activities_action_idx. What is checked is that the partial indexes answer it alone.
      let p = '';
      await db.kysely.transaction().execute(async (trx) => {
        await sql`SET LOCAL enable_seqscan = off`.execute(trx);
        await sql`SET LOCAL enable_bitmapscan = off`.execute(trx);
        const others = await sql<{ indexname: string }>`SELECT indexname FROM pg_indexes WHERE tablename = 'activities'
          AND indexname NOT IN ('activities_metric_edge_idx', 'activities_metric_phone_idx', 'activities_pkey')`.execute(trx);
        for (const { indexname } of others.rows) await sql`DROP INDEX ${sql.id(indexname)}`.execute(trx);
        const res = await trx.executeQuery<Record<string, string>>(CompiledQuery.raw(`EXPLAIN ${c.sql}`, [...c.parameters]));
        p = res.rows.map((r) => Object.values(r)[0]).join('\n');
        throw ROLLBACK;
      }).catch((e) => { if (e !== ROLLBACK) throw e; });
      expect(p).toContain('Index Only Scan using activities_metric_edge_idx');
      expect(p).toContain('Index Only Scan using activities_metric_phone_idx');
      expect(p).not.toMatch(/Index Scan using|Seq Scan/);
    }
  });
});
