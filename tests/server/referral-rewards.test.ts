/**
 * Referral rules and rewards over HTTP (applogic): one active rule per tier and currency; a settlement
 * turns a period's trade fees into pending rewards for the referrer (tier 1) and theirs (tier 2), once
 * however often or concurrently it runs; paying posts expense and liability once (concurrent payers);
 * campaign rewards once per key; bad input answers codes and writes nothing. The ledger holds after each.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testApp, type TestApp } from '../helpers/app.js';
import { signInAs, type SignedIn } from '../helpers/auth.js';
import { createUser } from '../helpers/users.js';
import { balances, COIN, expectLedgerHolds, FIAT, fund, setupMoney } from './money-fixtures.js';
import { submitOrder } from '../../src/server/trading/matching.js';
import type { MarketInfo } from '../../src/server/trading/orders.js';

const A = '/api/v2/applogic/admin';

let t: TestApp;
let market: MarketInfo;
let su: SignedIn, admin: SignedIn, accountant: SignedIn;

beforeAll(async () => {
  t = await testApp();
  market = await setupMoney(t);
  su = (await signInAs(t, 'superadmin')).session;
  admin = (await signInAs(t, 'admin')).session;
  accountant = (await signInAs(t, 'accountant')).session;
}, 120_000);
afterEach(async () => { await expectLedgerHolds(t); });
afterAll(async () => { await t?.close(); });

const call = (who: SignedIn, method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url: `${A}${url}`, payload: payload as object, headers: { ...who.headers(), ...headers } });
const codes = (res: { json(): unknown }) => (res.json() as { errors?: string[] }).errors;
const refer = (uid: string, referrer: string) => t.db.kysely.updateTable('users').set({ referral_uid: referrer }).where('uid', '=', uid).execute();
const rewardOps = (id: number) => t.db.kysely.selectFrom('operations').select(['code', 'currency_id', 'debit', 'credit', 'member_id'])
  .where('reference_type', '=', 'Reward').where('reference_id', '=', id).orderBy('id').execute();
const plain = (s: string) => (s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s);

/** `seller` sells `volume` coin at `price` to `buyer` at `at`: the seller is the maker (fee 0.1 % in fiat), the buyer the taker (0.2 % in coin). */
async function trade(seller: number, buyer: number, volume: string, price: string, at: Date) {
  await fund(t, seller, COIN, volume, 'coin');
  await fund(t, buyer, FIAT, String(Number(volume) * Number(price)), 'fiat');
  await submitOrder(t.db.kysely, { member: seller, market, side: 'sell', price, volume, at });
  const r = await submitOrder(t.db.kysely, { member: buyer, market, side: 'buy', price, volume, at });
  expect(r.trades).toHaveLength(1);
}

describe('referral rules', () => {
  it('allows one active rule per tier and fee currency (none counting as its own), refused with a code', async () => {
    const any1 = await call(admin, 'POST', '/referral_rules/new', { name: 'Direct, any fee', tier: 1, reward_share: '0.2' });
    expect(any1.statusCode, any1.body).toBe(201);
    expect(any1.json()).toMatchObject({ tier: 1, reward_share: '0.2', currency: null, min_volume: '0', state: 'active' });
    const fiat1 = await call(admin, 'POST', '/referral_rules/new', { name: 'Direct, dollar fees', tier: 1, reward_share: '0.25', currency: FIAT });
    expect(fiat1.statusCode, fiat1.body).toBe(201);
    const tier2 = await call(admin, 'POST', '/referral_rules/new', { name: 'Second tier', tier: 2, reward_share: '0.05' });
    expect(tier2.statusCode, tier2.body).toBe(201);
    const again = await call(admin, 'POST', '/referral_rules/new', { name: 'Another direct', tier: 1, reward_share: '0.3' });
    expect([again.statusCode, codes(again)]).toEqual([422, ['admin.referral_rule.active_rule_taken']]);
    expect(codes(await call(admin, 'POST', '/referral_rules/new', { name: 'Dollar again', tier: 1, reward_share: '0.3', currency: FIAT })))
      .toEqual(['admin.referral_rule.active_rule_taken']);
    // Inactive rules may share it; activating one while another is active is refused.
    const spare = await call(admin, 'POST', '/referral_rules/new', { name: 'Spare', tier: 1, reward_share: '0.3', state: 'inactive' });
    expect(spare.statusCode, spare.body).toBe(201);
    expect(codes(await call(admin, 'POST', '/referral_rules/update', { id: spare.json().id, state: 'active' }))).toEqual(['admin.referral_rule.active_rule_taken']);
    // Concurrent activations of the same tier and currency: the partial unique index lets one through, the rest get the code.
    const racers = await Promise.all([1, 2, 3].map((n) => call(admin, 'POST', '/referral_rules/new', { name: `Racer ${n}`, tier: 2, reward_share: '0.1', currency: COIN })));
    expect(racers.map((r) => r.statusCode).sort()).toEqual([201, 422, 422]);
    for (const r of racers.filter((x) => x.statusCode === 422)) expect(codes(r)).toEqual(['admin.referral_rule.active_rule_taken']);
    await call(admin, 'POST', '/referral_rules/update', { id: racers.find((r) => r.statusCode === 201)!.json().id, state: 'inactive' });
    const bad: [Record<string, unknown>, string][] = [
      [{ name: 'x', tier: 3, reward_share: '0.1' }, 'admin.referral_rule.invalid_tier'],
      [{ name: 'x', tier: 1, reward_share: '1.5' }, 'admin.referral_rule.invalid_reward_share'],
      [{ name: 'x', tier: 1, reward_share: '0' }, 'admin.referral_rule.invalid_reward_share'],
      [{ name: 'x', tier: 1, reward_share: '0.1', min_volume: '-1' }, 'admin.referral_rule.invalid_min_volume'],
      [{ name: 'x', tier: 1, reward_share: '0.1', currency: 'nope', state: 'inactive' }, 'admin.referral_rule.currency_doesnt_exist'],
      [{ tier: 1, reward_share: '0.1' }, 'admin.referral_rule.missing_name'],
    ];
    for (const [body, code] of bad) expect(codes(await call(admin, 'POST', '/referral_rules/new', body)), JSON.stringify(body)).toContain(code);
    expect((await t.db.kysely.selectFrom('referral_rules').select('id').where('state', '=', 'active').execute())).toHaveLength(3);
  });

  it('takes an emptied currency as none (the form clears the field), and an upper-case code as the currency', async () => {
    const made = await call(admin, 'POST', '/referral_rules/new', { name: 'Form rule', tier: 2, reward_share: '0.1', currency: FIAT.toUpperCase(), state: 'inactive' });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().currency).toBe(FIAT);
    const cleared = await call(admin, 'POST', '/referral_rules/update', { id: made.json().id, currency: '' });
    expect(cleared.statusCode, cleared.body).toBe(201);
    expect(cleared.json().currency).toBeNull();
    // Now a second tier-2 rule without a currency: activating it while 'Second tier' is active is refused.
    expect(codes(await call(admin, 'POST', '/referral_rules/update', { id: made.json().id, state: 'active' }))).toEqual(['admin.referral_rule.active_rule_taken']);
  });
});

describe('settling referral rewards', () => {
  it('rewards tier 1 and tier 2 referrers from the fees of a period, once however often it runs', async () => {
    const top = await createUser(t.db), ref = await createUser(t.db), maker = await createUser(t.db), taker = await createUser(t.db);
    await refer(ref.uid, top.uid);
    await refer(maker.uid, ref.uid);
    await refer(taker.uid, ref.uid);
    const day = new Date('2025-03-10T12:00:00Z');
    await trade(maker.id, taker.id, '1', '1000', day); // maker fee 1 musd, taker fee 0.002 mbtc
    await trade(maker.id, taker.id, '2', '1000', new Date('2025-03-11T08:00:00Z')); // outside the period
    const period = { from: '2025-03-10', to: '2025-03-10' };
    const runs = await Promise.all([1, 2, 3].map(() => call(su, 'POST', '/rewards/settle', period)));
    expect(runs.map((r) => r.statusCode), runs[0]!.body).toEqual([201, 201, 201]);
    expect(runs.map((r) => r.json().created).sort()).toEqual([0, 0, 4]);
    expect(new Set(runs.map((r) => r.json().settlement_id)).size).toBe(1);
    const rows = await t.db.kysely.selectFrom('rewards').selectAll().where('settlement_id', '=', runs[0]!.json().settlement_id)
      .orderBy('tier').orderBy('source_uid').orderBy('currency').execute();
    const seen = rows.map((r) => [r.uid, r.tier, r.source_uid, r.currency, plain(r.amount), plain(r.fee_amount!), r.trades, r.state]);
    // Tier 1: the dollar rule (25 %) for the maker's dollar fee, the any-currency rule (20 %) for the taker's coin fee; tier 2: 5 %.
    expect(seen).toEqual(expect.arrayContaining([
      [ref.uid, 1, maker.uid, FIAT, '0.25', '1', 1, 'pending'],
      [ref.uid, 1, taker.uid, COIN, '0.0004', '0.002', 1, 'pending'],
      [top.uid, 2, maker.uid, FIAT, '0.05', '1', 1, 'pending'],
      [top.uid, 2, taker.uid, COIN, '0.0001', '0.002', 1, 'pending'],
    ]));
    expect(rows).toHaveLength(4);
    // A later run of the same period finds everything made; an overlapping period is refused.
    expect((await call(su, 'POST', '/rewards/settle', period)).json()).toMatchObject({ created: 0, existing: 4 });
    expect(codes(await call(su, 'POST', '/rewards/settle', { from: '2025-03-09', to: '2025-03-11' }))).toEqual(['admin.reward.period_overlaps']);
    // Nothing moved yet: rewards are pending.
    expect(await balances(t, ref.id, FIAT)).toEqual({ balance: '0', locked: '0' });
    const list = await call(accountant, 'GET', `/rewards?uid=${ref.uid}&kind=referral&state=pending`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().map((r: { source_uid: string }) => r.source_uid).sort()).toEqual([maker.uid, taker.uid].sort());
    expect(list.json()[0]).toMatchObject({ email: ref.email, referral_rule: expect.any(String), period_from: '2025-03-10T00:00:00.000Z', period_to: '2025-03-11T00:00:00.000Z' });
  });

  it('skips referrers below the rule’s 30-day volume and inactive referrers', async () => {
    const rich = await createUser(t.db), poor = await createUser(t.db), banned = await createUser(t.db, { state: 'banned' });
    const a = await createUser(t.db), b = await createUser(t.db), c = await createUser(t.db);
    await refer(a.uid, rich.uid); await refer(b.uid, poor.uid); await refer(c.uid, banned.uid);
    // A coin rule for tier 1 asking 0.5 mbtc of 30-day volume: rich traded 1 mbtc in the window, poor nothing.
    const rule = await call(admin, 'POST', '/referral_rules/new', { name: 'Coin fees, traders', tier: 1, reward_share: '0.5', currency: COIN, min_volume: '0.5' });
    expect(rule.statusCode, rule.body).toBe(201);
    const other = await createUser(t.db);
    await trade(rich.id, other.id, '1', '10', new Date('2025-04-01T10:00:00Z'));
    for (const buyer of [a, b, c]) await trade(other.id, buyer.id, '1', '10', new Date('2025-04-20T10:00:00Z'));
    const res = await call(su, 'POST', '/rewards/settle', { from: '2025-04-20', to: '2025-04-20' });
    expect(res.statusCode, res.body).toBe(201);
    const made = await t.db.kysely.selectFrom('rewards').select(['uid', 'currency', 'amount', 'referral_rule_id']).where('settlement_id', '=', res.json().settlement_id).execute();
    expect(made.map((m) => [m.uid, m.currency, plain(m.amount), Number(m.referral_rule_id)])).toEqual([[rich.uid, COIN, '0.001', rule.json().id]]);
  });

  it('refuses bad periods with a code and writes nothing', async () => {
    const before = await t.db.kysely.selectFrom('reward_settlements').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    const cases: [Record<string, unknown>, string][] = [
      [{ to: '2025-01-01' }, 'admin.reward.missing_from'],
      [{ from: '2025-01-01' }, 'admin.reward.missing_to'],
      [{ from: '2025-02-30', to: '2025-03-01' }, 'admin.reward.invalid_from'],
      [{ from: '2025-01-01', to: 'yesterday' }, 'admin.reward.invalid_to'],
      [{ from: '2025-01-05', to: '2025-01-01' }, 'admin.reward.invalid_period'],
      [{ from: '2025-01-01', to: '2025-02-01' }, 'admin.reward.period_too_long'],
      [{ from: '2099-01-01', to: '2099-01-02' }, 'admin.reward.period_not_over'],
    ];
    for (const [body, code] of cases) expect(codes(await call(su, 'POST', '/rewards/settle', body)), JSON.stringify(body)).toEqual([code]);
    const after = await t.db.kysely.selectFrom('reward_settlements').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});

describe('paying and canceling rewards', () => {
  it('pays a pending reward once for concurrent payers: expense and the member credited, then no cancel', async () => {
    const u = await createUser(t.db);
    const made = await call(admin, 'POST', '/rewards/new', { uid: u.uid, currency: FIAT, amount: '12.5', campaign: 'trading-cup', reason: 'Second place' }, { 'idempotency-key': 'reward-1' });
    expect(made.statusCode, made.body).toBe(201);
    const r = made.json();
    expect(r).toMatchObject({ kind: 'campaign', state: 'pending', uid: u.uid, campaign: 'trading-cup', paid_at: null });
    const again = await call(admin, 'POST', '/rewards/new', { uid: u.uid, currency: FIAT, amount: '12.5', campaign: 'trading-cup', reason: 'Second place' }, { 'idempotency-key': 'reward-1' });
    expect(again.json().id).toBe(r.id);
    expect(codes(await call(admin, 'POST', '/rewards/new', { uid: u.uid, currency: FIAT, amount: '13', campaign: 'trading-cup' }, { 'idempotency-key': 'reward-1' })))
      .toEqual(['admin.reward.idempotency_key_reused']);
    const pays = await Promise.all(Array.from({ length: 6 }, () => call(admin, 'POST', '/rewards/action', { id: r.id, action: 'pay' })));
    expect(pays.map((p) => p.statusCode).sort()).toEqual([201, 422, 422, 422, 422, 422]);
    for (const p of pays.filter((x) => x.statusCode === 422)) expect(codes(p)).toEqual(['admin.reward.cannot_perform_pay_action']);
    expect((await rewardOps(r.id)).map((o) => [o.code, plain(o.debit), plain(o.credit)])).toEqual([[401, '0', '12.5'], [201, '0', '12.5']]);
    expect(await balances(t, u.id, FIAT)).toEqual({ balance: '12.5', locked: '0' });
    expect((await call(accountant, 'GET', `/rewards/${r.id}`)).json()).toMatchObject({ state: 'paid', paid_at: expect.any(String), payer_uid: expect.any(String) });
    expect(codes(await call(admin, 'POST', '/rewards/action', { id: r.id, action: 'cancel' }))).toEqual(['admin.reward.cannot_perform_cancel_action']);
  });

  it('cancels a pending reward (nothing posted), after which it cannot be paid; bad input gets codes', async () => {
    const u = await createUser(t.db);
    const r = (await call(admin, 'POST', '/rewards/new', { uid: u.uid, currency: COIN, amount: '0.01', campaign: 'airdrop' })).json();
    expect((await call(admin, 'POST', '/rewards/action', { id: r.id, action: 'cancel' })).json()).toMatchObject({ state: 'canceled', canceled_at: expect.any(String) });
    expect(codes(await call(admin, 'POST', '/rewards/action', { id: r.id, action: 'pay' }))).toEqual(['admin.reward.cannot_perform_pay_action']);
    expect(await rewardOps(r.id)).toEqual([]);
    const cases: [Record<string, unknown>, string][] = [
      [{ uid: 'IDNOSUCHUSER1', currency: COIN, amount: '1', campaign: 'x' }, 'admin.reward.member_doesnt_exist'],
      [{ uid: u.uid, currency: 'nope', amount: '1', campaign: 'x' }, 'admin.reward.currency_doesnt_exist'],
      [{ uid: u.uid, currency: COIN, amount: '0', campaign: 'x' }, 'admin.reward.non_positive_amount'],
      [{ uid: u.uid, currency: FIAT, amount: '1.001', campaign: 'x' }, 'admin.reward.amount_exceeds_precision'],
    ];
    for (const [body, code] of cases) expect(codes(await call(admin, 'POST', '/rewards/new', body))).toEqual([code]);
    expect((await call(admin, 'POST', '/rewards/new', { uid: u.uid, currency: COIN, amount: '1' })).statusCode).toBe(422);
    expect(codes(await call(admin, 'POST', '/rewards/action', { id: r.id, action: 'approve' }))).toEqual(['admin.reward.invalid_action']);
    expect(codes(await call(admin, 'POST', '/rewards/action', { action: 'pay' }))).toEqual(['admin.reward.missing_id']);
    expect((await call(admin, 'POST', '/rewards/action', { id: 999999, action: 'pay' })).statusCode).toBe(404);
    expect(await t.db.kysely.selectFrom('rewards').select('id').where('uid', '=', u.uid).execute()).toHaveLength(1);
  });
});

describe('who may do what', () => {
  it('lets reading roles read and refuses them every write; broker and investor read nothing', async () => {
    const u = await createUser(t.db);
    const rule = { name: 'Role test', tier: 2, reward_share: '0.1', currency: FIAT, state: 'inactive' };
    for (const role of ['accountant', 'compliance', 'support', 'manager']) {
      const s = (await signInAs(t, role)).session;
      expect((await call(s, 'GET', '/rewards')).statusCode, role).toBe(200);
      expect((await call(s, 'GET', '/referral_rules')).statusCode, role).toBe(200);
      expect((await call(s, 'POST', '/rewards/new', { uid: u.uid, currency: FIAT, amount: '1', campaign: 'x' })).statusCode, role).toBe(401);
      expect((await call(s, 'POST', '/rewards/settle', { from: '2024-01-01', to: '2024-01-01' })).statusCode, role).toBe(401);
      expect((await call(s, 'POST', '/rewards/action', { id: 1, action: 'pay' })).statusCode, role).toBe(401);
      expect((await call(s, 'POST', '/referral_rules/new', rule)).statusCode, role).toBe(401);
    }
    for (const role of ['broker', 'investor', 'technical']) {
      const s = (await signInAs(t, role)).session;
      expect((await call(s, 'GET', '/rewards')).statusCode, role).toBe(401);
      expect((await call(s, 'GET', '/referral_rules')).statusCode, role).toBe(401);
      expect((await call(s, 'POST', '/rewards/settle', { from: '2024-01-01', to: '2024-01-01' })).statusCode, role).toBe(401);
    }
    expect(await t.db.kysely.selectFrom('rewards').select('id').where('uid', '=', u.uid).execute()).toHaveLength(0);
    expect(await t.db.kysely.selectFrom('reward_settlements').select('id').where('period_from', '=', new Date('2024-01-01T00:00:00Z')).execute()).toHaveLength(0);
  });
});
