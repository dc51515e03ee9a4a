/**
 * Wonka's customer calls (src/server/applogic/README.md, Wonka): `GET /public/current_price?pair=btc/usdt` (no
 * session: the service's public prefix), and for a signed-in member — any account's session reaches
 * `/api/v2/applogic` outside its admin tree (the customer permission rows, auth/permissions-seed.ts) — `POST
 * /wonka/quotes {pair, side, amount, campaign?}` (a quote for the caller) and `POST /wonka/swaps {quote_id}`
 * (executes one of the caller's quotes once, money/wonka.ts). Refusals carry `wonka.*` codes and change
 * nothing.
 */
import type { FastifyInstance } from 'fastify';
import { idStruct } from '../../shared/resources/field-structs.js';
import { quotes, swaps } from '../../shared/resources/swaps.js';
import { getRow } from '../db/queries/resources.js';
import { toWire } from '../resources/wire.js';
import { bodyOf, caller } from '../auth/users/guards.js';
import { ApiError } from '../plugins/errors.js';
import { executeSwap, lastPrice, makeQuote, openPair, type Side } from '../money/wonka.js';
import { AMOUNT_TEXT } from '../../shared/decimal.js';

const ID = idStruct();

/** A refusal as its answer: 404 for what the caller cannot see, 422 otherwise. */
function refusal(reason: string, field?: string): ApiError {
  const c = `wonka.${reason}`;
  const status = reason.endsWith('doesnt_exist') ? 404 : 422;
  return new ApiError(status, [c], field ? { [field]: [c] } : undefined);
}

const FIELD_OF: Record<string, string> = {
  'pair.doesnt_exist': 'pair', 'pair.disabled': 'pair', 'price.unavailable': 'pair', 'quote.unknown_campaign': 'campaign',
};

export function wonkaCustomerRoutes(app: FastifyInstance): void {
  const db = () => app.deps.db.kysely;

  app.get('/public/current_price', async (req) => {
    const raw = (req.query as Record<string, unknown>).pair;
    if (typeof raw !== 'string' || raw.trim() === '') throw refusal('pair.missing', 'pair');
    const pair = await openPair(db(), { name: raw });
    if (typeof pair === 'string') throw refusal(pair, 'pair');
    const last = await lastPrice(db(), pair.market_id);
    if (!last) throw refusal('price.unavailable', 'pair');
    return { pair: pair.pair, base_currency: pair.base_currency, quote_currency: pair.quote_currency, market_id: pair.market_id, price: last.price, at: last.at.toISOString() };
  });

  app.post('/wonka/quotes', async (req, reply) => {
    const me = caller(req);
    const body = bodyOf(req);
    if (typeof body.pair !== 'string' || body.pair.trim() === '') throw refusal('quote.missing_pair', 'pair');
    if (body.side !== 'buy' && body.side !== 'sell') throw refusal('quote.invalid_side', 'side');
    if (typeof body.amount !== 'string' || !AMOUNT_TEXT.test(body.amount.trim())) throw refusal('quote.invalid_amount', 'amount');
    const campaign = body.campaign ?? null;
    if (campaign !== null && (typeof campaign !== 'string' || campaign.length > 64)) throw refusal('quote.invalid_campaign', 'campaign');
    const member = await db().selectFrom('users').select(['id', 'uid', 'fee_group']).where('id', '=', me.id).executeTakeFirstOrThrow();
    const made = await makeQuote(db(), {
      member: { id: Number(member.id), uid: member.uid, fee_group: member.fee_group }, pair: body.pair, side: body.side as Side,
      amount: body.amount.trim(), campaign, at: app.deps.now(),
    });
    if (typeof made === 'string') throw refusal(made, FIELD_OF[made] ?? 'amount');
    return reply.status(201).send(toWire(quotes, (await getRow(db(), quotes, made.id))!));
  });

  app.post('/wonka/swaps', async (req, reply) => {
    const me = caller(req);
    const body = bodyOf(req);
    const [err, quote] = ID.validate(body.quote_id, { coerce: true });
    if (err) throw refusal(body.quote_id === undefined ? 'swap.missing_quote_id' : 'swap.invalid_quote_id', 'quote_id');
    const id = await db().transaction().execute(async (trx) => {
      const done = await executeSwap(trx, { member: me.id, quote, at: app.deps.now() });
      if (typeof done === 'string') throw refusal(done, 'quote_id');
      return done.id;
    });
    return reply.status(201).send(toWire(swaps, (await getRow(db(), swaps, id))!));
  });
}
