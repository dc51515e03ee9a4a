/**
 * A member's deposits, deposit addresses, beneficiaries and withdrawals (src/server/market-api/, Peatio's
 * member API): the address made by the chain's node and pushed on Ranger's `deposit_address`, mined to,
 * scanned and credited by staff; beneficiaries activated by the e-mailed pin (once, throttled); withdrawals
 * behind 2FA and an active beneficiary through the staff's approval queue and its four eyes; concurrent
 * requests that cannot lock more than the balance; a second member's ids and staff sessions refused on
 * every route; Peatio's user entities. One app, a node simulator and a loopback SMTP server.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { generate, generateSecret } from 'otplib';
import { testApp, type TestApp } from '../helpers/app.js';
import { signInAs, TEST_USER_AGENT, type SignedIn } from '../helpers/auth.js';
import { wsConnect } from '../helpers/ws.js';
import { problems } from '../helpers/swagger-types.js';
import { smtpFake, type SmtpFake } from './messaging-fakes.js';
import { balances, call, COIN, expectLedgerHolds, FIAT, fund, setupMoney } from './money-fixtures.js';
import { startNodeSimulator, type NodeSimulator } from '../../src/server/exchange/nodes/simulator.js';
import { isChainAddress, segwitAddress } from '../../src/server/money/chain-addresses.js';

/** Peatio 2.6's user entities (its swagger's definitions): field → declared JSON type. */
const ENTITIES = JSON.parse(readFileSync(new URL('../fixtures/peatio-user-entities.json', import.meta.url), 'utf8')) as Record<string, Record<string, string>>;

const API = '/api/v2/peatio';
let t: TestApp, smtp: SmtpFake, sim: NodeSimulator, base: string;
let a: SignedIn, b: SignedIn, noOtp: SignedIn, low: SignedIn, admin: SignedIn, admin2: SignedIn;
const ids: Record<string, number> = {};
const secrets: Record<string, string> = {};

const req = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who?: SignedIn, payload?: object) =>
  t.app.inject({ method, url: `${API}${url}`, headers: who ? who.headers() : {}, ...(payload ? { payload } : {}) });
const codes = (res: { json(): unknown }) => (res.json() as { errors?: string[] }).errors;
const refused = async (res: Promise<{ statusCode: number; json(): unknown }>) => { const r = await res; return [r.statusCode, codes(r)]; };
const otpAt = (who: string, offsetS = 0): Promise<string> => generate({ secret: secrets[who]!, epoch: Math.floor(t.clock.now().getTime() / 1000) + offsetS });
const count = async (table: 'beneficiaries' | 'withdraws' | 'payment_addresses') =>
  Number((await t.db.kysely.selectFrom(table).select((e) => e.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
/** A valid regtest address nobody owns. */
const address = (n: number) => segwitAddress('bcrt', Buffer.alloc(20, n));
/** The pin in the n-th e-mail to a member. */
async function pinTo(email: string, n: number): Promise<string> {
  return vi.waitFor(() => {
    const got = smtp.received.filter((m) => m.to.includes(email));
    if (got.length < n) throw new Error(`waiting for e-mail ${n} to ${email}`);
    return /: (\d{6})\b/.exec(got[n - 1]!.data)![1]!;
  }, { timeout: 10_000, interval: 20 });
}
/** A member (level 3) with 2FA on, signed in before 2FA was turned on (the sign-in would ask for a code). */
async function member(name: string, o: { otp?: boolean; level?: number } = {}): Promise<SignedIn> {
  const { user, session } = await signInAs(t, 'member', { level: o.level ?? 3 });
  ids[name] = user.id;
  if (o.otp !== false) {
    secrets[name] = generateSecret();
    await t.db.kysely.updateTable('users').set({ otp: true, otp_secret: secrets[name] }).where('id', '=', user.id).execute();
  }
  return session;
}
const activeBeneficiary = async (who: string, n: number) => (await t.db.kysely.insertInto('beneficiaries').values({
  user_id: ids[who]!, currency_id: COIN, name: `b${n}`, data: JSON.stringify({ address: address(n) }), state: 'active',
}).returning('id').executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  smtp = await smtpFake();
  sim = await startNodeSimulator({ seed: 3, chains: { bitcoin: { height: 5, addresses: [] } } });
  t = await testApp({ env: { SMTP_URL: smtp.url, WITHDRAW_REVIEW_AMOUNTS: `${COIN}=1` } });
  await setupMoney(t);
  await t.db.kysely.insertInto('blockchains').values({ key: 'sim', name: 'Sim', client: 'bitcoin', server: sim.url('bitcoin'), height: 5, status: 'active' }).execute();
  await t.db.kysely.updateTable('currencies').set({ blockchain_key: 'sim', withdraw_fee: '0.001', min_withdraw_amount: '0.01' }).where('code', '=', COIN).execute();
  [a, b, noOtp, low] = [await member('a'), await member('b'), await member('noOtp', { otp: false }), await member('low', { level: 1 })];
  admin = (await signInAs(t, 'admin')).session;
  admin2 = (await signInAs(t, 'admin')).session;
  base = (await t.app.listen({ host: '127.0.0.1', port: 0 })).replace('http', 'ws');
});
afterAll(async () => { await t?.close(); await sim?.close(); await smtp?.close(); });

describe('deposits', () => {
  it('makes the address on the node once, pushes it on Ranger, and credits what is mined to it when staff scan and accept', async () => {
    const ws = await wsConnect(`${base}/api/v2/ranger/private`, { cookie: a.cookie, 'user-agent': TEST_USER_AGENT });
    ws.send({ event: 'subscribe', streams: ['deposit_address'] });
    await ws.next((f) => f.success?.streams?.includes('deposit_address'));
    const first = await req('GET', `/account/deposit_address/${COIN.toUpperCase()}`, a);
    expect(first.statusCode, first.body).toBe(200);
    const mine = first.json() as { currencies: string[]; address: string; state: string };
    expect(mine).toEqual({ currencies: [COIN], address: expect.any(String), state: 'active' });
    expect(isChainAddress('bitcoin', mine.address)).toBe(true);
    expect((await ws.next((f) => f.deposit_address)).deposit_address).toEqual({ type: 'create', currencies: [COIN], address: mine.address });
    ws.close();
    expect((await req('GET', `/account/deposit_address/${COIN}`, a)).json()).toEqual(mine);
    const theirs = (await req('GET', `/account/deposit_address/${COIN}`, b)).json();
    expect(theirs.address).not.toBe(mine.address);
    expect(await count('payment_addresses')).toBe(2);
    // Refusals, nothing made.
    expect(await refused(req('GET', `/account/deposit_address/${FIAT}`, a))).toEqual([422, ['account.currency.doesnt_exist']]);
    expect(await refused(req('GET', '/account/deposit_address/nope', a))).toEqual([422, ['account.currency.doesnt_exist']]);
    expect(await refused(req('GET', `/account/deposit_address/${COIN}?address_format=x`, a))).toEqual([422, ['account.deposit_address.invalid_address_format']]);
    expect(await refused(req('GET', `/account/deposit_address/${COIN}`, low))).toEqual([403, ['account.deposit.not_permitted']]);
    expect(await refused(req('GET', `/account/deposit_address/${COIN}`, admin))).toEqual([403, ['resource.user.not_customer']]);
    await t.db.kysely.insertInto('blockchains').values({ key: 'down', name: 'Down', client: 'bitcoin', server: 'http://127.0.0.1:9/', height: 1, status: 'active' }).execute();
    await t.db.kysely.insertInto('currencies').values([
      { code: 'mdown', name: 'Down', type: 'coin', precision: 8, blockchain_key: 'down' }, { code: 'mnone', name: 'Chainless', type: 'coin', precision: 8 },
      { code: 'moff', name: 'Off', type: 'coin', precision: 8, blockchain_key: 'down', deposit_enabled: false },
    ]).execute();
    expect(await refused(req('GET', '/account/deposit_address/moff', a))).toEqual([422, ['account.currency.deposit_disabled']]);
    expect(await refused(req('GET', '/account/deposit_address/mnone', a))).toEqual([422, ['account.wallet.not_found']]);
    expect(await refused(req('GET', '/account/deposit_address/mdown', a))).toEqual([503, ['account.deposit_address.unavailable']]);
    expect(await count('payment_addresses')).toBe(2);

    // The node pays both new addresses in its next block; staff scan it and accept the member's deposit.
    sim.mine('bitcoin');
    const scan = await call(t, admin, 'POST', '/blockchains/process_block', { id: (await t.db.kysely.selectFrom('blockchains').select('id').where('key', '=', 'sim').executeTakeFirstOrThrow()).id, block_number: sim.height('bitcoin') });
    expect(scan.json().processed_block).toMatchObject({ deposits_recorded: 2 });
    const list = await req('GET', '/account/deposits', a);
    expect([list.statusCode, list.headers.total]).toEqual([200, '1']);
    const [dep] = list.json();
    expect(dep).toMatchObject({ currency: COIN, state: 'submitted', transfer_type: 'crypto', txid: expect.any(String) });
    expect((await req('GET', `/account/deposits/${dep.txid}`, a)).json()).toEqual(dep);
    expect(await refused(req('GET', `/account/deposits/${dep.txid}`, b))).toEqual([404, ['record.not_found']]);
    expect((await req('GET', '/account/deposits', b)).json().map((d: { txid: string }) => d.txid)).not.toContain(dep.txid);
    const row = await t.db.kysely.selectFrom('deposits').select('id').where('txid', '=', dep.txid).executeTakeFirstOrThrow();
    expect((await call(t, admin, 'POST', '/deposits/actions', { id: row.id, action: 'accept' })).statusCode).toBe(201);
    expect(await balances(t, ids.a!, COIN)).toEqual({ balance: dep.amount, locked: '0' });
    expect((await req('GET', '/account/deposits?state=accepted', a)).json()).toHaveLength(1);
    expect((await req('GET', `/account/deposits?currency=${FIAT}&time_to=1`, a)).json()).toEqual([]);
    expect(await refused(req('GET', '/account/deposits?state=bogus', a))).toEqual([422, ['account.deposit.invalid_state']]);
    expect(await refused(req('GET', '/account/deposits?limit=101', a))).toEqual([422, ['account.deposit.invalid_limit']]);
    expect(await refused(req('GET', '/account/deposits?currency=nope', a))).toEqual([422, ['account.currency.doesnt_exist']]);
    expect(await refused(req('GET', '/account/deposits?time_from=soon', a))).toEqual([422, ['account.deposit.non_integer_time_from']]);
    expect(await refused(req('GET', '/account/deposits', low))).toEqual([403, ['account.deposit.not_permitted']]);
    expect(await refused(req('GET', '/account/deposits'))).toEqual([401, ['authz.invalid_session']]);
    expect(problems(ENTITIES, 'Deposit', (await req('GET', '/account/deposits', a)).json()[0])).toEqual([]);
    await expectLedgerHolds(t);
  });
});

describe('beneficiaries', () => {
  it('creates one pending, activates it once with the e-mailed pin, and keeps it from anyone else', async () => {
    const before = await count('beneficiaries');
    const body = { currency: COIN, name: 'Cold wallet', data: { address: address(1) } };
    for (const [payload, code] of [
      [{ ...body, currency: undefined }, 'account.beneficiary.missing_currency'], [{ ...body, currency: 'nope' }, 'account.currency.doesnt_exist'],
      [{ ...body, name: ' ' }, 'account.beneficiary.missing_name'], [{ ...body, name: 'x'.repeat(65) }, 'account.beneficiary.too_long_name'],
      [{ ...body, data: undefined }, 'account.beneficiary.missing_data'], [{ ...body, data: '{nope' }, 'account.beneficiary.non_json_data'],
      [{ ...body, data: [1] }, 'account.beneficiary.non_json_data'], [{ ...body, data: { memo: 'x' } }, 'account.beneficiary.missing_address_in_data'],
      [{ ...body, data: { address: 'bc1qtypo' } }, 'account.beneficiary.failed_to_create'], [{ ...body, currency: FIAT, data: { bank: 'x' } }, 'account.beneficiary.missing_full_name_in_data'],
    ] as const) expect(await refused(req('POST', '/account/beneficiaries', a, payload as object)), JSON.stringify(payload)).toEqual([422, [code]]);
    expect(await refused(req('POST', '/account/beneficiaries', low, body))).toEqual([403, ['account.withdraw.not_permitted']]);
    expect(await refused(req('POST', '/account/beneficiaries', admin, body))).toEqual([403, ['resource.user.not_customer']]);
    expect(await count('beneficiaries')).toBe(before);

    const made = await req('POST', '/account/beneficiaries', a, body);
    expect(made.statusCode, made.body).toBe(201);
    const ben = made.json();
    expect(ben).toEqual({ id: expect.any(Number), currency: COIN, uid: a.user.uid, name: 'Cold wallet', description: '', data: { address: address(1) }, state: 'pending', sent_at: expect.any(String) });
    expect(problems(ENTITIES, 'Beneficiary', ben)).toEqual([]);
    expect(await refused(req('POST', '/account/beneficiaries', a, body))).toEqual([422, ['account.beneficiary.duplicate_address']]);
    const pin = await pinTo(a.user.email, 1);
    const stored = await t.db.kysely.selectFrom('beneficiaries').selectAll().where('id', '=', ben.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(pin);

    // Another member: the same ids are not there at all.
    for (const [method, url, payload] of [['GET', `/account/beneficiaries/${ben.id}`], ['PATCH', `/account/beneficiaries/${ben.id}/activate`, { pin }],
      ['PATCH', `/account/beneficiaries/${ben.id}/resend_pin`], ['DELETE', `/account/beneficiaries/${ben.id}`]] as const) {
      expect(await refused(req(method, url, b, payload)), `${method} ${url}`).toEqual([404, ['record.not_found']]);
    }
    expect((await req('GET', '/account/beneficiaries', b)).json()).toEqual([]);
    expect((await req('GET', `/account/beneficiaries/${ben.id}`, a)).json()).toEqual(ben);

    const wrong = String((Number(pin) % 900_000) + 100_001);
    expect(await refused(req('PATCH', `/account/beneficiaries/${ben.id}/activate`, a, { pin: wrong }))).toEqual([422, ['account.beneficiary.invalid_pin']]);
    expect(await refused(req('PATCH', `/account/beneficiaries/${ben.id}/resend_pin`, a))).toEqual([422, ['account.beneficiary.cant_resend_within_1_minute']]);
    t.clock.advance(61_000);
    expect((await req('PATCH', `/account/beneficiaries/${ben.id}/resend_pin`, a)).statusCode).toBe(204);
    const pin2 = await pinTo(a.user.email, 2);
    if (pin2 !== pin) expect(await refused(req('PATCH', `/account/beneficiaries/${ben.id}/activate`, a, { pin }))).toEqual([422, ['account.beneficiary.invalid_pin']]);
    const activated = await req('PATCH', `/account/beneficiaries/${ben.id}/activate`, a, { pin: Number(pin2) });
    expect([activated.statusCode, activated.json().state]).toEqual([200, 'active']);
    expect(await refused(req('PATCH', `/account/beneficiaries/${ben.id}/activate`, a, { pin: pin2 }))).toEqual([422, ['account.beneficiary.cant_activate']]);
    // Five tries in 15 minutes per member, whatever the beneficiary.
    const other = (await req('POST', '/account/beneficiaries', a, { ...body, data: { address: address(2) } })).json();
    expect((await req('PATCH', `/account/beneficiaries/${other.id}/activate`, a, { pin: '000000' })).statusCode).toBe(422);
    expect(await refused(req('PATCH', `/account/beneficiaries/${other.id}/activate`, a, { pin: await pinTo(a.user.email, 3) }))).toEqual([429, ['account.beneficiary.too_many_attempts']]);
    expect((await req('DELETE', `/account/beneficiaries/${other.id}`, a)).statusCode).toBe(204);
    expect(await refused(req('GET', `/account/beneficiaries/${other.id}`, a))).toEqual([404, ['record.not_found']]);
    expect((await req('GET', '/account/beneficiaries?state=active', a)).json().map((x: { id: number }) => x.id)).toEqual([ben.id]);
    const audit = await t.db.kysely.selectFrom('activities').select(['action', 'result']).where('user_id', '=', ids.a!).where('topic', '=', 'beneficiaries').orderBy('id').execute();
    expect(audit.filter((r) => r.result === 'succeed').map((r) => r.action)).toEqual(['create', 'resend_pin', 'activate', 'create', 'delete']);
    expect(JSON.stringify(await t.db.kysely.selectFrom('activities').select('data').where('topic', '=', 'beneficiaries').execute())).not.toContain(pin2);
  });
});

describe('withdrawals', () => {
  it('needs 2FA and an active beneficiary of the member, and goes through the staff queue with four eyes above the review amount', async () => {
    await fund(t, ids.a!, COIN, '5', 'coin');
    const benA = (await req('GET', '/account/beneficiaries?state=active', a)).json()[0].id as number;
    const benB = await activeBeneficiary('b', 3);
    const pendingB = (await t.db.kysely.insertInto('beneficiaries').values({ user_id: ids.b!, currency_id: COIN, name: 'p', data: '{}', state: 'pending' }).returning('id').executeTakeFirstOrThrow()).id;
    const benNoOtp = await activeBeneficiary('noOtp', 4);
    await fund(t, ids.noOtp!, COIN, '1', 'coin');
    const ask = async (who: SignedIn, name: string, body: object) => req('POST', '/account/withdraws', who, { currency: COIN, otp: await otpAt(name), ...body });
    const before = await count('withdraws');
    for (const [body, code] of [
      [{ otp: undefined, amount: '1', beneficiary_id: benA }, 'account.withdraw.missing_otp'], [{ otp: 'abc', amount: '1', beneficiary_id: benA }, 'account.withdraw.non_integer_otp'],
      [{ amount: '1' }, 'account.withdraw.missing_beneficiary_id'], [{ amount: 'x', beneficiary_id: benA }, 'account.withdraw.non_decimal_amount'],
      [{ amount: '-1', beneficiary_id: benA }, 'account.withdraw.non_positive_amount'], [{ amount: '0.001', beneficiary_id: benA }, 'account.withdraw.invalid_amount'],
      [{ amount: '0.005', beneficiary_id: benA }, 'account.withdraw.invalid_amount'], [{ amount: '0.123456789', beneficiary_id: benA }, 'account.withdraw.invalid_amount'],
      [{ amount: '1', beneficiary_id: benB }, 'account.beneficiary.doesnt_exist'], [{ amount: '1', beneficiary_id: benA, otp: '000000' }, 'account.withdraw.invalid_otp'],
      [{ amount: '100', beneficiary_id: benA }, 'account.withdraw.insufficient_balance'],
    ] as const) expect(await refused(ask(a, 'a', body)), JSON.stringify(body)).toEqual([422, [code]]);
    expect(await refused(ask(b, 'b', { amount: '1', beneficiary_id: pendingB }))).toEqual([422, ['account.beneficiary.invalid_state_for_withdrawal']]);
    // 2FA off: Peatio's answer, the code cannot be valid.
    expect(await refused(ask(noOtp, 'a', { amount: '0.5', beneficiary_id: benNoOtp }))).toEqual([422, ['account.withdraw.invalid_otp']]);
    expect(await refused(ask(low, 'a', { amount: '0.5', beneficiary_id: benA }))).toEqual([403, ['account.withdraw.not_permitted']]);
    expect(await refused(ask(admin, 'a', { amount: '0.5', beneficiary_id: benA }))).toEqual([403, ['resource.user.not_customer']]);
    expect(await count('withdraws')).toBe(before);
    expect(await balances(t, ids.a!, COIN)).toMatchObject({ locked: '0' });

    // Below the review amount: one staff acceptance.
    const small = await ask(a, 'a', { amount: '0.5', beneficiary_id: benA, note: 'rent' });
    expect(small.statusCode, small.body).toBe(201);
    expect(small.json()).toMatchObject({ currency: COIN, amount: '0.499', fee: '0.001', state: 'submitted', rid: address(1), note: 'rent', type: 'coin' });
    expect(problems(ENTITIES, 'Withdraw', small.json(), { conditional: { Withdraw: ['blockchain_txid', 'done_at'] } })).toEqual([]);
    expect((await balances(t, ids.a!, COIN)).locked).toBe('0.5');
    // The same code once only.
    expect(await refused(ask(a, 'a', { amount: '0.5', beneficiary_id: benA }))).toEqual([422, ['account.withdraw.invalid_otp']]);
    const queue = (await call(t, admin, 'GET', '/withdraws?state=pending')).json() as { id: number; uid: string }[];
    expect(queue).toContainEqual(expect.objectContaining({ id: small.json().id, uid: a.user.uid }));
    expect((await call(t, admin, 'POST', '/withdraws/actions', { id: small.json().id, action: 'accept' })).json().state).toBe('accepted');

    // Above it: a second, different staff member (a quarter of an hour on: the member's five code tries are back).
    t.clock.advance(15 * 60_000);
    const big = await ask(a, 'a', { amount: '1.5', beneficiary_id: benA });
    expect(big.statusCode, big.body).toBe(201);
    const id = big.json().id;
    expect((await call(t, admin, 'POST', '/withdraws/actions', { id, action: 'accept' })).json().state).toBe('under_review');
    expect(codes(await call(t, admin, 'POST', '/withdraws/actions', { id, action: 'accept' }))).toEqual(['admin.withdraw.second_approver_required']);
    expect((await call(t, admin2, 'POST', '/withdraws/actions', { id, action: 'accept' })).json().state).toBe('accepted');

    const mine = await req('GET', `/account/withdraws?currency=${COIN}`, a);
    expect([mine.headers.total, mine.json().map((w: { id: number }) => w.id)]).toEqual(['2', [id, small.json().id]]);
    expect((await req('GET', '/account/withdraws?state=submitted', a)).json()).toEqual([]);
    expect((await req('GET', '/account/withdraws', b)).json()).toEqual([]);
    expect(await refused(req('GET', '/account/withdraws?state=nope', a))).toEqual([422, ['account.withdraw.invalid_state']]);
    expect(await refused(req('GET', '/admin/withdraws', a))).toEqual([401, ['authz.invalid_permission']]);
    const audit = await t.db.kysely.selectFrom('activities').select(['result', 'data']).where('user_id', '=', ids.a!).where('topic', '=', 'withdraws').execute();
    expect(audit.filter((r) => r.result === 'succeed')).toHaveLength(2);
    expect(JSON.stringify(audit)).not.toContain(await otpAt('a', -30));
    await expectLedgerHolds(t);
  });

  it('never locks more than the balance when withdrawals and orders race for it', async () => {
    const racer = await member('racer');
    await fund(t, ids.racer!, COIN, '1', 'coin');
    const ben = await activeBeneficiary('racer', 5);
    t.clock.advance(60_000);
    const otps = [await otpAt('racer'), await otpAt('racer', 30)];
    const tries = await Promise.all([
      ...otps.map((otp) => req('POST', '/account/withdraws', racer, { currency: COIN, amount: '0.8', beneficiary_id: ben, otp })),
      req('POST', '/market/orders', racer, { market: 'mbtcmusd', side: 'sell', volume: '0.8', price: '30000' }),
      req('POST', '/market/orders', racer, { market: 'mbtcmusd', side: 'sell', volume: '0.8', price: '31000' }),
    ]);
    expect(tries.filter((r) => r.statusCode === 201)).toHaveLength(1);
    for (const r of tries.filter((x) => x.statusCode !== 201)) {
      expect(['account.withdraw.insufficient_balance', 'account.withdraw.invalid_otp', 'market.account.insufficient_balance']).toContain(codes(r)![0]);
    }
    expect(await balances(t, ids.racer!, COIN)).toEqual({ balance: '0.2', locked: '0.8' });
    await expectLedgerHolds(t);
  });
});
