/**
 * Where a list can go from the page on screen. Offsets serve the first MAX_OFFSET_ROWS rows (page links);
 * past them the server refuses offsets (admin.pagination.page_too_deep), so the next page is the server's
 * keyset cursor (`Next-Cursor`) and the previous one its `Prev-Cursor`. Nothing here offers a page the
 * server would refuse: a list without cursors simply ends at the last offset page.
 */
import { maxOffsetPage, pageCount, pageLinks, type ListState } from '../../shared/list-query';
import type { TotalKind } from '../api/http';

export interface PageInfo {
  page: number;
  limit: number;
  /** null when the service sent no Total. */
  total: number | null;
  totalKind: TotalKind;
  rowsOnPage: number;
  /** The cursor the page on screen was opened with, if any. */
  cursor?: string;
  nextCursor?: string | null;
  prevCursor?: string | null;
}

/** A move the list can make: the state patch to apply (a cursor of undefined drops it). */
export type PageMove = Pick<ListState, 'page'> & { cursor?: string };

export interface PagingModel {
  /** Page numbers that open by offset, around the current one. */
  links: number[];
  /** The current page is past the links (a cursor page): the pager shows it after an ellipsis. */
  beyond: boolean;
  /** More pages follow the last link than links can reach (they open one at a time with Next). */
  more: boolean;
  next: PageMove | null;
  prev: PageMove | null;
}

/** Whether rows follow this page. */
function hasNext(i: PageInfo): boolean {
  if (i.nextCursor) return true;
  if (i.total !== null && i.totalKind === 'exact') return i.page < pageCount(i.total, i.limit);
  if (i.total !== null && i.page * i.limit >= i.total) return false;
  // No Total, or an estimate: a full page says there may be more.
  return i.rowsOnPage === i.limit;
}

export function pagingModel(i: PageInfo): PagingModel {
  const deepest = maxOffsetPage(i.limit);
  const next = !hasNext(i) ? null
    : i.page + 1 <= deepest && !i.cursor ? { page: i.page + 1, cursor: undefined }
      : i.nextCursor ? { page: i.page + 1, cursor: i.nextCursor } : null;
  const prev = i.page <= 1 ? null
    : i.page - 1 <= deepest ? { page: i.page - 1, cursor: undefined }
      : i.prevCursor ? { page: i.page - 1, cursor: i.prevCursor } : null;
  // The last page: from the total (exact or estimated), or as far as paging has shown rows to exist.
  const known = i.total !== null ? pageCount(i.total, i.limit) : i.page + (next ? 1 : 0);
  const upper = Math.max(1, Math.min(known, deepest));
  const beyond = i.page > upper;
  return {
    links: pageLinks(Math.min(i.page, upper), upper),
    beyond,
    more: known > upper && !beyond,
    next,
    prev,
  };
}

/**
 * A planner's estimate to three significant digits (107,393 → 107,000): it is only ever that good, and
 * read again for the next page, as the table's statistics move, it said ≈ 107,393 then ≈ 107,328.
 */
export function roughly(n: number): number {
  if (n < 1000) return n;
  const unit = 10 ** (Math.floor(Math.log10(n)) - 2);
  return Math.round(n / unit) * unit;
}

/** The total as the heading and the pager say it: exact, "≈ estimate", or "N+" for a floor. */
export function totalText(total: number, kind: TotalKind): string {
  const n = total.toLocaleString('en-US');
  if (kind === 'estimated') return `≈ ${roughly(total).toLocaleString('en-US')}`;
  // The server sends cap + 1 for "more than the cap"; say the cap with a plus.
  if (kind === 'at-least') return `${Math.max(0, total - 1).toLocaleString('en-US')}+`;
  return n;
}
