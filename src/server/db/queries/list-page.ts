/**
 * The steps every capped-count, keyset-paged list shares (the user directory, activities, service logs,
 * devices, referrals, beneficiaries, notifications and their recipients), written once:
 * 1. count the filtered query up to the cap (count.ts);
 * 2. when nothing matches, answer an empty page without reading a row;
 * 3. read one page plus the look-ahead row: the caller's query, paged by applyPage (paging.ts) and, when
 *    the list shows its owners, joined to them on the page only;
 * 4. drop the look-ahead row, make the page's cursors from the key columns (k0…) applyPage selected,
 *    and map the rows to the wire.
 * The caller keeps its SQL in its own Kysely builders, so the mapper gets the rows' inferred type.
 * Lists paged by offset in another order (pending applications) page themselves.
 */
import type { Kysely } from 'kysely';
import { countCapped, type CappedTotal, type CountableQuery } from './count.js';
import { finishPage, type Keyset, type PageRequest } from './paging.js';

/** One page of a list: its rows, the capped total, and the cursors of the pages on either side. */
export interface Page<T> extends CappedTotal { rows: T[]; nextCursor: string | null; prevCursor: string | null }

export const emptyPage = <T>(): Page<T> => ({ rows: [], total: 0, nextCursor: null, prevCursor: null });

export interface PageSource<R> {
  /** The filtered query, counted (its select list, order and limit are ignored). */
  filtered: CountableQuery;
  cap: number;
  /** The list's order and the page asked for: `read` returns up to limit + 1 rows (applyPage). */
  keyset: Keyset;
  orderBy: string;
  page: PageRequest;
  /** Reads the page, in the order applyPage scanned it. */
  read: () => Promise<R[]>;
}

export async function listPage<R extends object, T>(
  db: Kysely<any>, src: PageSource<R>, toWire: (row: R) => T,
): Promise<Page<T>> {
  const total = await countCapped(db, src.filtered, src.cap);
  // A filter that matches nothing could otherwise send the page's ordered walk through the whole index.
  if (total.total === 0) return emptyPage();
  const done = finishPage(await src.read(), src.keyset, src.page, src.orderBy);
  return { ...total, nextCursor: done.nextCursor, prevCursor: done.prevCursor, rows: done.rows.map(toWire) };
}
