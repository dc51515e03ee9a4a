/**
 * Bonuses over HTTP (applogic): a bonus credits the member once per idempotency key (expense and
 * liability), four-eyes above the currency's review amount (its creator is refused), approve and reject
 * once each, the list's filters, and the abilities. The ledger's invariants hold after every test.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { signInAs, type SignedIn } from '../helpers/auth.js';
import { createUser } from '../helpers/users.js';
import { balances, expectLedgerHolds } from './money-fixtures.js';

const A = '/api/v2/applogic/admin';
const COIN = 'bcoin', FIAT = 'bfiat';

let t: TestApp;
let su: SignedIn, admin: SignedIn, accountant: SignedIn, support: SignedIn, compliance: SignedIn, broker: SignedIn;
let adminUid: string;

beforeAll(async () => {
  t = await testApp({ env: { BONUS_REVIEW_AMOUNTS: `${COIN}=1,${FIAT}=100` } });
  await t.db.kysely.insertInto('currencies').values([
    { code: COIN, name: 'Bonus Coin', type: 'coin', precision: 8 }, { code: FIAT, name: 'Bonus Dollar', type: 'fiat', precision: 2 },
    { code: 'bnone', name: 'Unlisted Coin', type: 'coin', precision: 8 },
  ]).execute();
  su = (await signInAs(t, 'superadmin')).session;
  const a = await signInAs(t, 'admin');
  admin = a.session; adminUid = a.user.uid;
  accountant = (await signInAs(t, 'accountant')).session;
  support = (await signInAs(t, 'support')).session;
  compliance = (await signInAs(t, 'compliance')).session;
  broker = (await signInAs(t, 'broker')).session;
});
afterEach(async () => { await expectLedgerHolds(t); });
afterAll(async () => { await t?.close(); });

const call = (who: SignedIn, method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url: `${A}${url}`, payload: payload as object, headers: { ...who.headers(), ...headers } });
const codes = (res: { json(): unknown }) => (res.json() as { errors?: string[] }).errors;
const give = (who: SignedIn, body: Record<string, unknown>, key?: string) => call(who, 'POST', '/bonuses/new', body, key ? { 'idempotency-key': key } : {});
const bonusOps = async (id: number) => t.db.kysely.selectFrom('operations').select(['code', 'currency_id', 'debit', 'credit', 'member_id'])
  .where('reference_type', '=', 'Bonus').where('reference_id', '=', id).orderBy('id').execute();
const plain = (s: string) => (s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s);

describe('giving a bonus', () => {
  it('credits every one of 30 concurrent first bonuses of a member with no account yet (none refused as short)', async () => {
    const u = await createUser(t.db);
    const answers = await Promise.all(Array.from({ length: 30 }, () => give(admin, { uid: u.uid, currency: COIN, amount: '0.1', reason: 'Race' })));
    expect(answers.filter((r) => r.statusCode !== 201).map((r) => r.body)).toEqual([]);
    expect(await balances(t, u.id, COIN)).toEqual({ balance: '3', locked: '0' });
  });

  it('credits once for concurrent submits under one key: expense 402 and the member 202', async () => {
    const u = await createUser(t.db);
    const answers = await Promise.all(Array.from({ length: 8 }, () => give(admin, { uid: u.uid, currency: COIN, amount: '0.5', reason: 'Welcome bonus', campaign: 'welcome' }, 'bonus-key-1')));
    expect(answers.map((r) => r.statusCode), answers[0]!.body).toEqual(Array(8).fill(201));
    expect(new Set(answers.map((r) => r.json().id)).size).toBe(1);
    const b = answers[0]!.json();
    expect(b).toMatchObject({ uid: u.uid, currency: COIN, amount: '0.5', reason: 'Welcome bonus', campaign: 'welcome', state: 'credited', creator_uid: adminUid });
    expect(await t.db.kysely.selectFrom('bonuses').select('id').where('uid', '=', u.uid).execute()).toHaveLength(1);
    const ops = await bonusOps(b.id);
    expect(ops.map((o) => [o.code, plain(o.debit), plain(o.credit)])).toEqual([[402, '0', '0.5'], [202, '0', '0.5']]);
    expect(await balances(t, u.id, COIN)).toEqual({ balance: '0.5', locked: '0' });
    // The same key with another body is refused and moves nothing.
    expect(codes(await give(admin, { uid: u.uid, currency: COIN, amount: '0.6', reason: 'Welcome bonus' }, 'bonus-key-1'))).toEqual(['admin.bonus.idempotency_key_reused']);
    expect(await balances(t, u.id, COIN)).toEqual({ balance: '0.5', locked: '0' });
  });

  it('waits above the review amount: the creator cannot approve, another staff member credits it once', async () => {
    const u = await createUser(t.db);
    const res = await give(admin, { uid: u.uid, currency: FIAT, amount: '250', reason: 'Competition prize', campaign: 'trading-cup' }, 'bonus-key-2');
    expect(res.statusCode, res.body).toBe(201);
    const b = res.json();
    expect(b).toMatchObject({ state: 'pending_approval', credited_at: null });
    expect(await bonusOps(b.id)).toEqual([]);
    expect(await balances(t, u.id, FIAT)).toEqual({ balance: '0', locked: '0' });
    const own = await call(admin, 'POST', '/bonuses/action', { id: b.id, action: 'approve' });
    expect([own.statusCode, codes(own)]).toEqual([422, ['admin.bonus.creator_cannot_approve']]);
    expect((await call(su, 'GET', `/bonuses/${b.id}`)).json().state).toBe('pending_approval');
    const approvals = await Promise.all([1, 2, 3, 4].map(() => call(su, 'POST', '/bonuses/action', { id: b.id, action: 'approve' })));
    expect(approvals.map((r) => r.statusCode).sort()).toEqual([201, 422, 422, 422]);
    expect(approvals.filter((r) => r.statusCode === 422).map(codes)[0]).toEqual(['admin.bonus.cannot_perform_approve_action']);
    expect((await call(su, 'GET', `/bonuses/${b.id}`)).json()).toMatchObject({ state: 'credited', approver_uid: expect.any(String), credited_at: expect.any(String) });
    expect((await bonusOps(b.id)).map((o) => o.code)).toEqual([401, 201]);
    expect(await balances(t, u.id, FIAT)).toEqual({ balance: '250', locked: '0' });
    expect(codes(await call(su, 'POST', '/bonuses/action', { id: b.id, action: 'reject' }))).toEqual(['admin.bonus.cannot_perform_reject_action']);
  });

  it('at the review amount is credited at once; a currency without one always waits; a rejection moves nothing', async () => {
    const u = await createUser(t.db);
    expect((await give(admin, { uid: u.uid, currency: FIAT, amount: '100', reason: 'Goodwill' })).json().state).toBe('credited');
    const unlisted = (await give(admin, { uid: u.uid, currency: 'bnone', amount: '0.00000001', reason: 'Goodwill' })).json();
    expect(unlisted.state).toBe('pending_approval');
    const rejected = await call(su, 'POST', '/bonuses/action', { id: unlisted.id, action: 'reject' });
    expect(rejected.json()).toMatchObject({ state: 'rejected' });
    expect(await bonusOps(unlisted.id)).toEqual([]);
    expect(await balances(t, u.id, 'bnone')).toEqual({ balance: '0', locked: '0' });
    // Its creator may withdraw a pending bonus (four eyes guard the credit): rejected, and they decided it.
    const own = (await give(admin, { uid: u.uid, currency: 'bnone', amount: '0.00000002', reason: 'Goodwill' })).json();
    const withdrawn = await call(admin, 'POST', '/bonuses/action', { id: own.id, action: 'reject' });
    expect([withdrawn.statusCode, withdrawn.json().state, withdrawn.json().approver_uid]).toEqual([201, 'rejected', own.creator_uid]);
    expect(await bonusOps(own.id)).toEqual([]);
  });

  it('refuses bad input with a code, and writes nothing', async () => {
    const u = await createUser(t.db);
    const cases: [Record<string, unknown>, string][] = [
      [{ uid: 'IDNOSUCHUSER1', currency: COIN, amount: '1', reason: 'x' }, 'admin.bonus.member_doesnt_exist'],
      [{ uid: u.uid, currency: 'nope', amount: '1', reason: 'x' }, 'admin.bonus.currency_doesnt_exist'],
      [{ uid: u.uid, currency: COIN, amount: '0', reason: 'x' }, 'admin.bonus.non_positive_amount'],
      [{ uid: u.uid, currency: FIAT, amount: '1.001', reason: 'x' }, 'admin.bonus.amount_exceeds_precision'],
    ];
    for (const [body, code] of cases) expect(codes(await give(admin, body))).toEqual([code]);
    expect((await give(admin, { uid: u.uid, currency: COIN, amount: '1' })).statusCode).toBe(422);
    expect(codes(await call(su, 'POST', '/bonuses/action', { id: 1, action: 'pay' }))).toEqual(['admin.bonus.invalid_action']);
    expect((await call(su, 'POST', '/bonuses/action', { id: 999999, action: 'approve' })).statusCode).toBe(404);
    expect(await t.db.kysely.selectFrom('bonuses').select('id').where('uid', '=', u.uid).execute()).toHaveLength(0);
  });
});

describe('bonus history', () => {
  it('filters by member, e-mail, currency, state, campaign and dates', async () => {
    const u = await createUser(t.db);
    const other = await createUser(t.db);
    await give(admin, { uid: u.uid, currency: COIN, amount: '0.1', reason: 'Spring', campaign: 'spring-26' });
    await give(admin, { uid: u.uid, currency: FIAT, amount: '500', reason: 'Big', campaign: 'spring-26' });
    await give(admin, { uid: other.uid, currency: COIN, amount: '0.2', reason: 'Other', campaign: 'autumn-26' });
    const ids = async (q: string) => (await call(accountant, 'GET', `/bonuses?${q}`)).json().map((b: { reason: string }) => b.reason).sort();
    expect(await ids(`uid=${u.uid}`)).toEqual(['Big', 'Spring']);
    expect(await ids(`email=${encodeURIComponent(u.email)}`)).toEqual(['Big', 'Spring']);
    expect(await ids(`uid=${u.uid}&currency=${FIAT}`)).toEqual(['Big']);
    expect(await ids(`uid=${u.uid}&state=pending_approval`)).toEqual(['Big']);
    expect(await ids('campaign=spring-26')).toEqual(['Big', 'Spring']);
    expect(await ids(`campaign=autumn-26&from=2026-11-19&to=2026-11-21`)).toEqual(['Other']);
    expect(await ids(`campaign=autumn-26&from=2026-11-21&to=2026-11-22`)).toEqual([]);
  });
});

describe('abilities', () => {
  it('lets readers read; only manage gives, approves or rejects; others are refused', async () => {
    const u = await createUser(t.db);
    const pending = (await give(su, { uid: u.uid, currency: FIAT, amount: '1000', reason: 'Role test' })).json();
    for (const who of [accountant, support, compliance]) {
      expect((await call(who, 'GET', '/bonuses')).statusCode).toBe(200);
      expect((await call(who, 'GET', `/bonuses/${pending.id}`)).statusCode).toBe(200);
      for (const [url, body] of [['/bonuses/new', { uid: u.uid, currency: FIAT, amount: '1', reason: 'x' }], ['/bonuses/action', { id: pending.id, action: 'approve' }]] as const) {
        const res = await call(who, 'POST', url, body);
        expect([url, res.statusCode, codes(res)]).toEqual([url, 401, ['authz.invalid_permission']]);
      }
    }
    expect((await call(broker, 'GET', '/bonuses')).statusCode).toBe(401);
    expect((await call(su, 'GET', `/bonuses/${pending.id}`)).json().state).toBe('pending_approval');
    expect(await balances(t, u.id, FIAT)).toEqual({ balance: '0', locked: '0' });
    // The admin (another staff member than the superadmin who gave it) approves.
    expect((await call(admin, 'POST', '/bonuses/action', { id: pending.id, action: 'approve' })).json().state).toBe('credited');
  });
});
