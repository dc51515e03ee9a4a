/**
 * Coin applications over HTTP (applogic; src/server/applogic/README.md, Coin applications): approving
 * creates the currency, disabled, through the currencies' create path, once under concurrent approves;
 * a currency code already taken refuses and changes nothing; reject needs a reason; decided
 * applications refuse every action; roles without manage Token are refused and change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { signInAs, type SignedIn } from '../helpers/auth.js';

const A = '/api/v2/applogic/admin';
const CHAIN = 'capp-eth';

let t: TestApp;
let su: SignedIn, admin: SignedIn, manager: SignedIn, technical: SignedIn, support: SignedIn;
let seq = 0;
let adminUid = '';

beforeAll(async () => {
  t = await testApp();
  await t.db.kysely.insertInto('blockchains').values({ key: CHAIN, name: 'Application chain', client: 'ethereum' } as never).execute();
  su = (await signInAs(t, 'superadmin')).session;
  const a = await signInAs(t, 'admin');
  admin = a.session;
  adminUid = a.user.uid;
  manager = (await signInAs(t, 'manager')).session;
  technical = (await signInAs(t, 'technical')).session;
  support = (await signInAs(t, 'support')).session;
});
afterAll(async () => { await t?.close(); });

const call = (who: SignedIn, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({ method, url: `${A}${url}`, payload: payload as object, headers: who.headers() });
const codes = (res: { json(): unknown }) => (res.json() as { errors?: string[] }).errors;
const act = (who: SignedIn, body: Record<string, unknown>) => call(who, 'POST', '/coin_applications/action', body);

/** A pending application of a fresh code (upper-case, as projects type it). */
async function application(over: Record<string, unknown> = {}): Promise<{ id: number; code: string }> {
  seq += 1;
  const code = `CAP${seq}`;
  const { id } = await t.db.kysely.insertInto('coin_applications').values({
    project: `Project ${seq}`, token_name: `Token ${seq}`, token_code: code, blockchain_key: CHAIN,
    contract_address: `0x${String(seq).padStart(40, '0')}`, contact_email: `listing${seq}@project.test`,
    documents: JSON.stringify([`https://project${seq}.test/whitepaper.pdf`]), ...over,
  }).returning('id').executeTakeFirstOrThrow();
  return { id: Number(id), code: String(over.token_code ?? code) };
}
const currency = (code: string) => t.db.kysely.selectFrom('currencies').selectAll().where('code', '=', code).executeTakeFirst();
const stored = (id: number) => t.db.kysely.selectFrom('coin_applications').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('coin applications', () => {
  it('lists and reads applications with their documents and state', async () => {
    const { id } = await application();
    const list = await call(manager, 'GET', `/coin_applications?state=pending&id=${id}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toHaveLength(1);
    expect(list.headers.total).toBe('1');
    const row = (await call(manager, 'GET', `/coin_applications/${id}`)).json();
    expect(row).toMatchObject({ id, state: 'pending', blockchain_key: CHAIN, documents: [expect.stringMatching(/whitepaper\.pdf$/)], decided_by: null });
  });

  it('approve creates the currency once, disabled, for concurrent approves, and records who approved and when', async () => {
    const { id, code } = await application();
    const answers = await Promise.all(Array.from({ length: 6 }, () => act(admin, { id, action: 'approve' })));
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses, answers.map((r) => r.body).join('\n')).toEqual([201, 422, 422, 422, 422, 422]);
    for (const r of answers.filter((x) => x.statusCode === 422)) expect(codes(r)).toEqual(['admin.coin_application.cannot_perform_approve_action']);
    const won = answers.find((r) => r.statusCode === 201)!.json();
    expect(won).toMatchObject({ id, state: 'approved', currency_id: code.toLowerCase(), decided_by_uid: adminUid });
    expect(won.decided_at).toBeTruthy();
    const c = await currency(code.toLowerCase());
    expect(c).toMatchObject({ type: 'coin', blockchain_key: CHAIN, visible: false, deposit_enabled: false, withdrawal_enabled: false, name: `Token ${seq}` });
    expect(c!.options).toMatchObject({ erc20_contract_address: (await stored(id)).contract_address });
    // The currency is the exchange's like any other: read through the currencies' own call.
    const viaPeatio = await t.app.inject({ method: 'GET', url: `/api/v2/peatio/admin/currencies/${code.toLowerCase()}`, headers: su.headers() });
    expect(viaPeatio.json()).toMatchObject({ code: code.toLowerCase(), visible: false, deposit_enabled: false, withdrawal_enabled: false });
    const audit = await t.db.kysely.selectFrom('activities').select(['action', 'result']).where('topic', '=', 'coin_applications').execute();
    expect(audit.filter((a) => a.result === 'succeed' && a.action === 'approve').length).toBeGreaterThanOrEqual(1);
  });

  it('one currency for two applications of one code approved at once: the other is refused, unchanged', async () => {
    seq += 1;
    const code = `DUP${seq}`;
    const [a, b] = [await application({ token_code: code }), await application({ token_code: code.toLowerCase() })];
    const answers = await Promise.all([act(admin, { id: a.id, action: 'approve' }), act(su, { id: b.id, action: 'approve' })]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    expect(codes(answers.find((r) => r.statusCode === 422)!)).toEqual(['admin.coin_application.currency_exists']);
    const states = [(await stored(a.id)).state, (await stored(b.id)).state].sort();
    expect(states).toEqual(['approved', 'pending']);
  });

  it('refuses to approve when the currency code is already taken, and changes nothing', async () => {
    await t.db.kysely.insertInto('currencies').values({ code: 'taken1', name: 'Taken', type: 'coin' }).execute();
    const { id } = await application({ token_code: 'TAKEN1' });
    const before = await currency('taken1');
    const res = await act(admin, { id, action: 'approve' });
    expect(res.statusCode).toBe(422);
    expect(codes(res)).toEqual(['admin.coin_application.currency_exists']);
    expect(await stored(id)).toMatchObject({ state: 'pending', decided_by: null, decided_at: null, currency_id: null });
    expect(await currency('taken1')).toEqual(before);
  });

  it('reject needs a reason, records it, and is final', async () => {
    const { id, code } = await application();
    for (const reason of [undefined, '', '   ']) {
      const res = await act(admin, { id, action: 'reject', reason });
      expect(res.statusCode).toBe(422);
      expect(codes(res)).toEqual(['admin.coin_application.missing_reason']);
    }
    expect(codes(await act(admin, { id, action: 'reject', reason: 'x'.repeat(501) }))).toEqual(['admin.coin_application.invalid_reason']);
    expect((await stored(id)).state).toBe('pending');
    const res = await act(admin, { id, action: 'reject', reason: ' No audit of the contract ' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ state: 'rejected', reason: 'No audit of the contract', decided_by_uid: adminUid, currency_id: null });
    expect(await currency(code.toLowerCase())).toBeUndefined();
    // Decided: neither action is offered any more.
    expect(codes(await act(admin, { id, action: 'approve' }))).toEqual(['admin.coin_application.cannot_perform_approve_action']);
    expect(codes(await act(admin, { id, action: 'reject', reason: 'again' }))).toEqual(['admin.coin_application.cannot_perform_reject_action']);
    expect(await currency(code.toLowerCase())).toBeUndefined();
  });

  it('concurrent rejects decide once', async () => {
    const { id } = await application();
    const answers = await Promise.all(Array.from({ length: 4 }, (_, i) => act(admin, { id, action: 'reject', reason: `reason ${i}` })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 422, 422, 422]);
  });

  it('an approved application cannot be rejected', async () => {
    const { id } = await application();
    expect((await act(su, { id, action: 'approve' })).statusCode).toBe(201);
    expect(codes(await act(su, { id, action: 'reject', reason: 'late' }))).toEqual(['admin.coin_application.cannot_perform_reject_action']);
    expect((await stored(id)).state).toBe('approved');
  });

  it('answers clear codes for a missing id, an unknown application and an unknown action', async () => {
    expect(codes(await act(admin, { action: 'approve' }))).toEqual(['admin.coin_application.missing_id']);
    expect(codes(await act(admin, { id: 'x', action: 'approve' }))).toEqual(['admin.coin_application.invalid_id']);
    const gone = await act(admin, { id: 987654, action: 'approve' });
    expect([gone.statusCode, codes(gone)]).toEqual([404, ['admin.coin_application.doesnt_exist']]);
    const gone2 = await act(admin, { id: 987654, action: 'reject', reason: 'r' });
    expect([gone2.statusCode, codes(gone2)]).toEqual([404, ['admin.coin_application.doesnt_exist']]);
    const { id } = await application();
    expect(codes(await act(admin, { id, action: 'list' }))).toEqual(['admin.coin_application.invalid_action']);
    expect((await call(admin, 'GET', '/coin_applications/987654')).statusCode).toBe(404);
  });

  it('refuses roles without the abilities, and their refused writes change nothing', async () => {
    const { id, code } = await application();
    // Manager and technical read Token (technical checks the chain and contract) but may not decide;
    // support may not even read the applications.
    for (const who of [manager, technical, support]) {
      expect((await act(who, { id, action: 'approve' })).statusCode).toBe(401);
      expect((await act(who, { id, action: 'reject', reason: 'no' })).statusCode).toBe(401);
    }
    for (const who of [manager, technical]) expect((await call(who, 'GET', `/coin_applications/${id}`)).statusCode).toBe(200);
    for (const who of [support]) {
      expect((await call(who, 'GET', '/coin_applications')).statusCode).toBe(401);
      expect((await call(who, 'GET', `/coin_applications/${id}`)).statusCode).toBe(401);
    }
    expect(await stored(id)).toMatchObject({ state: 'pending', decided_by: null });
    expect(await currency(code.toLowerCase())).toBeUndefined();
  });
});
