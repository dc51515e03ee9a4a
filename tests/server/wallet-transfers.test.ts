/**
 * Wallet transfers: checked wallets and currency, an idempotent request, approve that completes with a
 * balanced pair of asset operations, reject, each once. Two people at any amount (issue 30 item 8): the
 * requester never approves their own transfer; above the review amount two approvers besides the requester.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { signInAs, type SignedIn } from '../helpers/auth.js';
import { call, codesOf, COIN, expectLedgerHolds, setupMoney } from './money-fixtures.js';

let t: TestApp;
let su: SignedIn, admin: SignedIn, tech: SignedIn, support: SignedIn;
const wallets: Record<string, number> = {};

beforeAll(async () => {
  t = await testApp({ env: { WITHDRAW_REVIEW_AMOUNTS: `${COIN}=10` } });
  await setupMoney(t);
  await t.db.kysely.insertInto('blockchains').values({ key: 'wt-chain', name: 'WT chain', client: 'bitcoin' } as never).execute();
  for (const [name, kind, status] of [['hot', 'hot', 'active'], ['cold', 'cold', 'active'], ['old', 'warm', 'retired']] as const) {
    wallets[name] = (await t.db.kysely.insertInto('wallets').values({
      name: `wt-${name}`, kind, status, gateway: 'bitcoind', blockchain_key: 'wt-chain', currencies: JSON.stringify([COIN]),
    } as never).returning('id').executeTakeFirstOrThrow()).id;
  }
  su = (await signInAs(t, 'superadmin')).session;
  admin = (await signInAs(t, 'admin')).session;
  tech = (await signInAs(t, 'technical')).session;
  support = (await signInAs(t, 'support')).session;
});
afterEach(async () => { await expectLedgerHolds(t); });
afterAll(async () => { await t?.close(); });

const request = (who: SignedIn, over: Record<string, unknown> = {}, headers: Record<string, string> = {}) => call(t, who, 'POST', '/wallet_transfers/new', {
  from_wallet_id: wallets.hot, to_wallet_id: wallets.cold, currency_id: COIN, amount: '4', reason: 'Hot wallet above its ceiling', ...over,
}, headers);
const act = (who: SignedIn, id: number, action: string) => call(t, who, 'POST', '/wallet_transfers/action', { id, action });
const transferOps = async (id: number) => t.db.kysely.selectFrom('operations').select(['code', 'debit', 'credit'])
  .where('reference_type', '=', 'Transfer').where('reference_id', '=', id).execute();

describe('wallet transfers', () => {
  it('completes on approval with a balanced pair of asset operations, once', async () => {
    const res = await request(su);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ state: 'pending', from_wallet: 'wt-hot', to_wallet: 'wt-cold', amount: '4', currency: COIN });
    const id = res.json().id;
    const answers = await Promise.all([act(admin, id, 'approve'), act(admin, id, 'approve'), act(su, id, 'reject')]);
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    const final = (await call(t, admin, 'GET', `/wallet_transfers/${id}`)).json();
    expect(await transferOps(id)).toHaveLength(final.state === 'completed' ? 2 : 0);
  });

  it('never lets the requester approve their own transfer, at any amount; another staff member completes it', async () => {
    for (const [amount, creator, other] of [['0.00000001', su, admin], ['4', admin, su], ['10', tech, admin]] as const) {
      const res = await request(creator, { amount });
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json().id;
      for (let i = 0; i < 2; i++) expect(codesOf(await act(creator, id, 'approve')), amount).toEqual(['admin.wallet_transfer.creator_cannot_approve']);
      expect((await call(t, creator, 'GET', `/wallet_transfers/${id}`)).json()).toMatchObject({ state: 'pending', approved_by_uid: null });
      expect(await transferOps(id)).toEqual([]);
      expect((await act(other, id, 'approve')).json().state, amount).toBe('completed');
      expect(await transferOps(id)).toHaveLength(2);
    }
    // The requester may still withdraw a request: rejecting moves nothing.
    const id = (await request(su)).json().id;
    expect((await act(su, id, 'reject')).json().state).toBe('rejected');
  });

  it('needs two approvers besides the requester above the review amount', async () => {
    const id = (await request(su, { amount: '25' })).json().id;
    expect(codesOf(await act(su, id, 'approve'))).toEqual(['admin.wallet_transfer.creator_cannot_approve']);
    expect((await act(admin, id, 'approve')).json()).toMatchObject({ state: 'under_review', approved_by_uid: expect.stringMatching(/^ID/) });
    expect(codesOf(await act(admin, id, 'approve'))).toEqual(['admin.wallet_transfer.second_approver_required']);
    expect(codesOf(await act(su, id, 'approve'))).toEqual(['admin.wallet_transfer.creator_cannot_approve']);
    expect(await transferOps(id)).toEqual([]);
    expect((await act(tech, id, 'approve')).json().state).toBe('completed');
    expect(await transferOps(id)).toEqual([{ code: 102, debit: expect.stringMatching(/^25\./), credit: '0.000000000000000000' },
      { code: 102, debit: '0.000000000000000000', credit: expect.stringMatching(/^25\./) }]);
  });

  it('refuses bad requests with a clear code, and makes one transfer per idempotency key', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ to_wallet_id: wallets.hot }, 'admin.wallet_transfer.same_wallet'],
      [{ to_wallet_id: wallets.old }, 'admin.wallet_transfer.wallet_not_active'],
      [{ to_wallet_id: 99_999_999 }, 'admin.wallet_transfer.wallet_doesnt_exist'],
      [{ currency_id: 'musd' }, 'admin.wallet_transfer.currency_not_in_wallet'],
      [{ amount: '0' }, 'admin.wallet_transfer.non_positive_amount'],
      [{ amount: '-1' }, 'admin.wallet_transfer.invalid_amount'],
      [{ amount: '0.000000001' }, 'admin.wallet_transfer.amount_exceeds_precision'],
      [{ reason: '' }, 'admin.wallet_transfer.empty_reason'],
    ];
    for (const [over, c] of cases) expect(codesOf(await request(su, over)), JSON.stringify(over)).toContain(c);
    const headers = { 'idempotency-key': 'wt-1' };
    const [a, b] = await Promise.all([request(su, {}, headers), request(su, {}, headers)]);
    expect(a.json().id).toBe(b.json().id);
    expect((await request(support)).statusCode).toBe(401);
  });
});
