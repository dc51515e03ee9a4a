/**
 * The activity each money route records, to the letter: the routes run through one transition helper,
 * one audited-action answer and one guarded create (src/server/money/README.md, One shape), and what
 * each noted before them — the state it went to, the row made, the state a refused adjustment was in,
 * nothing beyond the request for a wallet transfer's create — is pinned here, succeeded and refused.
 * The route tests check codes and money, not these rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { signInAs, type SignedIn } from '../helpers/auth.js';
import { createUser } from '../helpers/users.js';
import { call, COIN, FIAT, fund, setupMoney } from './money-fixtures.js';
import { submitWithdraw } from '../../src/server/money/withdraws.js';

let t: TestApp;
let admin: SignedIn, su: SignedIn;
let member: { id: number; uid: string };
let wallets: number[];

/** The last admin activity written (the tests run one request at a time). */
const lastActivity = async () => t.db.kysely.selectFrom('activities').select(['topic', 'action', 'result', 'target_id', 'data'])
  .where('category', '=', 'admin').orderBy('id', 'desc').executeTakeFirstOrThrow();

beforeAll(async () => {
  t = await testApp({ env: { WITHDRAW_REVIEW_AMOUNTS: `${COIN}=10`, BONUS_REVIEW_AMOUNTS: `${FIAT}=100` } });
  await setupMoney(t);
  admin = (await signInAs(t, 'superadmin')).session;
  su = (await signInAs(t, 'superadmin')).session;
  member = await createUser(t.db);
  await fund(t, member.id, COIN, '5', 'coin');
  await t.db.kysely.insertInto('blockchains').values({ key: 'au-chain', name: 'AU chain', client: 'bitcoin' } as never).execute();
  wallets = [];
  for (const name of ['au-hot', 'au-cold']) {
    wallets.push((await t.db.kysely.insertInto('wallets').values({
      name, kind: 'hot', status: 'active', gateway: 'bitcoind', blockchain_key: 'au-chain', currencies: JSON.stringify([COIN]),
    } as never).returning('id').executeTakeFirstOrThrow()).id);
  }
});
afterAll(async () => { await t?.close(); });

describe('money activities', () => {
  it('deposits: a create notes the row, amount and currency; an action its request alone; a refusal its code', async () => {
    const body = { uid: member.uid, currency: FIAT, amount: '12.5' };
    const made = await call(t, admin, 'POST', '/deposits/new', body, { 'idempotency-key': 'au-dep' });
    expect(made.statusCode).toBe(201);
    const id = made.json().id;
    expect(await lastActivity()).toEqual({
      topic: 'deposits', action: 'create', result: 'succeed', target_id: member.id,
      data: { ...body, id, replayed: false, amount: '12.5', currency: FIAT },
    });
    expect((await call(t, admin, 'POST', '/deposits/actions', { id, action: 'accept' })).statusCode).toBe(422);
    expect(await lastActivity()).toEqual({
      topic: 'deposits', action: 'accept', result: 'failed', target_id: null, data: { id, action: 'accept', errors: ['admin.deposit.creator_cannot_accept'] },
    });
    expect((await call(t, su, 'POST', '/deposits/actions', { id, action: 'reject' })).statusCode).toBe(201);
    expect((await call(t, admin, 'POST', '/deposits/actions', { id, action: 'cancel' })).statusCode).toBe(422);
    expect((await lastActivity()).data).toEqual({ id, action: 'cancel', errors: ['admin.deposit.invalid_state'] });
  });

  it('withdrawals: an action notes the state it went to; a missing reason its code', async () => {
    const id = await t.db.kysely.transaction().execute((trx) => submitWithdraw(trx, {
      member: member.id, currency: COIN, type: 'coin', amount: '0.1', fee: '0', rid: 'bc1qexample', at: new Date(),
    }));
    expect((await call(t, admin, 'POST', '/withdraws/actions', { id, action: 'accept' })).statusCode).toBe(201);
    expect(await lastActivity()).toEqual({ topic: 'withdraws', action: 'accept', result: 'succeed', target_id: null, data: { id, action: 'accept', state: 'accepted' } });
    expect((await call(t, admin, 'POST', '/withdraws/actions', { id, action: 'reject' })).statusCode).toBe(422);
    expect((await lastActivity()).data).toEqual({ id, action: 'reject', errors: ['admin.withdraw.missing_reason'] });
  });

  it('wallet transfers: a create records the request alone; an action the state it went to', async () => {
    const body = { from_wallet_id: wallets[0], to_wallet_id: wallets[1], currency_id: COIN, amount: '1', reason: 'Audit test' };
    const made = await call(t, su, 'POST', '/wallet_transfers/new', body);
    expect(made.statusCode).toBe(201);
    const id = made.json().id;
    expect((await call(t, admin, 'POST', '/wallet_transfers/action', { id, action: 'approve' })).statusCode).toBe(201);
    expect(await lastActivity()).toEqual({ topic: 'wallet_transfers', action: 'approve', result: 'succeed', target_id: null, data: { id, action: 'approve', state: 'completed' } });
    const own = await call(t, admin, 'POST', '/wallet_transfers/new', body);
    expect(await lastActivity()).toEqual({ topic: 'wallet_transfers', action: 'create', result: 'succeed', target_id: null, data: body });
    expect((await call(t, admin, 'POST', '/wallet_transfers/action', { id: own.json().id, action: 'approve' })).statusCode).toBe(422);
    expect((await lastActivity()).data).toEqual({ id: own.json().id, action: 'approve', errors: ['admin.wallet_transfer.creator_cannot_approve'] });
  });

  it('adjustments: a create notes the row; a refused accept the state it found', async () => {
    const body = { reason: 'Audit', description: 'Audit test', category: 'compensation', amount: '1', currency_id: COIN, counterpart_code: '202', receiving_member_uid: member.uid };
    const made = await call(t, su, 'POST', '/adjustments/new', body);
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id;
    expect((await call(t, admin, 'POST', '/adjustments/action', { id, action: 'reject' })).statusCode).toBe(201);
    expect((await lastActivity()).data).toEqual({ id, action: 'reject', state: { from: 'pending' } });
    expect((await call(t, admin, 'POST', '/adjustments/action', { id, action: 'accept' })).statusCode).toBe(422);
    expect((await lastActivity()).data).toEqual({ id, action: 'accept', state: { from: 'rejected' }, errors: ['admin.adjustment.cannot_perform_accept_action'] });
    const mine = await call(t, admin, 'POST', '/adjustments/new', body, { 'idempotency-key': 'au-adj' });
    // The member it credits is its target, as a bonus's is (it was none: the audit read uid and user_uid only).
    expect(await lastActivity()).toEqual({ topic: 'adjustments', action: 'create', result: 'succeed', target_id: member.id, data: { ...body, id: mine.json().id, replayed: false } });
  });

  it('bonuses: a create notes the row and its state, the member its target; an action the states it left and entered', async () => {
    const body = { uid: member.uid.toLowerCase(), currency: FIAT, amount: '500', reason: 'Audit' };
    const made = await t.app.inject({ method: 'POST', url: '/api/v2/applogic/admin/bonuses/new', payload: body, headers: admin.headers() });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id;
    expect(await lastActivity()).toEqual({
      topic: 'bonuses', action: 'create', result: 'succeed', target_id: member.id, data: { ...body, id, replayed: false, state: 'pending_approval' },
    });
    const act = (who: SignedIn, action: string) => t.app.inject({ method: 'POST', url: '/api/v2/applogic/admin/bonuses/action', payload: { id, action }, headers: who.headers() });
    expect((await act(admin, 'approve')).statusCode).toBe(422);
    expect((await lastActivity()).data).toEqual({ id, action: 'approve', errors: ['admin.bonus.creator_cannot_approve'] });
    expect((await act(su, 'reject')).statusCode).toBe(201);
    expect((await lastActivity()).data).toEqual({ id, action: 'reject', state: { from: 'pending_approval', to: 'rejected' } });
    expect((await act(su, 'reject')).statusCode).toBe(422);
    expect((await lastActivity()).data).toEqual({ id, action: 'reject', errors: ['admin.bonus.cannot_perform_reject_action'] });
  });
});
