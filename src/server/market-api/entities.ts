/**
 * Peatio 2.6's user-API entities (app/api/v2/entities), projected from the rows the admin side already
 * reads (the resource engine's wire rows, orders.ts' Order and Trade), so one reading of each table
 * serves both sides: the user entities are the admin ones minus what a customer must not see.
 */
import type { Row } from '../db/queries/resources.js';
import type { orderEntity, TradeRow } from '../db/queries/orders.js';
import type { Ticker } from '../realtime/market-data.js';

const pick = (row: Row, keys: readonly string[]): Row => Object.fromEntries(keys.map((k) => [k, row[k] ?? null]));

const MARKET = ['id', 'name', 'base_unit', 'quote_unit', 'min_price', 'max_price', 'min_amount', 'amount_precision', 'price_precision', 'state'] as const;
export const marketEntity = (wire: Row) => pick(wire, MARKET);

const CURRENCY = [
  'name', 'description', 'homepage', 'price', 'explorer_transaction', 'explorer_address', 'type', 'deposit_enabled', 'withdrawal_enabled',
  'deposit_fee', 'min_deposit_amount', 'withdraw_fee', 'min_withdraw_amount', 'withdraw_limit_24h', 'withdraw_limit_72h', 'base_factor',
  'precision', 'position', 'icon_url', 'min_confirmations',
] as const;
/** Peatio's user Currency: the admin one's fields under `id` (the code), without the staff-only settings. */
export const currencyEntity = (wire: Row) => ({ id: wire.code, ...pick(wire, CURRENCY) });

const TRADING_FEE = ['id', 'group', 'market_id', 'maker', 'taker', 'created_at', 'updated_at'] as const;
export const tradingFeeEntity = (wire: Row) => pick(wire, TRADING_FEE);

/**
 * Peatio's REST ticker: `{at, ticker}` with `at` in whole seconds and the entry's decimals as strings, the
 * same figures Ranger's `global.tickers` sends (realtime/market-data.ts), plus `vol` (Peatio's alias of volume).
 */
export function tickerEntity(t: Ticker) {
  const at = Number(t.at);
  return {
    at,
    ticker: {
      at, avg_price: t.avg_price, high: t.high, last: t.last, low: t.low, open: t.open,
      price_change_percent: t.price_change_percent, volume: t.volume, amount: t.amount, vol: t.volume,
    },
  };
}

type AdminOrder = ReturnType<typeof orderEntity>;
/** Peatio's user Order: the admin one without the member's e-mail and uid. */
export function userOrder(o: AdminOrder) {
  const { email: _email, uid: _uid, ...rest } = o;
  return rest;
}

/**
 * Peatio's Trade as its member sees it: their side, their order, their fee (the fraction their order paid,
 * and the amount and currency it was charged in). In a self-trade the member is taken as the taker, unless
 * `order` (the order whose trades these are) is the maker one. `fees` maps the member's order ids to their
 * maker and taker fractions.
 */
export function memberTrade(t: TradeRow, uid: string, fees: ReadonlyMap<number, { maker_fee: string; taker_fee: string }>, order?: number) {
  const taker = order !== undefined ? t.taker_order_id === order : t.taker_uid === uid;
  const own = taker ? t.taker_order_id : t.maker_order_id;
  const side = taker ? t.taker_type : t.taker_type === 'buy' ? 'sell' : 'buy';
  const f = fees.get(own);
  return {
    id: t.id, price: t.price, amount: t.amount, total: t.total, market: t.market, created_at: t.created_at, taker_type: t.taker_type,
    side, order_id: own,
    fee_currency: taker ? t.taker_fee_currency : t.maker_fee_currency,
    fee: f ? (taker ? f.taker_fee : f.maker_fee) : null,
    fee_amount: taker ? t.taker_fee_amount : t.maker_fee_amount,
  };
}
