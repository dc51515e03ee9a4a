/**
 * Adjustments (Peatio E20): create with an idempotency key, four-eyes accept, reject, exactly-once
 * postings under concurrency, bad input that moves nothing, and the ledger invariant after each test.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { signInAs, type SignedIn } from '../helpers/auth.js';
import { createUser } from '../helpers/users.js';
import { balances, call, codesOf, COIN, expectLedgerHolds, FIAT, fund, setupMoney } from './money-fixtures.js';

let t: TestApp;
let accountant: SignedIn, admin: SignedIn, compliance: SignedIn;
let member: { id: number; uid: string };

const NEW = '/adjustments/new';
const body = (over: Record<string, unknown> = {}) => ({
  reason: 'Deposit credited by hand', description: 'Bank wire 4411 arrived without a reference', category: 'refund',
  amount: '1.25', currency_id: COIN, counterpart_code: 202, receiving_member_uid: member.uid, ...over,
});
const adjustmentCount = async () => Number((await t.db.kysely.selectFrom('adjustments').select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const operationCount = async () => Number((await t.db.kysely.selectFrom('operations').select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

beforeAll(async () => {
  t = await testApp();
  await setupMoney(t);
  accountant = (await signInAs(t, 'accountant')).session;
  admin = (await signInAs(t, 'admin')).session;
  compliance = (await signInAs(t, 'compliance')).session;
  member = await createUser(t.db);
  await fund(t, member.id, COIN, '2', 'coin');
});
afterEach(async () => { await expectLedgerHolds(t); });
afterAll(async () => { await t?.close(); });

describe('create', () => {
  it('answers the pending adjustment with the asset code its currency implies and no validator', async () => {
    const res = await call(t, accountant, 'POST', NEW, body({ category: 'bank_interset' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      state: 'pending', amount: '1.25', currency: COIN, asset_account_code: 102, receiving_account_code: '202', counterpart_code: 202,
      receiving_member_uid: member.uid, validator_uid: null, category: 'bank_interest',
    });
    expect(res.json().liability).toBeUndefined();
    const fiat = await call(t, accountant, 'POST', NEW, body({ currency_id: FIAT, amount: '-3.5', counterpart_code: 401, receiving_member_uid: undefined }));
    expect(fiat.statusCode, fiat.body).toBe(201);
    expect(fiat.json()).toMatchObject({ asset_account_code: 101, receiving_account_code: '401', receiving_member_uid: null });
  });

  it('makes one adjustment for a retried submit with the same Idempotency-Key, and refuses the key for another body', async () => {
    const before = await adjustmentCount();
    const headers = { 'idempotency-key': 'form-7f3a' };
    const [a, b] = await Promise.all([call(t, accountant, 'POST', NEW, body(), headers), call(t, accountant, 'POST', NEW, body(), headers)]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().id).toBe(b.json().id);
    expect(await adjustmentCount()).toBe(before + 1);
    const other = await call(t, accountant, 'POST', NEW, body({ amount: '9' }), headers);
    expect(codesOf(other)).toEqual(['admin.adjustment.idempotency_key_reused']);
    // Another staff member's key is their own.
    expect((await call(t, admin, 'POST', NEW, body(), headers)).statusCode).toBe(201);
    expect(codesOf(await call(t, accountant, 'POST', NEW, body(), { 'idempotency-key': 'x'.repeat(65) }))).toEqual(['admin.adjustment.invalid_idempotency_key']);
  });

  it('refuses bad input with a clear code and makes nothing', async () => {
    const before = await adjustmentCount();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ amount: '0' }, 'admin.adjustment.zero_amount'],
      [{ amount: 'NaN' }, 'admin.adjustment.invalid_amount'],
      [{ amount: '1e309' }, 'admin.adjustment.invalid_amount'],
      [{ amount: 'lots' }, 'admin.adjustment.invalid_amount'],
      [{ amount: '0.000000001' }, 'admin.adjustment.amount_exceeds_precision'],
      [{ currency_id: FIAT, amount: '1.005', counterpart_code: 201 }, 'admin.adjustment.amount_exceeds_precision'],
      [{ currency_id: 'nope' }, 'admin.adjustment.currency_doesnt_exist'],
      [{ counterpart_code: 201 }, 'admin.adjustment.invalid_receiving_account_code'],
      [{ counterpart_code: 999 }, 'admin.adjustment.invalid_counterpart_code'],
      [{ asset_account_code: 101 }, 'admin.adjustment.invalid_asset_account_code'],
      [{ receiving_member_uid: undefined }, 'admin.adjustment.missing_receiving_member_uid'],
      [{ receiving_member_uid: 'ID0000000000' }, 'admin.adjustment.receiving_member_doesnt_exist'],
      [{ counterpart_code: 302 }, 'admin.adjustment.redundant_receiving_member_uid'],
      [{ category: 'gift' }, 'admin.adjustment.invalid_category'],
      [{ reason: '' }, 'admin.adjustment.empty_reason'],
    ];
    for (const [change, c] of cases) {
      const res = await call(t, accountant, 'POST', NEW, body(change));
      expect(res.statusCode, JSON.stringify(change)).toBe(422);
      expect(codesOf(res), JSON.stringify(change)).toContain(c);
    }
    expect(await adjustmentCount()).toBe(before);
  });

  it('is refused to compliance at the gateway: its rows take the withdrawal reviews only (issue 28 item 5)', async () => {
    expect(codesOf(await call(t, compliance, 'POST', NEW, body()))).toEqual(['authz.invalid_permission']);
    expect(codesOf(await call(t, compliance, 'GET', '/adjustments'))).toEqual(['authz.invalid_permission']);
  });
});

describe('accept and reject', () => {
  const create = async (over: Record<string, unknown> = {}) => {
    const res = await call(t, accountant, 'POST', NEW, body(over));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  const act = (who: SignedIn, id: number, action: string) => call(t, who, 'POST', '/adjustments/action', { id, action });

  it('refuses the creator, then posts once when another staff member accepts', async () => {
    const id = await create();
    expect(codesOf(await act(accountant, id, 'accept'))).toEqual(['admin.adjustment.creator_cannot_accept']);
    const before = await balances(t, member.id, COIN);
    const res = await act(admin, id, 'accept');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ state: 'accepted', validator_uid: expect.stringMatching(/^ID/) });
    expect(res.json().asset).toMatchObject({ code: 102, credit: '1.25', debit: '0' });
    expect(res.json().liability).toMatchObject({ code: 202, credit: '1.25', uid: member.uid });
    expect(await balances(t, member.id, COIN)).toEqual({ balance: String(Number(before.balance) + 1.25), locked: '0' });
    expect(codesOf(await act(admin, id, 'accept'))).toEqual(['admin.adjustment.cannot_perform_accept_action']);
    expect(codesOf(await act(admin, id, 'reject'))).toEqual(['admin.adjustment.cannot_perform_reject_action']);
  });

  // The figure on PostgreSQL (real concurrency); fewer on PGlite, whose one connection serialises them anyway.
  const ADJUSTMENTS = process.env.TEST_DATABASE_URL ? 200 : 10;
  it(`of 8 concurrent accepts of each of ${ADJUSTMENTS} adjustments, exactly one posts`, async () => {
    const ids: number[] = [];
    for (let i = 0; i < ADJUSTMENTS; i += 20) ids.push(...await Promise.all(Array.from({ length: Math.min(20, ADJUSTMENTS - i) }, () => create({ amount: '0.01' }))));
    const opsBefore = await operationCount();
    const before = await balances(t, member.id, COIN);
    const answers = await Promise.all(ids.flatMap((id) => Array.from({ length: 8 }, () => act(admin, id, 'accept'))));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(ADJUSTMENTS);
    expect(new Set(answers.filter((r) => r.statusCode !== 201).map((r) => codesOf(r)![0]))).toEqual(new Set(['admin.adjustment.cannot_perform_accept_action']));
    expect(await operationCount()).toBe(opsBefore + 2 * ADJUSTMENTS);
    expect(Number((await balances(t, member.id, COIN)).balance)).toBeCloseTo(Number(before.balance) + 0.01 * ADJUSTMENTS, 8);
  });

  it('accept racing reject: one wins, and money moves only if accept did', async () => {
    const id = await create({ amount: '0.5' });
    const opsBefore = await operationCount();
    const [a, r] = await Promise.all([act(admin, id, 'accept'), act(admin, id, 'reject')]);
    expect([a.statusCode, r.statusCode].sort()).toEqual([201, 422]);
    expect(await operationCount()).toBe(opsBefore + (a.statusCode === 201 ? 2 : 0));
  });

  it('rejecting moves nothing; a negative adjustment beyond the balance is refused and stays pending', async () => {
    const id = await create({ amount: '-0.5' });
    const opsBefore = await operationCount();
    expect((await act(admin, id, 'reject')).json()).toMatchObject({ state: 'rejected' });
    expect(await operationCount()).toBe(opsBefore);
    const big = await create({ amount: '-1000' });
    expect(codesOf(await act(admin, big, 'accept'))).toEqual(['admin.adjustment.user_insufficient_balance']);
    expect((await call(t, admin, 'GET', `/adjustments/${big}`)).json()).toMatchObject({ state: 'pending', validator_uid: null });
    expect(await operationCount()).toBe(opsBefore);
  });

  it('posts revenue and expense adjustments that keep the invariant', async () => {
    for (const [amount, counterpart] of [['5', 302], ['-2', 302], ['3', 402], ['-1', 402]] as const) {
      const id = await create({ amount, counterpart_code: counterpart, receiving_member_uid: undefined });
      expect((await act(admin, id, 'accept')).statusCode).toBe(201);
    }
  });

  it('validates the action call', async () => {
    expect(codesOf(await act(admin, 1, 'approve'))).toEqual(['admin.adjustment.invalid_action']);
    expect(codesOf(await act(admin, -1, 'accept'))).toEqual(['admin.adjustment.invalid_id']);
    expect((await act(admin, 99_999_999, 'accept')).statusCode).toBe(404);
    expect((await act(compliance, 1, 'accept')).statusCode).toBe(401);
  });
});

describe('list', () => {
  it('filters by state, currency and category (either spelling of bank interest), and pages by cursor', async () => {
    const pending = await call(t, admin, 'GET', '/adjustments?state=pending&limit=2');
    expect(pending.statusCode).toBe(200);
    expect(pending.json().every((a: { state: string }) => a.state === 'pending')).toBe(true);
    const next = await call(t, admin, 'GET', `/adjustments?state=pending&limit=2&cursor=${pending.headers['next-cursor']}`);
    expect(next.json()[0].id).toBeGreaterThan(pending.json()[1].id);
    expect((await call(t, admin, 'GET', `/adjustments?currency=${FIAT}`)).json().every((a: { currency: string }) => a.currency === FIAT)).toBe(true);
    expect((await call(t, admin, 'GET', '/adjustments?category=bank_interset')).json()[0]).toMatchObject({ category: 'bank_interest' });
    expect(codesOf(await call(t, admin, 'GET', '/adjustments?state=done'))).toEqual(['admin.adjustment.invalid_state']);
  });
});
