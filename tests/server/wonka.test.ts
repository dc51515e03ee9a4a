/**
 * Wonka over HTTP (applogic): the setup's write rules (pairs of wonka-enabled currencies priced by their
 * own market, config and discount fractions), the public current price, a member's quotes (last trade ±
 * spread, fee less the best discount) and swaps (once per quote through the ledger; refused after expiry,
 * a second time, on a short balance or a disabled pair; concurrent swaps of one quote post once), the
 * histories' filters and the abilities. The ledger's invariants hold after every test.
 */
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { signInAs, type SignedIn } from '../helpers/auth.js';
import { createUser } from '../helpers/users.js';
import { balances, COIN, expectLedgerHolds, FIAT, fund, MARKET, setupMoney } from './money-fixtures.js';
import { submitOrder } from '../../src/server/trading/matching.js';

const AL = '/api/v2/applogic';
const PAIR = `${COIN}/${FIAT}`;

let t: TestApp;
let su: SignedIn, accountant: SignedIn, support: SignedIn, compliance: SignedIn, broker: SignedIn, technical: SignedIn, manager: SignedIn;
let pairId: number, configId: number;

const codes = (res: { json(): unknown }) => (res.json() as { errors?: string[] }).errors;
const call = (who: SignedIn | null, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({ method, url: `${AL}${url}`, payload: payload as object, headers: who ? who.headers() : {} });
const swapOps = (id: number) => t.db.kysely.selectFrom('operations').select(['code', 'currency_id', 'debit', 'credit', 'member_id'])
  .where('reference_type', '=', 'Swap').where('reference_id', '=', id).orderBy('id').execute();
const plain = (s: string) => (s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s);

/** A member signed in, with coin and fiat on their balance. */
async function member(coin = '1', fiat = '1000', feeGroup = 'any') {
  const m = await signInAs(t, 'member');
  await t.db.kysely.updateTable('users').set({ fee_group: feeGroup }).where('id', '=', m.user.id).execute();
  if (coin !== '0') await fund(t, m.user.id, COIN, coin, 'coin');
  if (fiat !== '0') await fund(t, m.user.id, FIAT, fiat, 'fiat');
  return m;
}
const quote = (who: SignedIn, body: Record<string, unknown>) => call(who, 'POST', '/wonka/quotes', body);
const swap = (who: SignedIn, quoteId: unknown) => call(who, 'POST', '/wonka/swaps', { quote_id: quoteId });

beforeAll(async () => {
  t = await testApp();
  const market = await setupMoney(t);
  await t.db.kysely.insertInto('currencies').values([
    { code: 'wnope', name: 'Not Wonka', type: 'coin', precision: 8 }, { code: 'weth', name: 'Wonka Eth', type: 'coin', precision: 8 },
  ]).execute();
  await t.db.kysely.updateTable('currencies').set({ wonka_swap_enabled: true }).where('code', 'in', [COIN, FIAT, 'weth']).execute();
  const engine = await t.db.kysely.selectFrom('engines').select('id').executeTakeFirstOrThrow();
  await t.db.kysely.insertInto('markets').values({ id: `weth${FIAT}`, base_unit: 'weth', quote_unit: FIAT, engine_id: engine.id, state: 'enabled', data: '{}' } as never).execute();
  // One trade at 20000 on the price market: a seller and a buyer cross.
  const [seller, buyer] = [await createUser(t.db), await createUser(t.db)];
  await fund(t, seller.id, COIN, '1', 'coin');
  await fund(t, buyer.id, FIAT, '100000', 'fiat');
  await submitOrder(t.db.kysely, { member: seller.id, market, side: 'sell', price: '20000', volume: '0.5' });
  await submitOrder(t.db.kysely, { member: buyer.id, market, side: 'buy', price: '20000', volume: '0.5' });
  su = (await signInAs(t, 'superadmin')).session;
  accountant = (await signInAs(t, 'accountant')).session;
  support = (await signInAs(t, 'support')).session;
  compliance = (await signInAs(t, 'compliance')).session;
  broker = (await signInAs(t, 'broker')).session;
  technical = (await signInAs(t, 'technical')).session;
  manager = (await signInAs(t, 'manager')).session;
  const p = await call(su, 'POST', '/admin/wonkas/new', { base_currency: COIN, quote_currency: FIAT.toUpperCase(), market_id: MARKET });
  expect(p.statusCode, p.body).toBe(201);
  expect(p.json()).toMatchObject({ pair: PAIR, state: 'enabled' });
  pairId = p.json().id;
  const c = await call(su, 'POST', '/admin/wonka_configs/new', { wonka_id: pairId, fee: '0.002', spread: '0.001', min_amount: '0.001', max_amount: '2', quote_ttl_seconds: 30 });
  expect(c.statusCode, c.body).toBe(201);
  configId = c.json().id;
  const d = await call(su, 'POST', '/admin/wonka_discounts/new', { name: 'VIP', kind: 'tier', tier: 'vip', discount: '0.25', starts_at: '2026-01-01T00:00:00Z', ends_at: '2027-01-01T00:00:00Z' });
  expect(d.statusCode, d.body).toBe(201);
  const e = await call(su, 'POST', '/admin/wonka_discounts/new', { name: 'Swap week', kind: 'campaign', campaign: 'swap-week', discount: '0.5', starts_at: '2026-11-15T00:00:00Z', ends_at: '2026-11-22T00:00:00Z' });
  expect(e.statusCode, e.body).toBe(201);
}, 60_000);
afterEach(async () => { await expectLedgerHolds(t); });
afterAll(async () => { await t?.close(); });

describe('setup', () => {
  it('refuses a pair of a currency not enabled for Wonka, a foreign market, one currency twice or a taken pair', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ base_currency: 'wnope', quote_currency: FIAT, market_id: MARKET }, 'admin.wonka.base_currency_not_wonka_enabled'],
      [{ base_currency: 'weth', quote_currency: 'wnope', market_id: MARKET }, 'admin.wonka.quote_currency_not_wonka_enabled'],
      [{ base_currency: 'weth', quote_currency: FIAT, market_id: MARKET }, 'admin.wonka.market_mismatch'],
      [{ base_currency: COIN, quote_currency: COIN, market_id: MARKET }, 'admin.wonka.quote_currency_equals_base_currency'],
      [{ base_currency: COIN, quote_currency: FIAT, market_id: MARKET }, 'admin.wonka.base_currency_quote_currency_taken'],
      [{ base_currency: 'nosuch', quote_currency: FIAT, market_id: MARKET }, 'admin.wonka.base_currency_doesnt_exist'],
    ];
    for (const [body, code] of cases) {
      const res = await call(su, 'POST', '/admin/wonkas/new', body);
      expect([code, res.statusCode, codes(res)]).toEqual([code, 422, [code]]);
    }
    expect(await t.db.kysely.selectFrom('wonkas').select('id').execute()).toHaveLength(1);
  });

  it('makes one pair of concurrent identical creates; the others are told it is taken', async () => {
    const engine = await t.db.kysely.selectFrom('engines').select('id').executeTakeFirstOrThrow();
    await t.db.kysely.insertInto('markets').values({ id: `weth${COIN}`, base_unit: 'weth', quote_unit: COIN, engine_id: engine.id, state: 'enabled', data: '{}' } as never).execute();
    const answers = await Promise.all(Array.from({ length: 8 }, () => call(su, 'POST', '/admin/wonkas/new', { base_currency: 'weth', quote_currency: COIN, market_id: `weth${COIN}` })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, ...Array(7).fill(422)]);
    for (const r of answers.filter((x) => x.statusCode === 422)) expect(codes(r)).toEqual(['admin.wonka.base_currency_quote_currency_taken']);
    expect(await t.db.kysely.selectFrom('wonkas').select('pair').where('pair', '=', `weth/${COIN}`).execute()).toHaveLength(1);
  });

  it("refuses a config's fee or spread of 100 % or more, a minimum above the maximum, a second config of a pair", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ id: configId, fee: '1' }, 'admin.wonka_config.invalid_fee'],
      [{ id: configId, spread: '1.5' }, 'admin.wonka_config.invalid_spread'],
      [{ id: configId, min_amount: '3' }, 'admin.wonka_config.min_amount_exceeds_max_amount'],
    ];
    for (const [body, code] of cases) expect([code, codes(await call(su, 'POST', '/admin/wonka_configs/update', body))]).toEqual([code, [code]]);
    expect(codes(await call(su, 'POST', '/admin/wonka_configs/new', { wonka_id: pairId }))).toEqual(['admin.wonka_config.wonka_id_taken']);
    expect((await call(su, 'GET', `/admin/wonka_configs/${configId}`)).json()).toMatchObject({ fee: '0.002', spread: '0.001', pair: PAIR });
  });

  it('refuses a discount outside (0, 100 %], ending before it starts, or without its tier or campaign', async () => {
    const base = { kind: 'tier', tier: 'any', discount: '0.1', starts_at: '2026-01-01T00:00:00Z', ends_at: '2027-01-01T00:00:00Z' };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, name: 'a', discount: '0' }, 'admin.wonka_discount.invalid_discount'],
      [{ ...base, name: 'b', discount: '1.01' }, 'admin.wonka_discount.invalid_discount'],
      [{ ...base, name: 'c', ends_at: '2025-01-01T00:00:00Z' }, 'admin.wonka_discount.starts_at_exceeds_ends_at'],
      [{ ...base, name: 'd', kind: 'campaign' }, 'admin.wonka_discount.missing_campaign'],
      [{ ...base, name: 'VIP' }, 'admin.wonka_discount.name_taken'],
    ];
    for (const [body, code] of cases) expect([code, codes(await call(su, 'POST', '/admin/wonka_discounts/new', body))]).toEqual([code, [code]]);
  });
});

describe('current price', () => {
  it('answers the price market\'s last trade without a session; clear codes for a missing or unknown pair and no trades', async () => {
    const res = await call(null, 'GET', `/public/current_price?pair=${encodeURIComponent(PAIR)}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ pair: PAIR, market_id: MARKET, price: '20000' });
    expect([(await call(null, 'GET', '/public/current_price')).statusCode, codes(await call(null, 'GET', '/public/current_price'))]).toEqual([422, ['wonka.pair.missing']]);
    const unknown = await call(null, 'GET', '/public/current_price?pair=abc/def');
    expect([unknown.statusCode, codes(unknown)]).toEqual([404, ['wonka.pair.doesnt_exist']]);
    const p = await call(su, 'POST', '/admin/wonkas/new', { base_currency: 'weth', quote_currency: FIAT, market_id: `weth${FIAT}` });
    await call(su, 'POST', '/admin/wonka_configs/new', { wonka_id: p.json().id });
    expect(codes(await call(null, 'GET', `/public/current_price?pair=weth/${FIAT}`))).toEqual(['wonka.price.unavailable']);
  });
});

describe('quotes', () => {
  it('prices a sell below and a buy above the last trade, the fee in the quote currency, expiring after the TTL', async () => {
    const m = await member();
    const sell = await quote(m.session, { pair: PAIR, side: 'sell', amount: '0.01' });
    expect(sell.statusCode, sell.body).toBe(201);
    // 0.01 × 20000 × (1 − 0.001) = 199.8; fee 0.2 % = 0.3996, rounded up to the cent.
    expect(sell.json()).toMatchObject({
      uid: m.user.uid, pair: PAIR, side: 'sell', from_currency: COIN, from_amount: '0.01', to_currency: FIAT, to_amount: '199.4',
      price: '20000', rate: '19980', fee: '0.4', fee_currency: FIAT, fee_rate: '0.002', discount_id: null,
      expires_at: '2026-11-20T12:00:30.000Z',
    });
    const buy = await quote(m.session, { pair: PAIR, side: 'buy', amount: '0.01' });
    // 0.01 × 20000 × 1.001 = 200.2; fee 0.4004 → 0.41; paid 200.61.
    expect(buy.json()).toMatchObject({ from_currency: FIAT, from_amount: '200.61', to_currency: COIN, to_amount: '0.01', rate: '20020', fee: '0.41' });
  });

  it("takes the member's best discount: their tier's, or a running campaign they name; an unknown campaign is refused", async () => {
    const vip = await member('1', '0', 'vip');
    const q = (await quote(vip.session, { pair: PAIR, side: 'sell', amount: '0.01' })).json();
    expect(q).toMatchObject({ fee_rate: '0.0015', fee: '0.3', to_amount: '199.5', discount_name: 'VIP' });
    const c = (await quote(vip.session, { pair: PAIR, side: 'sell', amount: '0.01', campaign: 'swap-week' })).json();
    expect(c).toMatchObject({ fee_rate: '0.001', fee: '0.2', to_amount: '199.6', discount_name: 'Swap week', campaign: 'swap-week' });
    expect(codes(await quote(vip.session, { pair: PAIR, side: 'sell', amount: '0.01', campaign: 'nope' }))).toEqual(['wonka.quote.unknown_campaign']);
  });

  it('refuses bad input with a code and writes nothing', async () => {
    const m = await member();
    const cases: [Record<string, unknown>, string][] = [
      [{ side: 'sell', amount: '1' }, 'wonka.quote.missing_pair'],
      [{ pair: PAIR, side: 'hold', amount: '1' }, 'wonka.quote.invalid_side'],
      [{ pair: PAIR, side: 'sell', amount: 'lots' }, 'wonka.quote.invalid_amount'],
      [{ pair: PAIR, side: 'sell', amount: 1 }, 'wonka.quote.invalid_amount'],
      [{ pair: PAIR, side: 'sell', amount: '0' }, 'wonka.quote.non_positive_amount'],
      [{ pair: PAIR, side: 'sell', amount: '0.000000001' }, 'wonka.quote.amount_exceeds_precision'],
      [{ pair: PAIR, side: 'sell', amount: '0.0001' }, 'wonka.quote.amount_below_minimum'],
      [{ pair: PAIR, side: 'sell', amount: '3' }, 'wonka.quote.amount_above_maximum'],
      [{ pair: 'abc/def', side: 'sell', amount: '1' }, 'wonka.pair.doesnt_exist'],
      [{ pair: PAIR, side: 'sell', amount: '1', campaign: 'x'.repeat(65) }, 'wonka.quote.invalid_campaign'],
    ];
    for (const [body, code] of cases) expect([code, codes(await quote(m.session, body))]).toEqual([code, [code]]);
    // Without a maximum, an amount whose price would not fit an amount column is refused, not a 500.
    await t.db.kysely.updateTable('wonka_configs').set({ max_amount: '0' }).where('id', '=', configId).execute();
    try {
      expect(codes(await quote(m.session, { pair: PAIR, side: 'sell', amount: '999999999999999999' }))).toEqual(['wonka.quote.amount_too_large']);
      expect(codes(await quote(m.session, { pair: PAIR, side: 'buy', amount: '999999999999999999' }))).toEqual(['wonka.quote.amount_too_large']);
    } finally { await t.db.kysely.updateTable('wonka_configs').set({ max_amount: '2' }).where('id', '=', configId).execute(); }
    expect(await t.db.kysely.selectFrom('quotes').select('id').where('uid', '=', m.user.uid).execute()).toHaveLength(0);
    expect((await call(null, 'POST', '/wonka/quotes', { pair: PAIR, side: 'sell', amount: '1' })).statusCode).toBe(401);
  });
});

describe('swaps', () => {
  it('executes a quote once through the ledger: member 20x debit / revenue 30x credit, revenue 30x debit / member 20x credit', async () => {
    const m = await member('1', '0');
    const q = (await quote(m.session, { pair: PAIR, side: 'sell', amount: '0.01' })).json();
    const res = await swap(m.session, q.id);
    expect(res.statusCode, res.body).toBe(201);
    const s = res.json();
    expect(s).toMatchObject({ quote_id: q.id, uid: m.user.uid, from_amount: '0.01', to_amount: '199.4', fee: '0.4', state: 'completed' });
    const ops = await swapOps(s.id);
    expect(ops.map((o) => [o.code, o.currency_id, plain(o.debit), plain(o.credit), o.member_id === null ? null : Number(o.member_id)])).toEqual([
      [202, COIN, '0.01', '0', m.user.id], [302, COIN, '0', '0.01', null], [301, FIAT, '199.4', '0', null], [201, FIAT, '0', '199.4', m.user.id],
    ]);
    expect(await balances(t, m.user.id, COIN)).toEqual({ balance: '0.99', locked: '0' });
    expect(await balances(t, m.user.id, FIAT)).toEqual({ balance: '199.4', locked: '0' });
    const again = await swap(m.session, q.id);
    expect([again.statusCode, codes(again)]).toEqual([422, ['wonka.quote.used']]);
    expect((await call(su, 'GET', `/admin/quotes/${q.id}`)).json()).toMatchObject({ state: 'used', used_at: '2026-11-20T12:00:00.000Z' });
    expect(await swapOps(s.id)).toHaveLength(4);
  });

  it('swaps one quote once when many swaps of it race: one posting, the rest wonka.quote.used', async () => {
    const m = await member('0', '1000');
    const q = (await quote(m.session, { pair: PAIR, side: 'buy', amount: '0.02' })).json();
    const answers = await Promise.all(Array.from({ length: 10 }, () => swap(m.session, q.id)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, ...Array(9).fill(422)]);
    expect(new Set(answers.filter((r) => r.statusCode === 422).map((r) => JSON.stringify(codes(r))))).toEqual(new Set(['["wonka.quote.used"]']));
    expect(await t.db.kysely.selectFrom('swaps').select('id').where('quote_id', '=', q.id).execute()).toHaveLength(1);
    const s = answers.find((r) => r.statusCode === 201)!.json();
    expect(await swapOps(s.id)).toHaveLength(4);
    expect(await balances(t, m.user.id, COIN)).toEqual({ balance: '0.02', locked: '0' });
    expect(await balances(t, m.user.id, FIAT)).toEqual({ balance: plain(String(1000 - Number(q.from_amount))), locked: '0' });
  });

  it('refuses an expired quote, a short balance (the quote stays usable), a disabled pair and another member\'s quote; nothing moves', async () => {
    const m = await member('0.005', '0');
    const other = await member();
    const q = (await quote(m.session, { pair: PAIR, side: 'sell', amount: '0.01' })).json();
    expect(codes(await swap(m.session, q.id))).toEqual(['wonka.swap.insufficient_balance']);
    expect((await call(su, 'GET', `/admin/quotes/${q.id}`)).json().used_at).toBeNull();
    const theirs = await swap(other.session, q.id);
    expect([theirs.statusCode, codes(theirs)]).toEqual([404, ['wonka.quote.doesnt_exist']]);
    await fund(t, m.user.id, COIN, '0.005', 'coin');
    t.clock.advance(30_000);
    try {
      expect(codes(await swap(m.session, q.id))).toEqual(['wonka.quote.expired']);
    } finally { t.clock.advance(-30_000); }
    const fresh = (await quote(m.session, { pair: PAIR, side: 'sell', amount: '0.01' })).json();
    await t.db.kysely.updateTable('wonkas').set({ state: 'disabled' }).where('id', '=', pairId).execute();
    try {
      expect(codes(await swap(m.session, fresh.id))).toEqual(['wonka.pair.disabled']);
      expect(codes(await quote(m.session, { pair: PAIR, side: 'sell', amount: '0.01' }))).toEqual(['wonka.pair.disabled']);
    } finally { await t.db.kysely.updateTable('wonkas').set({ state: 'enabled' }).where('id', '=', pairId).execute(); }
    // A currency's Wonka flag turned off closes its pairs too.
    await t.db.kysely.updateTable('currencies').set({ wonka_swap_enabled: false }).where('code', '=', FIAT).execute();
    try {
      expect(codes(await swap(m.session, fresh.id))).toEqual(['wonka.pair.disabled']);
    } finally { await t.db.kysely.updateTable('currencies').set({ wonka_swap_enabled: true }).where('code', '=', FIAT).execute(); }
    expect(await balances(t, m.user.id, COIN)).toEqual({ balance: '0.01', locked: '0' });
    expect(await t.db.kysely.selectFrom('swaps').select('id').where('uid', '=', m.user.uid).execute()).toHaveLength(0);
    for (const [body, code] of [[{}, 'wonka.swap.missing_quote_id'], [{ quote_id: 'x' }, 'wonka.swap.invalid_quote_id']] as const) {
      expect(codes(await call(m.session, 'POST', '/wonka/swaps', body))).toEqual([code]);
    }
    expect((await swap(m.session, fresh.id)).statusCode).toBe(201);
  });
});

describe('histories', () => {
  it('filter quotes, swaps, Wonka history and Wonka transactions by member, pair, state and swap', async () => {
    const m = await member('1', '1000');
    const used = (await quote(m.session, { pair: PAIR, side: 'sell', amount: '0.01' })).json();
    const left = (await quote(m.session, { pair: PAIR, side: 'buy', amount: '0.01' })).json();
    const s = (await swap(m.session, used.id)).json();
    const ids = async (url: string) => (await call(accountant, 'GET', url)).json().map((r: { id: number }) => r.id).sort((a: number, b: number) => a - b);
    expect(await ids(`/admin/quotes?uid=${m.user.uid}`)).toEqual([used.id, left.id]);
    expect(await ids(`/admin/quotes?uid=${m.user.uid}&state=used`)).toEqual([used.id]);
    // The view's state is the database's clock: the fake clock's quotes are long past their expiry there.
    expect(await ids(`/admin/quotes?uid=${m.user.uid}&state=expired`)).toEqual([left.id]);
    expect(await ids(`/admin/quotes?email=${encodeURIComponent(m.user.email)}&side=buy`)).toEqual([left.id]);
    // A quote is open until its expiry passes on the database's clock.
    await sql`UPDATE quotes SET expires_at = now() + interval '1 hour' WHERE id = ${left.id}`.execute(t.db.kysely);
    expect(await ids(`/admin/quotes?uid=${m.user.uid}&state=open`)).toEqual([left.id]);
    expect(await ids(`/admin/quotes?uid=${m.user.uid}&state=expired`)).toEqual([]);
    expect(await ids(`/admin/swaps?uid=${m.user.uid}`)).toEqual([s.id]);
    expect(await ids(`/admin/wonka_swaps?pair=${encodeURIComponent(PAIR)}&uid=${m.user.uid}&from_currency=${COIN}`)).toEqual([s.id]);
    expect(await ids(`/admin/wonka_swaps?uid=${m.user.uid}&from_currency=${FIAT}`)).toEqual([]);
    const ops = (await call(accountant, 'GET', `/admin/swap_operations?swap_id=${s.id}`)).json();
    expect(ops.map((o: { kind: string; code: string; uid: string | null }) => [o.kind, o.code, o.uid]).sort()).toEqual([
      ['liability', '201', m.user.uid], ['liability', '202', m.user.uid], ['revenue', '301', null], ['revenue', '302', null],
    ].sort());
    expect((await call(accountant, 'GET', `/admin/swap_operations?swap_id=${s.id}&kind=revenue`)).json()).toHaveLength(2);
    expect((await call(accountant, 'GET', `/admin/swaps?from=2026-11-21&to=2026-11-22&uid=${m.user.uid}`)).json()).toEqual([]);
  });
});

describe('abilities', () => {
  it('lets the readers read; only manage changes the setup; others and members are refused', async () => {
    for (const who of [accountant, support, compliance]) {
      for (const url of ['/admin/quotes', '/admin/swaps', '/admin/wonka_swaps', '/admin/swap_operations']) {
        expect([url, (await call(who, 'GET', url)).statusCode]).toEqual([url, 200]);
      }
    }
    for (const who of [accountant, support, manager]) {
      for (const url of ['/admin/wonkas', '/admin/wonka_configs', '/admin/wonka_discounts', '/admin/quotes', '/admin/swap_operations']) expect([url, (await call(who, 'GET', url)).statusCode]).toEqual([url, 200]);
    }
    expect((await call(compliance, 'GET', '/admin/wonka_configs')).statusCode).toBe(401);
    for (const who of [broker, technical]) {
      for (const url of ['/admin/quotes', '/admin/swaps', '/admin/wonkas']) expect([url, (await call(who, 'GET', url)).statusCode]).toEqual([url, 401]);
    }
    for (const who of [accountant, support, compliance, manager]) {
      for (const [url, body] of [
        ['/admin/wonkas/new', { base_currency: 'weth', quote_currency: COIN, market_id: MARKET }], ['/admin/wonka_configs/update', { id: configId, fee: '0.5' }],
        ['/admin/wonka_discounts/new', { name: 'x', kind: 'tier', tier: 'any', discount: '1', starts_at: '2026-01-01T00:00:00Z', ends_at: '2027-01-01T00:00:00Z' }],
      ] as const) {
        const res = await call(who, 'POST', url, body);
        expect([url, res.statusCode, codes(res)]).toEqual([url, 401, ['authz.invalid_permission']]);
      }
    }
    const m = await member('0', '0');
    expect((await call(m.session, 'GET', '/admin/quotes')).statusCode).not.toBe(200);
    expect((await call(su, 'GET', `/admin/wonka_configs/${configId}`)).json().fee).toBe('0.002');
  });
});
