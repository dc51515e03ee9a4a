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

  it('refuses with a code, moving nothing, a credit that would take a balance past what the account holds', async () => {
    // Each amount fits the column (18 digits before the point); the sum of two does not (issue 30 item 4).
    const rich = await createUser(t.db);
    const big = '999999999999999999';
    const make = async () => (await t.db.kysely.insertInto('deposits').values({
      user_id: rich.id, currency_id: COIN, amount: big, fee: '0', type: 'coin', state: 'submitted',
    }).returning('id').executeTakeFirstOrThrow()).id;
    const [first, second] = [await make(), await make()];
    expect((await act(admin, 'deposits', { id: first, action: 'accept' })).statusCode).toBe(201);
    const refused = await act(admin, 'deposits', { id: second, action: 'accept' });
    expect([refused.statusCode, codesOf(refused)]).toEqual([422, ['server.value_out_of_range']]);
    expect(await balances(t, rich.id, COIN)).toEqual({ balance: big, locked: '0' });
    expect((await call(t, admin, 'GET', `/deposits/${second}`)).json().state).toBe('submitted');
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
    expect((await act(support, 'deposits', { id: a, action: 'accept' })).statusCode).toBe(401);
  });

  it('records a fiat deposit once per Idempotency-Key, credited only when someone other than its recorder accepts it', async () => {
    // The accountant records (create Deposits::Fiat) but may not act on deposits; the admin records and may act.
    expect((await call(t, (await signInAs(t, 'accountant')).session, 'POST', '/deposits/new', { uid: member.uid, currency: FIAT, amount: '1' })).statusCode).toBe(201);
    const superadmin = (await signInAs(t, 'superadmin')).session;
    const body = { uid: member.uid, currency: FIAT, amount: '250.5', tid: `BANK${Date.now()}` };
    const key = { 'idempotency-key': `fiat-${Date.now()}` };
    const [first, again] = await Promise.all([call(t, admin, 'POST', '/deposits/new', body, key), call(t, admin, 'POST', '/deposits/new', body, key)]);
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.json().id).toBe(first.json().id);
    expect(first.json()).toMatchObject({ state: 'submitted', type: 'fiat', amount: '250.5', tid: body.tid, uid: member.uid });
    expect(codesOf(await call(t, admin, 'POST', '/deposits/new', { ...body, amount: '9' }, key))).toEqual(['admin.deposit.idempotency_key_reused']);
    const id = first.json().id;
    const before = await balances(t, member.id, FIAT);
    expect(codesOf(await act(admin, 'deposits', { id, action: 'accept' }))).toEqual(['admin.deposit.creator_cannot_accept']);
    expect(await balances(t, member.id, FIAT)).toEqual(before);
    expect((await act(superadmin, 'deposits', { id, action: 'accept' })).json().state).toBe('accepted');
    expect(Number((await balances(t, member.id, FIAT)).balance) - Number(before.balance)).toBe(250.5);
  });

  it('refuses a fiat deposit with bad input, moving nothing', async () => {
    const base = { uid: member.uid, currency: FIAT, amount: '10' };
    const refused = async (patch: Record<string, unknown>) => codesOf(await call(t, admin, 'POST', '/deposits/new', { ...base, ...patch }));
    const count = async () => Number((await t.db.kysely.selectFrom('deposits').select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const n = await count();
    expect(await refused({ uid: 'ID0000000000' })).toEqual(['admin.deposit.user_doesnt_exist']);
    expect(await refused({ currency: 'zzz' })).toEqual(['admin.deposit.currency_doesnt_exist']);
    expect(await refused({ currency: COIN })).toEqual(['admin.deposit.currency_not_fiat']);
    expect(await refused({ amount: '0' })).toEqual(['admin.deposit.non_positive_amount']);
    expect(await refused({ amount: '1.001' })).toEqual(['admin.deposit.amount_exceeds_precision']);
    for (const amount of ['-5', 'NaN', '1e309', 'ten', '', null]) expect((await call(t, admin, 'POST', '/deposits/new', { ...base, amount })).statusCode, String(amount)).toBe(422);
    // Objects where strings go, NUL, a lone surrogate, a huge number, deep nesting: a clear 422, nothing written.
    let deep: unknown = 'x';
    for (let i = 0; i < 200; i++) deep = { a: deep };
    for (const patch of [{ uid: { $ne: '' } }, { uid: `${member.uid}\u0000` }, { tid: 'A\ud800' }, { amount: 1e308 }, { amount: '9'.repeat(400) },
      { currency: ['usd'] }, { tid: deep }]) {
      // (NUL is refused for every request by the input plugin, 400 with its code.)
      const res = await call(t, admin, 'POST', '/deposits/new', { ...base, ...patch });
      expect([400, 422], JSON.stringify(patch).slice(0, 60)).toContain(res.statusCode);
      expect(codesOf(res)?.length, JSON.stringify(patch).slice(0, 60)).toBeGreaterThan(0);
    }
    const tid = `DUP${Date.now()}`;
    expect((await call(t, admin, 'POST', '/deposits/new', { ...base, tid })).statusCode).toBe(201);
    expect(await refused({ tid })).toEqual(['admin.deposit.tid_taken']);
    expect(await count()).toBe(n + 1);
    expect((await call(t, support, 'POST', '/deposits/new', base)).statusCode).toBe(401);
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
    expect((await act(support, 'withdraws', { id, action: 'accept' })).statusCode).toBe(401);
  });
});
