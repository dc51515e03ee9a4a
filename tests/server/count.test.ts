import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Database } from '../../src/server/db/index.js';
import { openTestDb } from '../helpers/db.js';
import { cappedCount, countCapped, setListHeaders } from '../../src/server/db/queries/count.js';
import { Filters } from '../../src/server/db/queries/filters.js';
import { applyPage, decodeCursor, encodeCursor, finishPage, TIME_KEYSET, type Cursor } from '../../src/server/db/queries/paging.js';

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
    expect(await countCapped(db.kysely, rare, 5)).toEqual({ total: 3 });
    expect(await countCapped(db.kysely, logs(), 400)).toEqual({ total: 400 });
  });

  it('past the cap answers the planner estimate when it is above the cap, flagged planner', async () => {
    const all = await countCapped(db.kysely, logs(), 5);
    // After ANALYZE the planner knows the table: the estimate is the real size.
    expect(all).toEqual({ total: 400, estimate: 'planner' });
    const filtered = await countCapped(db.kysely, logs().where('service_name', '=', 'common'), 10);
    expect(filtered.estimate).toBe('planner');
    expect(filtered.total).toBeGreaterThanOrEqual(11);
    expect(filtered.total).toBeLessThanOrEqual(400);
  });

  it('answers cap + 1 as a lower bound when the estimate is not above the cap it counted past', async () => {
    // Correlated columns the statistics treat as independent: each condition keeps half the rows, so
    // the planner expects a quarter (~100), while every one of the 200 rows matches both.
    await sql`INSERT INTO service_logs (service_name, service_type, result, user_country, created_at)
      SELECT CASE WHEN g % 2 = 0 THEN 'pair' ELSE 'other' END, 'sms', 'success', CASE WHEN g % 2 = 0 THEN 'PX' ELSE 'OX' END,
        timestamptz '2028-01-01' + g * interval '1 minute' FROM generate_series(1, 400) g`.execute(db.kysely);
    await sql`ANALYZE service_logs`.execute(db.kysely);
    const pair = logs().where('service_name', '=', 'pair').where('user_country', '=', 'PX');
    expect(await cappedCount(db.kysely, pair).estimate()).toBeLessThan(150);
    expect(await countCapped(db.kysely, pair, 199)).toEqual({ total: 200, estimate: 'lower-bound' });
    expect(await countCapped(db.kysely, pair, 200)).toEqual({ total: 200 });
    // A filter the planner thinks is rare likewise never reports less than the cap it counted past.
    const window = logs().where('created_at', '>', new Date('2026-01-01T00:00:00Z'));
    expect((await countCapped(db.kysely, window, 50)).total).toBeGreaterThanOrEqual(51);
  });

  it('reads a plan estimate with bound parameters', async () => {
    expect(await cappedCount(db.kysely, logs().where('service_name', '=', 'common')).estimate()).toBeGreaterThan(100);
  });
});

describe('a filter given as data (Filters)', () => {
  const f = () => new Filters(db.kysely, 'service_logs');
  it('counts what the same Kysely query counts, its statement kept by shape and sent with each request\'s values', async () => {
    const cases: [(x: Filters) => Filters, (q: ReturnType<typeof logs>) => ReturnType<typeof logs>][] = [
      [(x) => x, (q) => q],
      [(x) => x.where('service_name', '=', 'rare'), (q) => q.where('service_name', '=', 'rare')],
      [(x) => x.where('service_name', '=', 'common'), (q) => q.where('service_name', '=', 'common')],
      [(x) => x.where('service_name', 'in', ['rare', 'nope']), (q) => q.where('service_name', 'in', ['rare', 'nope'])],
      [(x) => x.where('service_name', 'in', ['rare', 'common', 'x']), (q) => q.where('service_name', 'in', ['rare', 'common', 'x'])],
      [(x) => x.where('created_at', '>=', new Date('2026-01-01T03:00:00Z')).where('service_name', '=', undefined),
        (q) => q.where('created_at', '>=', new Date('2026-01-01T03:00:00Z'))],
      [(x) => x.where('id', '=', '7', 'numeric'), (q) => q.where('id', '=', sql<number>`${'7'}::numeric`)],
    ];
    // Twice: the first builds and keeps each shape's text, the second sends the kept text with its values.
    for (let round = 0; round < 2; round++) {
      for (const [data, built] of cases) {
        const expected = await countCapped(db.kysely, built(logs()), 1000);
        expect(await countCapped(db.kysely, data(f()), 1000)).toEqual(expected);
        expect(await countCapped(db.kysely, data(f()), 2)).toEqual(await countCapped(db.kysely, built(logs()), 2));
      }
    }
    // Same shape, other values: the kept text with this request's values.
    expect(await countCapped(db.kysely, f().where('service_name', '=', 'rare'), 1000)).toEqual({ total: 3 });
    expect(await countCapped(db.kysely, f().where('service_name', '=', 'none'), 1000)).toEqual({ total: 0 });
    expect(f().where('service_name', '=', 'a').shape).toBe(f().where('service_name', '=', 'b').shape);
    expect(f().where('service_name', 'in', ['a']).shape).not.toBe(f().where('service_name', 'in', ['a', 'b']).shape);
    expect(f().where('id', '=', '1', 'numeric').shape).not.toBe(f().where('id', '=', '1').shape);
  });

  it('refuses a condition added once its query is built', () => {
    const x = f().where('service_name', '=', 'rare');
    x.query();
    expect(() => x.where('id', '=', 1)).toThrow(/after the query was built/);
  });
});

describe('setListHeaders', () => {
  const headersOf = (h: Parameters<typeof setListHeaders>[1]) => {
    const out: Record<string, string> = {};
    setListHeaders({ header: (k: string, v: string) => { out[k] = v; } }, h);
    return out;
  };

  it('writes Total, Page, Per-Page, Total-Estimated for an estimate or a floor, and the cursors', () => {
    expect(headersOf({ total: 12, page: 2, perPage: 10 })).toEqual({ Total: '12', Page: '2', 'Per-Page': '10' });
    expect(headersOf({ total: 10_500, estimate: 'planner', perPage: 10, nextCursor: 'abc', prevCursor: 'def' }))
      .toEqual({ Total: '10500', 'Total-Estimated': 'true', 'Per-Page': '10', 'Next-Cursor': 'abc', 'Prev-Cursor': 'def' });
    expect(headersOf({ total: 10_001, estimate: 'lower-bound', perPage: 10 }))
      .toEqual({ Total: '10001', 'Total-Estimated': 'lower-bound', 'Per-Page': '10' });
  });
});

describe('keyset paging', () => {
  const order = { orderBy: 'created_at', ordering: 'desc' as const, types: ['ts', 'int'] as const };

  it('round-trips a cursor with microseconds and its order, and rejects forged or foreign ones', () => {
    const c: Cursor = { dir: 'next', orderBy: 'created_at', ordering: 'desc', values: ['2026-01-01T00:00:00.123456Z', 42] };
    expect(decodeCursor(encodeCursor(c), order)).toEqual(c);
    const b64 = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');
    for (const bad of ['', '!!', b64('2026-01-01|1'), b64(['n', 'created_at', 'desc', ['2026-01-01', 1]]),
      b64(['n', 'created_at', 'desc', ['2026-01-01T00:00:00.123456Z', 1.5]]), b64(['n', 'created_at', 'desc', ['2026-01-01T00:00:00.123456Z']]),
      b64(['x', 'created_at', 'desc', ['2026-01-01T00:00:00.123456Z', 1]]), b64(['n', 'created_at', 'desc', ['2026-01-01T00:00:00.123456Z', '1']]),
      b64(['n', 'created_at', 'desc', ['2026-01-01T00:00:00.123456Z', 2 ** 60]]), b64(['n', 'created_at', 'desc', ['x'.repeat(900), 1]]),
      // The same cursor, spaced out: only the exact bytes this server makes are accepted.
      b64('["n", "created_at", "desc", ["2026-01-01T00:00:00.123456Z", 1]]')]) {
      expect(decodeCursor(bad, order), bad).toBeNull();
    }
    // Made for another order or direction of the list.
    expect(decodeCursor(encodeCursor({ ...c, ordering: 'asc' }), order)).toBeNull();
    expect(decodeCursor(encodeCursor({ ...c, orderBy: 'email' }), order)).toBeNull();
  });

  it('keeps microsecond ties apart: rows in the same millisecond page in id order without loss, both ways', async () => {
    await sql`INSERT INTO service_logs (service_name, service_type, result, created_at) VALUES
      ('tie', 'sms', 'success', '2027-01-01 00:00:00.000001+00'), ('tie', 'sms', 'success', '2027-01-01 00:00:00.000002+00'),
      ('tie', 'sms', 'success', '2027-01-01 00:00:00.000002+00'), ('tie', 'sms', 'success', '2027-01-01 00:00:00.000002+00')`.execute(db.kysely);
    const base = logs().where('service_name', '=', 'tie').select(['id']);
    const read = async (cursor: Cursor | null) => {
      const page = { limit: 1, page: 1, ordering: 'desc' as const, cursor };
      return finishPage(await applyPage(base, TIME_KEYSET, 'service_logs', page).execute(), TIME_KEYSET, page, 'created_at');
    };
    const forward: number[] = [];
    let last: Awaited<ReturnType<typeof read>> | null = null;
    for (let cursor: Cursor | null = null; ;) {
      last = await read(cursor);
      forward.push(...last.rows.map((r) => r.id));
      if (!last.nextCursor) break;
      cursor = decodeCursor(last.nextCursor, order);
    }
    const all = (await logs().where('service_name', '=', 'tie').select('id').orderBy('created_at', 'desc').orderBy('id', 'desc').execute()).map((r) => r.id);
    expect(forward).toEqual(all);
    const back: number[] = [];
    for (let c = last.prevCursor; c; ) {
      const p = await read(decodeCursor(c, order));
      back.unshift(...p.rows.map((r) => r.id));
      c = p.prevCursor;
    }
    expect([...back, all.at(-1)]).toEqual(all);
  });
});
