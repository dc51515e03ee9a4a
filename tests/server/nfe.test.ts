/**
 * NFE transactions and holders over HTTP (applogic): an item's mint is recorded with its first holder
 * (form and Upload), its holder changes only by its transactions and the holders list follows in the same
 * database transaction; transfers from someone who is not the holder are refused; a sale's price moves
 * through the ledger once (buyer → seller, the fee of the price currency's token config to revenue),
 * concurrent duplicates under one key make one transaction and one posting, a short buyer refuses the
 * whole sale; a burned item refuses everything; and only manage Token records one. The ledger's
 * invariants hold after every test.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { signInAs, type SignedIn } from '../helpers/auth.js';
import { createUser } from '../helpers/users.js';
import { balances, expectLedgerHolds, fund } from './money-fixtures.js';

const A = '/api/v2/applogic/admin';
const PAY = 'nfusd';

let t: TestApp;
let su: SignedIn, admin: SignedIn, manager: SignedIn, investor: SignedIn, technical: SignedIn, accountant: SignedIn, support: SignedIn;
let category: number;
let seq = 0;

beforeAll(async () => {
  t = await testApp();
  await t.db.kysely.insertInto('currencies').values([{ code: PAY, name: 'NFE Dollar', type: 'coin', precision: 2 }]).execute();
  [su, admin, manager, investor, technical, accountant, support] = await Promise.all(
    ['superadmin', 'admin', 'manager', 'investor', 'technical', 'accountant', 'support'].map(async (r) => (await signInAs(t, r)).session),
  );
  const c = await call(su, 'POST', '/nfe_categories/new', { name: 'NFE test art' });
  expect(c.statusCode, c.body).toBe(201);
  category = c.json().id;
}, 60_000);
afterEach(async () => { await expectLedgerHolds(t); });
afterAll(async () => { await t?.close(); });

function call(who: SignedIn, method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({ method, url: `${A}${url}`, payload: payload as object, headers: { ...who.headers(), ...headers } });
}
const codes = (res: { json(): unknown }) => (res.json() as { errors?: string[] }).errors;

/** A new NFE item, held by `owner` when given. */
async function item(owner?: string): Promise<number> {
  seq += 1;
  const res = await call(su, 'POST', '/tokens/new', { name: `Piece #${seq}`, code: 'NFT', token_number: String(seq), nfe_category_id: category, ...(owner ? { owner_uid: owner } : {}) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}
const move = (body: Record<string, unknown>, key?: string, who = admin) =>
  call(who, 'POST', '/nfe_transactions/new', body, key ? { 'idempotency-key': key } : {});
const txOf = (token: number) => t.db.kysely.selectFrom('nfe_transactions').selectAll().where('token_id', '=', token).orderBy('id').execute();
const holderOf = async (token: number) => (await call(su, 'GET', `/nfe_holders/${token}`));
const saleOps = (id: number) => t.db.kysely.selectFrom('operations').select(['code', 'member_id', 'debit', 'credit'])
  .where('reference_type', '=', 'NfeTransaction').where('reference_id', '=', id).orderBy('id').execute();

describe('mints and holders', () => {
  it('records the mint with the first holder, and keeps the holder to the transactions', async () => {
    const [a, b] = [await createUser(t.db), await createUser(t.db)];
    const held = await item(a.uid.toLowerCase());
    expect((await txOf(held)).map((x) => [x.kind, x.from_uid, x.to_uid])).toEqual([['mint', null, a.uid]]);
    const h = await holderOf(held);
    expect(h.statusCode, h.body).toBe(200);
    expect(h.json()).toMatchObject({ token_id: held, uid: a.uid, code: 'NFT' });
    // The form cannot move it: only a transaction can.
    expect(codes(await call(su, 'POST', '/tokens/update', { id: held, owner_uid: b.uid }))).toEqual(['admin.token.holder_changes_by_transaction']);
    expect(codes(await call(su, 'POST', '/tokens/update', { id: held, state: 'burned' }))).toEqual(['admin.token.burn_by_transaction']);
    // The same holder again, or other fields, are fine.
    expect((await call(su, 'POST', '/tokens/update', { id: held, owner_uid: a.uid, name: 'Renamed' })).statusCode).toBe(201);

    // An item without a holder is in no one's hands; giving it its first holder is its mint.
    const free = await item();
    expect((await holderOf(free)).statusCode).toBe(404);
    expect(await txOf(free)).toEqual([]);
    expect((await call(su, 'POST', '/tokens/update', { id: free, owner_uid: b.uid })).statusCode).toBe(201);
    expect((await txOf(free)).map((x) => [x.kind, x.to_uid])).toEqual([['mint', b.uid]]);
    const list = await call(manager, 'GET', `/nfe_holders?uid=${b.uid}`);
    expect(list.json().map((r: { token_id: number }) => r.token_id)).toEqual([free]);
  });

  it('records the mints of an uploaded file in the same transaction, one per held row', async () => {
    const u = await createUser(t.db);
    const csv = `kind,name,code,token_number,nfe_category_id,owner_uid\nnfe,Up #1,UPM,1,${category},${u.uid}\nnfe,Up #2,UPM,2,${category},\nnfe,Up #3,UPM,3,${category},${u.uid}\n`;
    const res = await call(su, 'POST', '/tokens/upload?dry_run=false', { filename: 'up.csv', csv });
    expect(res.statusCode, res.body).toBe(201);
    const mints = await t.db.kysely.selectFrom('nfe_transactions').innerJoin('tokens', 'tokens.id', 'nfe_transactions.token_id')
      .select(['tokens.token_number', 'nfe_transactions.kind', 'nfe_transactions.to_uid']).where('tokens.code', '=', 'UPM').orderBy('tokens.token_number').execute();
    expect(mints.map((m) => [m.token_number, m.kind, m.to_uid])).toEqual([['1', 'mint', u.uid], ['3', 'mint', u.uid]]);
    // A burned item with a holder is refused, row by row.
    const bad = await call(su, 'POST', '/tokens/upload?dry_run=true', { csv: `kind,name,code,token_number,nfe_category_id,owner_uid,state\nnfe,X,UPM,9,${category},${u.uid},burned\n` });
    expect(bad.json().errors.map((e: { code: string }) => e.code)).toEqual(['admin.token.burned_item_held']);
  });
});

describe('transfers and burns', () => {
  it('moves an item only from its holder, and a burned item refuses everything', async () => {
    const [a, b, c] = [await createUser(t.db), await createUser(t.db), await createUser(t.db)];
    const id = await item(a.uid);
    const wrong = await move({ token_id: id, kind: 'transfer', from_uid: b.uid, to_uid: c.uid });
    expect([wrong.statusCode, codes(wrong)]).toEqual([422, ['admin.nfe_transaction.not_holder']]);
    expect(codes(await move({ token_id: id, kind: 'transfer', from_uid: a.uid, to_uid: a.uid }))).toEqual(['admin.nfe_transaction.to_uid_equals_from_uid']);
    expect(codes(await move({ token_id: id, kind: 'transfer', from_uid: a.uid, to_uid: 'ID0000000000' }))).toEqual(['admin.nfe_transaction.to_uid_doesnt_exist']);
    expect(codes(await move({ token_id: id, kind: 'transfer', from_uid: a.uid }))).toEqual(['admin.nfe_transaction.missing_to_uid']);
    expect(codes(await move({ token_id: id, kind: 'mint', to_uid: b.uid }))).toEqual(['admin.nfe_transaction.cannot_record_mint']);
    expect(codes(await move({ token_id: 987654, kind: 'burn' }))).toEqual(['admin.nfe_transaction.token_doesnt_exist']);

    const ok = await move({ token_id: id, kind: 'transfer', from_uid: a.uid.toLowerCase(), to_uid: b.uid, txid: '0xabc' }, 'tr-1');
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ token_id: id, kind: 'transfer', from_uid: a.uid, to_uid: b.uid, price: null, txid: '0xabc' });
    expect((await holderOf(id)).json()).toMatchObject({ uid: b.uid });
    // A's transfer again is refused: A holds it no more.
    expect(codes(await move({ token_id: id, kind: 'transfer', from_uid: a.uid, to_uid: c.uid }))).toEqual(['admin.nfe_transaction.not_holder']);

    const burn = await move({ token_id: id, kind: 'burn' }, 'burn-1');
    expect(burn.json()).toMatchObject({ kind: 'burn', from_uid: b.uid, to_uid: null });
    expect((await call(su, 'GET', `/tokens/${id}`)).json()).toMatchObject({ state: 'burned', owner_uid: null });
    expect((await holderOf(id)).statusCode).toBe(404);
    // Everything after the burn: refused with the token's code; the burn's own retry answers the burn.
    for (const body of [
      { token_id: id, kind: 'transfer', from_uid: b.uid, to_uid: c.uid }, { token_id: id, kind: 'burn' },
      { token_id: id, kind: 'sale', from_uid: b.uid, to_uid: c.uid, price: '1', price_currency: PAY },
    ]) expect(codes(await move(body))).toEqual(['admin.token.burned']);
    expect(codes(await call(su, 'POST', '/tokens/update', { id, name: 'Again' }))).toEqual(['admin.token.burned']);
    expect((await move({ token_id: id, kind: 'burn' }, 'burn-1')).json().id).toBe(burn.json().id);
    expect((await txOf(id)).map((x) => x.kind)).toEqual(['mint', 'transfer', 'burn']);
  });
});

describe('sales', () => {
  it('moves the price through the ledger once for concurrent duplicates, the fee to revenue', async () => {
    const [seller, buyer] = [await createUser(t.db), await createUser(t.db)];
    await fund(t, buyer.id, PAY, '1000', 'coin');
    // The price currency's token config: 2.5% to revenue, nothing under 5.
    await t.db.kysely.insertInto('token_configs').values({
      token_id: Number((await t.db.kysely.insertInto('tokens').values({ kind: 'fungible', name: 'NFE Dollar', code: PAY, supply: '1000000' }).returning('id').executeTakeFirstOrThrow()).id),
      transfer_fee: '0.025', min_transfer: '5',
    }).execute();
    const id = await item(seller.uid);
    const body = { token_id: id, kind: 'sale', from_uid: seller.uid, to_uid: buyer.uid, price: '250.10', price_currency: PAY.toUpperCase() };
    expect(codes(await move({ ...body, price: '4.99' }))).toEqual(['admin.nfe_transaction.price_below_min_transfer']);
    expect(codes(await move({ ...body, price: '1.001' }))).toEqual(['admin.nfe_transaction.price_exceeds_precision']);
    expect(codes(await move({ ...body, price: '0' }))).toEqual(['admin.nfe_transaction.zero_price']);
    expect(codes(await move({ ...body, price_currency: 'nosuch' }))).toEqual(['admin.nfe_transaction.price_currency_doesnt_exist']);
    const answers = await Promise.all(Array.from({ length: 6 }, () => move(body, 'sale-key-1')));
    expect(answers.map((r) => r.statusCode), answers[0]!.body).toEqual([201, 201, 201, 201, 201, 201]);
    expect(new Set(answers.map((r) => r.json().id)).size).toBe(1);
    const sale = answers[0]!.json();
    expect(sale).toMatchObject({ kind: 'sale', price: '250.1', price_currency: PAY, fee: '6.25', from_uid: seller.uid, to_uid: buyer.uid });
    expect((await txOf(id)).map((x) => x.kind)).toEqual(['mint', 'sale']);
    const ops = await saleOps(sale.id);
    expect(ops.map((o) => [o.code, o.member_id === null ? null : Number(o.member_id), o.debit, o.credit].map((v) => (typeof v === 'string' ? String(Number(v)) : v)))).toEqual([
      [202, buyer.id, '250.1', '0'], [202, seller.id, '0', '243.85'], [302, null, '0', '6.25'],
    ]);
    expect(await balances(t, buyer.id, PAY)).toEqual({ balance: '749.9', locked: '0' });
    expect(await balances(t, seller.id, PAY)).toEqual({ balance: '243.85', locked: '0' });
    expect((await holderOf(id)).json()).toMatchObject({ uid: buyer.uid });
    // The same key with another body is refused, and moves nothing.
    expect(codes(await move({ ...body, price: '300' }, 'sale-key-1'))).toEqual(['admin.nfe_transaction.idempotency_key_reused']);
  });

  it("refuses the whole sale when the buyer's balance is short", async () => {
    const [seller, buyer] = [await createUser(t.db), await createUser(t.db)];
    await fund(t, buyer.id, PAY, '10', 'coin');
    const id = await item(seller.uid);
    const res = await move({ token_id: id, kind: 'sale', from_uid: seller.uid, to_uid: buyer.uid, price: '10.01', price_currency: PAY }, 'short-1');
    expect([res.statusCode, codes(res)]).toEqual([422, ['admin.nfe_transaction.insufficient_balance']]);
    expect((await txOf(id)).map((x) => x.kind)).toEqual(['mint']);
    expect((await holderOf(id)).json()).toMatchObject({ uid: seller.uid });
    expect(await balances(t, buyer.id, PAY)).toEqual({ balance: '10', locked: '0' });
    expect(await balances(t, seller.id, PAY)).toEqual({ balance: '0', locked: '0' });
    // The key made nothing, so it may carry the corrected sale.
    const ok = await move({ token_id: id, kind: 'sale', from_uid: seller.uid, to_uid: buyer.uid, price: '10', price_currency: PAY }, 'short-1');
    expect(ok.statusCode, ok.body).toBe(201);
  });
});

describe('who may do what', () => {
  it('reads for manager, investor and technical; records for manage Token only; nothing for the rest', async () => {
    const [a, b] = [await createUser(t.db), await createUser(t.db)];
    const id = await item(a.uid);
    for (const who of [manager, investor, technical]) {
      for (const path of ['/nfe_transactions', '/nfe_holders', `/nfe_holders/${id}`]) expect((await call(who, 'GET', path)).statusCode, path).toBe(200);
      const res = await move({ token_id: id, kind: 'transfer', from_uid: a.uid, to_uid: b.uid }, undefined, who);
      expect([res.statusCode, codes(res)]).toEqual([401, ['authz.invalid_permission']]);
    }
    for (const who of [accountant, support]) {
      for (const path of ['/nfe_transactions', '/nfe_holders']) expect((await call(who, 'GET', path)).statusCode, path).toBe(401);
      expect((await move({ token_id: id, kind: 'burn' }, undefined, who)).statusCode).toBe(401);
    }
    expect((await txOf(id)).map((x) => x.kind)).toEqual(['mint']);
    expect((await move({ token_id: id, kind: 'transfer', from_uid: a.uid, to_uid: b.uid }, undefined, su)).statusCode).toBe(201);
  });
});
