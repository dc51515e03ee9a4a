/**
 * Blockchains on the exchange service (Peatio 2.6 E10-E13) against the loopback node simulator of both
 * protocols: the write-only server URL, the clients, the latest block, and block scans that record each
 * deposit to a known address exactly once (rescans, concurrent scans and a height reset add nothing);
 * a dead, silent or lying node answers a clear code within the timeout.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { signInAs, type SignedIn } from '../helpers/auth.js';
import { createUser } from '../helpers/users.js';
import { startNodeSimulator } from '../../src/server/exchange/nodes/simulator.js';
import { nodeClient } from '../../src/server/exchange/nodes/index.js';

const BASE = '/api/v2/peatio/admin';
const BTC_ADDRESSES = ['bc1qknownaddressnumberone00000000000000', 'bc1qknownaddressnumbertwo00000000000000'];
const ETH_ADDRESSES = ['0xAbCdEf0123456789aBcDeF0123456789abCDef01'];
const HEIGHT = 40;

let t: TestApp;
let su: SignedIn;
let technical: SignedIn;
let compliance: SignedIn;
let sim: Awaited<ReturnType<typeof startNodeSimulator>>;
let silent: Server;
const chains: Record<string, number> = {};

type Opts = { query?: Record<string, string>; payload?: unknown; as?: SignedIn };
const call = (method: 'GET' | 'POST', url: string, o: Opts = {}) =>
  t.app.inject({ method, url: `${BASE}${url}`, query: o.query, payload: o.payload as object, headers: (o.as ?? su).headers() });

const chainBody = (key: string, client: string, server: string) => ({
  key, name: key.toUpperCase(), client, server, height: 1, min_confirmations: 2,
  explorer_address: `https://explorer/${key}/#{address}`, explorer_transaction: `https://explorer/${key}/tx/#{txid}`,
});

const deposits = () => t.db.kysely.selectFrom('deposits').select(['blockchain_key', 'txid', 'txout', 'amount', 'user_id', 'currency_id', 'block_number'])
  .orderBy('id').execute();

beforeAll(async () => {
  t = await testApp({ env: { STEWARD_NODE_TIMEOUT_MS: '400' } });
  su = (await signInAs(t, 'superadmin')).session;
  technical = (await signInAs(t, 'technical')).session;
  compliance = (await signInAs(t, 'compliance')).session;
  sim = await startNodeSimulator({ seed: 7, chains: { bitcoin: { height: HEIGHT, addresses: BTC_ADDRESSES }, ethereum: { height: HEIGHT, addresses: ETH_ADDRESSES } } });
  silent = createServer(() => { /* never answers */ });
  await new Promise<void>((ok) => silent.listen(0, '127.0.0.1', ok));
  for (const [key, client, server] of [
    ['btc-sim', 'bitcoin', sim.url('bitcoin')], ['eth-sim', 'ethereum', sim.url('ethereum')],
    ['dead', 'bitcoin', 'http://127.0.0.1:9/'], ['silent', 'ethereum', `http://127.0.0.1:${(silent.address() as AddressInfo).port}/`],
  ] as const) {
    const res = await call('POST', '/blockchains/new', { payload: chainBody(key, client, server), as: technical });
    expect(res.statusCode, res.body).toBe(201);
    chains[key] = res.json().id;
  }
  for (const [code, chain] of [['sbtc', 'btc-sim'], ['seth', 'eth-sim']]) {
    const res = await call('POST', '/currencies/new', { payload: { code, name: code, type: 'coin', blockchain_key: chain, precision: 8, options: { gas_limit: 1, gas_price: 1 } } });
    expect(res.statusCode, res.body).toBe(201);
  }
  const owners = [await createUser(t.db), await createUser(t.db), await createUser(t.db)];
  await t.db.kysely.insertInto('payment_addresses').values([
    { user_id: owners[0]!.id, blockchain_key: 'btc-sim', address: BTC_ADDRESSES[0]! },
    { user_id: owners[1]!.id, blockchain_key: 'btc-sim', address: BTC_ADDRESSES[1]! },
    { user_id: owners[2]!.id, blockchain_key: 'eth-sim', address: ETH_ADDRESSES[0]!.toLowerCase() },
  ]).execute();
});
afterAll(async () => {
  await t?.close();
  await sim?.close();
  await new Promise((ok) => silent?.close(ok));
});

/** What the node itself says the known addresses received, read straight through the client. */
async function expected(client: 'bitcoin' | 'ethereum', known: string[]) {
  const node = nodeClient(client, sim.url(client));
  const out: string[] = [];
  for (let h = 1; h <= HEIGHT; h++) {
    for (const o of (await node.getBlock(h)).outputs) if (known.some((k) => k.toLowerCase() === o.address.toLowerCase())) out.push(`${o.txid}:${o.index}:${o.amount}`);
  }
  return out.sort();
}

const scan = (chain: string, n: number, as = technical) => call('POST', '/blockchains/process_block', { payload: { id: chains[chain], block_number: n }, as });

describe('blockchains', () => {
  it('never answers the node server, which may carry credentials', async () => {
    const one = await call('GET', `/blockchains/${chains['btc-sim']}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ key: 'btc-sim', client: 'bitcoin', height: 1, status: 'active' });
    expect(one.json()).not.toHaveProperty('server');
    for (const b of (await call('GET', '/blockchains')).json()) expect(b).not.toHaveProperty('server');
  });

  it('lists the clients to any staff member, and filters by key, name, client and status', async () => {
    expect((await call('GET', '/blockchains/clients', { as: compliance })).json()).toEqual(['bitcoin', 'ethereum']);
    expect((await call('GET', '/blockchains', { query: { client: 'ethereum' } })).json().map((b: { key: string }) => b.key).sort()).toEqual(['eth-sim', 'silent']);
    expect((await call('GET', '/blockchains', { query: { key: 'sim' } })).json()).toHaveLength(2);
    expect((await call('GET', '/blockchains', { query: { status: 'disabled' } })).json()).toEqual([]);
  });

  it('validates writes: required fields, the client, the server URL, positive numbers', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...chainBody('x1', 'bitcoin', 'http://n/'), client: 'dogecoin' }, 'admin.blockchain.invalid_client'],
      [{ ...chainBody('x2', 'bitcoin', 'ftp://n/') }, 'admin.blockchain.invalid_server'],
      [{ ...chainBody('x3', 'bitcoin', 'http://n/'), height: 0 }, 'admin.blockchain.invalid_height'],
      [{ ...chainBody('x4', 'bitcoin', 'http://n/'), min_confirmations: -1 }, 'admin.blockchain.invalid_min_confirmations'],
      [{ ...chainBody('btc-sim', 'bitcoin', 'http://n/') }, 'admin.blockchain.key_taken'],
      [{ ...chainBody('x5', 'bitcoin', 'http://n/'), name: 'n'.repeat(300) }, 'admin.blockchain.name_too_long'],
    ];
    for (const [payload, code] of cases) {
      const res = await call('POST', '/blockchains/new', { payload });
      expect(res.statusCode, code).toBe(422);
      expect(res.json().errors).toContain(code);
    }
    const { server: _s, ...noServer } = chainBody('x6', 'bitcoin', '');
    expect((await call('POST', '/blockchains/new', { payload: noServer })).json().errors).toContain('admin.blockchain.missing_server');
    // server is required on add only: an update without it keeps the stored one.
    expect((await call('POST', '/blockchains/update', { payload: { id: chains['btc-sim'], min_confirmations: 3 } })).statusCode).toBe(201);
    expect((await t.db.kysely.selectFrom('blockchains').select('server').where('key', '=', 'btc-sim').executeTakeFirst())?.server).toBe(sim.url('bitcoin'));
    expect(await t.db.kysely.selectFrom('blockchains').select('key').where('key', 'like', 'x%').execute()).toEqual([]);
  });

  it('answers the latest block as a bare number, for both protocols', async () => {
    for (const key of ['btc-sim', 'eth-sim']) {
      const res = await call('GET', `/blockchains/${chains[key]}/latest_block`, { as: compliance });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toBe(HEIGHT);
    }
  });

  it('records each deposit to a known address once, whatever is scanned again', async () => {
    for (let h = 1; h <= HEIGHT; h++) {
      for (const key of ['btc-sim', 'eth-sim']) expect((await scan(key, h)).statusCode).toBe(201);
    }
    const first = await deposits();
    const want = [...await expected('bitcoin', BTC_ADDRESSES), ...await expected('ethereum', ETH_ADDRESSES)].sort();
    expect(want.length).toBeGreaterThan(0);
    expect(first.map((d) => `${d.txid}:${d.txout}:${d.amount.replace(/\.?0+$/, '')}`).sort()).toEqual(want);
    expect(new Set(first.map((d) => d.currency_id))).toEqual(new Set(['sbtc', 'seth']));

    // Every block again, a height reset and every block once more, and five concurrent scans of one block.
    for (let h = 1; h <= HEIGHT; h++) {
      const again = await scan('btc-sim', h);
      expect(again.json().processed_block.deposits_recorded).toBe(0);
    }
    expect((await call('POST', '/blockchains/update', { payload: { id: chains['eth-sim'], height: 1 }, as: technical })).statusCode).toBe(201);
    for (let h = 1; h <= HEIGHT; h++) await scan('eth-sim', h);
    const withDeposit = Number(first.find((d) => d.blockchain_key === 'btc-sim')!.block_number);
    const racing = await Promise.all(Array.from({ length: 5 }, () => scan('btc-sim', withDeposit)));
    expect(racing.every((r) => r.statusCode === 201)).toBe(true);
    expect(await deposits()).toEqual(first);
  });

  it('audits a scan with what it found', async () => {
    const acts = await t.db.kysely.selectFrom('activities').select(['data', 'result']).where('category', '=', 'admin')
      .where('topic', '=', 'blockchains').orderBy('id', 'desc').limit(1).execute();
    expect(acts[0]).toMatchObject({ result: 'succeed', data: { block_number: expect.any(Number), deposits_recorded: 0 } });
  });

  it('answers each deposit\'s confirmations as Peatio does: the chain\'s height past its block, never below 0', async () => {
    const d = (await deposits()).find((x) => x.blockchain_key === 'btc-sim')!;
    const id = (await t.db.kysely.selectFrom('deposits').select('id').where('txid', '=', d.txid).where('txout', '=', d.txout).executeTakeFirstOrThrow()).id;
    const confirmations = async () => (await call('GET', '/deposits', { query: { id: String(id) }, as: su })).json()[0].confirmations;
    const block = Number(d.block_number);
    const was = (await t.db.kysely.selectFrom('blockchains').select('height').where('key', '=', 'btc-sim').executeTakeFirstOrThrow()).height;
    for (const [height, expected] of [[block + 5, 5], [block, 0], [block - 3, 0]] as const) {
      expect((await call('POST', '/blockchains/update', { payload: { id: chains['btc-sim'], height }, as: technical })).statusCode).toBe(201);
      expect(await confirmations()).toBe(expected);
    }
    expect((await call('GET', `/deposits/${id}`, { as: su })).json().confirmations).toBe(0);
    expect((await call('POST', '/blockchains/update', { payload: { id: chains['btc-sim'], height: Number(was) }, as: technical })).statusCode).toBe(201);
  });

  it('answers clear codes when the node cannot answer: unknown block, down, silent', async () => {
    const beyond = await scan('btc-sim', HEIGHT + 100);
    expect(beyond.statusCode).toBe(422);
    expect(beyond.json()).toEqual({ errors: ['admin.blockchain.block_not_found'] });
    const down = await call('GET', `/blockchains/${chains.dead}/latest_block`);
    expect(down.statusCode).toBe(502);
    expect(down.json()).toEqual({ errors: ['admin.blockchain.node_unreachable'] });
    const started = Date.now();
    const slow = await scan('silent', 1);
    expect(slow.statusCode).toBe(504);
    expect(slow.json()).toEqual({ errors: ['admin.blockchain.node_timeout'] });
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('refuses bad scans and roles that may not scan', async () => {
    expect((await scan('btc-sim', 0)).json()).toMatchObject({ errors: ['admin.blockchain.non_positive_block_number'] });
    expect((await call('POST', '/blockchains/process_block', { payload: { id: chains['btc-sim'] } })).json())
      .toMatchObject({ errors: ['admin.blockchain.missing_block_number'] });
    expect((await call('POST', '/blockchains/process_block', { payload: { id: 999999, block_number: 1 } })).statusCode).toBe(404);
    // Compliance reads blockchains: its rows take their GETs only, so the gateway refuses the scan.
    const refused = await scan('btc-sim', 1, compliance);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ errors: ['authz.invalid_permission'] });
  });
});
