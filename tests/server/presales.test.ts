/**
 * The token and presale area over HTTP (applogic): a presale's life (start, close, cancel, each once),
 * investments escrowed on the ledger exactly once per idempotency key, the hard cap, milestones
 * completing as the raised amount passes them and by hand (once), the write rules, and the abilities.
 * The ledger's invariants hold after every test.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { signInAs, type SignedIn } from '../helpers/auth.js';
import { createUser } from '../helpers/users.js';
import { balances, expectLedgerHolds, fund } from './money-fixtures.js';

const A = '/api/v2/applogic/admin';
const TOKEN = 'ptkn', PRICE = 'pusdt';

let t: TestApp;
let su: SignedIn, admin: SignedIn, accountant: SignedIn, broker: SignedIn;
let seq = 0;

beforeAll(async () => {
  t = await testApp();
  await t.db.kysely.insertInto('currencies').values([
    { code: TOKEN, name: 'Presale Token', type: 'coin', precision: 4 }, { code: PRICE, name: 'Presale Tether', type: 'coin', precision: 6 },
  ]).execute();
  su = (await signInAs(t, 'superadmin')).session;
  admin = (await signInAs(t, 'admin')).session;
  accountant = (await signInAs(t, 'accountant')).session;
  broker = (await signInAs(t, 'broker')).session;
});
afterEach(async () => { await expectLedgerHolds(t); });
afterAll(async () => { await t?.close(); });

const call = (who: SignedIn, method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url: `${A}${url}`, payload: payload as object, headers: { ...who.headers(), ...headers } });
const codes = (res: { json(): unknown }) => (res.json() as { errors?: string[] }).errors;

/** A presale around the test clock (2026-11-20T12:00Z), running unless told otherwise. */
async function presale(over: Record<string, unknown> = {}, start = true): Promise<number> {
  seq += 1;
  const res = await call(su, 'POST', '/presales/new', {
    name: `Presale ${seq}`, token_currency: TOKEN, price_currency: PRICE, price: '0.5', soft_cap: '100', hard_cap: '1000',
    start_date: '2026-11-01T00:00:00Z', end_date: '2026-12-31T00:00:00Z', ...over,
  });
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json()).toMatchObject({ state: 'upcoming', raised: '0', tokens_sold: '0' });
  if (start) expect((await call(su, 'POST', '/presales/action', { id: res.json().id, action: 'start' })).statusCode).toBe(201);
  return res.json().id;
}
async function investor(amount = '5000') {
  const u = await createUser(t.db);
  await fund(t, u.id, PRICE, amount, 'coin');
  return u;
}
const invest = (presaleId: number, uid: string, amount: string, key?: string) =>
  call(admin, 'POST', '/investments/new', { uid, presale_id: presaleId, amount }, key ? { 'idempotency-key': key } : {});
const escrowOps = async (id: number) => t.db.kysely.selectFrom('operations').select(['code', 'currency_id', 'debit', 'credit'])
  .where('reference_type', '=', 'Investment').where('reference_id', '=', id).orderBy('id').execute();

describe('investments', () => {
  it('escrows the paid amount once for concurrent submits under one key', async () => {
    const id = await presale();
    const u = await investor('500');
    const answers = await Promise.all(Array.from({ length: 6 }, () => invest(id, u.uid, '120.5', 'same-key-1')));
    expect(answers.map((r) => r.statusCode), answers[0]!.body).toEqual([201, 201, 201, 201, 201, 201]);
    expect(new Set(answers.map((r) => r.json().id)).size).toBe(1);
    const inv = answers[0]!.json();
    expect(inv).toMatchObject({ uid: u.uid, presale_id: id, amount: '120.5', currency: PRICE, tokens: '241', token_currency: TOKEN, state: 'pending' });
    expect(await t.db.kysely.selectFrom('investments').select('id').where('presale_id', '=', id).execute()).toHaveLength(1);
    expect(await escrowOps(inv.id)).toHaveLength(2);
    expect(await balances(t, u.id, PRICE)).toEqual({ balance: '379.5', locked: '120.5' });
    expect((await call(su, 'GET', `/presales/${id}`)).json()).toMatchObject({ raised: '120.5', tokens_sold: '241' });
    // The same key with another body is refused, and moves nothing.
    expect(codes(await invest(id, u.uid, '10', 'same-key-1'))).toEqual(['admin.investment.idempotency_key_reused']);
  });

  it('refuses more than the hard cap leaves, with a clear code, concurrently too', async () => {
    const id = await presale({ hard_cap: '1000', soft_cap: '0' });
    const members = await Promise.all([1, 2, 3, 4].map(() => investor()));
    // Four submits of 300 at once: three fit under 1000, the fourth would pass it.
    const answers = await Promise.all(members.map((m, i) => invest(id, m.uid, '300', `cap-${i}`)));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(3);
    const refused = answers.filter((r) => r.statusCode !== 201);
    expect(refused.map(codes)).toEqual([['admin.presale.hard_cap_reached']]);
    expect((await call(su, 'GET', `/presales/${id}`)).json().raised).toBe('900');
    expect((await invest(id, members[0]!.uid, '100')).statusCode).toBe(201);
    expect(codes(await invest(id, members[1]!.uid, '0.01'))).toEqual(['admin.presale.hard_cap_reached']);
    // At its cap the presale takes nothing, whatever the amount: the investment form's picker greys it out.
    expect(codes(await invest(id, members[1]!.uid, '0'))).toEqual(['admin.presale.hard_cap_reached']);
  });

  it('refuses a presale not running, limits, precision, an unknown member and a short balance', async () => {
    const upcoming = await presale({}, false);
    const u = await investor('50');
    expect(codes(await invest(upcoming, u.uid, '10'))).toEqual(['admin.presale.not_running']);
    const ended = await presale({ start_date: '2026-10-01T00:00:00Z', end_date: '2026-11-01T00:00:00Z' });
    expect(codes(await invest(ended, u.uid, '10'))).toEqual(['admin.presale.not_running']);
    const id = await presale({ min_investment: '5', max_investment: '40' });
    expect(codes(await invest(id, u.uid, '1'))).toEqual(['admin.investment.amount_below_minimum']);
    expect(codes(await invest(id, u.uid, '41'))).toEqual(['admin.investment.amount_above_maximum']);
    expect(codes(await invest(id, u.uid, '10.1234567'))).toEqual(['admin.investment.amount_exceeds_precision']);
    expect(codes(await invest(id, 'IDNOSUCHUSER1', '10'))).toEqual(['admin.investment.member_doesnt_exist']);
    const poor = await investor('6');
    expect(codes(await invest(id, poor.uid, '10'))).toEqual(['admin.investment.insufficient_balance']);
    expect(await t.db.kysely.selectFrom('investments').select('id').where('presale_id', '=', id).execute()).toHaveLength(0);
    expect(await balances(t, poor.id, PRICE)).toEqual({ balance: '6', locked: '0' });
  });
});

describe('presale life', () => {
  it('allots on close when the soft cap is met: proceeds to revenue, tokens to the member, once', async () => {
    const id = await presale({ soft_cap: '100' });
    const u = await investor('300');
    const inv = (await invest(id, u.uid, '150')).json();
    const closes = await Promise.all([1, 2, 3].map(() => call(su, 'POST', '/presales/action', { id, action: 'close' })));
    expect(closes.map((r) => r.statusCode).sort()).toEqual([201, 422, 422]);
    expect(closes.filter((r) => r.statusCode === 422).map(codes)).toEqual([['admin.presale.cannot_perform_close_action'], ['admin.presale.cannot_perform_close_action']]);
    expect((await call(su, 'GET', `/investments/${inv.id}`)).json().state).toBe('allotted');
    expect(await balances(t, u.id, PRICE)).toEqual({ balance: '150', locked: '0' });
    expect(await balances(t, u.id, TOKEN)).toEqual({ balance: '300', locked: '0' });
    expect((await escrowOps(inv.id)).map((o) => o.code)).toEqual([202, 212, 212, 302, 102, 202]);
    expect(codes(await invest(id, u.uid, '10'))).toEqual(['admin.presale.not_running']);
  });

  it('refunds on close below the soft cap, and on cancel', async () => {
    const low = await presale({ soft_cap: '500' });
    const u = await investor('300');
    await invest(low, u.uid, '100');
    expect((await call(su, 'POST', '/presales/action', { id: low, action: 'close' })).json().state).toBe('closed');
    expect(await balances(t, u.id, PRICE)).toEqual({ balance: '300', locked: '0' });
    const canceled = await presale({ soft_cap: '0' });
    const inv = (await invest(canceled, u.uid, '80')).json();
    expect((await call(su, 'POST', '/presales/action', { id: canceled, action: 'cancel' })).json().state).toBe('canceled');
    expect((await call(su, 'GET', `/investments/${inv.id}`)).json().state).toBe('refunded');
    expect(await balances(t, u.id, PRICE)).toEqual({ balance: '300', locked: '0' });
    expect(await balances(t, u.id, TOKEN)).toEqual({ balance: '0', locked: '0' });
    expect(codes(await call(su, 'POST', '/presales/action', { id: canceled, action: 'start' }))).toEqual(['admin.presale.cannot_perform_start_action']);
  });

  it('checks its terms, and fixes them once started', async () => {
    const bad = (over: Record<string, unknown>) => call(su, 'POST', '/presales/new', {
      name: `Bad ${++seq}`, token_currency: TOKEN, price_currency: PRICE, price: '1', hard_cap: '10', start_date: '2026-11-01T00:00:00Z',
      end_date: '2026-12-01T00:00:00Z', ...over,
    });
    expect(codes(await bad({ price_currency: TOKEN }))).toEqual(['admin.presale.price_currency_equals_token_currency']);
    expect(codes(await bad({ soft_cap: '11' }))).toEqual(['admin.presale.soft_cap_exceeds_hard_cap']);
    expect(codes(await bad({ end_date: '2026-10-01T00:00:00Z' }))).toEqual(['admin.presale.start_date_exceeds_end_date']);
    expect(codes(await bad({ price: '0' }))).toEqual(['admin.presale.zero_price']);
    expect(codes(await bad({ token_currency: 'nope' }))).toEqual(['admin.presale.token_currency_doesnt_exist']);
    const id = await presale();
    expect(codes(await call(su, 'POST', '/presales/update', { id, price: '0.7' }))).toEqual(['admin.presale.immutable_price']);
    const renamed = await call(su, 'POST', '/presales/update', { id, name: `Renamed ${id}`, end_date: '2027-01-31T00:00:00Z' });
    expect(renamed.statusCode, renamed.body).toBe(201);
    expect(renamed.json()).toMatchObject({ name: `Renamed ${id}`, end_date: '2027-01-31T00:00:00.000Z', price: '0.5' });
  });
});

describe('milestones', () => {
  it('complete as the raised amount reaches their value', async () => {
    const id = await presale({ soft_cap: '0' });
    const add = (value: string) => call(su, 'POST', '/milestones/new', { presale_id: id, value });
    const [m1, m2] = [(await add('100')).json(), (await add('400')).json()];
    expect([m1.state, m2.state]).toEqual(['active', 'active']);
    const u = await investor();
    await invest(id, u.uid, '150');
    expect((await call(su, 'GET', `/milestones/${m1.id}`)).json()).toMatchObject({ state: 'completed', completed_at: expect.any(String) });
    expect((await call(su, 'GET', `/milestones/${m2.id}`)).json().state).toBe('active');
    // Made at or under what is already raised: complete at once.
    expect((await add('150')).json().state).toBe('completed');
    const list = await call(su, 'GET', `/milestones?presale_id=${id}&state=active`);
    expect(list.json().map((m: { id: number }) => m.id)).toEqual([m2.id]);
    expect(codes(await add('400'))).toEqual(['admin.milestone.presale_id_value_taken']);
  });

  it('completes by hand once: concurrent completes make one', async () => {
    const id = await presale();
    const m = (await call(su, 'POST', '/milestones/new', { presale_id: id, value: '900' })).json();
    const answers = await Promise.all([1, 2, 3, 4].map(() => call(su, 'POST', '/milestones/action', { id: m.id, action: 'complete' })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 422, 422, 422]);
    expect(answers.filter((r) => r.statusCode === 422).map(codes)[0]).toEqual(['admin.milestone.cannot_perform_complete_action']);
    await call(su, 'POST', '/presales/action', { id, action: 'cancel' });
    expect(codes(await call(su, 'POST', '/milestones/new', { presale_id: id, value: '950' }))).toEqual(['admin.milestone.presale_finished']);
  });
});

describe('advertisements', () => {
  it('are plain records with dates in order', async () => {
    const id = await presale({}, false);
    const res = await call(su, 'POST', '/advertisements/new', {
      presale_id: id, title: 'Join the sale', placement: 'presale_page', start_date: '2026-11-01T00:00:00Z', end_date: '2026-11-30T00:00:00Z',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ presale: expect.stringMatching(/^Presale/), state: 'inactive', placement: 'presale_page' });
    const on = await call(su, 'POST', '/advertisements/update', { id: res.json().id, state: 'active' });
    expect(on.json().state).toBe('active');
    expect(codes(await call(su, 'POST', '/advertisements/update', { id: res.json().id, end_date: '2026-10-01T00:00:00Z' })))
      .toEqual(['admin.advertisement.start_date_exceeds_end_date']);
  });
});

describe('abilities', () => {
  it('lets readers read and refuses writes and roles without the subjects at the gateway', async () => {
    const id = await presale();
    expect((await call(accountant, 'GET', '/presales')).statusCode).toBe(200);
    expect((await call(accountant, 'GET', '/investments')).statusCode).toBe(200);
    const u = await investor();
    for (const [method, url, body] of [
      ['POST', '/presales/new', { name: 'x' }], ['POST', '/presales/action', { id, action: 'close' }],
      ['POST', '/investments/new', { uid: u.uid, presale_id: id, amount: '1' }], ['POST', '/milestones/action', { id: 1, action: 'complete' }],
    ] as const) {
      const res = await call(accountant, method, url, body);
      expect([url, res.statusCode, codes(res)]).toEqual([url, 401, ['authz.invalid_permission']]);
    }
    for (const url of ['/presales', '/milestones', '/investments', '/advertisements', `/presales/${id}`]) {
      const res = await call(broker, 'GET', url);
      expect([url, res.statusCode]).toEqual([url, 401]);
    }
    expect((await call(su, 'GET', `/presales/${id}`)).json().state).toBe('running');
  });
});
