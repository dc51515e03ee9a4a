/**
 * Peatio's `GET /account/balances` (+ `/{currency}`) for the signed-in member, mounted at
 * /api/v2/peatio: the caller's own accounts only (the member id comes from the session, never from the
 * request), every visible currency with zeros where nothing was ever held, as Peatio creates a member's
 * accounts on first read. The balances are the ledger's (`accounts` is the members' liabilities summed).
 */
import type { FastifyInstance } from 'fastify';
import { caller } from '../auth/users/guards.js';
import { setListHeaders } from '../db/queries/count.js';
import { memberAccountsPage } from '../db/queries/market-api.js';
import { oneOf, paging, refuse, search, type Params } from './params.js';

export function accountRoutes(app: FastifyInstance): void {
  const db = () => app.deps.db.kysely;

  app.get('/account/balances', async (req, reply) => {
    const me = caller(req);
    const p = req.query as Params;
    const pg = paging(p, 'account.balances');
    const nonzero = oneOf(p, 'nonzero', 'account.balances', ['true', 'false'] as const, undefined, 'account.balances.invalid_nonzero');
    const s = search(p, 'account.balances', ['currency_code', 'currency_name']);
    const { rows, total } = await memberAccountsPage(db(), me.id, {
      nonzero: nonzero === 'true', code: s.currency_code, name: s.currency_name, ...pg,
    });
    setListHeaders(reply, { total, page: pg.page, perPage: pg.limit });
    return rows;
  });

  app.get<{ Params: { currency: string } }>('/account/balances/:currency', async (req) => {
    const me = caller(req);
    const { rows } = await memberAccountsPage(db(), me.id, { currency: req.params.currency.toLowerCase(), limit: 1, page: 1 });
    return rows[0] ?? refuse('account.currency.doesnt_exist', 'currency');
  });
}
