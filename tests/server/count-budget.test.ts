/**
 * A list's count budget (DB_COUNT_BUDGET_MS; request-scope.ts withinBudget, list-page.ts): on PostgreSQL a
 * capped count that runs past the budget is cancelled — on the server, not only forgotten — and the page is
 * answered with the planner's estimate, or with the rows it knows as a floor; a list its page shows whole is
 * still exact. The count is made slow by the filter itself (pg_sleep per row, in the count's statement only),
 * so the page stays quick.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'kysely';
import type { Database } from '../../src/server/db/index.js';
import { listPage } from '../../src/server/db/queries/list-page.js';
import { applyPage, TIME_KEYSET, type PageRequest } from '../../src/server/db/queries/paging.js';
import { newScope, OVER_BUDGET, withinBudget } from '../../src/server/db/request-scope.js';
import { openTestDb } from '../helpers/db.js';

const onPostgres = inject('dbTemplate').kind === 'postgres';
/** Each row the count visits sleeps this long (s): 120 rows take 0.6 s to count. */
const NAP = 0.005;

describe.skipIf(!onPostgres)('a list\'s count budget on PostgreSQL', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDb({ poolSize: 4 });
    await sql`INSERT INTO service_logs (service_name, service_type, result, created_at)
      SELECT CASE WHEN g <= 30 THEN 'few' ELSE 'many' END, 'sms', 'success', timestamptz '2026-01-01' + g * interval '1 minute'
      FROM generate_series(1, 120) g`.execute(db.kysely);
    await sql`ANALYZE service_logs`.execute(db.kysely);
  });
  afterAll(async () => { await db?.close(); });

  /**
   * The service logs of `names`, newest first, as a request with `budgetMs` sees them. Each row the count
   * visits sleeps NAP s (current_query() is the statement running); with `slowPage`, each row the page visits
   * sleeps 4 × NAP instead, and no row matches.
   */
  const page = (budgetMs: number, names: string[], p: Partial<PageRequest> = {}, slowPage = false) => {
    const req: PageRequest = { limit: 50, ordering: 'desc', page: 1, ...p };
    const napper = slowPage ? 'NOT LIKE' : 'LIKE';
    const base = db.kysely.selectFrom('service_logs as s').where('s.service_name', 'in', names)
      .where(sql<boolean>`pg_sleep(CASE WHEN current_query() ${sql.raw(napper)} 'select count(*)%' THEN ${slowPage ? NAP * 4 : NAP}::float8 ELSE 0 END)::text
        ${sql.raw(slowPage ? "= 'none'" : "<> 'none'")}`);
    const read = () => applyPage(base.select(['s.id']), TIME_KEYSET, 's', req, 'service_logs');
    const t0 = performance.now();
    return db.asRequest(async () => {
      const out = await listPage(db.kysely, { filtered: base, cap: 10_000, keyset: TIME_KEYSET, orderBy: 'created_at', page: req, read }, (r) => r.id);
      return { ...out, ms: performance.now() - t0 };
    }, newScope(true, budgetMs));
  };
  /** Statements of this database's backends still sleeping in a count (or, `pages`, in a page). */
  const countsRunning = async (pages = false) => (await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity
    WHERE datname = current_database() AND query ${sql.raw(pages ? 'NOT LIKE' : 'LIKE')} 'select count(*)%' AND query LIKE '%pg_sleep(CASE%'
      AND state = 'active' AND pid <> pg_backend_pid()`.execute(db.kysely)).rows[0]!.n;

  it('counts to the end without a budget: the total is exact', async () => {
    const out = await page(0, ['few', 'many']);
    expect(out.total).toBe(120);
    expect(out.estimate).toBeUndefined();
    expect(out.rows).toHaveLength(50);
  });

  it('past the budget answers the page with an estimate of at least the rows it knows, and the count is cancelled on the server', async () => {
    // The cancel reads no deprecated driver API (pg 8.23 warns on the server's output for `activeQuery`).
    const warnings: string[] = [];
    const onWarning = (w: Error) => { warnings.push(`${w.name}: ${w.message}`); };
    process.on('warning', onWarning);
    const out = await page(50, ['few', 'many']).finally(() => { setImmediate(() => process.off('warning', onWarning)); });
    expect(out.rows).toHaveLength(50);
    expect(out.nextCursor).toBeTruthy();
    // The count alone takes 0.6 s.
    expect(out.ms).toBeLessThan(450);
    expect(out.estimate).toBeDefined();
    // Page 1 and a page after it: at least 51 rows match.
    expect(out.total).toBeGreaterThanOrEqual(51);
    await expect.poll(countsRunning, { timeout: 5_000 }).toBe(0);
    // The cancelled count's connection serves the next statements (every connection of the pool, twice).
    const quick = await Promise.all(Array.from({ length: 8 }, () => sql<{ x: number }>`SELECT 1 AS x`.execute(db.kysely)));
    expect(quick.every((r) => r.rows[0]!.x === 1)).toBe(true);
    expect(warnings.filter((w) => /activeQuery/.test(w))).toEqual([]);
  });

  it('is exact when the page shows the whole list, and never less than the rows before an offset page', async () => {
    const few = await page(50, ['few']);
    expect([few.total, few.estimate, few.rows.length]).toEqual([30, undefined, 30]);
    const last = await page(50, ['few', 'many'], { page: 3 });
    expect([last.total, last.estimate, last.rows.length]).toEqual([120, undefined, 20]);
    const middle = await page(50, ['few', 'many'], { page: 2 });
    expect(middle.rows).toHaveLength(50);
    expect(middle.total).toBeGreaterThanOrEqual(101);
    expect(middle.estimate).toBeDefined();
  });

  it('sends the page beside the count, and cancels it when the count finds nothing', async () => {
    // No row matches; the count's walk is quick, the page's 2.4 s — cancelled, it is gone well before.
    const none = await page(50, ['few', 'many'], {}, true);
    expect([none.total, none.estimate, none.rows]).toEqual([0, undefined, []]);
    expect(none.ms).toBeLessThan(450);
    await expect.poll(() => countsRunning(true), { timeout: 1_000 }).toBe(0);
    // Without a budget the page waits for the count, and is not read at all.
    const t0 = performance.now();
    expect((await page(0, ['few', 'many'], {}, true)).total).toBe(0);
    expect(performance.now() - t0).toBeLessThan(1_500);
  });

  it('answers OVER_BUDGET only past the budget, runs whole outside a request, and passes on a failure of its own', async () => {
    const quick = () => sql<{ x: number }>`SELECT 1 AS x`.execute(db.kysely).then((r) => r.rows[0]!.x);
    expect(await db.asRequest(() => withinBudget(quick), newScope(true, 1_000))).toBe(1);
    expect(await withinBudget(() => sql`SELECT pg_sleep(0.1)`.execute(db.kysely).then(() => 'whole'), 10)).toBe('whole');
    const slow = () => sql`SELECT pg_sleep(2)`.execute(db.kysely);
    expect(await db.asRequest(() => withinBudget(slow), newScope(true, 20))).toBe(OVER_BUDGET);
    const wrong = () => sql`SELECT no_such_column FROM service_logs`.execute(db.kysely);
    await expect(db.asRequest(() => withinBudget(wrong), newScope(true, 1_000))).rejects.toMatchObject({ code: '42703' });
    await expect.poll(async () => (await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND query LIKE '%pg_sleep(2)%' AND state = 'active' AND pid <> pg_backend_pid()`.execute(db.kysely)).rows[0]!.n,
    { timeout: 5_000 }).toBe(0);
  });
});
