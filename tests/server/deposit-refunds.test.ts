/**
 * Refunding a crypto deposit (POST /admin/deposits/{id}/refund, and action=refund on /actions): only
 * from aml_suspicious, rejected (never credited: the coins in and out on the asset) and skipped
 * (credited: the accept reversed), to an address of the deposit's chain that is not the platform's own,
 * once however many staff refund at once; refused with a code and nothing moved otherwise; audited;
 * update Deposit only. The ledger holds after every test.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { signInAs, type SignedIn } from '../helpers/auth.js';
import { createUser } from '../helpers/users.js';
import { balances, call, codesOf, COIN, expectLedgerHolds, FIAT, setupMoney } from './money-fixtures.js';
import { submitWithdraw } from '../../src/server/money/withdraws.js';

const CHAIN = 'refund-chain';
/** BIP 173/350 and base58check addresses: valid on a bitcoin chain. */
const BECH32 = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', TAPROOT = 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0';
const LEGACY = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa';
const OWN = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

let t: TestApp;
let admin: SignedIn, superadmin: SignedIn, adminId: number;
let member: { id: number; uid: string };

/** A coin deposit in `state`, written as the scanner or an earlier decision left it (no money moved). */
const deposit = async (state: string, amount = '0.4', fee = '0', currency = COIN) => (await t.db.kysely.insertInto('deposits').values({
  user_id: member.id, currency_id: currency, amount, fee, type: currency === COIN ? 'coin' : 'fiat', state,
  blockchain_key: currency === COIN ? CHAIN : null,
}).returning('id').executeTakeFirstOrThrow()).id;
const act = (id: number, action: string, extra: Record<string, unknown> = {}) => call(t, admin, 'POST', '/deposits/actions', { id, action, ...extra });
const refund = (who: SignedIn, id: number | string, body: unknown = { address: BECH32 }) => call(t, who, 'POST', `/deposits/${id}/refund`, body);
/** Accepted (credited: amount − fee to the member, the fee to revenue), then collection skipped: the real path. */
async function skippedDeposit(amount: string, fee: string) {
  const id = await deposit('submitted', amount, fee);
  for (const action of ['accept', 'skip']) expect((await act(id, action)).statusCode).toBe(201);
  return id;
}
const operationsOf = (id: number) => t.db.kysely.selectFrom('operations').select(['code', 'debit', 'credit', 'member_id'])
  .where('reference_type', '=', 'Deposit').where('reference_id', '=', id).where('currency_id', '=', COIN).orderBy('id').execute();
const plain = (s: string) => (s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s);
const stateOf = async (id: number) => (await call(t, admin, 'GET', `/deposits/${id}`)).json().state;

beforeAll(async () => {
  t = await testApp();
  await setupMoney(t);
  await t.db.kysely.insertInto('blockchains').values({ key: CHAIN, name: 'Refund chain', client: 'bitcoin' } as never).execute();
  await t.db.kysely.updateTable('currencies').set({ blockchain_key: CHAIN }).where('code', '=', COIN).execute();
  const signedIn = await signInAs(t, 'admin');
  admin = signedIn.session;
  adminId = signedIn.user.id;
  superadmin = (await signInAs(t, 'superadmin')).session;
  member = await createUser(t.db);
  const other = await createUser(t.db);
  await t.db.kysely.insertInto('payment_addresses').values({ user_id: other.id, blockchain_key: CHAIN, address: OWN }).execute();
});
afterEach(async () => { await expectLedgerHolds(t); });
afterAll(async () => { await t?.close(); });

describe('refund: allowed states', () => {
  it('refunds a suspicious deposit it never credited: refunding, a pending refund, the coins in and out on the asset', async () => {
    const id = await deposit('aml_suspicious', '0.4');
    const before = await balances(t, member.id, COIN);
    const res = await refund(admin, id, { address: ` ${BECH32} ` });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ address: BECH32, deposit: { id, state: 'refunding', refund_address: BECH32 } });
    expect(typeof body.id).toBe('number');
    expect(await balances(t, member.id, COIN)).toEqual(before);
    expect((await operationsOf(id)).map((o) => [o.code, plain(o.credit), plain(o.debit)])).toEqual([[102, '0.4', '0'], [102, '0', '0.4']]);
    const row = await t.db.kysely.selectFrom('refunds').selectAll().where('deposit_id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ address: BECH32, state: 'pending', from_state: 'aml_suspicious', credited: false, created_by: adminId });
    const audit = await t.db.kysely.selectFrom('activities').select(['topic', 'action', 'result', 'data']).where('user_id', '=', adminId)
      .where('action', '=', 'refund').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ topic: 'deposits', result: 'succeed', data: { id, address: BECH32, refund: body.id } });
    expect((await call(t, admin, 'GET', `/deposits?state=refunding&id=${id}`)).json()[0]).toMatchObject({ id, refund_address: BECH32 });
  });

  it('refunds a rejected deposit through /actions (action=refund), to a legacy or taproot address', async () => {
    const a = await deposit('rejected'), b = await deposit('rejected');
    const res = await act(a, 'refund', { address: LEGACY });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ id: a, state: 'refunding', refund_address: LEGACY });
    expect((await refund(superadmin, b, { address: TAPROOT })).json().deposit.state).toBe('refunding');
    expect(codesOf(await act(a, 'refund', {}))).toEqual(['admin.deposit.missing_address']);
  });

  it('refunds a skipped deposit by reversing its credit: the member, the fee revenue and the asset back where they were', async () => {
    const before = await balances(t, member.id, COIN);
    const id = await skippedDeposit('0.75', '0.01');
    expect(await balances(t, member.id, COIN)).toEqual({ ...before, balance: plain(String(Number(before.balance) + 0.74)) });
    expect((await refund(admin, id)).json().deposit.state).toBe('refunding');
    expect(await balances(t, member.id, COIN)).toEqual(before);
    const sums = new Map<number, number>();
    for (const o of await operationsOf(id)) sums.set(o.code, (sums.get(o.code) ?? 0) + Number(o.credit) - Number(o.debit));
    expect([...sums.values()].every((v) => v === 0)).toBe(true);
    expect((await t.db.kysely.selectFrom('refunds').select(['from_state', 'credited']).where('deposit_id', '=', id).executeTakeFirstOrThrow()))
      .toEqual({ from_state: 'skipped', credited: true });
  });

  it('refuses a skipped deposit whose member no longer holds the credit, moving nothing', async () => {
    const id = await skippedDeposit('0.3', '0');
    const held = await balances(t, member.id, COIN);
    // The member withdraws everything: the credit is locked in the withdrawal.
    await t.db.kysely.transaction().execute((trx) => submitWithdraw(trx, {
      member: member.id, currency: COIN, type: 'coin', amount: held.balance, fee: '0', rid: LEGACY, at: new Date(),
    }));
    const ops = (await operationsOf(id)).length;
    expect(codesOf(await refund(admin, id))).toEqual(['admin.deposit.user_insufficient_balance']);
    expect(await stateOf(id)).toBe('skipped');
    expect((await operationsOf(id)).length).toBe(ops);
    expect(await t.db.kysely.selectFrom('refunds').select('id').where('deposit_id', '=', id).execute()).toEqual([]);
  });
});

describe('refund: refused', () => {
  it('from every other state, and a fiat deposit, with the code and nothing moved', async () => {
    for (const state of ['submitted', 'aml_processing', 'accepted', 'processing', 'fee_processing', 'collected', 'canceled', 'errored', 'refunding']) {
      const id = await deposit(state);
      expect(codesOf(await refund(admin, id)), state).toEqual(['admin.deposit.not_refundable']);
      expect(await stateOf(id)).toBe(state);
      expect(await operationsOf(id)).toEqual([]);
    }
    const fiat = await deposit('rejected', '10', '0', FIAT);
    expect(codesOf(await refund(admin, fiat))).toEqual(['admin.deposit.fiat_not_refundable']);
    expect(await t.db.kysely.selectFrom('refunds').select('id').where('from_state', 'not in', ['aml_suspicious', 'rejected', 'skipped']).execute()).toEqual([]);
  });

  it('a bad address, an unknown or malformed id, a malformed body', async () => {
    const id = await deposit('aml_suspicious');
    const bad = async (body: unknown) => {
      const res = await refund(admin, id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      return res.json();
    };
    for (const address of ['hello', '0x742d35Cc6634C0532925a3b844Bc454e4438f44e', `${BECH32.slice(0, -1)}5`, '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb',
      'BC1QW508D6QEJXTDG4Y5R3ZARVARY0c5xw7kv8f3t4', 'bc1 q', `bc1${'q'.repeat(200)}`, 12, true, ['x'], { a: 1 }]) {
      const answer = await bad({ address });
      expect(answer.errors, JSON.stringify(address)).toEqual(['admin.deposit.invalid_address']);
      expect(answer.fields).toEqual({ address: ['admin.deposit.invalid_address'] });
    }
    for (const body of [{}, { address: '' }, { address: '   ' }, { address: null }]) expect((await bad(body)).errors).toEqual(['admin.deposit.missing_address']);
    expect((await bad({ address: OWN.toUpperCase() })).errors).toEqual(['admin.deposit.own_address']);
    expect(await stateOf(id)).toBe('aml_suspicious');
    expect(codesOf(await refund(admin, 99_999_999))).toEqual(['admin.deposit.doesnt_exist']);
    expect((await refund(admin, 99_999_999)).statusCode).toBe(404);
    for (const raw of ['x', '-1', '1.5', '0', '99999999999999999999']) expect(codesOf(await refund(admin, raw)), raw).toEqual(['admin.deposit.invalid_id']);
    const raw = await t.app.inject({ method: 'POST', url: `/api/v2/peatio/admin/deposits/${id}/refund`, payload: '{"address":', headers: admin.headers({ 'content-type': 'application/json' }) });
    expect(raw.statusCode).toBe(400);
    expect(codesOf(await refund(admin, id, { address: 'x\u0000y' }))).toEqual(['server.request.invalid_characters']);
    expect(await stateOf(id)).toBe('aml_suspicious');
  });

  it('an ethereum chain takes 0x addresses only', async () => {
    await t.db.kysely.insertInto('blockchains').values({ key: 'refund-eth', name: 'Refund eth', client: 'ethereum' } as never).execute();
    const id = await deposit('rejected');
    await t.db.kysely.updateTable('deposits').set({ blockchain_key: 'refund-eth' }).where('id', '=', id).execute();
    expect(codesOf(await refund(admin, id, { address: BECH32 }))).toEqual(['admin.deposit.invalid_address']);
    expect(codesOf(await refund(admin, id, { address: `0x${'0'.repeat(40)}` }))).toEqual(['admin.deposit.invalid_address']);
    expect((await refund(admin, id, { address: '0x742d35Cc6634C0532925a3b844Bc454e4438f44e' })).statusCode).toBe(201);
  });
});

describe('refund: once', () => {
  it('8 concurrent refunds of one deposit: one refunds, seven are refused not_refundable', async () => {
    const id = await skippedDeposit('0.2', '0.001');
    const before = await balances(t, member.id, COIN);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => refund(i % 2 ? superadmin : admin, id, { address: i % 2 ? LEGACY : BECH32 })));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(new Set(answers.filter((r) => r.statusCode !== 201).map((r) => `${r.statusCode} ${codesOf(r)![0]}`))).toEqual(new Set(['422 admin.deposit.not_refundable']));
    expect(await t.db.kysely.selectFrom('refunds').select('id').where('deposit_id', '=', id).execute()).toHaveLength(1);
    expect(await balances(t, member.id, COIN)).toEqual({ ...before, balance: plain(String(Number(before.balance) - 0.199)) });
    expect(codesOf(await act(id, 'refund', { address: BECH32 }))).toEqual(['admin.deposit.not_refundable']);
  });
});

describe('refund: the wallet side answers', () => {
  const TXID = '4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b';
  const refundRow = (id: number) => t.db.kysely.selectFrom('refunds').select(['state', 'txid']).where('deposit_id', '=', id).orderBy('id').execute();

  it('sent: the refund processed with its transaction id, the deposit still refunding, nothing more posted, once', async () => {
    const id = await deposit('aml_suspicious', '0.4');
    expect((await refund(admin, id)).statusCode).toBe(201);
    const ops = (await operationsOf(id)).length;
    const res = await act(id, 'refund_processed', { txid: ` ${TXID} ` });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ id, state: 'refunding', refund_address: BECH32, refund_state: 'processed', refund_txid: TXID, refundable: false });
    expect(await refundRow(id)).toEqual([{ state: 'processed', txid: TXID }]);
    expect((await operationsOf(id)).length).toBe(ops);
    for (const action of ['refund_processed', 'refund_failed']) {
      expect(codesOf(await act(id, action, { txid: TXID })), action).toEqual(['admin.deposit.refund_not_pending']);
    }
    const audit = await t.db.kysely.selectFrom('activities').select(['topic', 'data']).where('user_id', '=', adminId)
      .where('action', '=', 'refund_processed').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ topic: 'deposits', data: { id, txid: TXID } });
  });

  it('failed: a credited refund reversed, the member credited again, the deposit skipped and refundable again', async () => {
    const before = await balances(t, member.id, COIN);
    const id = await skippedDeposit('0.5', '0.01');
    const credited = await balances(t, member.id, COIN);
    expect((await refund(admin, id)).statusCode).toBe(201);
    expect(await balances(t, member.id, COIN)).toEqual(before);
    const res = await act(id, 'refund_failed');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ id, state: 'skipped', refund_state: null, refund_address: null, refundable: true });
    expect(await balances(t, member.id, COIN)).toEqual(credited);
    // Accept, refund and its reversal: the accept's credit is what remains.
    const sums = new Map<number, number>();
    for (const o of await operationsOf(id)) sums.set(o.code, Math.round(((sums.get(o.code) ?? 0) + Number(o.credit) - Number(o.debit)) * 1e8) / 1e8);
    expect(Object.fromEntries(sums)).toEqual({ 102: 0.5, 202: 0.49, 302: 0.01 });
    // Staff decide again: a refund to another address.
    expect((await refund(admin, id, { address: LEGACY })).json().deposit).toMatchObject({ state: 'refunding', refund_address: LEGACY, refund_state: 'pending' });
    expect((await refundRow(id)).map((r) => r.state)).toEqual(['failed', 'pending']);
  });

  it('failed: a never-credited refund back to rejected, the asset\'s in-and-out reversed too', async () => {
    const id = await deposit('rejected', '0.3');
    expect((await refund(admin, id)).statusCode).toBe(201);
    expect((await act(id, 'refund_failed')).json()).toMatchObject({ state: 'rejected', refundable: true });
    const ops = await operationsOf(id);
    expect(ops).toHaveLength(4);
    expect(ops.reduce((n, o) => n + Number(o.credit) - Number(o.debit), 0)).toBe(0);
  });

  it('8 concurrent answers to one refund: one acts, seven find it answered', async () => {
    const id = await skippedDeposit('0.2', '0');
    expect((await refund(admin, id)).statusCode).toBe(201);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => act(id, i % 2 ? 'refund_failed' : 'refund_processed', { txid: `${TXID.slice(0, 60)}${i}` })));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(new Set(answers.filter((r) => r.statusCode !== 201).map((r) => codesOf(r)![0]))).toEqual(new Set(['admin.deposit.refund_not_pending']));
    expect(await refundRow(id)).toHaveLength(1);
  });

  it('refuses a missing or bad transaction id, a deposit with no pending refund, an unknown deposit — changing nothing', async () => {
    const id = await deposit('aml_suspicious');
    expect(codesOf(await act(id, 'refund_processed', { txid: TXID }))).toEqual(['admin.deposit.refund_not_pending']);
    expect(codesOf(await act(id, 'refund_failed'))).toEqual(['admin.deposit.refund_not_pending']);
    expect((await refund(admin, id)).statusCode).toBe(201);
    for (const txid of [undefined, '', '  ', null]) expect(codesOf(await act(id, 'refund_processed', { txid })), String(txid)).toEqual(['admin.deposit.missing_txid']);
    for (const txid of ['a b', 'x'.repeat(129), 12, ['x'], { a: 1 }]) expect(codesOf(await act(id, 'refund_processed', { txid })), String(txid)).toEqual(['admin.deposit.invalid_txid']);
    expect(await refundRow(id)).toEqual([{ state: 'pending', txid: null }]);
    expect(codesOf(await act(99_999_999, 'refund_failed'))).toEqual(['admin.deposit.doesnt_exist']);
    const compliance = (await signInAs(t, 'compliance')).session;
    expect((await call(t, compliance, 'POST', '/deposits/actions', { id, action: 'refund_failed' })).statusCode).not.toBe(201);
    expect(await stateOf(id)).toBe('refunding');
  });
});

describe('refund: who may', () => {
  it('needs update Deposit: admin and superadmin; compliance, accountant, support and technical are refused', async () => {
    const id = await deposit('aml_suspicious');
    for (const role of ['compliance', 'accountant', 'support', 'technical']) {
      const who = (await signInAs(t, role)).session;
      const res = await refund(who, id);
      expect([401, 403], `${role} ${res.body}`).toContain(res.statusCode);
      expect((await call(t, who, 'POST', '/deposits/actions', { id, action: 'refund', address: BECH32 })).statusCode).not.toBe(201);
    }
    expect(await stateOf(id)).toBe('aml_suspicious');
    expect((await refund(superadmin, id)).statusCode).toBe(201);
  });
});
