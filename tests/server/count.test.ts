import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Database } from '../../src/server/db/index.js';
import { openTestDb } from '../helpers/db.js';
import { countCapped, planRows, setListHeaders } from '../../src/server/db/queries/count.js';
import { applyPage, decodeCursor, encodeCursor, finishPage, cursorTs } from '../../src/server/db/queries/paging.js';

let db: Database;

beforeAll(async () => {
  db = await openTestDb();
  await sql`INSERT INTO service_logs (service_name, service_type, result, created_at)
    SELECT CASE WHEN g <= 3 THEN 'rare' ELSE 'common' END, 'sms', 'success', timestamptz '2026-01-01' + g * interval '1 minute'
    FROM generate_series(1, 400) g`.execute(db.kysely);
  await sql`ANALYZE service_logs`.execute(db.kysely);
});
afterAll(async () => { await db?.close(); });

const logs = () => db.kysely.selectFrom('service_logs');

describe('countCapped', () => {
  it('is exact up to the cap, whatever the select list, order and limit of the query', async () => {
    const rare = logs().selectAll().where('service_name', '=', 'rare').orderBy('id').limit(1);
    expect(await countCapped(db.kysely, rare, 5)).toEqual({ total: 3, estimated: false });
    expect(await countCapped(db.kysely, logs(), 400)).toEqual({ total: 400, estimated: false });
  });

  it('past the cap answers the planner estimate, never below cap + 1, flagged estimated', async () => {
    const all = await countCapped(db.kysely, logs(), 5);
    expect(all.estimated).toBe(true);
    // After ANALYZE the planner knows the table: the estimate is the real size.
    expect(all.total).toBe(400);
    const filtered = await countCapped(db.kysely, logs().where('service_name', '=', 'common'), 10);
    expect(filtered.estimated).toBe(true);
    expect(filtered.total).toBeGreaterThanOrEqual(11);
    expect(filtered.total).toBeLessThanOrEqual(400);
    // A filter the planner thinks is rare still reports more than the cap it counted past.
    const window = logs().where('created_at', '>', new Date('2026-01-01T00:00:00Z'));
    expect((await countCapped(db.kysely, window, 50)).total).toBeGreaterThanOrEqual(51);
  });

  it('reads a plan estimate with bound parameters', async () => {
    expect(await planRows(db.kysely, logs().select('id').where('service_name', '=', 'common'))).toBeGreaterThan(100);
  });
});

describe('setListHeaders', () => {
  it('writes Total, Page, Per-Page, and Total-Estimated only for an estimate', () => {
    const h: Record<string, string> = {};
    const sink = { header: (k: string, v: string) => { h[k] = v; } };
    setListHeaders(sink, { total: 12, estimated: false, page: 2, perPage: 10 });
    expect(h).toEqual({ Total: '12', Page: '2', 'Per-Page': '10' });
    const e: Record<string, string> = {};
    setListHeaders({ header: (k: string, v: string) => { e[k] = v; } }, { total: 10_500, estimated: true, perPage: 10, nextCursor: 'abc' });
    expect(e).toEqual({ Total: '10500', 'Total-Estimated': 'true', 'Per-Page': '10', 'Next-Cursor': 'abc' });
  });
});

describe('keyset paging', () => {
  it('round-trips a cursor with microseconds and rejects forged ones', () => {
    const c = { ts: '2026-01-01T00:00:00.123456Z', id: 42 };
    expect(decodeCursor(encodeCursor(c))).toEqual(c);
    for (const bad of ['', '!!', Buffer.from('2026-01-01|1').toString('base64url'),
      Buffer.from('2026-01-01T00:00:00.123456Z|0').toString('base64url'),
      Buffer.from('2026-01-01T00:00:00.123456Z|1|2').toString('base64url')]) {
      expect(decodeCursor(bad), bad).toBeNull();
    }
  });

  it('keeps microsecond ties apart: rows in the same millisecond page in id order without loss', async () => {
    await sql`INSERT INTO service_logs (service_name, service_type, result, created_at) VALUES
      ('tie', 'sms', 'success', '2027-01-01 00:00:00.000001+00'), ('tie', 'sms', 'success', '2027-01-01 00:00:00.000002+00'),
      ('tie', 'sms', 'success', '2027-01-01 00:00:00.000002+00')`.execute(db.kysely);
    const base = logs().where('service_name', '=', 'tie').select(['id']).select(cursorTs('service_logs').as('cursor_ts'));
    const ids: number[] = [];
    let cursor = null as ReturnType<typeof decodeCursor>;
    for (let i = 0; i < 4; i++) {
      const rows = await applyPage(base, { table: 'service_logs', alias: 'service_logs' }, { limit: 1, page: 1, ordering: 'desc', cursor }).execute();
      const page = finishPage(rows, 1);
      ids.push(...page.rows.map((r) => r.id));
      if (!page.nextCursor) break;
      cursor = decodeCursor(page.nextCursor);
    }
    const all = (await logs().where('service_name', '=', 'tie').select('id').orderBy('created_at', 'desc').orderBy('id', 'desc').execute()).map((r) => r.id);
    expect(ids).toEqual(all);
  });
});
