/**
 * Orders and trades on the ledger: placing locks funds, trades move them with fees to revenue, cancel
 * (one, by ids, by market) returns what an order still locks — once, however the calls race — and the
 * lists filter and page. The ledger invariant is checked after every test.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { signInAs, type SignedIn } from '../helpers/auth.js';
import { createUser } from '../helpers/users.js';
import { balances, call, codesOf, COIN, expectLedgerHolds, FIAT, fund, MARKET, setupMoney } from './money-fixtures.js';
import { executeTrade, placeOrder, type MarketInfo } from '../../src/server/trading/orders.js';
import { LedgerRefusal } from '../../src/server/ledger/post.js';

let t: TestApp;
let market: MarketInfo;
let admin: SignedIn, broker: SignedIn;
let seller: { id: number; uid: string; email: string }, buyer: { id: number; uid: string; email: string };

const place = (member: number, side: 'buy' | 'sell', price: string, volume: string) =>
  t.db.kysely.transaction().execute((trx) => placeOrder(trx, { member, market, side, price, volume, at: new Date() }));
const state = async (id: number) => (await t.db.kysely.selectFrom('orders').select(['state', 'locked']).where('id', '=', id).executeTakeFirstOrThrow());

beforeAll(async () => {
  t = await testApp();
  market = await setupMoney(t);
  admin = (await signInAs(t, 'admin')).session;
  broker = (await signInAs(t, 'broker')).session;
  seller = await createUser(t.db);
  buyer = await createUser(t.db);
  await fund(t, seller.id, COIN, '10', 'coin');
  await fund(t, buyer.id, FIAT, '100000', 'fiat');
});
afterEach(async () => { await expectLedgerHolds(t); });
afterAll(async () => { await t?.close(); });

describe('placing and trading', () => {
  it('locks what an order may spend, and refuses an order the balance cannot cover', async () => {
    await place(seller.id, 'sell', '20000', '1.5');
    expect(await balances(t, seller.id, COIN)).toEqual({ balance: '8.5', locked: '1.5' });
    await place(buyer.id, 'buy', '19000', '2');
    expect(await balances(t, buyer.id, FIAT)).toEqual({ balance: '62000', locked: '38000' });
    await expect(place(buyer.id, 'buy', '19000', '100')).rejects.toBeInstanceOf(LedgerRefusal);
  });

  it('moves funds on a trade, fees to revenue, and returns a filled buy\'s unspent lock', async () => {
    const ask = await place(seller.id, 'sell', '20000', '1');
    const bid = await place(buyer.id, 'buy', '21000', '1');
    const before = { seller: await balances(t, seller.id, FIAT), buyer: await balances(t, buyer.id, COIN), buyerFiat: await balances(t, buyer.id, FIAT) };
    const trade = await t.db.kysely.transaction().execute((trx) => executeTrade(trx, market, ask, bid, '20000', '1', new Date()));
    expect(trade).toEqual(expect.any(Number));
    expect(await state(ask)).toMatchObject({ state: 'done' });
    expect(await state(bid)).toMatchObject({ state: 'done' });
    // Seller (maker, 0.1 %) receives 20000 − 20; buyer (taker, 0.2 %) 1 − 0.002 BTC and gets back 21000 − 20000.
    expect(Number((await balances(t, seller.id, FIAT)).balance) - Number(before.seller.balance)).toBe(19980);
    expect(Number((await balances(t, buyer.id, COIN)).balance) - Number(before.buyer.balance)).toBeCloseTo(0.998, 10);
    expect(Number((await balances(t, buyer.id, FIAT)).locked)).toBe(Number(before.buyerFiat.locked) - 21000);
    const res = await call(t, admin, 'GET', `/trades?uid=${buyer.uid}`);
    expect(res.json().find((x: { id: number }) => x.id === trade)).toMatchObject({
      price: '20000', amount: '1', total: '20000', market: MARKET, taker_type: 'buy', maker_uid: seller.uid, taker_uid: buyer.uid,
      maker_order_email: seller.email, taker_order_email: buyer.email, maker_fee_amount: '20', maker_fee_currency: FIAT,
      taker_fee_amount: '0.002', taker_fee_currency: COIN,
    });
    const order = (await call(t, admin, 'GET', `/orders/${bid}`)).json();
    expect(order).toMatchObject({ state: 'done', avg_price: '20000', executed_volume: '1', remaining_volume: '0', trades_count: 1, uid: buyer.uid });
  });

  it('averages the prices of an order\'s trades by volume, not their totals cut to the quote currency\'s places', async () => {
    const ask1 = await place(seller.id, 'sell', '65038.3', '0.3');
    const ask2 = await place(seller.id, 'sell', '65040', '0.2');
    const bid = await place(buyer.id, 'buy', '65040', '0.3');
    const trade = (ask: number, price: string, volume: string) =>
      t.db.kysely.transaction().execute((trx) => executeTrade(trx, market, ask, bid, price, volume, new Date()));
    // 0.10922 × 65038.3 = 7103.483… is cut to 7103.48 as the trade's total; the average stays the price.
    expect(await trade(ask1, '65038.3', '0.10922')).toEqual(expect.any(Number));
    const get = async (id: number) => (await call(t, admin, 'GET', `/orders/${id}`)).json();
    expect(await get(bid)).toMatchObject({ avg_price: '65038.3', executed_volume: '0.10922', trades_count: 1 });
    expect(await get(ask1)).toMatchObject({ avg_price: '65038.3', trades_count: 1 });
    // (65038.3 × 0.10922 + 65040 × 0.19078) / 0.3 = 65039.3810866666…, cut at 18 places.
    expect(await trade(ask2, '65040', '0.19078')).toEqual(expect.any(Number));
    expect(await get(bid)).toMatchObject({ state: 'done', avg_price: '65039.381086666666666666', executed_volume: '0.3', trades_count: 2 });
  });
});

describe('cancel', () => {
  it('cancels a waiting order once, returning its lock; a second cancel is cancel_error', async () => {
    const id = await place(seller.id, 'sell', '25000', '0.25');
    const before = await balances(t, seller.id, COIN);
    const res = await call(t, admin, 'POST', `/orders/${id}/cancel`);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ id, state: 'cancel' });
    expect(Number((await balances(t, seller.id, COIN)).balance)).toBeCloseTo(Number(before.balance) + 0.25, 10);
    expect(codesOf(await call(t, admin, 'POST', `/orders/${id}/cancel`))).toEqual(['admin.order.cancel_error']);
    expect((await call(t, admin, 'POST', '/orders/99999999/cancel')).statusCode).toBe(404);
    expect(codesOf(await call(t, admin, 'POST', '/orders/abc/cancel'))).toEqual(['admin.order.non_integer_id']);
    expect((await call(t, broker, 'POST', `/orders/${id}/cancel`)).statusCode).toBeGreaterThanOrEqual(401);
  });

  it('8 concurrent cancels of one order and a bulk cancel racing single cancels release each lock once', async () => {
    const id = await place(seller.id, 'sell', '26000', '0.5');
    const answers = await Promise.all(Array.from({ length: 8 }, () => call(t, admin, 'POST', `/orders/${id}/cancel`)));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    const ids = await Promise.all(Array.from({ length: 20 }, (_, i) => place(seller.id, 'sell', String(30000 + i), '0.01')));
    const before = await balances(t, seller.id, COIN);
    const [bulkA, bulkB, ...singles] = await Promise.all([
      call(t, admin, 'POST', '/bulk/orders_by_id', ids), call(t, admin, 'POST', '/bulk/orders_by_id', { ids: [...ids].reverse() }),
      ...ids.slice(0, 5).map((x) => call(t, admin, 'POST', `/orders/${x}/cancel`)),
    ]);
    const cancelled = [...bulkA!.json(), ...bulkB!.json()].map((o: { id: number }) => o.id).length
      + singles.filter((r) => r.statusCode === 201).length;
    expect(cancelled).toBe(20);
    expect(Number((await balances(t, seller.id, COIN)).balance)).toBeCloseTo(Number(before.balance) + 0.2, 10);
    for (const x of ids) expect((await state(x)).state).toBe('cancel');
  });

  it('refuses a bulk body that is not a list of up to 1,000 ids', async () => {
    for (const body of [[], ['x'], { ids: 'all' }, Array.from({ length: 1001 }, (_, i) => i + 1), [-1]]) {
      expect(codesOf(await call(t, admin, 'POST', '/bulk/orders_by_id', body))).toEqual(['admin.order.invalid_ids']);
    }
  });

  it('cancels every waiting order of a market (one side), Peatio style', async () => {
    const sells = await Promise.all(Array.from({ length: 3 }, () => place(seller.id, 'sell', '40000', '0.01')));
    const buy = await place(buyer.id, 'buy', '100', '0.01');
    const res = await call(t, admin, 'POST', '/orders/cancel', { market: MARKET, side: 'sell' });
    expect(res.statusCode).toBe(201);
    expect(res.json().map((o: { id: number }) => o.id)).toEqual(expect.arrayContaining(sells));
    expect((await state(buy)).state).toBe('wait');
    expect(codesOf(await call(t, admin, 'POST', '/orders/cancel', { market: 'nomarket' }))).toEqual(['admin.order.market_doesnt_exist']);
    await call(t, admin, 'POST', `/orders/${buy}/cancel`);
  });
});

describe('lists', () => {
  it('filters orders by state, market, side, type, member and amount, with the console\'s names too', async () => {
    const id = await place(buyer.id, 'buy', '123.45', '0.37');
    const one = async (q: string) => (await call(t, admin, 'GET', `/orders?${q}`)).json().map((o: { id: number }) => o.id);
    expect(await one(`state=wait&market=${MARKET}&side=buy`)).toContain(id);
    expect(await one('state=wait&type=buy&order_type=limit')).toContain(id);
    expect(await one('amount=0.37')).toEqual([id]);
    expect(await one('price=123.45')).toEqual([id]);
    expect(await one(`email=${encodeURIComponent(buyer.email)}&amount=0.37`)).toEqual([id]);
    expect(await one(`uid=${seller.uid}&state=wait`)).not.toContain(id);
    expect(await one('uid=ID0000000000')).toEqual([]);
    expect(codesOf(await call(t, admin, 'GET', '/orders?state=open'))).toEqual(['admin.order.invalid_state']);
    const page = await call(t, admin, 'GET', '/orders?limit=2');
    const next = await call(t, admin, 'GET', `/orders?limit=2&cursor=${page.headers['next-cursor']}`);
    expect(next.json()[0].id).toBeGreaterThan(page.json()[1].id);
    await call(t, admin, 'POST', `/orders/${id}/cancel`);
  });

  it('pages a date-filtered list by (created_at, id), its cursors made for that order', async () => {
    const at = (s: number) => new Date(Date.UTC(2031, 0, 1, 0, 0, s));
    const placeAt = (s: number) => t.db.kysely.transaction().execute((trx) =>
      placeOrder(trx, { member: buyer.id, market, side: 'buy', price: '10', volume: '0.01', at: at(s) }));
    // Ids in one order, times in another: the dated list follows the times.
    const [a, b, c] = [await placeAt(20), await placeAt(10), await placeAt(30)];
    const range = `from=${at(0).getTime() / 1000}&to=${at(40).getTime() / 1000}`;
    const first = await call(t, admin, 'GET', `/orders?${range}&limit=2`);
    expect(first.json().map((o: { id: number }) => o.id)).toEqual([b, a]);
    const next = await call(t, admin, 'GET', `/orders?${range}&limit=2&cursor=${first.headers['next-cursor']}`);
    expect(next.json().map((o: { id: number }) => o.id)).toEqual([c]);
    const desc = await call(t, admin, 'GET', `/orders?${range}&ordering=desc`);
    expect(desc.json().map((o: { id: number }) => o.id)).toEqual([c, a, b]);
    // A cursor of the undated (id) order is not one for the dated list, nor the other way round.
    const undated = await call(t, admin, 'GET', '/orders?limit=1');
    expect(codesOf(await call(t, admin, 'GET', `/orders?${range}&cursor=${undated.headers['next-cursor']}`))).toEqual(['admin.pagination.invalid_cursor']);
    expect(codesOf(await call(t, admin, 'GET', `/orders?cursor=${first.headers['next-cursor']}`))).toEqual(['admin.pagination.invalid_cursor']);
    await call(t, admin, 'POST', '/bulk/orders_by_id', [a, b, c]);
  });

  it('pages ids first and rows after, so every page, cursor and order is the full list\'s slice', async () => {
    const at = (s: number) => new Date(Date.UTC(2032, 0, 1, 0, 0, s));
    const ids: number[] = [];
    // Times against the ids' order again, so the dated and undated orders differ.
    for (const s of [7, 3, 9, 1, 5, 8, 2, 6, 4]) {
      ids.push(await t.db.kysely.transaction().execute((trx) =>
        placeOrder(trx, { member: seller.id, market, side: 'sell', price: '99000', volume: '0.001', at: at(s) })));
    }
    const range = `from=${at(0).getTime() / 1000}&to=${at(10).getTime() / 1000}`;
    const idsOf = (r: { json(): unknown }) => (r.json() as { id: number; uid: string }[]).map((o) => o.id);
    for (const base of [`uid=${seller.uid}&state=wait&price=99000`, `${range}&state=wait&market=${MARKET}`]) {
      for (const ordering of ['asc', 'desc']) {
        const q = `${base}&ordering=${ordering}`;
        const all = await call(t, admin, 'GET', `/orders?${q}&limit=100`);
        expect(new Set(idsOf(all))).toEqual(new Set(ids));
        expect((all.json() as { uid: string }[]).every((o) => o.uid === seller.uid)).toBe(true);
        const whole = idsOf(all);
        // Forward by cursor, back by the prev-cursor, and by page number: each the same slice.
        const pages: number[][] = [];
        let res = await call(t, admin, 'GET', `/orders?${q}&limit=4`);
        pages.push(idsOf(res));
        while (res.headers['next-cursor']) {
          res = await call(t, admin, 'GET', `/orders?${q}&limit=4&cursor=${res.headers['next-cursor']}`);
          pages.push(idsOf(res));
        }
        expect(pages).toEqual([whole.slice(0, 4), whole.slice(4, 8), whole.slice(8)]);
        const back = await call(t, admin, 'GET', `/orders?${q}&limit=4&cursor=${res.headers['prev-cursor']}`);
        expect(idsOf(back)).toEqual(whole.slice(4, 8));
        expect(idsOf(await call(t, admin, 'GET', `/orders?${q}&limit=4&page=2`))).toEqual(whole.slice(4, 8));
      }
    }
    await call(t, admin, 'POST', '/bulk/orders_by_id', ids);
  });

  it('filters trades by maker and taker e-mail and market', async () => {
    const byMaker = (await call(t, admin, 'GET', `/trades?maker_email=${encodeURIComponent(seller.email)}`)).json();
    expect(byMaker.length).toBeGreaterThan(0);
    expect(byMaker.every((x: { maker_uid: string }) => x.maker_uid === seller.uid)).toBe(true);
    expect((await call(t, admin, 'GET', `/trades?taker_email=${encodeURIComponent(seller.email)}`)).json()).toEqual([]);
    expect((await call(t, admin, 'GET', '/trades?market=nomarket')).json()).toEqual([]);
    // uid: either side, each trade once, in id order, paged by cursor like any list (the seller as taker here).
    const bid = await place(buyer.id, 'buy', '20000', '0.01'), ask = await place(seller.id, 'sell', '20000', '0.01');
    await t.db.kysely.transaction().execute((trx) => executeTrade(trx, market, bid, ask, '20000', '0.01', new Date()));
    const either = (await call(t, admin, 'GET', `/trades?uid=${seller.uid}&limit=100`)).json() as { id: number; maker_uid: string; taker_uid: string }[];
    expect(either.map((x) => x.id)).toEqual(byMaker.map((x: { id: number }) => x.id).concat(
      (await call(t, admin, 'GET', `/trades?taker_email=${encodeURIComponent(seller.email)}`)).json().map((x: { id: number }) => x.id)).sort((a: number, b: number) => a - b));
    expect(either.every((x) => x.maker_uid === seller.uid || x.taker_uid === seller.uid)).toBe(true);
    expect(either.length).toBeGreaterThanOrEqual(2);
    const one = await call(t, admin, 'GET', `/trades?uid=${seller.uid}&limit=1`);
    const next = await call(t, admin, 'GET', `/trades?uid=${seller.uid}&limit=1&cursor=${one.headers['next-cursor']}`);
    expect(next.json()[0].id).toBe(either[1]!.id);
    const page2 = await call(t, admin, 'GET', `/trades?uid=${seller.uid}&limit=1&page=2`);
    expect(page2.json()[0].id).toBe(either[1]!.id);
    const desc = (await call(t, admin, 'GET', `/trades?uid=${seller.uid}&limit=100&ordering=desc`)).json().map((x: { id: number }) => x.id);
    expect(desc).toEqual(either.map((x) => x.id).reverse());
    // The taker's side (the palette's `side:`), with the uid on either side: the two sides split the trades.
    const sells = (await call(t, admin, 'GET', `/trades?uid=${seller.uid}&taker_type=sell&limit=100`)).json() as { id: number; taker_type: string }[];
    const buys = (await call(t, admin, 'GET', `/trades?uid=${seller.uid}&taker_type=BUY&limit=100`)).json() as { id: number; taker_type: string }[];
    expect(sells.every((x) => x.taker_type === 'sell') && buys.every((x) => x.taker_type === 'buy')).toBe(true);
    expect(sells.map((x) => x.id)).toContain(either[either.length - 1]!.id);
    expect([...sells, ...buys].map((x) => x.id).sort((a, b) => a - b)).toEqual(either.map((x) => x.id));
    expect(codesOf(await call(t, admin, 'GET', '/trades?taker_type=sideways'))).toEqual(['admin.trade.invalid_taker_type']);
    // Either side combined with a maker's or taker's e-mail: the side the e-mail rules out is not walked
    // (its conditions contradict: filters.ts), the other answers as the two filters together mean.
    const q = (extra: string) => call(t, admin, 'GET', `/trades?uid=${seller.uid}&limit=100&${extra}`);
    const ids = (res: Awaited<ReturnType<typeof q>>) => res.json().map((x: { id: number }) => x.id);
    const asMaker = either.filter((x) => x.maker_uid === seller.uid).map((x) => x.id);
    const buyerMakes = either.filter((x) => x.maker_uid === buyer.uid).map((x) => x.id);
    expect(asMaker.length && buyerMakes.length).toBeGreaterThan(0);
    expect(ids(await q(`maker_email=${encodeURIComponent(seller.email)}`))).toEqual(asMaker);
    const other = await q(`maker_email=${encodeURIComponent(buyer.email)}`);
    expect(ids(other)).toEqual(buyerMakes);
    expect(other.headers.total).toBe(String(buyerMakes.length));
    expect(ids(await q(`taker_email=${encodeURIComponent(seller.email)}&maker_email=${encodeURIComponent(seller.email)}`))).toEqual([]);
  });
});
