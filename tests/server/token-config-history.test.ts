/**
 * Token config and token history over HTTP (applogic): a config is one per fungible token, its max
 * supply never under the token's supply, its fee a fraction; the token's supply then follows it
 * (mintable, burnable, max_supply). A presale close that allots the token appends its history in the
 * same transaction; the daily snapshot appends one row per token per UTC day, once however often it runs,
 * at the market's last trade. Roles: manager, investor and technical read; only manage Token writes.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { signInAs, type SignedIn } from '../helpers/auth.js';
import { createUser } from '../helpers/users.js';
import { expectLedgerHolds, fund } from './money-fixtures.js';
import { snapshotTokenHistory } from '../../src/server/money/token-history.js';

const A = '/api/v2/applogic/admin';
const TK = 'thtk', PR = 'thusd', OTHER = 'thoth';

let t: TestApp;
let su: SignedIn, manager: SignedIn, investor: SignedIn, technical: SignedIn, accountant: SignedIn, broker: SignedIn;
let token: number, other: number, item: number;

beforeAll(async () => {
  t = await testApp();
  await t.db.kysely.insertInto('currencies').values([
    { code: TK, name: 'History Token', type: 'coin', precision: 4 }, { code: PR, name: 'History Dollar', type: 'coin', precision: 2 },
    { code: OTHER, name: 'Other Token', type: 'coin', precision: 8 },
  ]).execute();
  [su, manager, investor, technical, accountant, broker] = await Promise.all(
    ['superadmin', 'manager', 'investor', 'technical', 'accountant', 'broker'].map(async (r) => (await signInAs(t, r)).session),
  );
  token = (await call(su, 'POST', '/tokens/new', { kind: 'fungible', name: 'History Token', code: TK, supply: '1000000' })).json().id;
  other = (await call(su, 'POST', '/tokens/new', { kind: 'fungible', name: 'Other Token', code: OTHER, supply: '500' })).json().id;
  const cat = (await call(su, 'POST', '/nfe_categories/new', { name: 'History art' })).json().id;
  item = (await call(su, 'POST', '/tokens/new', { name: 'Piece', code: 'THNFT', token_number: '1', nfe_category_id: cat })).json().id;
}, 60_000);
afterEach(async () => { await expectLedgerHolds(t); });
afterAll(async () => { await t?.close(); });

function call(who: SignedIn, method: 'GET' | 'POST', url: string, payload?: unknown) {
  return t.app.inject({ method, url: `${A}${url}`, payload: payload as object, headers: who.headers() });
}
const codes = (res: { json(): unknown }) => (res.json() as { errors?: string[] }).errors;

describe('token config', () => {
  it('takes one config per fungible token, with clear refusals', async () => {
    expect(codes(await call(su, 'POST', '/token_configs/new', { token_id: item }))).toEqual(['admin.token_config.token_not_fungible']);
    expect(codes(await call(su, 'POST', '/token_configs/new', { token_id: 987654 }))).toEqual(['admin.token_config.token_doesnt_exist']);
    // A burned token takes no config (the console's picker shows it disabled with this code's words).
    await t.db.kysely.updateTable('tokens').set({ state: 'burned' }).where('id', '=', other).execute();
    expect(codes(await call(su, 'POST', '/token_configs/new', { token_id: other }))).toEqual(['admin.token.burned']);
    await t.db.kysely.updateTable('tokens').set({ state: 'active' }).where('id', '=', other).execute();
    expect(codes(await call(su, 'POST', '/token_configs/new', { token_id: token, transfer_fee: '1.5' }))).toEqual(['admin.token_config.invalid_transfer_fee']);
    expect(codes(await call(su, 'POST', '/token_configs/new', { token_id: token, max_supply: '999999' }))).toEqual(['admin.token_config.max_supply_below_supply']);
    const made = await call(su, 'POST', '/token_configs/new', { token_id: token, transfer_fee: '0.01', min_transfer: '2', max_supply: '1500000', mintable: true, burnable: false });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ token_id: token, token: 'History Token', code: TK, transfer_fee: '0.01', max_supply: '1500000', state: 'active' });
    expect(codes(await call(su, 'POST', '/token_configs/new', { token_id: token }))).toEqual(['admin.token_config.token_id_taken']);
    expect(codes(await call(su, 'POST', '/token_configs/update', { id: made.json().id, token_id: other }))).toEqual(['admin.token_config.immutable_token_id']);
    expect(codes(await call(su, 'POST', '/token_configs/update', { id: made.json().id, max_supply: '10' }))).toEqual(['admin.token_config.max_supply_below_supply']);

    // The token's supply follows its config: up to max_supply while mintable, never down while not burnable.
    expect(codes(await call(su, 'POST', '/tokens/update', { id: token, supply: '1500001' }))).toEqual(['admin.token.max_supply_exceeded']);
    expect(codes(await call(su, 'POST', '/tokens/update', { id: token, supply: '999' }))).toEqual(['admin.token.not_burnable']);
    expect((await call(su, 'POST', '/tokens/update', { id: token, supply: '1200000' })).json().supply).toBe('1200000');
    expect((await call(su, 'POST', '/token_configs/update', { id: made.json().id, mintable: false })).statusCode).toBe(201);
    expect(codes(await call(su, 'POST', '/tokens/update', { id: token, supply: '1200001' }))).toEqual(['admin.token.not_mintable']);
    // An inactive config applies no more.
    expect((await call(su, 'POST', '/token_configs/update', { id: made.json().id, state: 'inactive' })).statusCode).toBe(201);
    expect((await call(su, 'POST', '/tokens/update', { id: token, supply: '1000000' })).statusCode).toBe(201);
    const list = await call(manager, 'GET', `/token_configs?token_id=${token}`);
    expect(list.json().map((r: { id: number }) => r.id)).toEqual([made.json().id]);
  });

  it('lets manage Token write, manager, investor and technical read, and no one else in', async () => {
    for (const who of [manager, investor, technical]) {
      expect((await call(who, 'GET', '/token_configs')).statusCode).toBe(200);
      expect((await call(who, 'GET', '/token_history')).statusCode).toBe(200);
      expect((await call(who, 'POST', '/token_configs/new', { token_id: other })).statusCode).toBe(401);
    }
    for (const who of [accountant, broker]) {
      expect((await call(who, 'GET', '/token_configs')).statusCode).toBe(401);
      expect((await call(who, 'GET', '/token_history')).statusCode).toBe(401);
      expect((await call(who, 'POST', '/token_configs/new', { token_id: other })).statusCode).toBe(401);
    }
    expect(await t.db.kysely.selectFrom('token_configs').select('id').where('token_id', '=', other).execute()).toEqual([]);
  });
});

describe('token history', () => {
  it('appends the allotment of a presale close in its transaction', async () => {
    const u = await createUser(t.db);
    await fund(t, u.id, PR, '100', 'coin');
    const p = await call(su, 'POST', '/presales/new', {
      name: 'History sale', token_currency: TK, price_currency: PR, price: '0.5', soft_cap: '10', hard_cap: '1000',
      start_date: '2026-11-01T00:00:00Z', end_date: '2026-12-31T00:00:00Z',
    });
    expect(p.statusCode, p.body).toBe(201);
    const id = p.json().id;
    expect((await call(su, 'POST', '/presales/action', { id, action: 'start' })).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'POST', url: `${A}/investments/new`, headers: su.headers(), payload: { uid: u.uid, presale_id: id, amount: '40' } })).statusCode).toBe(201);
    expect((await call(su, 'POST', '/presales/action', { id, action: 'close' })).statusCode).toBe(201);
    const rows = (await call(manager, 'GET', `/token_history?token_id=${token}&source=allotment`)).json();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ token_id: token, code: TK, source: 'allotment', price: '0.5', price_currency: PR, supply: '1000000', circulating: '80', presale_id: id });
  });

  it('takes one snapshot per token per UTC day, at the last trade, whatever runs it', async () => {
    const at = new Date('2026-11-20T18:00:00Z'); // after the allotment above (the test clock's noon)
    const engine = await t.db.kysely.insertInto('engines').values({ name: 'th-engine', driver: 'peatio' }).returning('id').executeTakeFirstOrThrow();
    await t.db.kysely.insertInto('markets').values({
      id: `${OTHER}${PR}`, base_unit: OTHER, quote_unit: PR, engine_id: Number(engine.id), min_price: '0', max_price: '0', min_amount: '0', data: '{}',
    }).execute();
    const [maker, taker] = [await createUser(t.db), await createUser(t.db)];
    const order = (side: string, member: number) => t.db.kysely.insertInto('orders').values({
      market_id: `${OTHER}${PR}`, member_id: member, side, ord_type: 'limit', price: '3.25', origin_volume: '1', remaining_volume: '0',
      origin_locked: '0', locked: '0', state: 'done',
    }).returning('id').executeTakeFirstOrThrow();
    const [mo, to] = [await order('sell', maker.id), await order('buy', taker.id)];
    await t.db.kysely.insertInto('trades').values({
      market_id: `${OTHER}${PR}`, price: '3.25', amount: '1', total: '3.25', maker_order_id: Number(mo.id), taker_order_id: Number(to.id),
      maker_id: maker.id, taker_id: taker.id, taker_type: 'buy', maker_fee_currency: PR, taker_fee_currency: OTHER, created_at: new Date('2026-11-19T10:00:00Z'),
    }).execute();
    const runs = await Promise.all([snapshotTokenHistory(t.db.kysely, at), snapshotTokenHistory(t.db.kysely, at)]);
    const snap = await t.db.kysely.selectFrom('token_history').selectAll().where('source', '=', 'snapshot').orderBy('token_id').execute();
    // OTHER at its trade's price; TK (no market) at its last recorded price, the allotment's.
    expect(snap.map((r) => [Number(r.token_id), Number(r.price), r.price_currency])).toEqual([[token, 0.5, PR], [other, 3.25, PR]]);
    expect(runs[0]! + runs[1]!).toBe(2);
    expect(await snapshotTokenHistory(t.db.kysely, new Date('2026-11-20T23:59:00Z'))).toBe(0);
    expect(await snapshotTokenHistory(t.db.kysely, new Date('2026-11-21T00:01:00Z'))).toBe(2);
  });
});
