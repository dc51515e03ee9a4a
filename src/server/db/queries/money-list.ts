/**
 * The money lists' engine (issue 28 item 4): one declaration per list — its filters (→ a column, or a member
 * looked up by uid or e-mail), the joins and SQL-side formatting of a page's rows, the late row lookup, the
 * wire — from which its SQL, its paging (timedListPage: offset pages, then cursors past the offset bound;
 * by id, or by (created_at, id) under a date filter) and its capped count come. The list's resource (the
 * shared declaration) is its query struct and the palette's grammar; defineMoneyList checks that every
 * filter it declares has its SQL here, so the two cannot drift. The route (exchange/money-list-route.ts)
 * and the CSV export (resources/export.ts, which walks the route) follow. Design: resources/README.md.
 */
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Resource } from '../../../shared/resources/define.js';
import { COUNT_CAP } from './count.js';
import type { PageRequest } from './paging.js';
import { emptyPage, timedListPage, type Page } from './list-page.js';
import { Filters } from './filters.js';
import { resolveUserId } from './activity-log.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyQuery = SelectQueryBuilder<any, any, any>;

/**
 * A filter: a parameter compared with a column (`=`, or `in` when its value is a list; an empty list
 * matches nothing, so the list answers an empty page unread), its value first passed through `value`
 * (lower-cased, a number, a state standing for several), `numeric` comparing typed text as a number.
 */
export interface ColumnFilter {
  param: string; column: string; value?: (v: never) => unknown; cast?: 'numeric';
  /**
   * Another column this filter's value fixes (an account code its kind: 212 is a liability): written as a
   * condition too, so a walk of another value of that column is seen to match nothing and is not sent (the
   * ledger's all-kinds list filtered by code read three kinds' date ranges to their ends: 1.2 s), and the one
   * left can walk an index that leads with it.
   */
  implies?: { column: string; value: (v: never) => unknown };
}

/**
 * A member filter: `uid` / `email` (the parameters naming them) looked up to the member's id first, so the
 * list walks its member index like any other; `id`, a parameter taking the id itself (the member APIs' own
 * rows). An unknown member answers an empty page. `column` is the member's column; two columns are "either
 * side" (a trade's maker or taker): each side is paged from its own index and the pages merged (a row
 * whose both sides are the member counted once, in the first).
 */
export interface MemberFilter { member: { uid?: string; email?: string; id?: string }; column: string | readonly [string, string] }

export type ListFilter = ColumnFilter | MemberFilter;

export interface MoneyList<R, T, E = undefined> {
  /** The shared declaration: the query's struct, the palette's grammar, the columns the export may name. */
  resource: Resource;
  /** The table and its alias in the SQL. */
  table: string;
  alias: string;
  /** In the order their conditions are written; the created_at range (`from`, `to`) comes last. */
  filters: readonly ListFilter[];
  /** Page the ids first and read the page's rows by id after (an index-only walk: list-page.ts `late`). */
  late?: boolean;
  /** The joins a row needs for its wire, made on the page's rows only (and on a row read by id). */
  join: (q: AnyQuery) => AnyQuery;
  /** The row's columns, formatted by the database (isoSql, decimalSql). */
  select: readonly unknown[];
  /** What a page's rows need beyond their own columns, read once per page (an adjustment's operations). */
  extra?: (db: Kysely<any>, rows: R[]) => Promise<E>;
  /** The row in the wire's form (fields in Peatio's order). */
  wire: (row: R, extra: E) => T;
}

/** A filter value as its column keeps it (currency and market codes are lower-case). */
export const lower = (v: string) => v.toLowerCase();

const isMember = (f: ListFilter): f is MemberFilter => 'member' in f;

/** The parameters a declaration answers (a member filter's uid, e-mail and id). */
function declaredParams(filters: readonly ListFilter[]): string[] {
  return filters.flatMap((f) => (isMember(f) ? Object.values(f.member) : [f.param]));
}

/**
 * The declaration, checked against its resource: every filter the resource declares (the palette's grammar,
 * the console's filter panel) is one this list answers in SQL, its date range the created_at one.
 */
export function defineMoneyList<R, T, E = undefined>(decl: MoneyList<R, T, E>): MoneyList<R, T, E> {
  const params = new Set(declaredParams(decl.filters));
  for (const f of decl.resource.filtersResolved) {
    const ok = f.op === 'range' ? f.field === 'created_at' : params.has(f.field);
    if (!ok) throw new Error(`money list ${decl.resource.name}: filter ${f.field} has no SQL`);
  }
  return decl;
}

/** A list's filter values: by parameter, with the date range. */
export type ListValues = Record<string, unknown> & { from?: Date; to?: Date };

/** The filter's values, member filters resolved to ids: null when one matches nothing (the list is empty). */
async function resolved(db: Kysely<any>, filters: readonly ListFilter[], v: ListValues): Promise<unknown[] | null> {
  const out = await Promise.all(filters.map((f) => {
    if (!isMember(f)) {
      const raw = v[f.param];
      return raw === undefined ? undefined : f.value ? f.value(raw as never) : raw;
    }
    const { uid, email, id } = f.member;
    if (id && v[id] !== undefined) return v[id];
    return resolveUserId(db, uid && v[uid] as string | undefined, email && v[email] as string | undefined);
  }));
  return out.some((x) => x === null || (Array.isArray(x) && !x.length)) ? null : out;
}

/** The conditions of `filters` (the member's either-side column at `side`) and the date range, as data (filters.ts). */
function conditions(db: Kysely<any>, d: MoneyList<any, any, any>, values: unknown[], v: ListValues, side?: number): Filters {
  const out = new Filters(db, `${d.table} as ${d.alias}`);
  d.filters.forEach((f, i) => {
    const x = values[i];
    if (x === undefined) return;
    if (!isMember(f)) {
      out.where(f.column, Array.isArray(x) ? 'in' : '=', x, f.cast);
      if (f.implies && !Array.isArray(x)) out.where(f.implies.column, '=', f.implies.value(x as never));
      return;
    }
    if (typeof f.column === 'string') { out.where(f.column, '=', x); return; }
    // Either side: this side's column is the member, and the sides before it are not (counted there).
    out.where(f.column[side!]!, '=', x);
    for (let j = 0; j < side!; j++) out.where(f.column[j]!, '<>', x);
  });
  return out.where(`${d.alias}.created_at`, '>=', v.from).where(`${d.alias}.created_at`, '<=', v.to);
}

/** `q` (over the list's alias: the table, a page of it) joined and formatted as the list's rows. */
export const decorated = (d: MoneyList<any, any, any>, q: AnyQuery): AnyQuery => d.join(q).select(d.select as never);

/** A list filter of at most this many values is walked one value at a time (branches, below). */
const SPLIT_MAX = 8;

/**
 * The walks a page is merged from, each with the values it filters by: an either-side member's two sides,
 * and each value of a list filter (`in` of 2…SPLIT_MAX: a member's markets, the ledger kinds a role may read).
 * An index walks in order for one value of its leading column and PostgreSQL sorts every matching row
 * for a list of them: the console's ledger list, all four kinds of a market maker in one currency, sorted
 * its ~700,000 rows on (kind, currency_id, id) where four walks read a page each.
 */
function walks(d: MoneyList<any, any, any>, values: unknown[]): { side?: number; values: unknown[] }[] {
  const either = d.filters.findIndex((f, i) => isMember(f) && typeof f.column !== 'string' && values[i] !== undefined);
  const list = d.filters.findIndex((f, i) => !isMember(f) && Array.isArray(values[i])
    && (values[i] as unknown[]).length > 1 && (values[i] as unknown[]).length <= SPLIT_MAX);
  const sides = either < 0 ? [{ values }] : [0, 1].map((side) => ({ side, values }));
  return list < 0 ? sides
    : sides.flatMap((w) => (values[list] as unknown[]).map((x) => ({ ...w, values: values.map((y, i) => (i === list ? x : y)) })));
}

/** One page of the list's rows as read (joined and formatted): its filters' rows, counted up to `cap`, in the list's order. */
export async function moneyListRows<R>(db: Kysely<any>, d: MoneyList<R, any, any>, v: ListValues, page: PageRequest, cap = COUNT_CAP): Promise<Page<R>> {
  const values = await resolved(db, d.filters, v);
  if (!values) return emptyPage();
  // Less the walks another filter rules out (the either-side member's maker side, asked for a maker's e-mail of another member).
  const parts = walks(d, values).map((w) => conditions(db, d, w.values, v, w.side)).filter((c) => !c.contradictory);
  if (!parts.length) return emptyPage();
  const branches = parts.length > 1 ? parts.map((c) => c.query()) : undefined;
  const filtered = branches
    ? db.selectFrom(branches.slice(1).reduce((u, b) => u.unionAll(b.selectAll(d.alias)), branches[0]!.selectAll(d.alias)).as(d.alias))
    : parts[0]!;
  return timedListPage(db, {
    filtered, alias: d.alias, page, cap, dated: !!(v.from || v.to), branches, late: d.late ? d.table : undefined, decorate: (q) => decorated(d, q),
  }, (r: R) => r);
}

/** One page of the list in the wire's form. */
export async function moneyListPage<R, T, E>(db: Kysely<any>, d: MoneyList<R, T, E>, v: ListValues, page: PageRequest, cap = COUNT_CAP): Promise<Page<T>> {
  const rows = await moneyListRows(db, d, v, page, cap);
  const extra = d.extra ? await d.extra(db, rows.rows) : (undefined as E);
  return { ...rows, rows: rows.rows.map((r) => d.wire(r, extra)) };
}

/** The list's rows by id (joined and formatted), in id order. */
export async function rowsById<R>(db: Kysely<any>, d: MoneyList<R, any, any>, ids: readonly number[]): Promise<R[]> {
  if (!ids.length) return [];
  const q = decorated(d, db.selectFrom(`${d.table} as ${d.alias}`));
  const a = d.alias;
  return (await (ids.length === 1 ? q.where(`${a}.id`, '=', ids[0]!) : q.where(`${a}.id`, 'in', [...ids]).orderBy(`${a}.id`)).execute()) as R[];
}

/** The list's rows by id in the wire's form (a row answered after an action, a bulk cancel's orders). */
export async function moneyRows<R, T, E>(db: Kysely<any>, d: MoneyList<R, T, E>, ids: readonly number[]): Promise<T[]> {
  const rows = await rowsById(db, d, ids);
  const extra = d.extra ? await d.extra(db, rows) : (undefined as E);
  return rows.map((r) => d.wire(r, extra));
}

/** One row by id in the wire's form, or undefined. */
export const moneyRow = async <R, T, E>(db: Kysely<any>, d: MoneyList<R, T, E>, id: number): Promise<T | undefined> =>
  (await moneyRows(db, d, [id]))[0];
