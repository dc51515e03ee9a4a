/**
 * The ledger's lists and checks: Peatio's four lists and the console's one (kinds by ability), the
 * running totals per currency holding the invariant, and ledger:check finding each kind of breach.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { signInAs, type SignedIn } from '../helpers/auth.js';
import { createUser } from '../helpers/users.js';
import { call, codesOf, COIN, expectLedgerHolds, FIAT, fund, setupMoney } from './money-fixtures.js';
import { placeOrder, executeTrade, type MarketInfo } from '../../src/server/trading/orders.js';
import { checkLedger } from '../../src/server/ledger/check.js';
import { post } from '../../src/server/ledger/post.js';

let t: TestApp;
let market: MarketInfo;
let admin: SignedIn, compliance: SignedIn;
let a: { id: number; uid: string }, b: { id: number; uid: string };

beforeAll(async () => {
  t = await testApp();
  market = await setupMoney(t);
  admin = (await signInAs(t, 'admin')).session;
  compliance = (await signInAs(t, 'compliance')).session;
  a = await createUser(t.db);
  b = await createUser(t.db);
  await fund(t, a.id, COIN, '3', 'coin');
  await fund(t, b.id, FIAT, '90000', 'fiat');
  await t.db.kysely.transaction().execute(async (trx) => {
    const at = new Date();
    const ask = await placeOrder(trx, { member: a.id, market, side: 'sell', price: '30000', volume: '1', at });
    const bid = await placeOrder(trx, { member: b.id, market, side: 'buy', price: '30000', volume: '1', at });
    await executeTrade(trx, market, ask, bid, '30000', '1', at);
  });
});
afterAll(async () => { await t?.close(); });

describe('operations', () => {
  it('lists each kind on Peatio\'s paths and the console\'s, with the member and what it was for', async () => {
    const liabilities = (await call(t, admin, 'GET', `/liabilities?uid=${a.uid}`)).json();
    expect(liabilities.length).toBeGreaterThan(0);
    expect(liabilities.every((o: { kind: string; uid: string }) => o.kind === 'liability' && o.uid === a.uid)).toBe(true);
    expect(liabilities.map((o: { reference_type: string }) => o.reference_type)).toEqual(expect.arrayContaining(['Deposit', 'Order', 'Trade']));
    expect(liabilities.find((o: { code: number }) => o.code === 212)).toMatchObject({ account_kind: 'locked' });
    const revenues = (await call(t, admin, 'GET', '/revenues')).json();
    expect(revenues.map((o: { currency: string; credit: string }) => [o.currency, o.credit]).sort()).toEqual([[COIN, '0.002'], [FIAT, '30']]);
    const assets = (await call(t, admin, 'GET', `/operations?kind=asset&currency=${COIN}`)).json();
    expect(assets.every((o: { code: number }) => o.code === 102)).toBe(true);
    const trade = (await call(t, admin, 'GET', '/operations?reference_type=Trade')).json();
    expect(new Set(trade.map((o: { kind: string }) => o.kind))).toEqual(new Set(['liability', 'revenue']));
    expect(codesOf(await call(t, admin, 'GET', '/operations?kind=equity'))).toEqual(['admin.operation.invalid_kind']);
    // Every kind of posting the ledger makes can be filtered on, the applogic area's too.
    for (const type of ['Investment', 'Bonus', 'Reward', 'ProviderTransaction', 'NfeTransaction', 'Swap']) {
      expect((await call(t, admin, 'GET', `/operations?reference_type=${type}`)).statusCode, type).toBe(200);
    }
  });

  it('shows compliance every kind but revenues, and refuses revenues outright', async () => {
    // Revenues' own list stops at the gateway; the operations list is open to compliance and its handler refuses the kind.
    expect((await call(t, compliance, 'GET', '/revenues')).statusCode).toBe(401);
    expect((await call(t, compliance, 'GET', '/operations?kind=revenue')).statusCode).toBe(403);
    const all = (await call(t, compliance, 'GET', '/operations?limit=100')).json();
    expect(all.length).toBeGreaterThan(0);
    expect(all.some((o: { kind: string }) => o.kind === 'revenue')).toBe(false);
  });

  it('merges the kinds a role reads into one list in id order, paged and counted as one', async () => {
    // Each kind is walked on its own (money-list.ts `walks`) and the walks merged: the same rows as one list would be.
    const ids = (res: Awaited<ReturnType<typeof call>>) => res.json().map((o: { id: number }) => o.id) as number[];
    const each = (await Promise.all(['asset', 'liability', 'revenue', 'expense'].map(async (k) => ids(await call(t, admin, 'GET', `/operations?kind=${k}&limit=100`)))))
      .flat().sort((x, y) => x - y);
    const merged = await call(t, admin, 'GET', '/operations?limit=100');
    expect(ids(merged)).toEqual(each);
    expect(merged.headers.total).toBe(String(each.length));
    expect(ids(await call(t, admin, 'GET', '/operations?limit=100&ordering=desc'))).toEqual([...each].reverse());
    const first = await call(t, admin, 'GET', '/operations?limit=3');
    const next = await call(t, admin, 'GET', `/operations?limit=3&cursor=${first.headers['next-cursor']}`);
    expect([...ids(first), ...ids(next)]).toEqual(each.slice(0, 6));
    expect(ids(await call(t, admin, 'GET', '/operations?limit=3&page=2'))).toEqual(each.slice(3, 6));
    const dated = await call(t, admin, 'GET', `/operations?limit=100&from=${Math.floor(Date.now() / 1000) - 3600}&uid=${a.uid}`);
    expect(ids(dated).length).toBeGreaterThan(0);
    // Counted walking (created_at, id) like the page (count.ts `order`), descending too: the same total.
    expect(dated.headers.total).toBe(String(ids(dated).length));
    const datedDesc = await call(t, admin, 'GET', `/operations?limit=2&ordering=desc&from=${Math.floor(Date.now() / 1000) - 3600}&uid=${a.uid}`);
    expect(datedDesc.headers.total).toBe(String(ids(dated).length));
    expect(ids(datedDesc)).toEqual([...ids(dated)].reverse().slice(0, 2));
    expect(dated.json().every((o: { uid: string | null }) => o.uid === a.uid)).toBe(true);
  });

  it('reads an account code as its kind: the same rows, and none where the kind is not the one asked for or readable', async () => {
    const codes = async (q: string) => (await call(t, admin, 'GET', `/operations?limit=100&${q}`)).json().map((o: { id: number; code: number }) => [o.id, o.code]);
    const all = (await call(t, admin, 'GET', '/operations?limit=100')).json() as { id: number; code: number; kind: string }[];
    const locked = all.filter((o) => o.code === 212).map((o) => [o.id, o.code]);
    expect(locked.length).toBeGreaterThan(0);
    expect(await codes('code=212')).toEqual(locked);
    expect(await codes('code=212&kind=liability')).toEqual(locked);
    expect(await codes('code=212&kind=asset')).toEqual([]);
    const onAssets = await call(t, admin, 'GET', '/assets?code=212');
    expect([onAssets.statusCode, onAssets.json(), onAssets.headers.total]).toEqual([200, [], '0']);
    // Compliance reads every kind but revenues: a revenue code is no row of theirs.
    const revenue = all.find((o) => o.kind === 'revenue')!.code;
    expect((await call(t, admin, 'GET', `/operations?code=${revenue}`)).json().length).toBeGreaterThan(0);
    expect((await call(t, compliance, 'GET', `/operations?code=${revenue}`)).json()).toEqual([]);
  });

  it('answers the running totals per currency, each holding the invariant', async () => {
    const totals = (await call(t, admin, 'GET', '/operations/totals')).json();
    expect(totals.map((x: { currency: string }) => x.currency)).toEqual([COIN, FIAT]);
    for (const x of totals) expect(Number(x.imbalance)).toBe(0);
    expect(totals.find((x: { currency: string }) => x.currency === FIAT)).toMatchObject({ assets: '90000', revenues: '30', imbalance: '0' });
    await expectLedgerHolds(t);
  });
});

describe('ledger:check', () => {
  it('reports an account that differs from its liabilities, an unbalanced currency and drifted running totals', async () => {
    const db = t.db.kysely;
    await db.updateTable('accounts').set({ balance: '999' }).where('user_id', '=', a.id).where('currency_id', '=', COIN).execute();
    await db.insertInto('operations').values({ code: 102, currency_id: COIN, member_id: null, reference_type: 'Adjustment', reference_id: 0, debit: '0', credit: '5' }).execute();
    const { problems } = await checkLedger(db);
    expect(problems.some((p) => p.startsWith(`member ${a.id} ${COIN}: account balance 999`))).toBe(true);
    expect(problems.some((p) => p.startsWith(`${COIN}: assets + expenses − liabilities − revenues = 5`))).toBe(true);
    expect(problems.some((p) => p.startsWith(`${COIN} kind 1: running total`))).toBe(true);
  });

  it('refuses an unbalanced posting before writing anything', async () => {
    const before = await t.db.kysely.selectFrom('operations').select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow();
    await expect(post(t.db.kysely, { reference: { type: 'Adjustment', id: 1 }, at: new Date(), entries: [{ code: 101, currency: FIAT, credit: '1' }] }))
      .rejects.toThrow(/does not balance/);
    await expect(post(t.db.kysely, { reference: { type: 'Adjustment', id: 1 }, at: new Date(), entries: [{ code: 101, currency: COIN, credit: '1' }, { code: 301, currency: COIN, credit: '1' }] }))
      .rejects.toThrow(/not for a coin currency/);
    const after = await t.db.kysely.selectFrom('operations').select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});
