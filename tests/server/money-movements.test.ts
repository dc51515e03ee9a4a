/**
 * Deposits and withdrawals on the ledger: a scanned deposit moves no money until accepted; each state
 * machine acts only from its states and once under races; four-eyes above the review amount; reject
 * needs a reason and returns the funds; the invariant holds after every test.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { signInAs, type SignedIn } from '../helpers/auth.js';
import { createUser } from '../helpers/users.js';
import { balances, call, codesOf, COIN, expectLedgerHolds, FIAT, fund, setupMoney } from './money-fixtures.js';
import { submitWithdraw } from '../../src/server/money/withdraws.js';

let t: TestApp;
let admin: SignedIn, compliance: SignedIn, support: SignedIn;
let member: { id: number; uid: string };

const deposit = async (amount: string, fee = '0') => (await t.db.kysely.insertInto('deposits').values({
  user_id: member.id, currency_id: COIN, amount, fee, type: 'coin', state: 'submitted',
}).returning('id').executeTakeFirstOrThrow()).id;
const withdraw = (amount: string, currency = COIN, fee = '0.0005') =>
  t.db.kysely.transaction().execute((trx) => submitWithdraw(trx, {
    member: member.id, currency, type: currency === COIN ? 'coin' : 'fiat', amount, fee: currency === COIN ? fee : '1', rid: 'bc1qexample', at: new Date(),
  }));
const act = (who: SignedIn, kind: 'deposits' | 'withdraws', body: Record<string, unknown>) => call(t, who, 'POST', `/${kind}/actions`, body);

beforeAll(async () => {
  t = await testApp({ env: { WITHDRAW_REVIEW_AMOUNTS: `${COIN}=1` } });
  await setupMoney(t);
  admin = (await signInAs(t, 'admin')).session;
  compliance = (await signInAs(t, 'compliance')).session;
  support = (await signInAs(t, 'support')).session;
  member = await createUser(t.db);
  await fund(t, member.id, FIAT, '5000', 'fiat');
  await fund(t, member.id, COIN, '5', 'coin');
});
afterEach(async () => { await expectLedgerHolds(t); });
afterAll(async () => { await t?.close(); });

describe('deposits', () => {
  it('credits the member (less the fee, which is revenue) only when accepted, once however many accept at once', async () => {
    const id = await deposit('0.75', '0.01');
    expect(await balances(t, member.id, COIN)).toEqual({ balance: '5', locked: '0' });
    const answers = await Promise.all(Array.from({ length: 6 }, () => act(admin, 'deposits', { id, action: 'accept' })));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(new Set(answers.filter((r) => r.statusCode !== 201).map((r) => codesOf(r)![0]))).toEqual(new Set(['admin.deposit.invalid_state']));
    expect(await balances(t, member.id, COIN)).toEqual({ balance: '5.74', locked: '0' });
    const row = (await call(t, admin, 'GET', `/deposits/${id}`)).json();
    expect(row).toMatchObject({ state: 'accepted', amount: '0.75', fee: '0.01', uid: member.uid, completed_at: expect.any(String) });
    for (const action of ['process', 'dispatch']) expect((await act(admin, 'deposits', { id, action })).statusCode).toBe(201);
    expect((await call(t, admin, 'GET', `/deposits/${id}`)).json().state).toBe('collected');
  });

  it('rejects and cancels without moving money, and refuses what the state does not allow', async () => {
    const a = await deposit('1'), b = await deposit('2');
    expect((await act(admin, 'deposits', { id: a, action: 'reject' })).json().state).toBe('rejected');
    expect((await act(admin, 'deposits', { id: b, action: 'cancel' })).json().state).toBe('canceled');
    expect(codesOf(await act(admin, 'deposits', { id: a, action: 'accept' }))).toEqual(['admin.deposit.invalid_state']);
    expect(codesOf(await act(admin, 'deposits', { id: a, action: 'launder' }))).toEqual(['admin.deposit.invalid_action']);
    expect(codesOf(await act(admin, 'deposits', { id: 'x', action: 'accept' }))).toEqual(['admin.deposit.invalid_id']);
    expect((await act(admin, 'deposits', { id: 99_999_999, action: 'accept' })).statusCode).toBe(404);
    expect(codesOf(await act(admin, 'deposits', { id: await deposit('1', '1'), action: 'accept' }))).toEqual(['admin.deposit.fee_exceeds_amount']);
    // Reading is open to support; acting is not.
    expect((await call(t, support, 'GET', '/deposits')).statusCode).toBe(200);
    expect((await act(support, 'deposits', { id: a, action: 'accept' })).statusCode).toBe(403);
  });
});

describe('withdrawals', () => {
  it('locks the sum on request, debits it on success with the fee as revenue', async () => {
    const before = await balances(t, member.id, COIN);
    const id = await withdraw('0.2');
    expect(await balances(t, member.id, COIN)).toEqual({ balance: String(Number(before.balance) - 0.2005), locked: '0.2005' });
    for (const action of ['accept', 'process']) expect((await act(admin, 'withdraws', { id, action })).statusCode).toBe(201);
    expect((await act(admin, 'withdraws', { id, action: 'dispatch', txid: '0xabc' })).json()).toMatchObject({ state: 'confirming', blockchain_txid: '0xabc' });
    expect((await act(admin, 'withdraws', { id, action: 'success' })).json()).toMatchObject({ state: 'succeed', done_at: expect.any(String) });
    expect(await balances(t, member.id, COIN)).toEqual({ balance: String(Number(before.balance) - 0.2005), locked: '0' });
    const revenue = (await call(t, admin, 'GET', `/revenues?reference_type=Withdraw&rid=${id}`)).json();
    expect(revenue).toMatchObject([{ credit: '0.0005', currency: COIN }]);
  });

  it('needs two different staff members above the review amount', async () => {
    const id = await withdraw('1.5');
    expect((await act(admin, 'withdraws', { id, action: 'accept' })).json()).toMatchObject({ state: 'under_review', approved_by_uid: expect.stringMatching(/^ID/) });
    expect(codesOf(await act(admin, 'withdraws', { id, action: 'accept' }))).toEqual(['admin.withdraw.second_approver_required']);
    expect((await call(t, admin, 'GET', '/withdraws?state=pending')).json().map((w: { id: number }) => w.id)).toContain(id);
    expect((await act(compliance, 'withdraws', { id, action: 'accept' })).json()).toMatchObject({ state: 'accepted' });
    expect((await call(t, admin, 'GET', '/withdraws?state=pending')).json().map((w: { id: number }) => w.id)).not.toContain(id);
    expect((await act(admin, 'withdraws', { id, action: 'cancel' })).json().state).toBe('canceled');
  });

  it('rejects only with a reason, returning the funds once, however the calls race', async () => {
    const id = await withdraw('0.3');
    const before = await balances(t, member.id, COIN);
    expect(codesOf(await act(compliance, 'withdraws', { id, action: 'reject' }))).toEqual(['admin.withdraw.missing_reason']);
    expect(codesOf(await act(compliance, 'withdraws', { id, action: 'reject', reason: '   ' }))).toEqual(['admin.withdraw.missing_reason']);
    const answers = await Promise.all([
      act(compliance, 'withdraws', { id, action: 'reject', reason: 'Sanctioned destination' }),
      act(admin, 'withdraws', { id, action: 'accept' }),
      act(compliance, 'withdraws', { id, action: 'reject', reason: 'Sanctioned destination' }),
    ]);
    const won = answers.filter((r) => r.statusCode === 201);
    expect(won.length).toBeGreaterThanOrEqual(1);
    const final = (await call(t, admin, 'GET', `/withdraws/${id}`)).json();
    if (final.state === 'rejected') {
      expect(final.reject_reason).toBe('Sanctioned destination');
      expect(await balances(t, member.id, COIN)).toEqual({ balance: String(Number(before.balance) + 0.3005), locked: String(Number(before.locked) - 0.3005) });
    }
    expect(codesOf(await act(admin, 'withdraws', { id, action: 'process', txid: 'x'.repeat(129) }))).toEqual(['admin.withdraw.invalid_txid']);
  });

  it('a failed send returns the funds; double process acts once', async () => {
    const id = await withdraw('0.1');
    await act(admin, 'withdraws', { id, action: 'accept' });
    const twice = await Promise.all([act(admin, 'withdraws', { id, action: 'process' }), act(admin, 'withdraws', { id, action: 'process' })]);
    expect(twice.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    expect((await act(admin, 'withdraws', { id, action: 'fail' })).json().state).toBe('failed');
    expect(codesOf(await act(admin, 'withdraws', { id, action: 'success' }))).toEqual(['admin.withdraw.invalid_state']);
    expect((await act(support, 'withdraws', { id, action: 'accept' })).statusCode).toBe(403);
  });
});
