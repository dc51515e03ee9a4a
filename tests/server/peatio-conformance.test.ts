/**
 * Every GET of Peatio 2.6's admin swagger (tests/fixtures/peatio-admin-swagger.json, upstream's
 * docs/api/swagger/admin_api.json) that answers an entity is walked from the swagger itself: the call is
 * served at /api/v2/peatio/admin, and every row carries every property of the declared definition with its
 * JSON type, nested entities (an adjustment's operations, a member's accounts, a trade's orders, a
 * withdrawal's beneficiary) field by field. A field the swagger gains, or a call, fails here until served.
 * Peatio's decimals travel as strings and its swagger calls them numbers (swagger-types.ts). Every field
 * must also be seen with a value somewhere in the walk. Departures are four short tables below, each entry
 * with its reason.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { signInAs, type SignedIn } from '../helpers/auth.js';
import { createUser } from '../helpers/users.js';
import { call, COIN, fund, PEATIO, setupMoney } from './money-fixtures.js';
import { executeTrade, placeOrder } from '../../src/server/trading/orders.js';
import { submitWithdraw } from '../../src/server/money/withdraws.js';
import { definitionsOf, problems as checkEntity, type Reading } from '../helpers/swagger-types.js';

const SWAGGER = JSON.parse(readFileSync(new URL('../fixtures/peatio-admin-swagger.json', import.meta.url), 'utf8'));
const ENTITIES = definitionsOf(SWAGGER);
const BASE = SWAGGER.basePath as string; // /api/v2/admin/peatio, served at PEATIO (/api/v2/peatio/admin)

const READING: Reading = {
  /**
   * Sent only when there is one, as Peatio's `expose … if:` does: an accepted adjustment's operation of each
   * account it moved (the asset and the receiving account's kind), none while pending.
   */
  conditional: { Adjustment: ['asset', 'liability', 'revenue', 'expense'] },
  /**
   * Where Peatio's code sends another JSON type than its swagger declares (grape-swagger copies the
   * `documentation: {type: String}` of an entity, the value is the model's): the code's type, which the
   * OpenWare clients read.
   */
  sentAs: {
    // Boolean columns documented as String: sending "false" would read as true in tower and baseapp.
    'Currency.deposit_enabled': 'boolean', 'Currency.withdrawal_enabled': 'boolean', 'Currency.visible': 'boolean',
    // The blockchain's integer, documented as String.
    'Currency.min_confirmations': 'integer',
    // Peatio's code sends the uid (`adjustment.creator.uid`), documented as Integer; the console shows it too.
    'Adjustment.creator_uid': 'string', 'Adjustment.validator_uid': 'string',
    // JSON columns documented as String: a withdrawal's metadata (the stored object), its error (the array of
    // {class, message} Withdraw#add_error appends), a deposit's spread (the array of its collection legs).
    'Withdraw.metadata': 'json', 'Withdraw.error': 'array', 'Deposit.spread': 'array',
  },
};
/** Fields always sent, but never with a value here, and why: each other field must be seen with one in the walk. */
const NO_VALUE: Record<string, string> = {
  // What Peatio's balance daemon last read from the node, null until it has; nothing reads wallet balances yet.
  'Wallet.balance': "the node's, not read",
};
/** Calls whose swagger names the wrong entity: GET /trades/{id} answers the extended Trade (declared Blockchain). */
const ANSWERS: Record<string, string> = { '/trades/{id}': 'Trade' };

const problems = (entity: string, row: Record<string, unknown>) => checkEntity(ENTITIES, entity, row, READING);

/** The swagger's GETs that answer no entity (lists of names, abilities), but the node's tip, which asks the chain's node. */
const OTHER_GETS = Object.entries(SWAGGER.paths as Record<string, Record<string, { responses: Record<string, { schema?: unknown }> }>>)
  .filter(([path, ops]) => ops.get && !ops.get.responses['200']?.schema && !path.endsWith('/latest_block'))
  .map(([path]) => path.slice(BASE.length));

/** The swagger's GETs that answer an entity: path below the base, entity. */
const CALLS = Object.entries(SWAGGER.paths as Record<string, Record<string, { responses: Record<string, { schema?: { $ref?: string; items?: { $ref?: string } } }> }>>)
  .flatMap(([path, ops]) => {
    const schema = ops.get?.responses['200']?.schema;
    const ref = schema?.$ref ?? schema?.items?.$ref;
    const rel = path.slice(BASE.length);
    return ref ? [[rel, ANSWERS[rel] ?? ref.slice(ref.lastIndexOf('/') + 1)] as const] : [];
  });

/** Records the entity fields a row (and the entities nested in it) carries with a value. */
function see(entity: string, row: Record<string, unknown>, seen: Set<string>): void {
  for (const [field, type] of Object.entries(ENTITIES[entity] ?? {})) {
    const v = row[field];
    if (v === null || v === undefined) continue;
    seen.add(`${entity}.${field}`);
    const nested = type.replace(/\[\]$/, '');
    if (ENTITIES[nested]) (Array.isArray(v) ? v : [v]).forEach((x) => see(nested, x as Record<string, unknown>, seen));
  }
}

let t: TestApp;
let admin: SignedIn;

/** A refundable deposit (rejected), refunded in the test: Refund is answered by that POST only. */
let rejectedDeposit: number;

/** One of each entity, with every optional field filled, so each declared field is seen with a value. */
beforeAll(async () => {
  t = await testApp();
  const market = await setupMoney(t);
  const db = t.db.kysely;
  admin = (await signInAs(t, 'admin')).session;
  const accountant = (await signInAs(t, 'accountant')).session;
  const a = await createUser(t.db), b = await createUser(t.db);
  const link = 'https://explorer.example/';
  await db.insertInto('blockchains').values({ key: 'mchain', name: 'Money chain', server: null, height: 10, explorer_address: `${link}address/#{address}`, explorer_transaction: `${link}tx/#{txid}` } as never).execute();
  const coin = { blockchain_key: 'mchain', options: JSON.stringify({ gas_limit: 0, gas_price: 0 }), description: 'Money', homepage: link, price: '30000', icon_url: `${link}icon.png` };
  await db.updateTable('currencies').set(coin as never).where('code', '=', COIN).execute();
  await db.insertInto('currencies').values({ code: 'mtok', name: 'Money token', type: 'coin', precision: 8, ...coin, parent_id: COIN } as never).execute();
  await db.updateTable('engines').set({ uid: 'UID123' } as never).execute();
  await db.insertInto('wallets').values({ name: 'Money hot', kind: 'hot', currencies: JSON.stringify([COIN]), gateway: 'bitcoind', max_balance: '0', blockchain_key: 'mchain', settings: '{}', address: 'bc1qhot' } as never).execute();
  await db.insertInto('withdraw_limits').values({ limit_24_hour: '1', limit_1_month: '10' } as never).execute();
  const ben = await db.insertInto('beneficiaries').values({ user_id: a.id, currency_id: COIN, name: 'Cold', description: 'Own cold wallet', data: JSON.stringify({ address: 'bc1qcold' }), state: 'active', sent_at: new Date() } as never).returning('id').executeTakeFirstOrThrow();
  await fund(t, a.id, COIN, '3', 'coin');
  await fund(t, b.id, 'musd', '90000', 'fiat');
  await db.transaction().execute(async (trx) => {
    const at = new Date();
    const ask = await placeOrder(trx, { member: a.id, market, side: 'sell', price: '30000', volume: '1', at });
    const bid = await placeOrder(trx, { member: b.id, market, side: 'buy', price: '30000', volume: '1', at });
    await executeTrade(trx, market, ask, bid, '30000', '0.5', at);
    const w = { member: a.id, currency: COIN, type: 'coin' as const, amount: '0.1', fee: '0.0005', rid: 'bc1qcold', beneficiary: ben.id, note: 'rent', at };
    await submitWithdraw(trx, w);
    // A withdrawal sent and then failed on the chain (its txid, block, time and error), as the worker records them.
    const failed = await submitWithdraw(trx, w);
    await trx.updateTable('withdraws').set({ state: 'failed', txid: '0xfeed', block_number: 9, done_at: at, error: JSON.stringify([{ class: 'Peatio::Wallet::ClientError', message: 'rejected by node' }]) } as never).where('id', '=', failed).execute();
  });
  const deposit = { user_id: a.id, currency_id: COIN, blockchain_key: 'mchain', amount: '1', fee: '0', type: 'coin', address: 'bc1qa', block_number: 7 };
  await db.insertInto('deposits').values([{ ...deposit, state: 'submitted', txid: '0xab', txout: 0 }, { ...deposit, state: 'accepted', txid: '0xac', txout: 0, completed_at: new Date() }] as never).execute();
  rejectedDeposit = (await db.insertInto('deposits').values({ ...deposit, state: 'rejected', txid: '0xad', txout: 1 } as never).returning('id').executeTakeFirstOrThrow()).id;
  // Accepted adjustments: to a member's balance (asset and liability operations), to expense and to revenue; one left pending.
  for (const [code, accept] of [[202, true], [402, true], [302, true], [302, false]] as const) {
    const adj = await call(t, accountant, 'POST', '/adjustments/new', {
      reason: 'r', description: 'd', category: 'misc', amount: '1', currency_id: COIN, counterpart_code: code, receiving_member_uid: code === 202 ? a.uid : undefined,
    });
    if (accept) expect((await call(t, admin, 'POST', '/adjustments/action', { id: adj.json().id, action: 'accept' })).statusCode).toBe(201);
  }
});
afterAll(async () => { await t?.close(); });

describe("Peatio 2.6's admin swagger", () => {
  it('every GET answering an entity is served with every declared field and type', async () => {
    expect(CALLS.length).toBeGreaterThan(20);
    const firstRows = new Map<string, Record<string, unknown>>();
    const found: string[] = [];
    const seen = new Set<string>();
    // Lists before the calls of one row, whose path parameter is taken from the list's first row.
    for (const [path, entity] of [...CALLS].sort(([x], [y]) => x.split('{').length - y.split('{').length)) {
      const param = /\{(\w+)\}/.exec(path);
      const parent = param ? firstRows.get(path.slice(0, param.index - 1)) : undefined;
      const url = param ? path.replace(param[0], String(parent?.[param[1]!])) : path;
      const res = await t.app.inject({ method: 'GET', url: `${PEATIO}${url}`, headers: admin.headers() });
      const body = res.json() as Record<string, unknown> | Record<string, unknown>[];
      const rows = Array.isArray(body) ? body : [body];
      if (res.statusCode !== 200 || rows.length === 0) { found.push(`GET ${url}: ${res.statusCode} ${JSON.stringify(body).slice(0, 80)}`); continue; }
      firstRows.set(path, rows[0]!);
      found.push(...rows.flatMap((r) => problems(entity, r)).map((p) => `GET ${url}: ${p}`));
      rows.forEach((r) => see(entity, r, seen));
    }
    expect(found).toEqual([]);
    const unseen = [...new Set(CALLS.map(([, e]) => e))].flatMap((e) => Object.keys(ENTITIES[e]!).map((f) => `${e}.${f}`)).filter((f) => !seen.has(f) && !NO_VALUE[f]);
    expect(unseen).toEqual([]);
  });

  it('answers a Refund (its one call is a POST) with its Deposit, field by field', async () => {
    const res = await t.app.inject({ method: 'POST', url: `${PEATIO}/deposits/${rejectedDeposit}/refund`, payload: { address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4' }, headers: admin.headers() });
    expect(res.statusCode).toBe(201);
    expect(problems('Refund', res.json())).toEqual([]);
  });

  it("answers the other GETs (not taken for an id: /wallets/kinds is not /wallets/{id}), and a trade's orders with their fee fractions", async () => {
    const get = (url: string) => t.app.inject({ method: 'GET', url: `${PEATIO}${url}`, headers: admin.headers() });
    expect(OTHER_GETS).toEqual(expect.arrayContaining(['/wallets/kinds', '/wallets/gateways', '/members/groups', '/blockchains/clients']));
    for (const path of OTHER_GETS) expect([path, (await get(path)).statusCode]).toEqual([path, 200]);
    expect((await get('/wallets/kinds')).json()).toEqual(['deposit', 'fee', 'hot', 'warm', 'cold']);
    expect((await get('/wallets/gateways')).json()).toEqual(expect.arrayContaining(['bitcoind', 'geth']));
    const [listed] = (await get('/trades')).json() as Record<string, Record<string, unknown>>[];
    expect([listed!.maker_fee, listed!.taker_fee]).toEqual([listed!.maker_order!.maker_fee, listed!.taker_order!.taker_fee]);
    expect((await get(`/trades/${String(listed!.id)}`)).json()).toEqual(listed);
    expect((await get('/trades/999999')).statusCode).toBe(404);
    expect((await get('/trades/x')).json().errors).toEqual(['admin.trade.non_integer_id']);
  });
});
