/**
 * Wallets (a list of currencies, each checked; signer settings written, never answered), withdraw limits
 * (one per group and KYC level, 24 h ≤ month) and crypto settings (one per currency and network).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { signInAs, type SignedIn } from '../helpers/auth.js';

const BASE = '/api/v2/peatio/admin';
let t: TestApp;
let su: SignedIn;

type Opts = { query?: Record<string, string>; payload?: unknown };
const call = (method: 'GET' | 'POST', url: string, o: Opts = {}) =>
  t.app.inject({ method, url: `${BASE}${url}`, query: o.query, payload: o.payload as object, headers: su.headers() });

beforeAll(async () => {
  t = await testApp();
  su = (await signInAs(t, 'superadmin')).session;
  expect((await call('POST', '/blockchains/new', { payload: { key: 'chain-a', name: 'A', client: 'ethereum', server: 'http://127.0.0.1:9/', height: 1, min_confirmations: 1, explorer_address: 'a', explorer_transaction: 't' } })).statusCode).toBe(201);
  for (const code of ['aaa', 'bbb']) {
    expect((await call('POST', '/currencies/new', { payload: { code, name: code, blockchain_key: 'chain-a', options: {} } })).statusCode).toBe(201);
  }
});
afterAll(async () => { await t?.close(); });

describe('wallets', () => {
  it('holds a list of existing currencies and never answers its signer settings', async () => {
    const res = await call('POST', '/wallets/new', { payload: { name: 'Hot A', kind: 'hot', blockchain_key: 'chain-a', currencies: ['aaa', 'bbb'], gateway: 'geth', max_balance: '12.5', settings: { uri: 'http://signer:s3cret@10.0.0.1' } } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Hot A', kind: 'hot', currencies: ['aaa', 'bbb'], max_balance: '12.5', status: 'active' });
    expect(res.json()).not.toHaveProperty('settings');
    expect(JSON.stringify((await call('GET', '/wallets')).json())).not.toContain('s3cret');
    const stored = await t.db.kysely.selectFrom('wallets').select('settings').where('name', '=', 'Hot A').executeTakeFirstOrThrow();
    expect(stored.settings).toEqual({ uri: 'http://signer:s3cret@10.0.0.1' });
    const activity = await t.db.kysely.selectFrom('activities').select('data').where('topic', '=', 'wallets').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(JSON.stringify(activity.data)).not.toContain('s3cret');
  });

  it('refuses unknown currencies, repeats, a bad kind, and changes nothing', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ currencies: ['aaa', 'zzz'] }, 'admin.wallet.currencies_doesnt_exist'],
      [{ currencies: ['aaa', 'aaa'] }, 'admin.wallet.invalid_currencies'],
      [{ currencies: 'aaa' }, 'admin.wallet.invalid_currencies'],
      [{ kind: 'lukewarm' }, 'admin.wallet.invalid_kind'],
      [{ blockchain_key: 'nochain' }, 'admin.wallet.blockchain_key_doesnt_exist'],
      [{ max_balance: '-1' }, 'admin.wallet.invalid_max_balance'],
    ];
    for (const [change, code] of cases) {
      const res = await call('POST', '/wallets/new', { payload: { name: `W ${code}`, kind: 'cold', blockchain_key: 'chain-a', gateway: 'geth', ...change } });
      expect(res.statusCode, code).toBe(422);
      expect(res.json().errors, code).toContain(code);
    }
    expect(await t.db.kysely.selectFrom('wallets').select('name').execute()).toEqual([{ name: 'Hot A' }]);
    expect((await call('GET', '/wallets', { query: { kind: 'hot' } })).json()).toHaveLength(1);
    expect((await call('GET', '/wallets', { query: { kind: 'cold' } })).json()).toHaveLength(0);
  });

  it('lists its kinds and gateways as Peatio does, for whoever may read wallets, not as a wallet id', async () => {
    expect((await call('GET', '/wallets/kinds')).json()).toEqual(['deposit', 'fee', 'hot', 'warm', 'cold']);
    expect((await call('GET', '/wallets/gateways')).json()).toEqual(['bitcoind', 'geth', 'parity', 'ow-hdwallet']);
    const support = (await signInAs(t, 'support')).session;
    const refused = await t.app.inject({ method: 'GET', url: `${BASE}/wallets/kinds`, headers: support.headers() });
    expect([refused.statusCode, refused.json()]).toEqual([401, { errors: ['authz.invalid_permission'] }]);
    expect((await call('GET', '/wallets/abc')).json().errors).toEqual(['admin.wallet.invalid_id']);
  });
});

describe('withdraw limits', () => {
  it('keeps one row per group and KYC level, 24 hours within the month', async () => {
    const res = await call('POST', '/withdraw_limits/new', { payload: { limit_24_hour: '1000', limit_1_month: '10000' } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ group: 'any', kyc_level: 'any', limit_24_hour: '1000', limit_1_month: '10000' });
    expect((await call('POST', '/withdraw_limits/new', { payload: {} })).json()).toMatchObject({ errors: ['admin.withdraw_limit.group_kyc_level_taken'] });
    expect((await call('POST', '/withdraw_limits/new', { payload: { kyc_level: '3', limit_24_hour: '5', limit_1_month: '4' } })).json())
      .toMatchObject({ errors: ['admin.withdraw_limit.limit_24_hour_exceeds_limit_1_month'] });
    expect((await call('POST', '/withdraw_limits/new', { payload: { kyc_level: '9' } })).json()).toMatchObject({ errors: ['admin.withdraw_limit.invalid_kyc_level'] });
    expect((await call('POST', '/withdraw_limits/delete', { payload: { id: res.json().id } })).statusCode).toBe(201);
  });
});

describe('crypto settings', () => {
  it('configures a currency on one more network, once per pair', async () => {
    const res = await call('POST', '/crypto_settings/new', { payload: { currency_id: 'aaa', blockchain_key: 'chain-a', withdraw_fee: '0.1', options: { erc20_contract_address: '0xabc' } } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ currency_id: 'aaa', blockchain_key: 'chain-a', status: 'enabled', withdraw_fee: '0.1' });
    expect((await call('POST', '/crypto_settings/new', { payload: { currency_id: 'aaa', blockchain_key: 'chain-a' } })).json())
      .toMatchObject({ errors: ['admin.crypto_setting.currency_id_blockchain_key_taken'] });
    expect((await call('POST', '/crypto_settings/new', { payload: { currency_id: 'nope', blockchain_key: 'chain-a' } })).json())
      .toMatchObject({ errors: ['admin.crypto_setting.currency_doesnt_exist'] });
    expect((await call('POST', '/crypto_settings/update', { payload: { id: res.json().id, currency_id: 'bbb' } })).json())
      .toMatchObject({ errors: ['admin.crypto_setting.immutable_currency_id'] });
  });
});
