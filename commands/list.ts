/**
 * Keyboard commands of the list on screen. Offered only while a list is shown; paging uses `[` / `]`
 * because j/k already move the row focus and n/p read as "new"/"print" in other tools.
 */
import { PAGE_SIZES } from '../src/shared/list-query';
import type { Command } from './types';

const onList = (ctx: Parameters<NonNullable<Command['can']>>[0]) => ctx.list !== null;
const onReview = (ctx: Parameters<NonNullable<Command['can']>>[0]) => !!ctx.list?.review;

export const listCommands: Command[] = [
  { id: 'list.next-page', title: 'Next page', group: 'List', keywords: ['paging', 'forward'], shortcut: [']'], can: onList, run: (ctx) => ctx.list?.nextPage() },
  { id: 'list.prev-page', title: 'Previous page', group: 'List', keywords: ['paging', 'back'], shortcut: ['['], can: onList, run: (ctx) => ctx.list?.prevPage() },
  { id: 'list.focus-filter', title: 'Filter this list', group: 'List', keywords: ['search', 'filter'], shortcut: ['/'], can: onList, run: (ctx) => ctx.list?.focusFilter() },
  { id: 'list.row-down', title: 'Next row', group: 'List', keywords: ['down'], shortcut: ['j'], can: onList, run: (ctx) => ctx.list?.moveRow(1) },
  { id: 'list.row-up', title: 'Previous row', group: 'List', keywords: ['up'], shortcut: ['k'], can: onList, run: (ctx) => ctx.list?.moveRow(-1) },
  {
    id: 'list.open-row', title: 'Open focused row', group: 'List', keywords: ['edit', 'open'], shortcut: ['Enter'],
    shortcutOwner: 'elsewhere', can: onList, run: (ctx) => ctx.list?.openFocused(),
  },
  {
    // Any history whose rows name a member (bonuses, rewards, provider purchases, …): that member's page.
    id: 'list.open-member', title: 'Open user of focused row', group: 'List', keywords: ['member', 'customer', 'user', 'uid', 'owner'],
    can: (ctx) => !!ctx.list?.openFocusedMember && ctx.canOpen('/user-directory'), run: (ctx) => ctx.list?.openFocusedMember?.(),
  },
  {
    // The grid handles the Delete key on the focused row; from the palette the same confirm opens.
    id: 'list.delete-row', title: 'Delete focused row', group: 'List', keywords: ['remove'], shortcut: ['Delete'],
    shortcutOwner: 'elsewhere', can: (ctx) => !!ctx.list?.resource.endpoints.delete, run: (ctx) => ctx.list?.deleteFocused(),
  },
  {
    id: 'list.export', title: 'Export CSV', group: 'List', keywords: ['export', 'download', 'csv', 'spreadsheet', 'excel'],
    can: (ctx) => !!ctx.list?.exportView, run: (ctx) => ctx.list?.exportView?.(),
  },
  // Approval queues (ListDecl.review): the decision is held ~5 s for `u` before it is sent.
  { id: 'list.review-accept', title: 'Accept focused row', group: 'Review', keywords: ['approve', 'review', 'queue'], shortcut: ['a'], can: onReview, run: (ctx) => ctx.list?.review?.accept() },
  { id: 'list.review-reject', title: 'Reject focused row (reason inline)', group: 'Review', keywords: ['decline', 'review', 'queue'], shortcut: ['r'], can: onReview, run: (ctx) => ctx.list?.review?.reject() },
  { id: 'list.review-undo', title: 'Undo the last decision (while its countdown runs)', group: 'Review', keywords: ['undo', 'review'], shortcut: ['u'], can: onReview, run: (ctx) => ctx.list?.review?.undo() },
  {
    id: 'list.views', title: 'Saved views of this list…', group: 'List', keywords: ['view', 'save view', 'share', 'bookmark'],
    can: (ctx) => !!ctx.list?.openViews, run: (ctx) => ctx.list?.openViews?.(),
  },
  // The pager's rows-per-page select, without tabbing to it.
  ...PAGE_SIZES.map((n): Command => ({
    id: `list.page-size-${n}`, title: `Rows per page: ${n}`, group: 'List', keywords: ['page size', 'per page', 'limit', 'rows'],
    can: onList, run: (ctx) => ctx.list?.setPageSize(n),
  })),
];
