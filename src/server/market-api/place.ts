/**
 * `POST /market/orders {market, side, volume, ord_type=limit|market, price}` for the signed-in member, as
 * Peatio 2.6 checks it: the parameters (market.order.missing_* / invalid_* / non_decimal_* /
 * non_positive_*), the member's level (403 market.trade.not_permitted below MINIMUM_MEMBER_LEVEL_FOR_TRADING),
 * then the market's rules — price and volume within its precisions and the currencies', the price within
 * [min_price, max_price], the volume at least min_amount — all 422 market.order.invalid_volume_or_price,
 * as Peatio's model validation answers. The order is then placed and matched by the engine (submitOrder)
 * inside an audited transaction: the ledger refuses a lock the balance does not cover
 * (market.account.insufficient_balance) and a market order the book cannot fill is refused
 * (market.order.insufficient_market_liquidity); either way nothing is written but the failed activity.
 */
import type { FastifyRequest } from 'fastify';
import { markets } from '../../shared/resources/markets.js';
import { amountRefusal, integerDigits, INTEGER_DIGITS, toUnits } from '../../shared/decimal.js';
import { caller } from '../auth/users/guards.js';
import { withAudit } from '../plugins/audit.js';
import { ApiError, fail } from '../plugins/errors.js';
import { getRow } from '../db/queries/resources.js';
import { LedgerRefusal } from '../ledger/post.js';
import { InsufficientLiquidity, submitOrder, type Submitted } from '../trading/matching.js';
import { marketInfo, mul } from '../trading/orders.js';
import { decimal, oneOf, refuse, type Params } from './params.js';

const P = 'market.order';
const INVALID = `${P}.invalid_volume_or_price`;

/** Validates, places and matches the caller's order; answers its id. */
export async function placeMemberOrder(req: FastifyRequest, p: Params): Promise<number> {
  const me = caller(req);
  const db = req.server.deps.db.kysely;
  const raw = p.market;
  if (raw === undefined || raw === '') refuse(`${P}.missing_market`, 'market');
  const id = typeof raw === 'string' ? raw.toLowerCase() : '';
  const side = oneOf(p, 'side', P, ['buy', 'sell'] as const) ?? refuse(`${P}.missing_side`, 'side');
  const volume = decimal(p, 'volume', P, true)!;
  const ordType = oneOf(p, 'ord_type', P, ['limit', 'market'] as const, 'limit', `${P}.invalid_type`)!;
  let price: string | null = null;
  if (ordType === 'limit') price = decimal(p, 'price', P, true)!;
  else if (p.price !== undefined && p.price !== '') refuse(`${P}.market_order_price`, 'price');

  const row = id ? await getRow(db, markets, id) : undefined;
  if (!row || row.state !== 'enabled') return refuse('market.market.doesnt_exist', 'market');
  if (me.level < req.server.deps.config.memberLevels.trading) fail(403, 'market.trade.not_permitted');
  const market = (await marketInfo(db, id))!;

  const bad = () => { throw new ApiError(422, [INVALID]); };
  if (amountRefusal(volume, Math.min(Number(row.amount_precision), market.basePrecision)) !== null) bad();
  if (toUnits(volume) < toUnits(String(row.min_amount))) bad();
  if (price !== null) {
    if (amountRefusal(price, Math.min(Number(row.price_precision), market.quotePrecision)) !== null) bad();
    if (toUnits(price) < toUnits(String(row.min_price))) bad();
    const max = toUnits(String(row.max_price));
    if (max > 0n && toUnits(price) > max) bad();
    // What a buy locks must fit a money column (NUMERIC(36,18)); a sell locks its volume, already checked.
    if (integerDigits(mul(price, volume)) > INTEGER_DIGITS) bad();
  }

  const data = { market: id, side, volume, ord_type: ordType, price };
  const done = await submitOrder(db, { member: me.id, market, side, price, volume, at: req.server.deps.now() },
    (fn) => withAudit(req, { topic: 'orders', action: 'create', category: 'user', data }, async (trx, note) => {
      const r = await fn(trx).catch((e: unknown) => { throw refusal(e); });
      const placed = r as unknown as Submitted;
      note({ id: placed.id, trades: placed.trades.length });
      return r;
    }));
  return done.id;
}

/** The engine's refusals as Peatio's codes (inside the audited transaction, so the failed activity names them). */
function refusal(e: unknown): unknown {
  if (e instanceof LedgerRefusal) return new ApiError(422, ['market.account.insufficient_balance']);
  if (e instanceof InsufficientLiquidity) return new ApiError(422, [`${P}.insufficient_market_liquidity`]);
  return e;
}
