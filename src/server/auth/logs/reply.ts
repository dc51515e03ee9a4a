/** Sends one page of a log list: the rows as the body, totals and the cursors on either side as headers. */
import type { FastifyReply } from 'fastify';
import { setListHeaders } from '../../db/queries/count.js';
import type { Page } from '../../db/queries/list-page.js';
import type { ListParams } from './list-params.js';

export function sendPage<T>(reply: FastifyReply, params: Pick<ListParams, 'page' | 'limit' | 'cursor' | 'beforeId'>, page: Page<T>): T[] {
  // A keyset page has no page number; claiming one would mislead a paginator.
  const keyset = Boolean(params.cursor || params.beforeId);
  setListHeaders(reply, {
    total: page.total, estimate: page.estimate, page: keyset ? undefined : params.page, perPage: params.limit,
    nextCursor: page.nextCursor, prevCursor: page.prevCursor,
  });
  return page.rows;
}
