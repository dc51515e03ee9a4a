/**
 * Peatio 2.6's withdraw limits on a member's withdrawal (market-api/withdraw-limits.ts, migration 0051): the
 * most specific row of the member's group and KYC level (`any` the wildcard, the level weighing more), the
 * value of the member's counted withdrawals in the last 24 hours and month at each currency's price plus
 * this one; within (at included) one staff acceptance, over it the four eyes — as in Peatio, not a refusal.
 * Two requests at once under the member's lock: the second counts the first. A currency without a price.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generate, generateSecret } from 'otplib';
import { testApp, type TestApp } from '../helpers/app.js';
import { nextTestIp, signIn, signInAs, type SignedIn } from '../helpers/auth.js';
import { TEST_PASSWORD } from '../helpers/users.js';
import { call, COIN, fund, setupMoney } from './money-fixtures.js';
import { lockUser } from '../../src/server/db/queries/customer.js';
import { submitWithdraw } from '../../src/server/money/withdraws.js';
import { monthBefore, overWithdrawLimits } from '../../src/server/market-api/withdraw-limits.js';

let t: TestApp, admin: SignedIn, admin2: SignedIn;
const DAY = 86_400_000;

const db = () => t.db.kysely;
async function limits(rows: Array<[group: string, level: string, day: string, month: string]>) {
  await db().deleteFrom('withdraw_limits').execute();
  if (rows.length) await db().insertInto('withdraw_limits').values(rows.map(([group, kyc_level, limit_24_hour, limit_1_month]) => ({ group, kyc_level, limit_24_hour, limit_1_month }))).execute();
}
/** A funded level-3 member with 2FA and an active beneficiary, signed in. */
async function member(group = 'any') {
  const secret = generateSecret();
  const { user, session: first } = await signInAs(t, 'member', { level: 3 });
  let session = first, signedAt = t.clock.now().getTime();
  await db().updateTable('users').set({ otp: true, otp_secret: secret, fee_group: group }).where('id', '=', user.id).execute();
  await fund(t, user.id, COIN, '100', 'coin');
  const ben = await db().insertInto('beneficiaries').values({
    user_id: user.id, currency_id: COIN, name: 'out', data: JSON.stringify({ address: 'bcrt1qlimits' }), state: 'active',
  }).returning('id').executeTakeFirstOrThrow();
  const code = () => generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
  const withdraw = async (amount: string) => {
    if (t.clock.now().getTime() - signedAt > 3_600_000) { // the session has expired in the days the test skips
      t.clock.advance(30_000);
      session = await signIn(t.app, { email: user.email, password: TEST_PASSWORD, otp: await code(), ip: nextTestIp() });
      signedAt = t.clock.now().getTime();
    }
    t.clock.advance(30_000); // a fresh 2FA step for each request
    const otp = await code();
    const res = await t.app.inject({ method: 'POST', url: '/api/v2/peatio/account/withdraws', headers: session.headers(), payload: { currency: COIN, amount, beneficiary_id: ben.id, otp } });
    expect(res.statusCode, res.body).toBe(201);
    const row = await db().selectFrom('withdraws').select(['id', 'over_limits']).where('id', '=', res.json().id).executeTakeFirstOrThrow();
    return row;
  };
  return { user, withdraw };
}
const check = (m: { id: number }, group: string, level: number, sum: string, currency = COIN) =>
  overWithdrawLimits(db(), { member: m.id, group, level, currency, sum, now: t.clock.now() });

beforeAll(async () => {
  t = await testApp({ env: { WITHDRAW_REVIEW_AMOUNTS: `${COIN}=1000` } });
  await setupMoney(t);
  await db().updateTable('currencies').set({ price: '100', withdraw_fee: '0.001' } as never).where('code', '=', COIN).execute();
  admin = (await signInAs(t, 'admin')).session;
  admin2 = (await signInAs(t, 'admin')).session;
});
afterAll(async () => { await t?.close(); });
beforeEach(async () => { await limits([['any', 'any', '100', '250']]); });

describe('withdraw limits', () => {
  it('under and at each window take one acceptance; over takes two; rejected ones do not count; old ones leave the windows', async () => {
    const { user, withdraw } = await member();
    // Day 0: 60 + 40 = 100, at the 24-hour limit (the fee is inside the sum, as Peatio's `sum`).
    const under = await withdraw('0.6');
    expect(under.over_limits).toBe(false);
    expect((await call(t, admin, 'POST', '/withdraws/actions', { id: under.id, action: 'accept' })).json().state).toBe('accepted');
    expect((await withdraw('0.4')).over_limits).toBe(false);
    const over = await withdraw('0.011');
    expect(over.over_limits).toBe(true);
    const audit = await db().selectFrom('activities').select('data').where('user_id', '=', user.id).where('topic', '=', 'withdraws').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit.data).toMatchObject({ id: over.id, over_limits: '24_hour' });
    // Over: the first acceptance is a review, the second by someone else accepts it.
    // The staff API says why the first acceptance leaves it under review (the console's toast reads it).
    expect((await call(t, admin, 'GET', `/withdraws/${over.id}`)).json()).toMatchObject({ over_limits: true, state: 'submitted' });
    expect((await call(t, admin, 'GET', `/withdraws/${under.id}`)).json()).toMatchObject({ over_limits: false });
    expect((await call(t, admin, 'POST', '/withdraws/actions', { id: over.id, action: 'accept' })).json()).toMatchObject({ state: 'under_review', over_limits: true });
    expect((await call(t, admin, 'POST', '/withdraws/actions', { id: over.id, action: 'accept' })).json().errors).toEqual(['admin.withdraw.second_approver_required']);
    expect((await call(t, admin2, 'POST', '/withdraws/actions', { id: over.id, action: 'reject', reason: 'over the limits' })).json().state).toBe('rejected');

    // Day 1: the 24-hour window is new; the month holds 100 + 100 = 200.
    t.clock.advance(DAY);
    expect((await withdraw('1')).over_limits).toBe(false);
    // Day 2: 50 more is the month's 250, at its limit (the rejected 1.1 counts nothing); 1.1 more is over the month only.
    t.clock.advance(DAY);
    expect((await withdraw('0.5')).over_limits).toBe(false);
    expect(await check(user, 'any', 3, '0.011')).toBe('1_month');
    expect((await withdraw('0.011')).over_limits).toBe(true);
    // A month on, nothing counts.
    t.clock.advance(32 * DAY);
    expect((await withdraw('1')).over_limits).toBe(false);
  });

  it('takes the most specific row: level before group, `any` the wildcard; 0 is no limit; no row, none', async () => {
    await limits([['any', 'any', '100', '0'], ['vip-1', 'any', '1000', '0'], ['any', '3', '10', '0'], ['vip-1', '3', '5', '0']]);
    const { user } = await member();
    expect([await check(user, 'vip-1', 3, '0.05'), await check(user, 'vip-1', 3, '0.06')]).toEqual([null, '24_hour']); // (vip-1, 3): 5
    expect([await check(user, 'vip-2', 3, '0.1'), await check(user, 'vip-2', 3, '0.11')]).toEqual([null, '24_hour']); // (any, 3): 10
    expect([await check(user, 'vip-1', 2, '10'), await check(user, 'vip-1', 2, '10.01')]).toEqual([null, '24_hour']); // (vip-1, any): 1000
    expect([await check(user, 'vip-2', 2, '1'), await check(user, 'vip-2', 2, '1.01')]).toEqual([null, '24_hour']); // (any, any): 100
    await limits([['any', 'any', '0', '50']]);
    expect([await check(user, 'any', 3, '0.5'), await check(user, 'any', 3, '0.51')]).toEqual([null, '1_month']);
    await limits([['vip-1', '3', '1', '1']]);
    expect(await check(user, 'vip-2', 3, '1000')).toBeNull();
  });

  it('cannot value a currency without a price: over, when a limit applies', async () => {
    await db().insertInto('currencies').values({ code: 'mnop', name: 'No price', type: 'coin', precision: 8 }).execute();
    const { user } = await member();
    expect(await check(user, 'any', 3, '0.0001', 'mnop')).toBe('unpriced');
    await limits([['any', 'any', '0', '0']]);
    expect(await check(user, 'any', 3, '1000', 'mnop')).toBeNull();
    // One unpriced withdrawal in the month leaves its value unknown: every request is over until it leaves.
    await limits([['any', 'any', '100', '250']]);
    await fund(t, user.id, 'mnop', '5', 'coin');
    await db().transaction().execute((trx) => submitWithdraw(trx, { member: user.id, currency: 'mnop', type: 'coin', amount: '1', fee: '0', rid: 'x', at: t.clock.now() }));
    expect(await check(user, 'any', 3, '0.01')).toBe('unpriced');
  });

  it('counts the first of two requests at once: under the member\'s lock only one fits', async () => {
    const { user } = await member();
    const twin = () => db().transaction().execute(async (trx) => {
      await lockUser(trx, user.id);
      const over = await overWithdrawLimits(trx, { member: user.id, group: 'any', level: 3, currency: COIN, sum: '0.6', now: t.clock.now() });
      await submitWithdraw(trx, { member: user.id, currency: COIN, type: 'coin', amount: '0.599', fee: '0.001', rid: 'r', at: t.clock.now(), overLimits: over !== null });
      return over;
    });
    expect((await Promise.all([twin(), twin()])).sort()).toEqual(['24_hour', null]);
  });

  it('counts a month back by the calendar, as Rails\' 1.month.ago', () => {
    expect(monthBefore(new Date('2026-03-31T10:20:30.400Z')).toISOString()).toBe('2026-02-28T10:20:30.400Z');
    expect(monthBefore(new Date('2026-01-15T00:00:00.000Z')).toISOString()).toBe('2025-12-15T00:00:00.000Z');
  });
});
