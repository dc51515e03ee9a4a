/**
 * Capped counts for the `Total` header of big lists.
 *
 * An exact count(*) of a 10M-row log reads the whole matching range on every page view. The paginator
 * only needs exact numbers near the start, so:
 * - countCapped counts at most `cap + 1` matching rows (SELECT count(*) FROM (... LIMIT cap + 1)). Up to
 *   `cap` the total is exact; past it the answer is the planner's row estimate for the same filtered
 *   query (EXPLAIN (FORMAT JSON), which already scales pg_class.reltuples by the relation's current size
 *   and applies the filter's selectivity), never less than cap + 1, flagged `estimated`.
 * - setListHeaders writes Total, Page and Per-Page, plus `Total-Estimated: true` for an estimate:
 *   clients that only read Total still get a number.
 *
 * Usage: build the filtered query (no select list, order or limit needed), then
 *   const total = await countCapped(db, query);
 *   setListHeaders(reply, { ...total, page, perPage: limit });
 */
import { CompiledQuery, sql, type Kysely, type SelectQueryBuilder } from 'kysely';

/** Past this many matching rows the total is an estimate (and offset paging stops, see paging.ts). */
export const COUNT_CAP = 10_000;

export interface CappedTotal {
  total: number;
  /** True when `total` is the planner's estimate because more than the cap matched. */
  estimated: boolean;
}

/** Any filtered SELECT; its select list, ordering and limit are replaced. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type CountableQuery = SelectQueryBuilder<any, any, any>;

export async function countCapped(db: Kysely<any>, query: CountableQuery, cap = COUNT_CAP): Promise<CappedTotal> {
  const bare = query.clearSelect().clearOrderBy().clearLimit().clearOffset().select(sql<number>`1`.as('one'));
  const row = await db.selectFrom(bare.limit(cap + 1).as('capped'))
    .select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
  const n = Number(row.n);
  if (n <= cap) return { total: n, estimated: false };
  return { total: Math.max(cap + 1, await planRows(db, bare)), estimated: true };
}

/** The planner's estimate of the rows a query returns (0 when the plan cannot be read). */
export async function planRows(db: Kysely<any>, query: CountableQuery): Promise<number> {
  const compiled = query.compile();
  const res = await db.executeQuery<Record<string, unknown>>(
    CompiledQuery.raw(`EXPLAIN (FORMAT JSON) ${compiled.sql}`, [...compiled.parameters]),
  );
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
  /** Opaque cursor of the next page, when there is one (see paging.ts). */
  nextCursor?: string | null;
}

export function setListHeaders(reply: HeaderSink, h: ListHeaders): void {
  reply.header('Total', String(h.total));
  if (h.estimated) reply.header('Total-Estimated', 'true');
  if (h.page !== undefined) reply.header('Page', String(h.page));
  reply.header('Per-Page', String(h.perPage));
  if (h.nextCursor) reply.header('Next-Cursor', h.nextCursor);
}
