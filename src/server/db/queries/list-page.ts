/**
 * The steps every capped-count, keyset-paged list shares (the user directory, activities, service logs,
 * devices, referrals, beneficiaries, notifications and their recipients), written once:
 * 1. count the filtered query up to the cap (count.ts), within the request's count budget;
 * 2. when nothing matches, answer an empty page without reading a row;
 * 3. read one page plus the look-ahead row: the caller's query, paged by applyPage (paging.ts) and, when
 *    the list shows its owners, joined to them on the page only;
 * 4. drop the look-ahead row, make the page's cursors from the key columns (k0…) applyPage selected,
 *    and map the rows to the wire.
 * The caller keeps its SQL in its own Kysely builders, so the mapper gets the rows' inferred type.
 * Lists paged by offset in another order (pending applications) page themselves.
 */
import { sql, type Compilable, type Kysely, type SelectQueryBuilder } from 'kysely';
import { budgetedTotal, cappedCount, type CappedTotal, type CountableQuery, type PageSeen } from './count.js';
import { Filters } from './filters.js';
import { cancellable, currentScope, OVER_BUDGET, withinBudget } from '../request-scope.js';
import { applyPage, finishPage, ID_KEYSET, keyColumns, orderLikePage, scanDirection, TIME_KEYSET, type Keyset, type PageRequest } from './paging.js';

/** One page of a list: its rows, the capped total, and the cursors of the pages on either side. */
export interface Page<T> extends CappedTotal { rows: T[]; nextCursor: string | null; prevCursor: string | null }

export const emptyPage = <T>(): Page<T> => ({ rows: [], total: 0, nextCursor: null, prevCursor: null });

export interface PageSource<R> {
  /** The filtered query, counted (its select list, order and limit are ignored), or the filter as data (filters.ts). */
  filtered: CountableQuery | Filters;
  cap: number;
  /** The list's order and the page asked for: `read` returns up to limit + 1 rows (applyPage). */
  keyset: Keyset;
  orderBy: string;
  page: PageRequest;
  /** The page's query (not executed), in the order applyPage scanned it. */
  read: () => Compilable<R>;
  /** The count's walk: the keyset in the page's direction, as SQL text (cappedCount's `order`). */
  countOrder?: string;
}

/** Resolves once the event loop has been round: statements already asked for are on the wire by then. */
const nextTurn = () => new Promise<void>((resolve) => { setImmediate(resolve); });

/**
 * A page whose count found nothing is cancelled unless it ends within this many ms: most do (an index walk
 * that finds nothing at once), and a cancel costs the database a connection of its own.
 */
const EMPTY_PAGE_GRACE_MS = 10;
const dropPage = (p: { done: Promise<unknown>; cancel: () => void }) => {
  const timer = setTimeout(p.cancel, EMPTY_PAGE_GRACE_MS);
  p.done.then(() => clearTimeout(timer), () => clearTimeout(timer));
};

/** How countedPage reads a list's page: beside its count, or after it and told what it found. */
export interface PageReads<P> {
  early?: () => Promise<P>;
  after: (known: CappedTotal) => Promise<P>;
}

/**
 * A list's capped count and its page, the steps listPage and the user directory share. The count goes out
 * first, within the request's count budget (PostgreSQL; request-scope.ts withinBudget). After one turn of
 * the event loop (the count is on the wire by then), `early` — when the caller has a page that needs no
 * count — goes out beside it, so the list costs the longer of the two rather than their sum; otherwise
 * `after` reads the page once the count is known (past the budget, as "more than the cap"). When the count
 * finds nothing there is no page (null): an early page is cancelled unless it ends within 10 ms — its ordered
 * walk could go through the whole index. Past the cap, or the budget, the planner's estimate is asked beside
 * the page, and past the budget the total is made from what the page showed (budgetedTotal).
 */
export async function countedPage<P extends { rows: readonly unknown[]; nextCursor: string | null }>(
  count: ReturnType<typeof cappedCount>, cap: number, page: PageSeen['page'], reads: PageReads<P>,
): Promise<{ total: CappedTotal; page: P } | null> {
  const counting = withinBudget(count.send);
  // Handled now: a count that fails meanwhile must not count as unhandled.
  counting.catch(() => undefined);
  await nextTurn();
  const early = reads.early ? cancellable(reads.early) : undefined;
  early?.done.catch(() => undefined);
  const n = await counting.catch((err: unknown) => { early?.cancel(); throw err; });
  if (n === 0) { if (early) dropPage(early); return null; }
  const over = n === OVER_BUDGET || n > cap;
  const known: CappedTotal = n === OVER_BUDGET ? { total: cap + 1, estimate: 'lower-bound' } : { total: n, ...(over ? { estimate: 'planner' } : {}) };
  const [read, planned] = await Promise.all([early ? early.done : reads.after(known), over ? count.estimate() : n]);
  const total = n === OVER_BUDGET ? budgetedTotal(planned, { page, rows: read.rows.length, more: !!read.nextCursor })
    : over ? count.over(planned) : { total: n };
  return { total, page: read };
}

/**
 * Steps 1–4 (countedPage). The page's statement is built and compiled once, when first sent: with a count
 * budget (PostgreSQL) beside the count — Node's share of a list, ~0.3 ms for a 50-row page, overlaps the
 * database's — and without one (PGlite's one connection runs the two in turn anyway) after it.
 */
export async function listPage<R extends object, T>(
  db: Kysely<any>, src: PageSource<R>, toWire: (row: R) => T,
): Promise<Page<T>> {
  const count = cappedCount(db, src.filtered, src.cap, src.countOrder);
  let compiled: ReturnType<ReturnType<PageSource<R>['read']>['compile']> | undefined;
  const read = async () => finishPage((await db.executeQuery(compiled ??= src.read().compile())).rows, src.keyset, src.page, src.orderBy);
  const budgeted = (currentScope()?.countBudgetMs ?? 0) > 0;
  const done = await countedPage(count, src.cap, src.page, { early: budgeted ? read : undefined, after: read });
  if (!done) return emptyPage();
  const { page } = done;
  return { ...done.total, nextCursor: page.nextCursor, prevCursor: page.prevCursor, rows: page.rows.map(toWire) };
}

/**
 * The order of the lists whose ids follow time (orders, trades, operations, deposits, withdrawals,
 * adjustments, wallet transfers): by id, or — under a date filter — by (created_at, id), which is the
 * same order where ids follow time and the one the (created_at, id) index walks, so a range six months
 * back costs what today's does. A cursor names the order it was made for (parseListParams' `dated`).
 */
export const TIMED_KEYSETS: Readonly<Record<string, Keyset>> = { id: ID_KEYSET, created_at: TIME_KEYSET };
export const timedOrder = (dated: boolean) => (dated ? { keyset: TIME_KEYSET, orderBy: 'created_at' } : { keyset: ID_KEYSET, orderBy: 'id' });

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyQuery = SelectQueryBuilder<any, any, any>;

/**
 * listPage for those lists: the filtered rows of `alias` (every column) paged in
 * timedOrder, then `decorate`d (joined to their members) on the page only. A filter that is a union of
 * disjoint parts (a member's trades as maker, and as taker) gives them as `branches`: each is paged on
 * its own — so each walks its own index — and the pages merged, since PostgreSQL will not merge a
 * UNION ALL's children in order by itself; `filtered` (their union) is what is counted.
 *
 * `late` (the table's name) pages ids first and reads the page's rows by id after: the walk selects only
 * the key, so it can be an index-only scan of whichever index holds every filter column. Reading whole
 * rows, PostgreSQL priced an index by its first column's order and walked a partial index over every
 * open order, filtering by market — 47,000 rows for a market whose oldest open orders were cancelled
 * (10 ms), where (market_id, state, id) holds the page in its first 51 entries (0.5 ms).
 */
export function timedListPage<T>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>, src: {
    filtered: AnyQuery | Filters; alias: string; page: PageRequest; cap: number; dated: boolean;
    decorate: (paged: AnyQuery) => AnyQuery; branches?: readonly AnyQuery[]; late?: string;
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  toWire: (row: any) => T,
): Promise<Page<T>> {
  const { keyset, orderBy } = timedOrder(src.dated);
  const own = (q: AnyQuery) => q.selectAll(src.alias);
  const read = () => {
    const filtered = src.filtered instanceof Filters ? src.filtered.query() : src.filtered;
    const paged = src.branches ? mergedPages(db, src.branches.map(own), keyset, src.alias, src.page)
      : src.late ? lateRows(db, src.late, own, filtered, keyset, src.alias, src.page)
        : applyPage(own(filtered), keyset, src.alias, src.page);
    const q = src.decorate(db.selectFrom(paged.as(src.alias))).select(keyColumns(keyset, src.alias));
    return orderLikePage(q, keyset, src.page, src.alias) as Compilable<object>;
  };
  // Under a date window the count walks (created_at, id) as the page does. By id it stays unordered, and so does
  // a union of walks: there the planner's other plans won (a market maker's sells: 75 ms unordered, 177 ms
  // walking the primary key; the ledger's four kinds in a month and a currency: 0.9 s unordered, 3.1 s merged).
  const dir = scanDirection(src.page);
  const countOrder = src.dated && !src.branches
    ? keyset.parts.map((k) => `${k.expr(src.alias).compile(db).sql} ${dir}`).join(', ') : undefined;
  return listPage(db, { filtered: src.filtered, cap: src.cap, keyset, orderBy, page: src.page, read, countOrder }, toWire);
}

/** The page's ids (and keys) in the list's order, then their rows of `table` by id (timedListPage's `late`). */
function lateRows(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>, table: string, own: (q: AnyQuery) => AnyQuery, filtered: AnyQuery, keyset: Keyset, alias: string, page: PageRequest,
): AnyQuery {
  const ids = applyPage(filtered.clearSelect().select(sql.ref(`${alias}.id`).as('late_id')), keyset, alias, page);
  return own(db.selectFrom(ids.as('l')).innerJoin(`${table} as ${alias}`, `${alias}.id`, 'l.late_id')).select(keyColumns(keyset, 'l'));
}

/** The page of a union of disjoint parts: each part read up to the page's end in the list's order, the union cut to the page. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function mergedPages(db: Kysely<any>, parts: readonly AnyQuery[], keyset: Keyset, alias: string, page: PageRequest): AnyQuery {
  const reach = page.cursor ? page : { ...page, page: 1, limit: page.page * page.limit };
  const [first, ...rest] = parts.map((q, i) => db.selectFrom(applyPage(q, keyset, `${alias}`, reach).as(`${alias}${i}`)).selectAll());
  let union: AnyQuery = first!;
  for (const q of rest) union = union.unionAll(q);
  const dir = scanDirection(page);
  let out: AnyQuery = db.selectFrom(union.as(alias)).selectAll();
  for (const k of keyset.parts) out = out.orderBy(k.expr(alias), dir);
  out = out.limit(page.limit + 1);
  return !page.cursor && page.page > 1 ? out.offset((page.page - 1) * page.limit) : out;
}
