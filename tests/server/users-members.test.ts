/** Peatio admin members: groups, member info, fee group, minimum swap amount, lock/unlock funds. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { caller, lastActivity, mkUser, staff, userRow } from './users-fixtures.js';

let t: TestApp;
let call: ReturnType<typeof caller>;
let admin: Awaited<ReturnType<typeof staff>>;
let root: Awaited<ReturnType<typeof staff>>;

beforeAll(async () => {
  t = await testApp();
  call = caller(t, '/api/v2/peatio/admin');
  admin = await staff(t, 'admin');
  root = await staff(t, 'superadmin');
  // 18 places (like ETH's wei) for the exactness tests below; usd is fiat with 2, as seeded.
  await t.db.kysely.insertInto('currencies').values([
    ...['btc', 'eth', 'usdt'].map((code) => ({ code, name: code.toUpperCase(), precision: 18 })),
    { code: 'usd', name: 'US Dollar', type: 'fiat', precision: 2 },
  ]).onConflict((oc) => oc.doNothing()).execute();
});
afterAll(async () => { await t?.close(); });

async function investor(accounts: Record<string, [string, string]>, role = 'investor') {
  const u = await mkUser(t, { role });
  const rows = Object.entries(accounts).map(([currency_id, [balance, locked]]) => ({ user_id: u.id, currency_id, balance, locked }));
  if (rows.length) await t.db.kysely.insertInto('accounts').values(rows).execute();
  return u;
}
const accounts = async (userId: number) => Object.fromEntries((await t.db.kysely.selectFrom('accounts')
  .select(['currency_id', 'balance', 'locked']).where('user_id', '=', userId).execute())
  .map((a) => [a.currency_id, [a.balance, a.locked].map((s) => s.replace(/\.?0+$/, '') || '0')]));
const lock = (body: object, who = root) => call(who, 'POST', '/members/lock_funds', body);
const codes = async (res: Promise<{ statusCode: number; json(): any }>, status = 422) => {
  const r = await res;
  expect(r.statusCode, JSON.stringify(r.json())).toBe(status);
  return r.json().errors;
};

describe('member reads and group', () => {
  it('lists fee groups with any first, and member info with accounts as strings', async () => {
    const u = await investor({ btc: ['1.5', '0.25'] });
    await mkUser(t, { fee_group: 'vip-1' });
    expect((await call(admin, 'GET', '/members/groups')).json()).toEqual(['any', 'vip-1']);
    const res = await call(admin, 'GET', `/members/${u.uid}`);
    expect(res.json()).toMatchObject({ uid: u.uid, email: u.email, role: 'investor', group: 'any', accounts: [{ currency: 'btc', balance: '1.5', locked: '0.25', precision: 18 }] });
    expect(await codes(call(admin, 'GET', '/members/ID404'), 404)).toEqual(['admin.member.doesnt_exist']);
  });

  it('changes the fee group (stripped, lower-cased), answering 201', async () => {
    const u = await mkUser(t);
    const res = await call(admin, 'PUT', `/members/${u.uid}`, { group: ' VIP-2 ' });
    expect(res.statusCode).toBe(201);
    expect(res.json().group).toBe('vip-2');
    expect((await lastActivity(t, 'members'))!.data).toMatchObject({ uid: u.uid, group: { from: 'any', to: 'vip-2' } });
    expect(await codes(call(admin, 'PUT', `/members/${u.uid}`, { group: 'no spaces' }))).toEqual(['admin.member.invalid_group']);
    expect(await codes(call(admin, 'PUT', `/members/${u.uid}`, {}))).toEqual(['admin.member.missing_group']);
    expect((await userRow(t, u.uid)).fee_group).toBe('vip-2');
  });

  it('sets the minimum swap amount exactly', async () => {
    const u = await mkUser(t, { fee_group: 'vip-1' });
    const res = await call(admin, 'POST', '/members/min_swap_amount', { uid: u.uid, min_swap_amount: '0.000000000000000001', group: 'any' });
    expect(res.statusCode).toBe(201);
    expect(res.json().minimum_swap_amount).toBe('0.000000000000000001');
    expect((await call(admin, 'POST', '/members/min_swap_amount', { uid: u.uid, min_swap_amount: 25, group: 'vip-1' })).json().minimum_swap_amount).toBe('25');
    for (const bad of ['-1', 'abc', '1e3', '1234567890123456789', '']) {
      expect(await codes(call(admin, 'POST', '/members/min_swap_amount', { uid: u.uid, min_swap_amount: bad }))).toEqual(['admin.member.invalid_min_swap_amount']);
    }
    expect(await codes(call(admin, 'POST', '/members/min_swap_amount', { uid: u.uid, min_swap_amount: '1', group: 'vip-9' }))).toEqual(['admin.member.invalid_group']);
    expect((await userRow(t, u.uid)).minimum_swap_amount).toMatch(/^25\.0+$/);
  });
});

describe('lock/unlock funds', () => {
  it('only a superadmin may, and only on an investor', async () => {
    const u = await investor({ btc: ['1', '0'] });
    expect(await codes(lock({ uid: u.uid, type: 'lock', percentage: '10' }, admin), 403)).toEqual(['admin.member.lock_not_permitted']);
    const trader = await investor({ btc: ['1', '0'] }, 'trader');
    expect(await codes(lock({ uid: trader.uid, type: 'lock', percentage: '10' }))).toEqual(['admin.member.not_investor']);
    expect(await accounts(u.id)).toEqual({ btc: ['1', '0'] });
    expect(await accounts(trader.id)).toEqual({ btc: ['1', '0'] });
  });

  it.each([
    [{ type: 'lock', amount: '1', percentage: '5', currency: 'btc' }, 'admin.member.one_of_amount_percentage'],
    [{ type: 'lock' }, 'admin.member.one_of_amount_percentage'],
    [{ type: 'lock', amount: '1' }, 'admin.member.missing_currency'],
    [{ type: 'lock', amount: '0', currency: 'btc' }, 'admin.member.invalid_amount'],
    [{ type: 'lock', amount: '-1', currency: 'btc' }, 'admin.member.invalid_amount'],
    [{ type: 'lock', percentage: '0' }, 'admin.member.invalid_percentage'],
    [{ type: 'lock', percentage: '100.000000000000000001' }, 'admin.member.invalid_percentage'],
    [{ type: 'lock', percentage: 101 }, 'admin.member.invalid_percentage'],
    [{ type: 'freeze', percentage: '5' }, 'admin.member.invalid_type'],
    [{ type: 'lock', amount: '3', currency: 'btc' }, 'admin.member.insufficient_balance'],
    [{ type: 'unlock', amount: '0.5', currency: 'btc' }, 'admin.member.insufficient_locked'],
    [{ type: 'lock', amount: '1', currency: 'eth' }, 'admin.member.account_doesnt_exist'],
  ])('%j → %s, balances unchanged', async (body, code) => {
    const u = await investor({ btc: ['2', '0.25'] });
    expect(await codes(lock({ uid: u.uid, ...body }))).toEqual([code]);
    expect(await accounts(u.id)).toEqual({ btc: ['2', '0.25'] });
  });

  it('moves an amount of one currency exactly, both ways, and audits it', async () => {
    const u = await investor({ btc: ['2', '0'], usdt: ['10', '0'] });
    const res = await lock({ uid: u.uid, type: 'lock', amount: '1.000000000000000001', currency: 'BTC' });
    expect(res.statusCode).toBe(201);
    expect(res.json().accounts).toEqual([
      { currency: 'btc', balance: '0.999999999999999999', locked: '1.000000000000000001', precision: 18 },
      { currency: 'usdt', balance: '10', locked: '0', precision: 18 },
    ]);
    const act = await lastActivity(t, 'members');
    expect(act).toMatchObject({ action: 'lock', result: 'succeed', user_id: root.id, target_id: u.id });
    expect(act!.data).toMatchObject({ uid: u.uid, amount: '1.000000000000000001', currency: 'btc', before: [{ currency: 'btc' }] });
    await lock({ uid: u.uid, type: 'unlock', amount: '1.000000000000000001', currency: 'btc' });
    expect(await accounts(u.id)).toEqual({ btc: ['2', '0'], usdt: ['10', '0'] });
  });

  it('moves a percentage of every account, truncated to 18 decimals, never creating or losing funds', async () => {
    const u = await investor({ btc: ['0.000000000000000004', '0'], eth: ['0.000000000000000003', '0'], usdt: ['100', '1'] });
    expect((await lock({ uid: u.uid, type: 'lock', percentage: '25' })).statusCode).toBe(201);
    expect(await accounts(u.id)).toEqual({
      btc: ['0.000000000000000003', '0.000000000000000001'],
      eth: ['0.000000000000000003', '0'],
      usdt: ['75', '26'],
    });
    await lock({ uid: u.uid, type: 'lock', percentage: 33.3 });
    expect((await accounts(u.id)).usdt).toEqual(['50.025', '50.975']);
    await lock({ uid: u.uid, type: 'unlock', percentage: '100' });
    expect(await accounts(u.id)).toEqual({
      btc: ['0.000000000000000004', '0'], eth: ['0.000000000000000003', '0'], usdt: ['101', '0'],
    });
    await lock({ uid: u.uid, type: 'lock', percentage: '100' });
    expect((await accounts(u.id)).usdt).toEqual(['0', '101']);
  });

  it("keeps a fiat balance to its currency's precision: a percentage's share is truncated, a finer amount refused", async () => {
    const u = await investor({ usd: ['123.45', '0'], eth: ['0.123456789012345678', '0'] });
    const res = await lock({ uid: u.uid, type: 'lock', percentage: '10' });
    expect(res.statusCode).toBe(201);
    // 10% of 123.45 is 12.345: 12.34 moves, and both sides keep two decimals.
    expect(res.json().accounts).toEqual([
      { currency: 'eth', balance: '0.111111110111111111', locked: '0.012345678901234567', precision: 18 },
      { currency: 'usd', balance: '111.11', locked: '12.34', precision: 2 },
    ]);
    await lock({ uid: u.uid, type: 'unlock', percentage: '33.3' });
    expect((await accounts(u.id)).usd).toEqual(['115.21', '8.24']); // 33.3% of 12.34 = 4.10922 → 4.10
    expect(await codes(lock({ uid: u.uid, type: 'lock', amount: '0.005', currency: 'usd' }))).toEqual(['admin.member.amount_exceeds_precision']);
    expect(await codes(lock({ uid: u.uid, type: 'unlock', amount: '1.001', currency: 'usd' }))).toEqual(['admin.member.amount_exceeds_precision']);
    // Refused for its precision even where the balance is short too: the typed figure is the problem.
    expect(await codes(lock({ uid: u.uid, type: 'lock', amount: '999.999', currency: 'usd' }))).toEqual(['admin.member.amount_exceeds_precision']);
    expect((await lock({ uid: u.uid, type: 'lock', amount: '0.10000', currency: 'usd' })).statusCode).toBe(201);
    expect((await accounts(u.id)).usd).toEqual(['115.11', '8.34']);
  });
});
