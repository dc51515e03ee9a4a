/**
 * The trading configuration through the generic engine: markets (an id made from the units, Peatio's
 * base_currency/quote_currency in and base_unit/quote_unit out, state), fee schedules (fractions per
 * group and market, `any` allowed, a pair unique together) and bots (a derived spread, switches that
 * only hold while the bot is enabled, volumes bounded).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { signInAs, type SignedIn } from '../helpers/auth.js';

const BASE = '/api/v2/peatio/admin';
let t: TestApp;
let su: SignedIn;
let broker: SignedIn;

type Opts = { query?: Record<string, string>; payload?: unknown; as?: SignedIn };
const call = (method: 'GET' | 'POST', url: string, o: Opts = {}) =>
  t.app.inject({ method, url: `${BASE}${url}`, query: o.query, payload: o.payload as object, headers: (o.as ?? su).headers() });

beforeAll(async () => {
  t = await testApp();
  su = (await signInAs(t, 'superadmin')).session;
  broker = (await signInAs(t, 'broker')).session;
  await t.db.kysely.insertInto('engines').values({ name: 'Default', driver: 'peatio' }).execute();
  for (const [code, type] of [['aaa', 'coin'], ['bbb', 'coin'], ['zzz', 'fiat']]) {
    expect((await call('POST', '/currencies/new', { payload: { code, name: code, type, options: { gas_limit: 1, gas_price: 1 } } })).statusCode).toBe(201);
  }
});
afterAll(async () => { await t?.close(); });

const engineId = async () => (await t.db.kysely.selectFrom('engines').select('id').executeTakeFirstOrThrow()).id;

describe('markets', () => {
  it('adds a market keyed base + quote, disabled by default, answering Peatio\'s fields', async () => {
    const res = await call('POST', '/markets/new', { payload: { engine_id: await engineId(), base_currency: 'aaa', quote_currency: 'zzz', min_price: '0.01', min_amount: '0.1' } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      id: 'aaazzz', name: 'AAA/ZZZ', base_unit: 'aaa', quote_unit: 'zzz', state: 'disabled', min_price: '0.01', max_price: '0',
      min_amount: '0.1', price_precision: 4, amount_precision: 4, position: 1,
    });
    expect((await call('GET', '/markets/aaazzz')).json()).toMatchObject({ id: 'aaazzz' });
    expect((await call('POST', '/markets/new', { payload: { engine_id: await engineId(), base_currency: 'aaa', quote_currency: 'zzz' } })).json())
      .toMatchObject({ errors: ['admin.market.id_taken'] });
  });

  it('refuses bad markets with clear codes and creates nothing', async () => {
    const engine = await engineId();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ engine_id: engine, base_currency: 'nope', quote_currency: 'zzz' }, 'admin.market.base_unit_doesnt_exist'],
      [{ engine_id: engine, base_currency: 'aaa', quote_currency: 'aaa' }, 'admin.market.quote_unit_equals_base_unit'],
      [{ engine_id: 999, base_currency: 'bbb', quote_currency: 'zzz' }, 'admin.market.engine_doesnt_exist'],
      [{ engine_id: engine, base_currency: 'bbb', quote_currency: 'zzz', min_price: '5', max_price: '1' }, 'admin.market.min_price_exceeds_max_price'],
      [{ engine_id: engine, base_currency: 'bbb', quote_currency: 'zzz', price_precision: -1 }, 'admin.market.invalid_price_precision'],
      [{ engine_id: engine, base_currency: 'bbb', quote_currency: 'zzz', state: 'paused' }, 'admin.market.invalid_state'],
      [{ engine_id: engine, base_currency: 'b'.repeat(300), quote_currency: 'zzz' }, 'admin.market.base_currency_too_long'],
      [{ engine_id: engine, quote_currency: 'zzz' }, 'admin.market.missing_base_currency'],
    ];
    for (const [payload, code] of cases) {
      const res = await call('POST', '/markets/new', { payload });
      expect(res.statusCode, code).toBe(422);
      expect(res.json().errors, code).toContain(code);
    }
    expect(await t.db.kysely.selectFrom('markets').select('id').execute()).toEqual([{ id: 'aaazzz' }]);
  });

  it('changes the state by update (the palette\'s Disable), never the units, and lists by state', async () => {
    expect((await call('POST', '/markets/update', { payload: { id: 'aaazzz', state: 'enabled' } })).json()).toMatchObject({ state: 'enabled' });
    expect((await call('POST', '/markets/update', { payload: { id: 'aaazzz', base_currency: 'bbb' } })).json())
      .toMatchObject({ errors: ['admin.market.immutable_base_currency'] });
    expect((await call('GET', '/markets', { query: { state: 'enabled' } })).json().map((m: { id: string }) => m.id)).toEqual(['aaazzz']);
    expect((await call('GET', '/markets', { query: { state: 'disabled' } })).json()).toEqual([]);
    // A reading role's rows let it GET only: the gateway refuses the write before the exchange sees it.
    const refused = await call('POST', '/markets/update', { payload: { id: 'aaazzz', state: 'disabled' }, as: broker });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ errors: ['authz.invalid_permission'] });
  });
});

describe('fee schedules', () => {
  it('stores fractions per group and market, any by default, one row per pair', async () => {
    const res = await call('POST', '/trading_fees/new', { payload: { maker: '0.001', taker: '0.0015' } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ group: 'any', market_id: 'any', maker: '0.001', taker: '0.0015' });
    const vip = await call('POST', '/trading_fees/new', { payload: { group: 'vip-1', market_id: 'aaazzz', maker: '0', taker: '0.0005' } });
    expect(vip.statusCode).toBe(201);
    const dup = await call('POST', '/trading_fees/new', { payload: { group: 'vip-1', market_id: 'aaazzz', maker: '0.001' } });
    expect(dup.json()).toMatchObject({ errors: ['admin.trading_fee.group_market_id_taken'] });
    expect((await call('POST', '/trading_fees/new', { payload: { market_id: 'nomarket' } })).json()).toMatchObject({ errors: ['admin.trading_fee.market_doesnt_exist'] });
    expect((await call('POST', '/trading_fees/new', { payload: { group: 'vip-2', maker: '0.6' } })).json()).toMatchObject({ errors: ['admin.trading_fee.invalid_maker'] });
    // Moving the vip row onto the default pair collides too.
    expect((await call('POST', '/trading_fees/update', { payload: { id: vip.json().id, group: 'any', market_id: 'any' } })).json())
      .toMatchObject({ errors: ['admin.trading_fee.group_market_id_taken'] });
    expect((await call('GET', '/trading_fees', { query: { group: 'vip-1' } })).json()).toHaveLength(1);
    const gone = await call('POST', '/trading_fees/delete', { payload: { id: vip.json().id } });
    expect(gone.statusCode).toBe(201);
    expect((await call('GET', '/trading_fees')).json()).toHaveLength(1);
  });
});

describe('bots', () => {
  it('derives the spread and keeps market making and trading off while the bot is off', async () => {
    const res = await call('POST', '/bot_settings/new', { payload: { market_id: 'aaazzz', spread: '2.5', market_making: true, enable_trading: true } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ market_id: 'aaazzz', active: false, market_making: false, enable_trading: false, spread: '2.5', derived_spread: '0.20' });
    const on = await call('POST', '/bot_settings/update', { payload: { id: res.json().id, active: true, market_making: true } });
    expect(on.json()).toMatchObject({ active: true, market_making: true, enable_trading: false });
    const off = await call('POST', '/bot_settings/update', { payload: { id: res.json().id, active: false } });
    expect(off.json()).toMatchObject({ active: false, market_making: false });
    expect((await call('POST', '/bot_settings/update', { payload: { id: res.json().id, min_vol: '10', max_vol: '5' } })).json())
      .toMatchObject({ errors: ['admin.bot_setting.min_vol_exceeds_max_vol'] });
    expect((await call('POST', '/bot_settings/new', { payload: { market_id: 'aaazzz' } })).json()).toMatchObject({ errors: ['admin.bot_setting.market_id_taken'] });
    expect((await call('POST', '/bot_settings/update', { payload: { id: res.json().id, time_frequency: 0 } })).json())
      .toMatchObject({ errors: ['admin.bot_setting.invalid_time_frequency'] });
    expect((await call('GET', '/bot_settings', { query: { active: 'false' } })).json()).toHaveLength(1);
  });
});
