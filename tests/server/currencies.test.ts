/**
 * Currencies on the exchange service (Peatio 2.6 E5-E9 with the fork's fields) through the generic
 * engine: a string key, conditional fields (fiat drops its chain and options), per-attribute abilities,
 * decimal amounts, cross-field bounds and lock_peer's own call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { signInAs, type SignedIn } from '../helpers/auth.js';

const BASE = '/api/v2/peatio/admin';
let t: TestApp;
let su: SignedIn;
let accountant: SignedIn;

beforeAll(async () => {
  t = await testApp();
  su = (await signInAs(t, 'superadmin')).session;
  accountant = (await signInAs(t, 'accountant')).session;
  const chain = await call('POST', '/blockchains/new', {
    payload: { key: 'eth-test', name: 'Ethereum test', client: 'ethereum', server: 'http://127.0.0.1:9/', height: 1,
      min_confirmations: 12, explorer_address: 'https://x/#{address}', explorer_transaction: 'https://x/tx/#{txid}' },
  });
  expect(chain.statusCode).toBe(201);
});
afterAll(async () => { await t?.close(); });

type Opts = { query?: Record<string, string>; payload?: unknown; as?: SignedIn };
const call = (method: 'GET' | 'POST', url: string, o: Opts = {}) =>
  t.app.inject({ method, url: `${BASE}${url}`, query: o.query, payload: o.payload as object, headers: (o.as ?? su).headers() });
const stored = (code: string) => t.db.kysely.selectFrom('currencies').selectAll().where('code', '=', code).executeTakeFirst();

const COIN = {
  code: 'abc', name: 'Alphabet Coin', type: 'coin', blockchain_key: 'eth-test', precision: 8, subunits: 18,
  deposit_fee: '0.001', min_deposit_amount: '0.01', withdraw_fee: '0.000000000000000001', min_withdraw_amount: '12345678901234.123456789012345678',
  swap_fees_type: 'percentage', swap_fees: '0.5', options: { gas_limit: 21000, gas_price: 1000000000, erc20_contract_address: '0xabc' },
};

describe('currencies', () => {
  it('adds a coin keyed by its code, amounts exact as decimal strings, and answers 201 with the currency', async () => {
    const res = await call('POST', '/currencies/new', { payload: COIN });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      code: 'abc', type: 'coin', blockchain_key: 'eth-test', visible: true, position: 1, deposit_enabled: true, lock_peer: false,
      withdraw_fee: '0.000000000000000001', min_withdraw_amount: '12345678901234.123456789012345678',
      options: { gas_limit: 21000, gas_price: 1000000000, erc20_contract_address: '0xabc' },
      // Peatio's derived fields: the base factor from the subunits, the chain's confirmations and explorer.
      base_factor: 1e18, min_confirmations: 12, explorer_transaction: 'https://x/tx/#{txid}',
    });
    const one = await call('GET', '/currencies/abc');
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ code: 'abc', name: 'Alphabet Coin' });
    expect((await call('GET', '/currencies/nope')).statusCode).toBe(404);
    expect((await call('POST', '/currencies/new', { payload: COIN })).json()).toMatchObject({ errors: ['admin.currency.code_taken'] });
  });

  it('drops a fiat currency\'s blockchain and options whatever was sent', async () => {
    const res = await call('POST', '/currencies/new', { payload: { code: 'chf', name: 'Swiss Franc', type: 'fiat', blockchain_key: 'eth-test', options: { gas_limit: 1, gas_price: 2 } } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ code: 'chf', blockchain_key: null, options: {} });
  });

  it('keeps the swap fee that does not apply to the fee type unchanged', async () => {
    // abc charges a percentage: the flat USD fee is disabled and an update of it is ignored.
    const res = await call('POST', '/currencies/update', { payload: { code: 'abc', swap_fees_usd: '3', swap_fees: '0.75' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ swap_fees: '0.75', swap_fees_usd: '0' });
  });

  it('updates only what is sent, and never the code or the type', async () => {
    const res = await call('POST', '/currencies/update', { payload: { code: 'abc', position: 7 } });
    expect(res.json()).toMatchObject({ code: 'abc', position: 7, name: 'Alphabet Coin' });
    const typed = await call('POST', '/currencies/update', { payload: { code: 'abc', type: 'fiat' } });
    expect(typed.statusCode).toBe(422);
    expect(typed.json()).toMatchObject({ errors: ['admin.currency.immutable_type'] });
    expect((await stored('abc'))?.type).toBe('coin');
  });

  it('refuses bad input with clear codes and changes nothing', async () => {
    const before = await stored('abc');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ deposit_fee: '-1' }, 'admin.currency.invalid_deposit_fee'],
      [{ deposit_fee: 'ten' }, 'admin.currency.invalid_deposit_fee'],
      [{ precision: -1 }, 'admin.currency.invalid_precision'],
      [{ subunits: 19 }, 'admin.currency.invalid_subunits'],
      [{ blockchain_key: 'no-such-chain' }, 'admin.currency.blockchain_key_doesnt_exist'],
      [{ name: 'x'.repeat(300) }, 'admin.currency.name_too_long'],
      [{ options: { 'bad key!': 1 } }, 'admin.currency.invalid_options'],
      [{ options: { gas_limit: { nested: true } } }, 'admin.currency.invalid_options'],
      [{ options: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 1])) }, 'admin.currency.invalid_options'],
      [{ min_amount_for_us_users: '10', max_amount_for_us_users: '5' }, 'admin.currency.min_amount_for_us_users_exceeds_max_amount_for_us_users'],
      [{ lock_peer: true }, 'admin.currency.unknown_lock_peer'],
      // A field with a default always holds a value: null is refused, not sent to a NOT NULL column.
      [{ deposit_fee: null }, 'admin.currency.missing_deposit_fee'],
      [{ options: null }, 'admin.currency.missing_options'],
      [{ parent_id: 'nope' }, 'admin.currency.parent_doesnt_exist'],
    ];
    for (const [change, code] of cases) {
      const res = await call('POST', '/currencies/update', { payload: { code: 'abc', ...change } });
      expect(res.statusCode, code).toBe(422);
      expect(res.json().errors, JSON.stringify(change)).toContain(code);
    }
    // A max of 0 is no limit.
    expect((await call('POST', '/currencies/update', { payload: { code: 'abc', min_amount_for_us_users: '10', max_amount_for_us_users: '0' } })).statusCode).toBe(201);
    const after = await stored('abc');
    expect({ ...after, min_amount_for_us_users: before!.min_amount_for_us_users, max_amount_for_us_users: before!.max_amount_for_us_users, updated_at: before!.updated_at })
      .toEqual(before);
  });

  it('keeps gas_limit and gas_price in a coin\'s options even when a body leaves them out', async () => {
    const res = await call('POST', '/currencies/update', { payload: { code: 'abc', options: { erc20_contract_address: '0xdef' } } });
    expect(res.json().options).toEqual({ gas_limit: '', gas_price: '', erc20_contract_address: '0xdef' });
    await call('POST', '/currencies/update', { payload: { code: 'abc', options: COIN.options } });
  });

  it('locks a peer through its own call', async () => {
    const res = await call('POST', '/currencies/update/lock_peer', { payload: { code: 'abc', lock_peer: true } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ code: 'abc', lock_peer: true });
    expect((await call('POST', '/currencies/update/lock_peer', { payload: { code: 'abc', lock_peer: 'maybe' } })).json())
      .toMatchObject({ errors: ['admin.currency.invalid_lock_peer'] });
    expect((await call('POST', '/currencies/update/lock_peer', { payload: { code: 'zzz', lock_peer: false } })).statusCode).toBe(404);
  });

  it('lets a role with some attributes change those only (the accountant: visible and the switches)', async () => {
    const ok = await call('POST', '/currencies/update', { payload: { code: 'abc', visible: false, deposit_enabled: false }, as: accountant });
    expect(ok.statusCode).toBe(201);
    // Past the gateway (the body chooses the attributes, and the accountant holds some); the handler refuses the name.
    const refused = await call('POST', '/currencies/update', { payload: { code: 'abc', visible: true, name: 'Renamed' }, as: accountant });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ errors: ['admin.ability.not_permitted'] });
    expect(await stored('abc')).toMatchObject({ visible: false, name: 'Alphabet Coin' });
    // A create, and the lock_peer toggle (always that attribute), stop at the gateway.
    expect((await call('POST', '/currencies/new', { payload: { code: 'new1', name: 'N' }, as: accountant })).statusCode).toBe(401);
    expect((await call('POST', '/currencies/update/lock_peer', { payload: { code: 'abc', lock_peer: false }, as: accountant })).statusCode).toBe(401);
  });

  it('lists by position with Peatio\'s paging headers and filters code, name, type and visible', async () => {
    const all = await call('GET', '/currencies');
    expect(all.headers).toMatchObject({ total: expect.any(String), page: '1', 'per-page': expect.any(String) });
    const positions = all.json().map((c: { position: number }) => c.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect((await call('GET', '/currencies', { query: { type: 'fiat' } })).json().every((c: { type: string }) => c.type === 'fiat')).toBe(true);
    expect((await call('GET', '/currencies', { query: { visible: 'false' } })).json().map((c: { code: string }) => c.code)).toContain('abc');
    expect((await call('GET', '/currencies', { query: { code: 'ab' } })).json().map((c: { code: string }) => c.code)).toEqual(['abc']);
    expect((await call('GET', '/currencies', { query: { name: 'swiss' } })).json().map((c: { code: string }) => c.code)).toEqual(['chf']);
    expect((await call('GET', '/currencies', { query: { type: 'metal' } })).statusCode).toBe(422);
  });
});
