/**
 * Peatio's member market API, mounted at /api/v2/peatio: `GET|POST /market/orders`, `GET
 * /market/orders/{id}`, `POST /market/orders/{id}/cancel`, `POST /market/orders/cancel`, `GET
 * /market/trades`. Every call acts on the session's member only: the member id is the caller's, an order
 * of anyone else is "not found" (404 record.not_found, as Peatio's `current_user.orders.find`). Orders go
 * through the matching engine and the ledger the staff side and the demo market use (trading/), and every
 * write is audited as a user activity in its own transaction (withAudit, category `user`).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { caller } from '../auth/users/guards.js';
import { withAudit } from '../plugins/audit.js';
import { fail } from '../plugins/errors.js';
import { sendPage } from '../auth/logs/reply.js';
import { getOrder, getOrders, ORDER_LIST, TRADE_LIST, tradesOfOrder } from '../db/queries/orders.js';
import { moneyListPage, moneyListRows } from '../db/queries/money-list.js';
import { currencyCodes, marketsOf, memberOrderId, memberWaitingOrders } from '../db/queries/market-api.js';
import { MAX_OFFSET } from '../db/queries/paging.js';
import { cancelOrders } from '../trading/orders.js';
import { memberTrade, userOrder } from './entities.js';
import { epoch, oneOf, paging, paramsOf, refuse, text, type Params } from './params.js';
import { placeMemberOrder } from './place.js';

const ORDER_STATES = ['pending', 'wait', 'done', 'cancel', 'reject'] as const;
/** Orders cancelled per transaction by "cancel all" (the admin bulk cancel's batch). */
const CANCEL_BATCH = 1000;

/**
 * A member's write attempt is recorded whatever refuses it: withAudit records the writes that reach the
 * engine, and this asks the gateway's audit (plugins/authz.ts, as an AUDIT row does for staff) for a
 * 'failed' user activity when the parameters are refused first. A staff caller's AUDIT row already asked.
 */
const auditAttempt = (req: FastifyRequest) => { req.authzAudit ??= { topic: 'orders', category: 'user' }; };

/** The order a path names (its id or its uuid) if it is the caller's. */
async function ownOrder(req: FastifyRequest<{ Params: { id: string } }>, member: number): Promise<number> {
  const raw = req.params.id;
  const ref = /^\d{1,15}$/.test(raw) ? { id: Number(raw) }
    : /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(raw) ? { uuid: raw.toLowerCase() } : null;
  const id = ref && await memberOrderId(req.server.deps.db.kysely, member, ref);
  return id ?? fail(404, 'record.not_found');
}

/** Peatio's page of a member list: limit ≤ 1000, a page no deeper than the lists' offset bound, asc/desc by `order_by` (2.6) or `ordering`. */
export function memberPage(p: Params, prefix: string, maxLimit = 1000) {
  const pg = paging(p, prefix, Math.min(100, maxLimit), maxLimit);
  if ((pg.page - 1) * pg.limit > MAX_OFFSET) refuse(`${prefix}.invalid_page`, 'page');
  const ordering = oneOf(p, 'order_by', prefix, ['asc', 'desc'] as const) ?? oneOf(p, 'ordering', prefix, ['asc', 'desc'] as const) ?? 'desc';
  return { ...pg, ordering };
}

export function memberOrderRoutes(app: FastifyInstance): void {
  const db = () => app.deps.db.kysely;
  const knownMarket = async (p: Params, prefix: string) => {
    const m = text(p, 'market', prefix)?.toLowerCase();
    if (m === undefined) return undefined;
    return (await db().selectFrom('markets').select('id').where('id', '=', m).executeTakeFirst())?.id ?? refuse('market.market.doesnt_exist', 'market');
  };

  app.get('/market/orders', async (req, reply) => {
    const me = caller(req);
    const p = req.query as Params;
    const P = 'market.order';
    const market = await knownMarket(p, P);
    const state = oneOf(p, 'state', P, ORDER_STATES);
    const ordType = oneOf(p, 'ord_type', P, ['limit', 'market'] as const);
    const side = oneOf(p, 'type', P, ['buy', 'sell'] as const);
    const from = epoch(p, 'time_from', P), to = epoch(p, 'time_to', P);
    const page = memberPage(p, P);
    // Peatio's base_unit / quote_unit: the orders of the markets trading that unit.
    const units = p.base_unit !== undefined || p.quote_unit !== undefined ? await currencyCodes(db()) : [];
    const base = oneOf(p, 'base_unit', P, units), quote = oneOf(p, 'quote_unit', P, units);
    const markets = base || quote ? await marketsOf(db(), base, quote) : undefined;
    // No market trading the unit: the engine answers an empty page unread.
    const rows = await moneyListPage(db(), ORDER_LIST, { member_id: me.id, market, markets, state, ord_type: ordType, side, from, to }, page);
    return sendPage(reply, page, rows).map(userOrder);
  });

  app.post('/market/orders', async (req, reply) => {
    auditAttempt(req);
    const id = await placeMemberOrder(req, paramsOf(req));
    return reply.status(201).send(userOrder((await getOrder(db(), id))!));
  });

  app.get<{ Params: { id: string } }>('/market/orders/:id', async (req) => {
    const me = caller(req);
    const id = await ownOrder(req, me.id);
    const order = userOrder((await getOrder(db(), id))!);
    const fees = new Map([[id, order]]);
    // Peatio's full Order: with its trades, as its member sees them.
    return { ...order, trades: (await tradesOfOrder(db(), me.id, id)).map((t) => memberTrade(t, me.uid, fees, id)) };
  });

  app.post<{ Params: { id: string } }>('/market/orders/:id/cancel', async (req, reply) => {
    auditAttempt(req);
    const me = caller(req);
    const id = await ownOrder(req, me.id);
    await withAudit(req, { topic: 'orders', action: 'cancel', category: 'user', data: { id } }, async (trx, note) => {
      const done = await cancelOrders(trx, [id], app.deps.now());
      if (!done.length) fail(422, 'market.order.cancel_error');
      note({ released: done[0]!.released });
    });
    return reply.status(201).send(userOrder((await getOrder(db(), id))!));
  });

  app.post('/market/orders/cancel', async (req, reply) => {
    auditAttempt(req);
    const me = caller(req);
    const p = paramsOf(req);
    const market = await knownMarket(p, 'market.order');
    const side = oneOf(p, 'side', 'market.order', ['buy', 'sell'] as const);
    const cancelled: number[] = [];
    // Batches of CANCEL_BATCH, each its own audited transaction; a batch re-reads the orders still waiting.
    for (;;) {
      const batch = await memberWaitingOrders(db(), me.id, { market, side, limit: CANCEL_BATCH });
      if (!batch.length) break;
      const done = await withAudit(req, { topic: 'orders', action: 'cancel_all', category: 'user', data: { market, side, ids: batch.length } },
        async (trx) => (await cancelOrders(trx, batch, app.deps.now())).map((c) => c.id));
      cancelled.push(...done);
      if (batch.length < CANCEL_BATCH) break;
    }
    return reply.status(201).send((await getOrders(db(), cancelled)).map(userOrder));
  });

  app.get('/market/trades', async (req, reply) => {
    const me = caller(req);
    const p = req.query as Params;
    const P = 'market.trade';
    const market = await knownMarket(p, P);
    const from = epoch(p, 'time_from', P), to = epoch(p, 'time_to', P);
    const page = memberPage(p, P);
    const rows = sendPage(reply, page, await moneyListRows(db(), TRADE_LIST, { member_id: me.id, market, from, to }, page));
    const own = rows.map((t) => (t.taker_uid === me.uid ? t.taker_order_id : t.maker_order_id));
    const mine: { id: number; maker_fee: string; taker_fee: string }[] = await getOrders(db(), [...new Set(own)]);
    const fees = new Map(mine.map((o) => [o.id, o]));
    return rows.map((t) => memberTrade(t, me.uid, fees));
  });
}
