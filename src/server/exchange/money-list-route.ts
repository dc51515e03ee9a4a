/**
 * A money list's route from its declaration (db/queries/money-list.ts): the read ability on the resource's
 * subject, the query validated with the resource's own struct (parseListParams: offset pages, then cursors
 * past the offset bound, by id or by (created_at, id) under a date filter), one page, and the paging headers.
 * The CSV export walks this route (resources/export.ts), so a list declared here exports as it lists.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Subject } from '../../shared/abilities.js';
import { requireAbility } from '../auth/require-ability.js';
import { parseListParams } from '../auth/logs/list-params.js';
import { sendPage } from '../auth/logs/reply.js';
import { TIMED_KEYSETS } from '../db/queries/list-page.js';
import { moneyListPage, type ListValues, type MoneyList } from '../db/queries/money-list.js';

export interface MoneyRouteOptions {
  /** The code prefix of a bad parameter when it is not the resource's own (Peatio's admin.order for orders). */
  codePrefix?: string;
  /** The query as sent, rewritten before it is checked: Peatio's and the console's spellings of one filter. */
  query?: (q: Record<string, unknown>) => Record<string, unknown>;
  /**
   * The filters as checked, given the request: what the caller may list (the ledger's kinds). Without it
   * the caller needs `read` on the resource's subject.
   */
  scope?: (req: FastifyRequest, v: ListValues) => Promise<ListValues>;
}

export function moneyListRoute(app: FastifyInstance, path: string, d: MoneyList<any, any, any>, o: MoneyRouteOptions = {}): void {
  const r = d.resource;
  app.get(path, async (req, reply) => {
    if (!o.scope) await requireAbility(req, 'read', r.subject as Subject, 'peatio');
    const raw = { ...(req.query as Record<string, unknown>) };
    const p = parseListParams(r, o.query ? o.query(raw) : raw, { keyset: 'cursor', keysets: TIMED_KEYSETS, dated: 'created_at', codePrefix: o.codePrefix });
    const v: ListValues = { ...p.filters, from: p.from, to: p.to };
    return sendPage(reply, p, await moneyListPage(app.deps.db.kysely, d, o.scope ? await o.scope(req, v) : v, p));
  });
}
