/**
 * Peatio's public and member APIs (src/server/market-api): the public calls without a session, a
 * member's orders through the engine and the ledger, the refusals Peatio answers, and that a second
 * member reaches none of the first one's orders or balances through any member route. One app, two
 * members trading on the money fixtures' market; the ledger holds at the end.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { signInAs, type SignedIn } from '../helpers/auth.js';
import { COIN, FIAT, MARKET, balances, expectLedgerHolds, fund, setupMoney } from './money-fixtures.js';
import { definitionsOf, problems, type Reading } from '../helpers/swagger-types.js';

/** The user swagger's entities (Peatio 2.6 user_api.json definitions): field → declared JSON type. */
const ENTITIES = JSON.parse(readFileSync(new URL('../fixtures/peatio-user-entities.json', import.meta.url), 'utf8')) as Record<string, Record<string, string>>;
const ADMIN_ENTITIES = definitionsOf(JSON.parse(readFileSync(new URL('../fixtures/peatio-admin-swagger.json', import.meta.url), 'utf8')));
const READING: Reading = {
  // An Order's trades come with the order alone (GET /market/orders/{id}, Peatio's full entity).
  conditional: { Order: ['trades'] },
  // Where Peatio's code and its swagger disagree, the code's type: the currency switches are booleans
  // (baseapp reads them as such), a fee currency is a code.
  sentAs: { 'Currency.deposit_enabled': 'boolean', 'Currency.withdrawal_enabled': 'boolean', 'Trade.fee_currency': 'string' },
};
const PUBLIC_TRADE_ONLY = ['fee_currency', 'fee', 'fee_amount', 'side', 'order_id'];
const check = (entity: string, rows: unknown[]) => {
  expect(rows.length, entity).toBeGreaterThan(0);
  return rows.flatMap((r) => problems(ENTITIES, entity, r as Record<string, unknown>, READING));
};

const API = '/api/v2/peatio';
let t: TestApp;
let a: SignedIn, b: SignedIn;
let aId: number, bId: number;

const get = (url: string, who?: SignedIn) => t.app.inject({ method: 'GET', url: `${API}${url}`, headers: who ? who.headers() : {} });
const post = (url: string, who: SignedIn, payload: object = {}) => t.app.inject({ method: 'POST', url: `${API}${url}`, payload, headers: who.headers() });
const codes = (res: { json(): unknown }) => (res.json() as { errors?: string[] }).errors;

beforeAll(async () => {
  t = await testApp();
  await setupMoney(t);
  const sa = await signInAs(t, 'member'), sb = await signInAs(t, 'member');
  [a, b, aId, bId] = [sa.session, sb.session, sa.user.id, sb.user.id];
  await fund(t, aId, COIN, '5', 'coin');
  await fund(t, bId, FIAT, '100000', 'fiat');
});
afterAll(async () => { await t?.close(); });

describe('public API', () => {
  it('answers markets, currencies, fees and levels without a session, with Peatio paging and codes', async () => {
    expect((await get('/public/timestamp')).json()).toBe('2026-11-20T12:00:00Z');
    expect((await get('/public/member-levels')).json()).toEqual({ deposit: { minimum_level: 3 }, withdraw: { minimum_level: 3 }, trading: { minimum_level: 1 } });
    const markets = await get('/public/markets?limit=10');
    expect(markets.statusCode).toBe(200);
    expect([markets.headers.total, markets.headers.page, markets.headers['per-page']]).toEqual(['1', '1', '10']);
    expect(markets.json()).toEqual([expect.objectContaining({ id: MARKET, name: 'MBTC/MUSD', base_unit: COIN, quote_unit: FIAT, state: 'enabled' })]);
    expect((await get(`/public/markets?base_unit=${FIAT}`)).json()).toEqual([]);
    expect((await get('/public/markets?search[base_name]=bitcoin')).json()).toHaveLength(1);
    expect((await get('/public/markets?search[quote_code]=zz')).json()).toEqual([]);
    expect(codes(await get('/public/markets?limit=0'))).toEqual(['public.pagination.invalid_limit']);
    expect(codes(await get('/public/markets?page=x'))).toEqual(['public.pagination.non_integer_page']);
    expect(codes(await get('/public/markets?order_by=name'))).toEqual(['public.markets.invalid_order_by']);
    const currencies = (await get('/public/currencies')).json() as { id: string }[];
    expect(currencies.map((c) => c.id).sort()).toEqual([COIN, FIAT]);
    expect((await get('/public/currencies?type=fiat')).json()).toEqual([expect.objectContaining({ id: FIAT, type: 'fiat' })]);
    expect((await get(`/public/currencies/${COIN.toUpperCase()}`)).json()).toMatchObject({ id: COIN, precision: 8 });
    const unknown = await get('/public/currencies/nope');
    expect([unknown.statusCode, codes(unknown)]).toEqual([422, ['public.currency.doesnt_exist']]);
    expect((await get('/public/trading_fees')).json()).toEqual([expect.objectContaining({ group: 'any', market_id: 'any', maker: '0.001', taker: '0.002' })]);
    expect(codes(await get('/public/trading_fees?market_id=nope'))).toEqual(['public.trading_fee.market_doesnt_exist']);
    for (const path of ['tickers', 'depth', 'trades', 'k-line']) {
      expect(codes(await get(`/public/markets/nope/${path}`)), path).toEqual(['public.market.doesnt_exist']);
    }
    expect(codes(await get(`/public/markets/${MARKET}/depth?limit=1001`))).toEqual(['public.market_depth.invalid_limit']);
    expect(codes(await get(`/public/markets/${MARKET}/trades?timestamp=soon`))).toEqual(['public.trade.non_integer_timestamp']);
    expect(codes(await get(`/public/markets/${MARKET}/k-line?period=7`))).toEqual(['public.k_line.invalid_period']);
  });
});

describe('member API', () => {
  let ask: number, ask2: number;

  it('places, matches, lists, shows and cancels orders through the ledger', async () => {
    const sell = await post('/market/orders', a, { market: MARKET, side: 'sell', volume: '2', price: '30000' });
    expect(sell.statusCode, sell.body).toBe(201);
    expect(sell.json()).toMatchObject({ side: 'sell', ord_type: 'limit', price: '30000', state: 'wait', origin_volume: '2', market: MARKET });
    expect(sell.json()).not.toHaveProperty('email');
    ask = sell.json().id;
    ask2 = (await post('/market/orders', a, { market: MARKET, side: 'sell', volume: '1', price: '31000' })).json().id;
    expect(await balances(t, aId, COIN)).toEqual({ balance: '2', locked: '3' });

    // B buys 0.5 at market from A's best ask: one trade at 30000.
    const buy = await post('/market/orders', b, { market: MARKET, side: 'buy', volume: '0.5', ord_type: 'market' });
    expect(buy.statusCode, buy.body).toBe(201);
    expect(buy.json()).toMatchObject({ ord_type: 'market', price: null, state: 'done', executed_volume: '0.5', trades_count: 1 });
    expect(await balances(t, bId, FIAT)).toEqual({ balance: '85000', locked: '0' });

    const depth = (await get(`/public/markets/${MARKET}/depth`)).json();
    expect(depth).toMatchObject({ asks: [['31000', '1'], ['30000', '1.5']], bids: [] });
    expect((await get(`/public/markets/${MARKET}/trades`)).json()).toEqual([expect.objectContaining({ price: '30000', amount: '0.5', taker_type: 'buy' })]);
    const ticker = (await get(`/public/markets/${MARKET}/tickers`)).json();
    expect(ticker).toMatchObject({ at: 1795176000, ticker: { last: '30000.0', volume: '15000.0', vol: '15000.0', amount: '0.5' } });
    expect((await get('/public/markets/tickers')).json()[MARKET]).toEqual(ticker);
    expect((await get(`/public/markets/${MARKET}/k-line?period=60&time_from=1795171000`)).json()).toEqual([[1795176000, 30000, 30000, 30000, 30000, 0.5]]);

    const listed = await get('/market/orders?limit=1&order_by=asc', a);
    expect([listed.headers.total, listed.headers.page, listed.headers['per-page']]).toEqual(['2', '1', '1']);
    expect(listed.json().map((o: { id: number }) => o.id)).toEqual([ask]);
    expect((await get('/market/orders?state=wait&market=' + MARKET, a)).json()).toHaveLength(2);
    expect((await get(`/market/orders?base_unit=${COIN}&quote_unit=${FIAT}`, a)).json()).toHaveLength(2);
    expect((await get(`/market/orders?base_unit=${FIAT}`, a)).json()).toEqual([]);
    expect(codes(await get('/market/orders?quote_unit=zzz', a))).toEqual(['market.order.invalid_quote_unit']);
    const shown = (await get(`/market/orders/${sell.json().uuid}`, a)).json();
    expect(shown).toMatchObject({ id: ask, remaining_volume: '1.5', trades: [{ side: 'sell', order_id: ask, fee: '0.001', fee_currency: FIAT, fee_amount: '15' }] });
    const mine = (await get('/market/trades', b)).json();
    expect(mine).toEqual([expect.objectContaining({ side: 'buy', order_id: buy.json().id, fee: '0.002', fee_currency: COIN, fee_amount: '0.001' })]);

    const cancel = await post(`/market/orders/${ask}/cancel`, a);
    expect([cancel.statusCode, cancel.json().state]).toEqual([201, 'cancel']);
    expect(codes(await post(`/market/orders/${ask}/cancel`, a))).toEqual(['market.order.cancel_error']);
    expect(await balances(t, aId, COIN)).toEqual({ balance: '3.5', locked: '1' });
    const balancesA = await get('/account/balances?nonzero=true', a);
    expect(balancesA.json()).toEqual([{ currency: COIN, balance: '3.5', locked: '1' }, { currency: FIAT, balance: '14985', locked: '0' }]);
    expect((await get(`/account/balances/${FIAT}`, a)).json()).toEqual({ currency: FIAT, balance: '14985', locked: '0' });
    expect(codes(await get('/account/balances/nope', a))).toEqual(['account.currency.doesnt_exist']);
  });

  it('refuses what Peatio refuses, writing nothing but a failed activity per attempt', async () => {
    const refused = async (who: SignedIn, body: object) => codes(await post('/market/orders', who, body));
    expect(await refused(b, { market: MARKET, side: 'buy', volume: '10', price: '31000' })).toEqual(['market.account.insufficient_balance']);
    expect(await refused(b, { market: MARKET, side: 'buy', volume: '5', ord_type: 'market' })).toEqual(['market.order.insufficient_market_liquidity']);
    expect(await refused(b, { market: MARKET, side: 'buy', volume: '1', ord_type: 'market', price: '1' })).toEqual(['market.order.market_order_price']);
    expect(await refused(b, { market: MARKET, side: 'buy', volume: '0.000000001', price: '1' })).toEqual(['market.order.invalid_volume_or_price']);
    expect(await refused(b, { market: MARKET, side: 'buy', volume: '1', price: '1.001' })).toEqual(['market.order.invalid_volume_or_price']);
    expect(await refused(b, { market: MARKET, volume: '1', price: '1' })).toEqual(['market.order.missing_side']);
    expect(await refused(b, { market: MARKET, side: 'buy', volume: '-1', price: '1' })).toEqual(['market.order.non_positive_volume']);
    expect(await refused(b, { market: MARKET, side: 'buy', volume: '1', price: 'x' })).toEqual(['market.order.non_decimal_price']);
    expect(await refused(b, { market: 'nope', side: 'buy', volume: '1', price: '1' })).toEqual(['market.market.doesnt_exist']);
    expect(codes(await get('/market/orders?limit=1001', b))).toEqual(['market.order.invalid_limit']);
    expect(codes(await get('/market/orders?state=open', b))).toEqual(['market.order.invalid_state']);
    const activities = await t.db.kysely.selectFrom('activities').select(['result', 'action', 'category'])
      .where('user_id', '=', bId).where('topic', '=', 'orders').orderBy('id').execute();
    // Every attempt leaves one user activity: the engine's refusals from withAudit, the parameters' from the gateway's audit.
    expect(activities[0]).toEqual({ result: 'succeed', action: 'create', category: 'user' });
    expect(activities.slice(1).map((x) => `${x.result} ${x.category}`)).toEqual(Array(9).fill('failed user'));
    expect(await balances(t, bId, FIAT)).toEqual({ balance: '85000', locked: '0' });
  });

  it("answers every entity with the user swagger's fields and types", async () => {
    const publicTrade = { ...READING, leftOut: { Trade: Object.fromEntries(PUBLIC_TRADE_ONLY.map((f) => [f, 'member only'])) } };
    const tickers = Object.values((await get('/public/markets/tickers')).json()) as { ticker: unknown }[];
    const order = (await get('/market/orders', a)).json()[0];
    expect([
      ...check('Market', (await get('/public/markets')).json()),
      ...check('Currency', (await get('/public/currencies')).json()),
      ...check('TradingFee', (await get('/public/trading_fees')).json()),
      ...check('Ticker', tickers), ...check('TickerEntry', tickers.map((x) => x.ticker)),
      ...(await get(`/public/markets/${MARKET}/trades`)).json().flatMap((r: Record<string, unknown>) => problems(ENTITIES, 'Trade', r, publicTrade)),
      ...check('Account', (await get('/account/balances', a)).json()),
      ...check('Order', [...(await get('/market/orders', b)).json(), (await get(`/market/orders/${order.id}`, a)).json()]),
      ...check('Trade', [...(await get('/market/trades', a)).json(), ...(await get(`/market/orders/${order.id}`, a)).json().trades]),
    ]).toEqual([]);
  });

  it("gives a second member nothing of the first one's orders, trades or balances", async () => {
    for (const ref of [String(ask2), (await get(`/market/orders/${ask2}`, a)).json().uuid]) {
      const shown = await get(`/market/orders/${ref}`, b);
      expect([shown.statusCode, codes(shown)]).toEqual([404, ['record.not_found']]);
      expect((await post(`/market/orders/${ref}/cancel`, b)).statusCode).toBe(404);
    }
    expect((await post('/market/orders/cancel', b, { market: MARKET })).json()).toEqual([]);
    expect((await get(`/market/orders/${ask2}`, a)).json().state).toBe('wait');
    expect((await get('/market/orders', b)).json().every((o: { id: number }) => o.id !== ask2 && o.id !== ask)).toBe(true);
    expect((await get('/market/trades', b)).json().every((x: { side: string }) => x.side === 'buy')).toBe(true);
    expect((await get(`/account/balances/${COIN}`, b)).json()).toEqual({ currency: COIN, balance: '0.499', locked: '0' });
    // Neither anonymous callers nor members reach what is not theirs: member routes need a session, staff routes a staff role.
    expect((await get('/account/balances')).statusCode).toBe(401);
    const staff = await get('/admin/orders', b);
    expect([staff.statusCode, codes(staff)]).toEqual([401, ['authz.invalid_permission']]);
    // Cancel all: only A's own, the rest of A's book.
    const all = await post('/market/orders/cancel', a, { side: 'sell' });
    expect([all.statusCode, all.json().map((o: { id: number }) => o.id)]).toEqual([201, [ask2]]);
    await expectLedgerHolds(t);
  });

  it("cannot overdraw: a member's concurrent orders lock no more than the balance holds", async () => {
    // 85,000 of the fiat: each order locks 30,000, so two of four fit.
    const sent = await Promise.all([1, 2, 3, 4].map(() => post('/market/orders', b, { market: MARKET, side: 'buy', volume: '300', price: '100' })));
    expect(sent.map((r) => r.statusCode).sort()).toEqual([201, 201, 422, 422]);
    expect(sent.filter((r) => r.statusCode === 422).map(codes)).toEqual([['market.account.insufficient_balance'], ['market.account.insufficient_balance']]);
    expect(await balances(t, bId, FIAT)).toEqual({ balance: '25000', locked: '60000' });
    const all = await post('/market/orders/cancel', b, { market: MARKET, side: 'buy' });
    expect(all.json().map((o: { state: string }) => o.state)).toEqual(['cancel', 'cancel']);
    expect(await balances(t, bId, FIAT)).toEqual({ balance: '85000', locked: '0' });
    await expectLedgerHolds(t);
  });
});

describe('Peatio admin members', () => {
  it("lists members with their accounts, Peatio's filters, paging and codes", async () => {
    const admin = (await signInAs(t, 'admin')).session;
    const list = (q: string) => get(`/admin/members${q}`, admin);
    const uidA = a.user.uid as string;
    await t.db.kysely.insertInto('beneficiaries').values({ user_id: aId, currency_id: COIN, name: 'Cold wallet', data: JSON.stringify({ address: 'bc1qcold' }), state: 'active' } as never).execute();
    const one = await list(`?uid=${uidA}`);
    expect([one.statusCode, one.headers.total, one.headers['per-page']]).toEqual([200, '1', '100']);
    const [member] = one.json();
    expect(member).toMatchObject({ id: aId, uid: uidA, role: 'member', group: 'any', state: 'active' });
    expect(member.accounts).toEqual([
      { currency: COIN, balance: '4.5', locked: '0', precision: 8 }, { currency: FIAT, balance: '14985', locked: '0', precision: 2 },
    ]);
    expect(member.beneficiaries).toEqual([expect.objectContaining({ currency: COIN, name: 'Cold wallet', data: { address: 'bc1qcold' }, state: 'active' })]);
    expect(member.deposit_addresses).toEqual([]);
    expect(problems(ADMIN_ENTITIES, 'Member', member)).toEqual([]);
    expect((await get(`/admin/members/${uidA}`, admin)).json()).toEqual(member);
    const members = await list('?role=member&limit=1&page=2&ordering=desc');
    expect([members.headers.total, members.headers.page, members.json().map((m: { id: number }) => m.id)]).toEqual(['2', '2', [aId]]);
    expect((await list('?group=nobody')).json()).toEqual([]);
    expect((await list(`?email=${member.email.slice(0, 6)}`)).json().map((m: { id: number }) => m.id)).toEqual([aId]);
    expect((await list('?state=banned&role=member')).json()).toEqual([]);
    expect(codes(await list('?limit=1001'))).toEqual(['admin.pagination.invalid_limit']);
    expect(codes(await list('?role=king'))).toEqual(['admin.member.invalid_role']);
    expect(codes(await list('?from=yesterday'))).toEqual(['admin.filter.range_from_invalid']);
    expect(codes(await list('?order_by=password'))).toEqual(['admin.pagination.invalid_order_by']);
    expect((await list('?to=2000-01-01')).json()).toEqual([]);
  });
});
