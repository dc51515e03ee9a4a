/**
 * Orders and trades on the exchange service (Peatio E1-E4):
 * - GET /admin/orders, /admin/orders/{id} (read Order); the console's filter names order_type, amount
 *   and side are taken as Peatio's ord_type, origin_volume and type;
 * - POST /admin/orders/{id}/cancel (update Order): 201 with the order; one no longer waiting answers
 *   admin.order.cancel_error and moves nothing;
 * - POST (or DELETE) /admin/bulk/orders_by_id (update Order): a JSON array of up to 1,000 ids (Finex's
 *   body; `{"ids": [...]}` too), cancelled in one transaction; answers the orders it cancelled, so a
 *   retried batch answers the ones still left and moves nothing twice;
 * - POST /admin/orders/cancel {market, side?} (Peatio's cancel-by-market): every waiting order of the
 *   market, in transactions of 1,000;
 * - GET /admin/trades, /admin/trades/{id} (read Trade).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { array, size, type Infer } from 'superstruct';
import { idStruct } from '../../shared/resources/field-structs.js';
import { requireAbility } from '../auth/require-ability.js';
import { bodyOf } from '../auth/users/guards.js';
import { withAudit } from '../plugins/audit.js';
import { ApiError, fail } from '../plugins/errors.js';
import { getOrder, getOrders, getTrade, ORDER_LIST, TRADE_LIST } from '../db/queries/orders.js';
import { moneyListRoute } from './money-list-route.js';
import { cancelOrders } from '../trading/orders.js';

const ID = idStruct();
/** The most ids one bulk call takes: one transaction's worth, so a batch commits in well under a second. */
export const BULK_MAX = 1000;
const IDS = size(array(ID), 1, BULK_MAX);

/** Peatio's and the console's names for the same filters. */
const ALIASES: Readonly<Record<string, string>> = { type: 'side', order_type: 'ord_type', amount: 'origin_volume' };

function orderQuery(q: Record<string, unknown>): Record<string, unknown> {
  for (const [from, to] of Object.entries(ALIASES)) if (q[from] !== undefined && q[to] === undefined) { q[to] = q[from]; delete q[from]; }
  return q;
}

function idsOf(req: FastifyRequest): number[] {
  const b = req.body;
  const raw = Array.isArray(b) ? b : b && typeof b === 'object' ? (b as { ids?: unknown }).ids : undefined;
  const [err, ids] = IDS.validate(raw, { coerce: true });
  if (err) throw new ApiError(422, ['admin.order.invalid_ids'], { ids: ['admin.order.invalid_ids'] });
  return [...new Set(ids as Infer<typeof IDS>)];
}

export function orderRoutes(app: FastifyInstance): void {
  const db = () => app.deps.db.kysely;

  moneyListRoute(app, '/admin/orders', ORDER_LIST, { codePrefix: 'admin.order', query: orderQuery });

  app.get<{ Params: { id: string } }>('/admin/orders/:id', async (req) => {
    await requireAbility(req, 'read', 'Order', 'peatio');
    const [err, id] = ID.validate(req.params.id, { coerce: true });
    if (err) fail(422, 'admin.order.non_integer_id');
    return (await getOrder(db(), id)) ?? fail(404, 'record.not_found');
  });

  app.post<{ Params: { id: string } }>('/admin/orders/:id/cancel', async (req, reply) => {
    await requireAbility(req, 'update', 'Order', 'peatio');
    const [err, id] = ID.validate(req.params.id, { coerce: true });
    if (err) fail(422, 'admin.order.non_integer_id');
    await withAudit(req, { topic: 'orders', action: 'cancel', data: { id } }, async (trx, note) => {
      const done = await cancelOrders(trx, [id], app.deps.now());
      if (done.length) { note({ released: done[0]!.released }); return; }
      const exists = await trx.selectFrom('orders').select('state').where('id', '=', id).executeTakeFirst();
      if (!exists) fail(404, 'record.not_found');
      fail(422, 'admin.order.cancel_error');
    });
    return reply.status(201).send(await getOrder(db(), id));
  });

  const bulk = async (req: FastifyRequest, reply: { status(n: number): { send(b: unknown): unknown } }) => {
    await requireAbility(req, 'update', 'Order', 'peatio');
    const ids = idsOf(req);
    const done = await withAudit(req, { topic: 'orders', action: 'bulk_cancel', data: { ids: ids.length } }, async (trx, note) => {
      const cancelled = await cancelOrders(trx, ids, app.deps.now());
      note({ cancelled: cancelled.length, skipped: ids.length - cancelled.length });
      return cancelled.map((c) => c.id);
    });
    return reply.status(201).send(await getOrders(db(), done));
  };
  app.post('/admin/bulk/orders_by_id', bulk);
  app.delete('/admin/bulk/orders_by_id', bulk);

  app.post('/admin/orders/cancel', async (req, reply) => {
    await requireAbility(req, 'update', 'Order', 'peatio');
    const body = bodyOf(req);
    const market = typeof body.market === 'string' ? body.market.toLowerCase() : '';
    if (!market || !(await db().selectFrom('markets').select('id').where('id', '=', market).executeTakeFirst())) {
      throw new ApiError(422, ['admin.order.market_doesnt_exist'], { market: ['admin.order.market_doesnt_exist'] });
    }
    const side = body.side;
    if (side !== undefined && side !== 'buy' && side !== 'sell') throw new ApiError(422, ['admin.order.invalid_side'], { side: ['admin.order.invalid_side'] });
    const cancelled: number[] = [];
    for (;;) {
      let q = db().selectFrom('orders').select('id').where('market_id', '=', market).where('state', '=', 'wait');
      if (side) q = q.where('side', '=', side);
      const batch = (await q.orderBy('id').limit(BULK_MAX).execute()).map((r) => r.id);
      if (!batch.length) break;
      const done = await withAudit(req, { topic: 'orders', action: 'bulk_cancel', data: { market, side, ids: batch.length } },
        async (trx) => (await cancelOrders(trx, batch, app.deps.now())).map((c) => c.id));
      cancelled.push(...done);
      if (batch.length < BULK_MAX) break;
    }
    return reply.status(201).send(await getOrders(db(), cancelled));
  });

  moneyListRoute(app, '/admin/trades', TRADE_LIST, { codePrefix: 'admin.trade' });

  app.get<{ Params: { id: string } }>('/admin/trades/:id', async (req) => {
    await requireAbility(req, 'read', 'Trade', 'peatio');
    const [err, id] = ID.validate(req.params.id, { coerce: true });
    if (err) fail(422, 'admin.trade.non_integer_id');
    return (await getTrade(db(), id)) ?? fail(404, 'record.not_found');
  });
}
