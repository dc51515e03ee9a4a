/**
 * Peatio 2.6's public API (no session: `api/v2/peatio/public` is a pass path, auth/paths.ts), mounted at
 * /api/v2/peatio/public: timestamp, markets, tickers, depth, trades, k-line, currencies, member levels,
 * trading fees. The lists read the admin side's tables through the resource engine's query (listRows) and
 * answer Peatio's user entities (entities.ts) with Total/Page/Per-Page; tickers are Ranger's figures.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { currencies } from '../../shared/resources/currencies.js';
import { markets } from '../../shared/resources/markets.js';
import { tradingFees } from '../../shared/resources/trading-fees.js';
import type { AppliedFilter } from '../../shared/resources/structs.js';
import { getRow, listRows, type Row } from '../db/queries/resources.js';
import { setListHeaders } from '../db/queries/count.js';
import { candles, currencyCodesNamed, depthLevels, marketTrades, publicMarket } from '../db/queries/market-api.js';
import { toWire } from '../resources/wire.js';
import { tickers } from '../realtime/market-data.js';
import { currencyEntity, marketEntity, tickerEntity, tradingFeeEntity } from './entities.js';
import { epoch, int, oneOf, paging, refuse, search, text, type Params } from './params.js';

/** How old a tickers read the public calls may share (a second: Peatio recomputes its tickers every few seconds). */
const TICKERS_FRESH_MS = 1000;

/** Peatio's k-line periods, in minutes. */
export const KLINE_PERIODS = [1, 5, 15, 30, 60, 120, 240, 360, 720, 1440, 4320, 10080] as const;

const eq = (field: string, value: unknown): AppliedFilter[] => (value === undefined ? [] : [{ field, op: 'eq', value }]);
const like = (field: string, value: unknown): AppliedFilter[] => (value === undefined ? [] : [{ field, op: 'ilike', value }]);

function page(reply: FastifyReply, p: { limit: number; page: number }, total: number) {
  setListHeaders(reply, { total, page: p.page, perPage: p.limit });
}

export function publicRoutes(app: FastifyInstance): void {
  const db = () => app.deps.db.kysely;
  const now = () => app.deps.now();

  /** A market customers see (enabled), else 422 public.market.doesnt_exist as Peatio's `values:` check answers. */
  const market = async (raw: string) => (await publicMarket(db(), raw.toLowerCase()))?.id ?? refuse('public.market.doesnt_exist', 'market');

  // Peatio answers the time as ISO-8601 text, whatever its description says (openware-api.md, this folder's README).
  // A JSON string, as Grape sends it (Fastify would send a bare string as text).
  app.get('/public/timestamp', async (_req, reply) =>
    reply.type('application/json; charset=utf-8').send(JSON.stringify(now().toISOString().replace(/\.\d{3}Z$/, 'Z'))));

  app.get('/public/member-levels', async () => {
    const l = app.deps.config.memberLevels;
    return { deposit: { minimum_level: l.deposit }, withdraw: { minimum_level: l.withdraw }, trading: { minimum_level: l.trading } };
  });

  app.get('/public/markets', async (req, reply) => {
    const p = req.query as Params;
    const pg = paging(p, 'public.pagination');
    const ordering = oneOf(p, 'ordering', 'public.markets', ['asc', 'desc'] as const, 'asc')!;
    const orderBy = oneOf(p, 'order_by', 'public.markets', ['id', 'position'] as const, 'position')!;
    const s = search(p, 'public.markets', ['base_code', 'quote_code', 'base_name', 'quote_name']);
    const named = async (field: string, name?: string): Promise<AppliedFilter[]> =>
      (name === undefined ? [] : [{ field, op: 'in', value: await currencyCodesNamed(db(), name) }]);
    const filters: AppliedFilter[] = [
      ...eq('state', 'enabled'), ...eq('base_unit', text(p, 'base_unit', 'public.markets')?.toLowerCase()),
      ...eq('quote_unit', text(p, 'quote_unit', 'public.markets')?.toLowerCase()),
      ...like('base_unit', s.base_code), ...like('quote_unit', s.quote_code),
      ...await named('base_unit', s.base_name), ...await named('quote_unit', s.quote_name),
    ];
    const { rows, total } = await listRows(db(), markets, { filters, orderBy, ordering, ...pg });
    page(reply, pg, total);
    return rows.map((r) => marketEntity(toWire(markets, r)));
  });

  // Anyone may ask, as often as they like: a burst shares one read of the 24 h window (Ranger's feed
  // likewise reuses a read for its new subscribers), at most TICKERS_FRESH_MS old.
  let shared: { at: number; read: Promise<Record<string, ReturnType<typeof tickerEntity>>> } | null = null;
  const publicTickers = () => {
    if (shared && Date.now() - shared.at < TICKERS_FRESH_MS) return shared.read;
    const read = (async () => {
      const all = await tickers(db(), now());
      const { rows } = await listRows(db(), markets, { filters: eq('state', 'enabled'), orderBy: 'position', ordering: 'asc', limit: 10_000, page: 1 });
      return Object.fromEntries(rows.filter((r) => all[r.id as string]).map((r) => [r.id as string, tickerEntity(all[r.id as string]!)]));
    })();
    shared = { at: Date.now(), read };
    read.catch(() => { if (shared?.read === read) shared = null; });
    return read;
  };
  app.get('/public/markets/tickers', async () => publicTickers());

  app.get<{ Params: { market: string } }>('/public/markets/:market/tickers', async (req) => {
    const id = await market(req.params.market);
    return (await publicTickers())[id] ?? refuse('public.market.doesnt_exist', 'market');
  });

  app.get<{ Params: { market: string } }>('/public/markets/:market/depth', async (req) => {
    const id = await market(req.params.market);
    const limit = int(req.query as Params, 'limit', 'public.market_depth', { min: 1, max: 1000, def: 300 })!;
    const [asks, bids] = await Promise.all([depthLevels(db(), id, 'sell', limit), depthLevels(db(), id, 'buy', limit)]);
    // Both sides from the highest price to the lowest, as Peatio sends them.
    return { timestamp: Math.floor(now().getTime() / 1000), asks: asks.reverse(), bids };
  });

  app.get<{ Params: { market: string } }>('/public/markets/:market/trades', async (req) => {
    const id = await market(req.params.market);
    const p = req.query as Params;
    const limit = int(p, 'limit', 'public.trade', { min: 1, max: 1000, def: 100 })!;
    const before = epoch(p, 'timestamp', 'public.trade', 'public.trade.non_integer_timestamp');
    const ordering = oneOf(p, 'order_by', 'public.trade', ['asc', 'desc'] as const, 'desc')!;
    return marketTrades(db(), id, { limit, before, ordering });
  });

  app.get<{ Params: { market: string } }>('/public/markets/:market/k-line', async (req) => {
    const id = await market(req.params.market);
    const p = req.query as Params;
    const period = int(p, 'period', 'public.k_line', { def: 1 })!;
    if (!(KLINE_PERIODS as readonly number[]).includes(period)) refuse('public.k_line.invalid_period', 'period');
    let from = epoch(p, 'time_from', 'public.k_line');
    let to = epoch(p, 'time_to', 'public.k_line');
    const limit = int(p, 'limit', 'public.k_line', { min: 1, max: 10_000, def: 30 })!;
    // Peatio's window: both bounds as given; one bound and `limit` periods from it; neither: the last `limit` periods.
    const span = limit * period * 60_000;
    if (from && !to) to = new Date(from.getTime() + span);
    if (!from) { to ??= now(); from = new Date(to.getTime() - span); }
    return candles(db(), id, period * 60, from, to ?? now(), limit);
  });

  app.get('/public/currencies', async (req, reply) => {
    const p = req.query as Params;
    const pg = paging(p, 'public.pagination');
    const type = oneOf(p, 'type', 'public.currency', ['fiat', 'coin'] as const);
    const s = search(p, 'public.currency', ['code', 'name']);
    const filters = [...eq('visible', true), ...eq('type', type), ...like('code', s.code), ...like('name', s.name)];
    const { rows, total } = await listRows(db(), currencies, { filters, orderBy: 'position', ordering: 'asc', ...pg });
    page(reply, pg, total);
    return rows.map((r) => currencyEntity(toWire(currencies, r)));
  });

  app.get<{ Params: { id: string } }>('/public/currencies/:id', async (req) => {
    const row: Row | undefined = await getRow(db(), currencies, req.params.id.toLowerCase());
    if (!row || row.visible !== true) return refuse('public.currency.doesnt_exist', 'id');
    return currencyEntity(toWire(currencies, row));
  });

  app.get('/public/trading_fees', async (req, reply) => {
    const p = req.query as Params;
    const pg = paging(p, 'public.pagination');
    const group = text(p, 'group', 'public.trading_fee');
    const marketId = text(p, 'market_id', 'public.trading_fee')?.toLowerCase();
    if (marketId !== undefined && marketId !== 'any' && !(await publicMarket(db(), marketId))) refuse('public.trading_fee.market_doesnt_exist', 'market_id');
    const ordering = oneOf(p, 'ordering', 'public.trading_fee', ['asc', 'desc'] as const, 'asc')!;
    const orderBy = oneOf(p, 'order_by', 'public.trading_fee', ['id', 'group', 'market_id', 'maker', 'taker', 'created_at', 'updated_at'] as const, 'id')!;
    const filters = [...eq('group', group?.toLowerCase()), ...eq('market_id', marketId)];
    const { rows, total } = await listRows(db(), tradingFees, { filters, orderBy, ordering, ...pg });
    page(reply, pg, total);
    return rows.map((r) => tradingFeeEntity(toWire(tradingFees, r)));
  });
}
