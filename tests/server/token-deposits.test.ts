/**
 * ERC-20 token deposits recorded by the block scan (exchange/blockchains.ts, nodes/ethereum.ts): a Transfer
 * of one of the chain's tokens to a member's deposit address is a `submitted` deposit of that token's
 * currency, keyed with its log index, recorded once however often and however concurrently the block is
 * scanned; two transfers in one transaction are two deposits, one under the minimum or to nobody's address
 * is not recorded, a malformed log fails the scan and records nothing; accepting one credits the member
 * through the ledger. Against a scripted node, then against the node simulator's token traffic.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { signInAs, type SignedIn } from '../helpers/auth.js';
import { createUser } from '../helpers/users.js';
import { balances, expectLedgerHolds } from './money-fixtures.js';
import { TRANSFER_TOPIC } from '../../src/server/exchange/nodes/ethereum.js';
import { nodeClient } from '../../src/server/exchange/nodes/index.js';
import { startNodeSimulator, type NodeSimulator } from '../../src/server/exchange/nodes/simulator.js';
import { compareDecimal } from '../../src/shared/decimal.js';

const BASE = '/api/v2/peatio/admin';
const USD6 = '0x00000000000000000000000000000000000000A6', DAI18 = '0x0000000000000000000000000000000000000a18';
const OTHER = '0x514910771af9ca656af840dff83e8264ecf986ca';
const M1 = '0x1111111111111111111111111111111111111111', M2 = '0x2222222222222222222222222222222222222222';
const STRANGER = '0x3333333333333333333333333333333333333333';
const tx = (n: number) => `0x${String(n).repeat(64)}`;
const word = (n: bigint) => `0x${n.toString(16).padStart(64, '0')}`;
const transfer = (contract: string, to: string, units: bigint, txid: string, index: number, o: Record<string, unknown> = {}) => ({
  address: contract, topics: [TRANSFER_TOPIC, word(0xf0n), `0x${'0'.repeat(24)}${to.slice(2)}`], data: word(units),
  blockHash: '0xb5', transactionHash: txid, logIndex: `0x${index.toString(16)}`, removed: false, ...o,
});
/** Block 5: ether and two token transfers in one transaction, one under the minimum, one to nobody, one of another contract. */
const LOGS: Record<number, unknown[]> = {
  5: [
    transfer(USD6, M1, 25_500_000n, tx(1), 0), transfer(USD6, M1, 30_000_000n, tx(1), 1),
    transfer(USD6, M2, 9_990_000n, tx(2), 2), transfer(USD6, STRANGER, 1_000_000_000n, tx(3), 3),
    transfer(DAI18, M2, 10n ** 18n + 1n, tx(4), 4), transfer(OTHER, M2, 10n ** 18n, tx(4), 5),
  ],
  // Block 6: a good transfer beside one whose amount is not a uint256 word.
  6: [transfer(USD6, M1, 50_000_000n, tx(5), 10, { blockHash: '0xb6' }), transfer(USD6, M1, 1n, tx(6), 11, { blockHash: '0xb6', data: '0x01' })],
  // Block 7: a good transfer beside two no money column holds (a uint256's largest, and 10¹⁸ whole tokens).
  7: [transfer(USD6, M1, 40_000_000n, tx(7), 20, { blockHash: '0xb7' }), transfer(DAI18, M2, 2n ** 256n - 1n, tx(8), 21, { blockHash: '0xb7' }),
    transfer(USD6, M2, 10n ** 24n, tx(9), 22, { blockHash: '0xb7' })],
};

let t: TestApp;
let technical: SignedIn;
let admin: SignedIn;
let su: SignedIn;
let scripted: Server;
let sim: NodeSimulator;
let owners: number[] = [];
const asked: unknown[] = [];
const chains: Record<string, number> = {};

const call = (method: 'GET' | 'POST', url: string, payload: unknown, as = technical) =>
  t.app.inject({ method, url: `${BASE}${url}`, payload: payload as object, headers: as.headers() });
const scan = (chain: string, n: number) => call('POST', '/blockchains/process_block', { id: chains[chain], block_number: n });
const deposits = async (chain: string) => (await t.db.kysely.selectFrom('deposits')
  .select(['id', 'user_id', 'currency_id', 'txid', 'txout', 'amount', 'address', 'block_number', 'state'])
  .where('blockchain_key', '=', chain).orderBy('currency_id').orderBy('txid').orderBy('txout').execute())
  .map((d) => ({ ...d, amount: d.amount.replace(/\.?0+$/, ''), block_number: Number(d.block_number) }));

async function addChain(key: string, server: string, currencies: Array<[string, number, string, string | null]>): Promise<void> {
  const res = await call('POST', '/blockchains/new', {
    key, name: key, client: 'ethereum', server, height: 1, min_confirmations: 2,
    explorer_address: `https://x/${key}/#{address}`, explorer_transaction: `https://x/${key}/tx/#{txid}`,
  });
  expect(res.statusCode, res.body).toBe(201);
  chains[key] = res.json().id;
  for (const [code, subunits, min, contract] of currencies) {
    const options = { gas_limit: 90000, gas_price: 1, ...(contract === null ? {} : { erc20_contract_address: contract }) };
    const cur = await call('POST', '/currencies/new', { code, name: code, type: 'coin', blockchain_key: key, precision: 8, subunits, min_deposit_amount: min, options }, su);
    expect(cur.statusCode, cur.body).toBe(201);
  }
}

beforeAll(async () => {
  t = await testApp();
  technical = (await signInAs(t, 'technical')).session;
  admin = (await signInAs(t, 'admin')).session;
  su = (await signInAs(t, 'superadmin')).session;
  scripted = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const { method, params } = JSON.parse(Buffer.concat(chunks).toString()) as { method: string; params: Array<Record<string, string>> };
      const n = Number.parseInt(String(method === 'eth_getLogs' ? params[0]!.fromBlock : params[0]), 16);
      if (method === 'eth_getLogs') asked.push(params[0]);
      const result = method === 'eth_getLogs' ? LOGS[n] ?? []
        : { number: `0x${n.toString(16)}`, hash: `0xb${n}`, transactions: n === 5 ? [{ hash: tx(1), to: M1, value: word(5n * 10n ** 17n) }] : [] };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: 1, result }));
    });
  });
  await new Promise<void>((ok) => scripted.listen(0, '127.0.0.1', ok));
  await addChain('tok-eth', `http://127.0.0.1:${(scripted.address() as AddressInfo).port}/`, [
    ['teth', 18, '0.01', null], ['tusd', 6, '10', USD6], ['tdai', 18, '1', DAI18],
    // A contract the scan cannot ask a node about: neither the chain's coin nor one of its tokens.
    ['tbad', 18, '1', '0xabc'],
  ]);
  owners = [(await createUser(t.db)).id, (await createUser(t.db)).id];
  await t.db.kysely.insertInto('payment_addresses').values([
    { user_id: owners[0]!, blockchain_key: 'tok-eth', address: M1 }, { user_id: owners[1]!, blockchain_key: 'tok-eth', address: M2 },
  ]).execute();
});
afterAll(async () => {
  await t?.close();
  await sim?.close();
  await new Promise((ok) => scripted?.close(ok));
});

describe('token deposits', () => {
  it('records a token transfer to a member as a submitted deposit of its currency, each transfer of a transaction, once', async () => {
    const first = await scan('tok-eth', 5);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().processed_block).toEqual({ number: 5, hash: '0xb5', transactions: 1, outputs_matched: 5, deposits_recorded: 4, below_minimum: 1, out_of_range: 0 });
    // One eth_getLogs for the block, over the chain's token contracts (lower-case) and the Transfer topic.
    expect(asked).toEqual([{ fromBlock: '0x5', toBlock: '0x5', address: [DAI18, USD6.toLowerCase()], topics: [TRANSFER_TOPIC] }]);
    const recorded = await deposits('tok-eth');
    const row = (user: number, currency: string, txid: string, txout: number, amount: string, address: string) =>
      ({ id: expect.any(Number), user_id: owners[user], currency_id: currency, txid, txout, amount, address, block_number: 5, state: 'submitted' });
    expect(recorded).toEqual([
      row(1, 'tdai', tx(4), 4, '1.000000000000000001', M2),
      row(0, 'teth', tx(1), 0, '0.5', M1),
      // The ether of transaction 1 and its first token transfer share a txid and an index, not a currency.
      row(0, 'tusd', tx(1), 0, '25.5', M1),
      row(0, 'tusd', tx(1), 1, '30', M1),
    ]);

    // The block again, after a height reset, and five scans at once: nothing twice.
    expect((await scan('tok-eth', 5)).json().processed_block).toMatchObject({ outputs_matched: 5, deposits_recorded: 0 });
    expect((await call('POST', '/blockchains/update', { id: chains['tok-eth'], height: 1 })).statusCode).toBe(201);
    const racing = await Promise.all(Array.from({ length: 5 }, () => scan('tok-eth', 5)));
    expect(racing.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(racing.reduce((sum, r) => sum + r.json().processed_block.deposits_recorded, 0)).toBe(0);
    expect(await deposits('tok-eth')).toEqual(recorded);
  });

  it('credits the member in the token when staff accept the deposit, through the ledger', async () => {
    const [dep] = (await deposits('tok-eth')).filter((d) => d.currency_id === 'tusd' && d.txout === 1);
    const res = await call('POST', '/deposits/actions', { id: dep!.id, action: 'accept' }, admin);
    expect(res.statusCode, res.body).toBe(201);
    expect(await balances(t, owners[0]!, 'tusd')).toEqual({ balance: '30', locked: '0' });
    await expectLedgerHolds(t);
  });

  it('fails a scan whose token log is malformed with the node\'s code, recording nothing of the block', async () => {
    const res = await scan('tok-eth', 6);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ errors: ['admin.blockchain.node_bad_response'] });
    expect((await deposits('tok-eth')).filter((d) => d.block_number === 6)).toEqual([]);
  });

  it('records the rest of a block whose transfer no money column holds, and names that one in the audit entry', async () => {
    // A token's Transfer carries any uint256: the deposits' NUMERIC(36,18) refused the scan's insert, and
    // the block could never be scanned, its good deposits never recorded.
    const res = await scan('tok-eth', 7);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().processed_block).toEqual({ number: 7, hash: '0xb7', transactions: 0, outputs_matched: 3, deposits_recorded: 1, below_minimum: 0, out_of_range: 2 });
    expect((await deposits('tok-eth')).filter((d) => d.block_number === 7).map((d) => [d.currency_id, d.txid, d.amount])).toEqual([['tusd', tx(7), '40']]);
    const [act] = await t.db.kysely.selectFrom('activities').select(['data', 'result']).where('category', '=', 'admin')
      .where('topic', '=', 'blockchains').orderBy('id', 'desc').limit(1).execute();
    expect(act).toMatchObject({ result: 'succeed', data: { block_number: 7, deposits_recorded: 1, out_of_range: [
      { txid: tx(8), index: 21, amount: (2n ** 256n - 1n).toString().replace(/(\d{18})$/, '.$1') },
      { txid: tx(9), index: 22, amount: '1000000000000000000' },
    ] } });
    // Scanned again: the good one is known, the two are still counted, nothing fails.
    expect((await scan('tok-eth', 7)).json().processed_block).toMatchObject({ deposits_recorded: 0, out_of_range: 2 });
  });

  it('records what the node simulator\'s tokens pay the known addresses, at or over each minimum, once', async () => {
    const known = ['0x00000000000000000000000000000000000000aa', '0x00000000000000000000000000000000000000bb'];
    const tokens = [{ contract: USD6.toLowerCase(), decimals: 6 }, { contract: DAI18, decimals: 18 }];
    sim = await startNodeSimulator({ seed: 9, chains: { ethereum: { height: 30, addresses: known, tokens } } });
    await addChain('sim-eth', sim.url('ethereum'), [['seth', 18, '0', null], ['susd', 6, '5000', USD6], ['sdai', 18, '1', DAI18]]);
    for (const address of known) await t.db.kysely.insertInto('payment_addresses').values({ user_id: (await createUser(t.db)).id, blockchain_key: 'sim-eth', address }).execute();
    const min: Record<string, string> = { [tokens[0]!.contract]: '5000', [DAI18]: '1' };
    const code: Record<string, string> = { [tokens[0]!.contract]: 'susd', [DAI18]: 'sdai' };
    const node = nodeClient('ethereum', sim.url('ethereum'));
    const want: string[] = [];
    let below = 0;
    for (let h = 1; h <= 30; h++) {
      for (const o of (await node.getBlock(h, tokens)).outputs.filter((x) => known.includes(x.address))) {
        if (o.contract && compareDecimal(o.amount, min[o.contract]!) < 0) below++;
        else want.push(`${o.contract ? code[o.contract] : 'seth'}:${o.txid}:${o.index}:${o.amount}`);
      }
    }
    expect(want.filter((w) => w.startsWith('susd')).length).toBeGreaterThan(0);
    expect(below).toBeGreaterThan(0);
    for (let pass = 0; pass < 2; pass++) for (let h = 1; h <= 30; h++) expect((await scan('sim-eth', h)).statusCode).toBe(201);
    expect((await deposits('sim-eth')).map((d) => `${d.currency_id}:${d.txid}:${d.txout}:${d.amount}`).sort()).toEqual(want.sort());
  });
});
