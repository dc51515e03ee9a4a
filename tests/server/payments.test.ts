/**
 * Payments (issue 14 item 5) through the generic handlers: payment methods (P-E18: every provider switch
 * on by default, one switch changed alone, the purchase type fixed, no deleting a method in use),
 * gateways (P-E17: unique key, references, the spec's five filters, no delete route) and the country
 * settings of our design (continent kept from the country, one per method, gateway and country, amount
 * bounds); bad input answers field codes; roles without the ability are refused; the demo seed's rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { type SignedIn, signInAs } from '../helpers/auth.js';
import { FIAT, MARKET, PEATIO, setupMoney } from './money-fixtures.js';
import { makeContext } from '../../src/server/db/seed/context.js';
import { insertPayments } from '../../src/server/db/seed/payments.js';

const METHODS = `${PEATIO}/payment_methods`, GATEWAYS = `${PEATIO}/payment_gateways`, SETTINGS = `${PEATIO}/payment_settings`;
const ALL_ON = { onramp_provider: true, card_provider: true, account: true, external: true, deposit: true };
let t: TestApp;
let admin: SignedIn, technical: SignedIn, support: SignedIn, accountant: SignedIn, broker: SignedIn;

beforeAll(async () => {
  t = await testApp();
  await setupMoney(t);
  [admin, technical, support, accountant, broker] = await Promise.all(
    ['admin', 'technical', 'support', 'accountant', 'broker'].map(async (role) => (await signInAs(t, role)).session),
  );
});
afterAll(async () => { await t?.close(); });

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (who: SignedIn, method: Method, url: string, payload?: unknown) =>
  t.app.inject({ method, url, payload: payload as object, headers: who.headers() });
const errorsOf = async (who: SignedIn, method: Method, url: string, payload?: unknown) => {
  const res = await call(who, method, url, payload);
  expect(res.statusCode, res.body).toBe(422);
  return res.json() as { errors: string[]; fields?: Record<string, string[]> };
};

describe('payment methods', () => {
  let card: number, bank: number;

  it('creates a method with every provider switch on, or with the ones sent', async () => {
    const res = await call(technical, 'POST', METHODS, { purchase_type: 'card' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ purchase_type: 'card', payment_options: ALL_ON });
    card = res.json().id;
    const some = await call(admin, 'POST', METHODS, { purchase_type: 'bank_transfer', payment_options: { card_provider: false } });
    expect(some.json().payment_options).toEqual({ ...ALL_ON, card_provider: false });
    bank = some.json().id;
  });

  it('changes only the switches an update sends, and keeps the purchase type', async () => {
    const res = await call(admin, 'PUT', METHODS, { id: bank, payment_options: { deposit: false } });
    expect(res.statusCode).toBe(200);
    expect(res.json().payment_options).toEqual({ ...ALL_ON, card_provider: false, deposit: false });
    // Two switches flipped at once by two people: both hold.
    await Promise.all([
      call(admin, 'PUT', METHODS, { id: card, payment_options: { account: false } }),
      call(technical, 'PUT', METHODS, { id: card, payment_options: { external: false } }),
    ]);
    const stored = await call(support, 'GET', `${METHODS}/${card}`);
    expect(stored.json().payment_options).toEqual({ ...ALL_ON, account: false, external: false });
    expect((await errorsOf(admin, 'PUT', METHODS, { id: card, purchase_type: 'debit' })).errors)
      .toEqual(['admin.payment_method.immutable_purchase_type']);
  });

  it('answers bad input with field codes', async () => {
    expect(await errorsOf(admin, 'POST', METHODS, { purchase_type: 'card' }))
      .toEqual({ errors: ['admin.payment_method.purchase_type_taken'], fields: { purchase_type: ['admin.payment_method.purchase_type_taken'] } });
    expect((await errorsOf(admin, 'POST', METHODS, {})).errors).toEqual(['admin.payment_method.missing_purchase_type']);
    expect((await errorsOf(admin, 'POST', METHODS, { purchase_type: 'Card!' })).errors).toEqual(['admin.payment_method.invalid_purchase_type']);
    expect((await errorsOf(admin, 'POST', METHODS, { purchase_type: 'sepa', payment_options: null })).errors).toEqual(['admin.payment_method.missing_payment_options']);
    for (const payment_options of [{ bogus: true }, { deposit: 'yes' }, [true], 'all']) {
      expect((await errorsOf(admin, 'POST', METHODS, { purchase_type: 'sepa', payment_options })).errors, JSON.stringify(payment_options))
        .toEqual(['admin.payment_method.invalid_payment_options']);
    }
    expect((await errorsOf(admin, 'PUT', METHODS, { id: card, payment_options: { deposit: 1 } })).errors)
      .toEqual(['admin.payment_method.invalid_payment_options']);
    expect((await call(admin, 'PUT', METHODS, { id: 999999, payment_options: { deposit: false } })).statusCode).toBe(404);
  });

  it('lists by purchase type and deletes by id', async () => {
    const list = await call(accountant, 'GET', `${METHODS}?purchase_type=bank`);
    expect(list.json().map((r: { id: number }) => r.id)).toEqual([bank]);
    const made = (await call(admin, 'POST', METHODS, { purchase_type: 'google_pay' })).json().id;
    const gone = await call(technical, 'DELETE', `${METHODS}?id=${made}`);
    expect(gone.statusCode).toBe(200);
    expect(gone.json().purchase_type).toBe('google_pay');
    expect((await call(technical, 'DELETE', `${METHODS}?id=${made}`)).statusCode).toBe(404);
  });

  it('refuses roles without the ability', async () => {
    // The rows follow the abilities (issue 28 item 5): every refusal here is the gateway's.
    const refused = await call(support, 'POST', METHODS, { purchase_type: 'cash' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().errors).toEqual(['authz.invalid_permission']);
    expect((await call(accountant, 'PUT', METHODS, { id: card, payment_options: { deposit: false } })).statusCode).toBe(401);
    expect((await call(support, 'DELETE', `${METHODS}?id=${card}`)).statusCode).toBe(401);
    expect((await call(broker, 'GET', METHODS)).statusCode).toBe(401);
    expect((await call(broker, 'POST', METHODS, { purchase_type: 'cash' })).statusCode).toBe(401);
  });
});

describe('payment gateways', () => {
  let simplex: number;

  it('creates a gateway on a market and currency, enabled by default', async () => {
    const res = await call(technical, 'POST', GATEWAYS, { name: 'Simplex', key: 'simplex-mbtc', market: MARKET, currency_id: FIAT });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Simplex', key: 'simplex-mbtc', state: 'enabled', market: MARKET, currency_id: FIAT });
    simplex = res.json().id;
    await call(admin, 'POST', GATEWAYS, { name: 'Banxa', key: 'banxa-mbtc', market: MARKET, currency_id: FIAT, state: 'disabled' });
    await call(admin, 'POST', GATEWAYS, { name: 'Bank wire', key: 'bank-wire' });
  });

  it('answers taken keys, unknown references and bad values with field codes', async () => {
    expect(await errorsOf(admin, 'POST', GATEWAYS, { name: 'Again', key: 'simplex-mbtc' }))
      .toEqual({ errors: ['admin.payment_gateway.key_taken'], fields: { key: ['admin.payment_gateway.key_taken'] } });
    expect((await errorsOf(admin, 'POST', GATEWAYS, { name: 'X', key: 'x1', market: 'nosuch' })).errors).toEqual(['admin.payment_gateway.market_doesnt_exist']);
    expect((await errorsOf(admin, 'POST', GATEWAYS, { name: 'X', key: 'x2', currency_id: 'zzz' })).errors).toEqual(['admin.payment_gateway.currency_doesnt_exist']);
    expect((await errorsOf(admin, 'POST', GATEWAYS, { name: 'X', key: 'Bad Key' })).errors).toEqual(['admin.payment_gateway.invalid_key']);
    expect((await errorsOf(admin, 'POST', GATEWAYS, { name: 'X', key: 'x3', state: 'paused' })).errors).toEqual(['admin.payment_gateway.invalid_state']);
    expect((await errorsOf(admin, 'POST', GATEWAYS, { key: 'x4' })).errors).toEqual(['admin.payment_gateway.missing_name']);
    expect((await errorsOf(admin, 'PUT', GATEWAYS, { id: simplex, key: 'banxa-mbtc' })).errors).toEqual(['admin.payment_gateway.key_taken']);
  });

  it('switches a gateway off with PUT {id, state}', async () => {
    const res = await call(technical, 'PUT', GATEWAYS, { id: simplex, state: 'disabled' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: simplex, state: 'disabled', key: 'simplex-mbtc' });
    expect((await call(technical, 'PUT', GATEWAYS, { id: simplex, state: 'enabled' })).json().state).toBe('enabled');
  });

  it('filters by name, key, state, market and currency_id', async () => {
    const keys = async (q: string) => (await call(accountant, 'GET', `${GATEWAYS}?${q}`)).json().map((r: { key: string }) => r.key);
    expect(await keys('name=simp')).toEqual(['simplex-mbtc']);
    expect(await keys('key=b')).toEqual(['banxa-mbtc', 'bank-wire']);
    expect(await keys('state=disabled')).toEqual(['banxa-mbtc']);
    expect(await keys(`market=${MARKET}&state=enabled`)).toEqual(['simplex-mbtc']);
    expect(await keys(`currency_id=${FIAT}`)).toEqual(['simplex-mbtc', 'banxa-mbtc']);
    expect((await call(accountant, 'GET', `${GATEWAYS}?state=paused`)).statusCode).toBe(422);
  });

  it('has no delete call, and refuses roles without the ability', async () => {
    expect((await call(admin, 'DELETE', `${GATEWAYS}?id=${simplex}`)).statusCode).toBeGreaterThanOrEqual(404);
    expect((await call(accountant, 'PUT', GATEWAYS, { id: simplex, state: 'disabled' })).statusCode).toBe(401);
    expect((await call(support, 'GET', GATEWAYS)).statusCode).toBe(401);
  });
});

describe('payment settings', () => {
  let method: number, gateway: number, setting: number;

  beforeAll(async () => {
    method = (await call(admin, 'POST', METHODS, { purchase_type: 'apple_pay' })).json().id;
    gateway = (await call(admin, 'POST', GATEWAYS, { name: 'Stripe', key: 'stripe-mbtc', market: MARKET, currency_id: FIAT })).json().id;
  });

  it('creates a setting for a country, keeping its continent and joining the method and gateway', async () => {
    const res = await call(technical, 'POST', SETTINGS, {
      country_code: 'de', payment_method_id: method, payment_gateway_id: gateway, min_amount: '10', max_amount: '1000', fee: '0.025',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      country_code: 'DE', country_name: 'Germany', continent: 'EU', continent_name: 'Europe', purchase_type: 'apple_pay',
      payment_gateway_name: 'Stripe', currency_id: FIAT, min_amount: '10', max_amount: '1000', fee: '0.025', fixed_fee: '0', state: 'enabled',
    });
    setting = res.json().id;
    expect((await t.db.kysely.selectFrom('payment_settings').select('continent').where('id', '=', setting).executeTakeFirstOrThrow()).continent).toBe('EU');
    await call(admin, 'POST', SETTINGS, { country_code: 'BR', payment_method_id: method, payment_gateway_id: gateway });
    await call(admin, 'POST', SETTINGS, { country_code: 'FR', payment_method_id: method, payment_gateway_id: gateway, state: 'disabled' });
  });

  it('filters by continent, country, method, gateway and state', async () => {
    const countries = async (q: string) => (await call(support, 'GET', `${SETTINGS}?${q}`)).json().map((r: { country_code: string }) => r.country_code);
    expect(await countries('continent=EU')).toEqual(['DE', 'FR']);
    expect(await countries('continent=SA')).toEqual(['BR']);
    expect(await countries('country_code=fr')).toEqual(['FR']);
    expect(await countries(`payment_method_id=${method}&state=enabled`)).toEqual(['BR', 'DE']);
    expect(await countries(`payment_gateway_id=${gateway}&order_by=continent&ordering=desc`)).toEqual(['BR', 'FR', 'DE']);
    expect((await call(support, 'GET', `${SETTINGS}?continent=XX`)).statusCode).toBe(422);
  });

  it('answers duplicates, bounds and bad input with field codes; the country, method and gateway are fixed', async () => {
    const dup = 'admin.payment_setting.payment_method_id_payment_gateway_id_country_code_taken';
    expect((await errorsOf(admin, 'POST', SETTINGS, { country_code: 'DE', payment_method_id: method, payment_gateway_id: gateway })).errors).toEqual([dup]);
    const base = { country_code: 'IT', payment_method_id: method, payment_gateway_id: gateway };
    expect((await errorsOf(admin, 'POST', SETTINGS, { ...base, min_amount: '500', max_amount: '100' })).errors)
      .toEqual(['admin.payment_setting.min_amount_exceeds_max_amount']);
    expect((await errorsOf(admin, 'POST', SETTINGS, { ...base, fee: '0.6' })).errors).toEqual(['admin.payment_setting.invalid_fee']);
    expect((await errorsOf(admin, 'POST', SETTINGS, { ...base, min_amount: '-1' })).errors).toEqual(['admin.payment_setting.invalid_min_amount']);
    expect((await errorsOf(admin, 'POST', SETTINGS, { ...base, country_code: 'ZZ' })).errors).toEqual(['admin.payment_setting.invalid_country_code']);
    expect((await errorsOf(admin, 'POST', SETTINGS, { ...base, payment_gateway_id: 999999 })).errors).toEqual(['admin.payment_setting.payment_gateway_doesnt_exist']);
    expect((await errorsOf(admin, 'POST', SETTINGS, { ...base, continent: 'AS' })).errors).toEqual(['admin.payment_setting.unknown_continent']);
    expect((await errorsOf(admin, 'PUT', SETTINGS, { id: setting, country_code: 'IT' })).errors).toEqual(['admin.payment_setting.immutable_country_code']);
    // A max of 0 is no upper limit; the bound holds against the stored row on update.
    expect((await call(admin, 'PUT', SETTINGS, { id: setting, max_amount: '0', min_amount: '5000' })).statusCode).toBe(200);
    expect((await errorsOf(admin, 'PUT', SETTINGS, { id: setting, max_amount: '100' })).errors).toEqual(['admin.payment_setting.min_amount_exceeds_max_amount']);
  });

  it('keeps a method or gateway in use, deletes a setting, and refuses roles without the ability', async () => {
    expect((await errorsOf(admin, 'DELETE', `${METHODS}?id=${method}`)).errors).toEqual(['admin.payment_method.in_use']);
    expect((await call(accountant, 'POST', SETTINGS, { country_code: 'ES', payment_method_id: method, payment_gateway_id: gateway })).statusCode).toBe(401);
    expect((await call(support, 'PUT', SETTINGS, { id: setting, state: 'disabled' })).statusCode).toBe(401);
    expect((await call(broker, 'GET', SETTINGS)).statusCode).toBe(401);
    expect((await call(technical, 'DELETE', `${SETTINGS}?id=${setting}`)).statusCode).toBe(200);
    expect((await call(accountant, 'GET', `${SETTINGS}/${setting}`)).statusCode).toBe(404);
  });
});

describe('demo seed', () => {
  it('seeds methods, gateways and settings on every inhabited continent, once', async () => {
    const db = t.db.kysely;
    await db.insertInto('currencies').values(['btc', 'eth', 'usdt', 'usd', 'eur', 'gbp'].map((code) => ({ code, name: code, type: ['usd', 'eur', 'gbp'].includes(code) ? 'fiat' : 'coin' })))
      .onConflict((oc) => oc.doNothing()).execute();
    const engine = (await db.selectFrom('engines').select('id').executeTakeFirstOrThrow()).id;
    await db.insertInto('markets').values(['btcusd', 'ethusd', 'btceur', 'etheur', 'usdtusd', 'ethgbp'].map((id) => ({
      id, base_unit: id.slice(0, -3), quote_unit: id.slice(-3), engine_id: engine, state: 'enabled', data: '{}',
    })) as never).execute();
    const ctx = makeContext(db, 0, new Date('2026-06-15T12:00:00Z'), () => {});
    await insertPayments(ctx);
    const count = async (table: 'payment_methods' | 'payment_gateways' | 'payment_settings') =>
      Number((await db.selectFrom(table).select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const before = { m: await count('payment_methods'), g: await count('payment_gateways'), s: await count('payment_settings') };
    await insertPayments(ctx);
    expect({ m: await count('payment_methods'), g: await count('payment_gateways'), s: await count('payment_settings') }).toEqual(before);
    const seeded = (await call(admin, 'GET', `${SETTINGS}?limit=1000`)).json() as Array<{ continent: string; state: string; purchase_type: string }>;
    expect(new Set(seeded.map((s) => s.continent))).toEqual(new Set(['AF', 'AS', 'EU', 'NA', 'OC', 'SA']));
    expect(seeded.some((s) => s.state === 'disabled')).toBe(true);
    const [crypto] = (await call(admin, 'GET', `${METHODS}?purchase_type=crypto`)).json();
    expect(crypto.payment_options).toEqual({ onramp_provider: false, card_provider: false, account: true, external: true, deposit: true });
  });
});
