/**
 * Capped counts for the `Total` header of big lists.
 *
 * An exact count(*) of a 10M-row log reads the whole matching range on every page view. The paginator
 * only needs exact numbers near the start, so:
 * - countCapped counts at most `cap + 1` matching rows (SELECT count(*) FROM (... LIMIT cap + 1)). Up to
 *   `cap` the total is exact. Past it the answer is the planner's row estimate for the same filtered
 *   query (EXPLAIN (FORMAT JSON), which already scales pg_class.reltuples by the relation's current size
 *   and applies the filter's selectivity), flagged estimate 'planner' — but only when that estimate is
 *   above the cap we just counted past. An estimate at or under it is provably wrong (correlated
 *   filters the statistics do not know about: admin activities by action=update were estimated at a
 *   few thousand for 71,750 rows), so then the total is cap + 1 flagged 'lower-bound' ("10,000+").
 * - a list that reads its page beside the count (list-page.ts countedPage) gives the count a budget
 *   (DB_COUNT_BUDGET_MS, PostgreSQL): past it the count is cancelled and the total is the planner's
 *   estimate as well — or, when the rows already known to match outnumber it, those rows as a floor
 *   ('lower-bound'; budgetedTotal). The page is cheap where the count is not: 10,000 matches of a
 *   filter its index does not hold are found by visiting every row (a market maker's orders on one market
 *   in a month: ~100 ms; the ledger's four kinds under two filters none of their indexes leads with: 1–2 s).
 * - setListHeaders writes Total, Page and Per-Page, plus `Total-Estimated: true` for a planner estimate
 *   or `Total-Estimated: lower-bound` for a floor: clients that only read Total still get a number.
 *
 * Usage: build the filtered query (no select list, order or limit needed), then
 *   const total = await countCapped(db, query);
 *   setListHeaders(reply, { ...total, page, perPage: limit });
 */
import { CompiledQuery, sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { MAX_OFFSET_ROWS } from '../../../shared/list-query.js';
import { Filters } from './filters.js';

/** Past this many matching rows the total is an estimate (and offset paging stops, see paging.ts). */
export const COUNT_CAP = MAX_OFFSET_ROWS;

export interface CappedTotal {
  total: number;
  /**
   * Absent for an exact count. Past the cap: 'planner' when `total` is the planner's estimate,
   * 'lower-bound' when only "more than the cap" is known (`total` is then cap + 1).
   */
  estimate?: 'planner' | 'lower-bound';
}

/** Any filtered SELECT; its select list, ordering and limit are replaced. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type CountableQuery = SelectQueryBuilder<any, any, any>;

export async function countCapped(db: Kysely<any>, query: CountableQuery | Filters, cap = COUNT_CAP): Promise<CappedTotal> {
  const count = cappedCount(db, query, cap);
  const n = await count.send();
  return n <= cap ? { total: n } : count.over(await count.estimate());
}

/**
 * countCapped in its steps, for a list that sends its page around them (list-page.ts): `send` sends the
 * capped count, `estimate` the EXPLAIN (needed only past the cap), and `over` is the total past the cap
 * given the planner's estimate. Both statements wrap one compiled text of the filtered query; for a
 * filter given as data (filters.ts) that text is kept by the filter's shape, so no builder is made first.
 * `order` (SQL text: the list's keyset in the page's direction) makes the count walk the rows the way the
 * page does, which the planner then prices as an index walk that stops at the cap: unordered, it read
 * 8.3M orders sequentially for a month of limit orders (1.8 s; the matches all at the heap's end, which its
 * uniform-spread guess does not know), ordered by (created_at, id) 10,001 index entries (8 ms).
 */
export function cappedCount(db: Kysely<any>, query: CountableQuery | Filters, cap = COUNT_CAP, order?: string) {
  const { text, params } = bareText(query);
  const walked = order ? `${text} order by ${order}` : text;
  const count = CompiledQuery.raw(`select count(*) as "n" from (${walked} limit $${params.length + 1}) as "capped"`, [...params, cap + 1]);
  return {
    send: async () => Number((await db.executeQuery<{ n: string | number }>(count)).rows[0]!.n),
    estimate: () => planRows(db, CompiledQuery.raw(`EXPLAIN (FORMAT JSON) ${text}`, [...params])),
    over: (planned: number): CappedTotal => (planned > cap ? { total: planned, estimate: 'planner' } : { total: cap + 1, estimate: 'lower-bound' }),
  };
}

/** Compiled texts of Filters, by shape; cleared when full (the shapes of every list's filters are a few hundred). */
const bareTexts = new Map<string, string>();
const BARE_TEXTS_MAX = 2000;

/** The filtered query selecting 1, compiled (its text kept by shape for Filters) and its parameters. */
function bareText(query: CountableQuery | Filters): { text: string; params: readonly unknown[] } {
  if (!(query instanceof Filters)) return compileBare(query);
  const values = query.values;
  const shape = query.shape;
  const kept = bareTexts.get(shape);
  if (kept !== undefined) return { text: kept, params: values };
  const compiled = compileBare(query.query());
  // Kept only when the statement takes exactly the filter's values, in order: then any request of this
  // shape gets the same text with its own values.
  if (compiled.params.length === values.length && compiled.params.every((p, i) => p === values[i])) {
    if (bareTexts.size >= BARE_TEXTS_MAX) bareTexts.clear();
    bareTexts.set(shape, compiled.text);
  }
  return compiled;
}

function compileBare(query: CountableQuery) {
  const bare = query.clearSelect().clearOrderBy().clearLimit().clearOffset().select(sql<number>`1`.as('one')).compile();
  return { text: bare.sql, params: bare.parameters };
}

/** The planner's estimate of the rows of an EXPLAIN (FORMAT JSON)'s query (0 when the plan cannot be read). */
async function planRows(db: Kysely<any>, explain: CompiledQuery): Promise<number> {
  const res = await db.executeQuery<Record<string, unknown>>(explain);
  const cell = res.rows[0] ? Object.values(res.rows[0])[0] : undefined;
  // pg parses the json column; other drivers may hand back its text.
  const plan = typeof cell === 'string' ? JSON.parse(cell) : cell;
  const rows = Array.isArray(plan) ? plan[0]?.Plan?.['Plan Rows'] : undefined;
  return typeof rows === 'number' && Number.isFinite(rows) ? Math.round(rows) : 0;
}

/** What setListHeaders needs of a reply (a Fastify reply fits). */
export interface HeaderSink { header(name: string, value: string): unknown }

export interface ListHeaders extends CappedTotal {
  /** Omitted for keyset (cursor) pages, which have no page number. */
  page?: number;
  perPage: number;
  /** Opaque cursors of the pages after the last row and before the first one, when there are such rows (paging.ts). */
  nextCursor?: string | null;
  prevCursor?: string | null;
}

export function setListHeaders(reply: HeaderSink, h: ListHeaders): void {
  reply.header('Total', String(h.total));
  if (h.estimate) reply.header('Total-Estimated', h.estimate === 'planner' ? 'true' : 'lower-bound');
  if (h.page !== undefined) reply.header('Page', String(h.page));
  reply.header('Per-Page', String(h.perPage));
  if (h.nextCursor) reply.header('Next-Cursor', h.nextCursor);
  if (h.prevCursor) reply.header('Prev-Cursor', h.prevCursor);
}

/** What a page showed, for a total its count could not give (budgetedTotal). */
export interface PageSeen {
  /** The page asked for: an offset page (no cursor) counts the rows before it. */
  page: { page: number; limit: number; cursor?: unknown; beforeId?: unknown };
  rows: number;
  /** Rows follow the page. */
  more: boolean;
}

/**
 * The total of a list whose count ran past its budget (request-scope.ts withinBudget), from what its page
 * showed: an offset page that has rows (or is the first) and no page after it ends the list, so the total is
 * exact; an empty offset page past the end says only that fewer rows match than precede it (the estimate,
 * at most that); otherwise the planner's estimate, but never fewer than the rows known to match — those before
 * an offset page, its own, and one more when a page follows — which are then the floor ('lower-bound').
 */
export function budgetedTotal(planned: number, seen: PageSeen): CappedTotal {
  const offset = !seen.page.cursor && !seen.page.beforeId;
  const before = offset ? (seen.page.page - 1) * seen.page.limit : 0;
  if (offset && !seen.more && (seen.rows > 0 || seen.page.page === 1)) return { total: before + seen.rows };
  // An offset page past the end: fewer rows than those before it match, how many fewer is not known.
  if (offset && seen.rows === 0) return { total: Math.min(planned, before), estimate: 'planner' };
  const known = before + seen.rows + (seen.more ? 1 : 0);
  return planned >= known && planned > 0 ? { total: planned, estimate: 'planner' } : { total: Math.max(known, 1), estimate: 'lower-bound' };
}
