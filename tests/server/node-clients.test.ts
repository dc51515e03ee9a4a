/**
 * The bitcoin-style and ethereum-style JSON-RPC clients against loopback fakes: exact amounts, blocks
 * not found, and every way a node can fail — refused, silent, trickling, garbage, the wrong shape, an
 * HTML 500, a JSON-RPC error, an oversized body, a redirect — each a NodeError with its code, in time.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NodeError, nodeClient, type ChainToken, type NodeClient } from '../../src/server/exchange/nodes/index.js';
import { TRANSFER_TOPIC } from '../../src/server/exchange/nodes/ethereum.js';
import { startNodeSimulator } from '../../src/server/exchange/nodes/simulator.js';
import { isChainAddress } from '../../src/server/money/chain-addresses.js';

type Handler = (body: { method: string; params: unknown[] }, req: IncomingMessage, res: ServerResponse) => void;
let handler: Handler = () => {};
let base = '';
const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => handler(JSON.parse(Buffer.concat(chunks).toString() || '{}'), req, res));
});
const json = (res: ServerResponse, body: unknown, status = 200) => res.writeHead(status, { 'content-type': 'application/json' }).end(typeof body === 'string' ? body : JSON.stringify(body));
const result = (value: unknown) => (_b: unknown, _r: IncomingMessage, res: ServerResponse) => json(res, { jsonrpc: '2.0', id: 1, result: value });

beforeAll(async () => {
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => { server.closeAllConnections(); await new Promise((ok) => server.close(ok)); });

async function fails(p: Promise<unknown>): Promise<NodeError> {
  try { await p; } catch (err) { if (err instanceof NodeError) return err; throw err; }
  throw new Error('expected a NodeError');
}
const clients = (opts: { timeoutMs?: number; maxBytes?: number } = {}): Array<[string, NodeClient]> =>
  [['bitcoin', nodeClient('bitcoin', `${base}/`, opts)], ['ethereum', nodeClient('ethereum', `${base}/`, opts)]];

const HASH = 'a'.repeat(64);
const btcBlock = {
  hash: HASH, time: 1700000000,
  tx: [
    { txid: 't1', vout: [{ value: '__20999999.99999999', n: 0, scriptPubKey: { address: 'bc1qa' } }, { value: '__0.00000001', n: 1, scriptPubKey: { addresses: ['1Legacy'] } }] },
    { txid: 't2', vout: [{ value: '__0', n: 0, scriptPubKey: { type: 'nulldata' } }, { value: '__1e-8', n: 1, scriptPubKey: { address: 'bc1qb' } }] },
  ],
};
const bitcoinNode: Handler = (b, _req, res) => {
  if (b.method === 'getblockcount') return json(res, { result: 812345, id: 1 });
  if (b.method === 'getblockhash') return (b.params[0] as number) > 812345 ? json(res, { error: { code: -8, message: 'Block height out of range' }, id: 1 }) : json(res, { result: HASH, id: 1 });
  if (b.method === 'getblock') return json(res, JSON.stringify({ result: btcBlock, id: 1 }).replace(/"__([\d.e-]+)"/g, '$1'));
  json(res, { error: { code: -32601, message: 'nope' }, id: 1 });
};

describe('bitcoin-style client', () => {
  it('reads the tip and a block with exact amounts, skipping outputs without an address', async () => {
    handler = bitcoinNode;
    const c = nodeClient('bitcoin', `${base}/`);
    expect(await c.latestBlockNumber()).toBe(812345);
    const block = await c.getBlock(812345);
    expect(block).toMatchObject({ height: 812345, hash: HASH, txCount: 2, timestamp: 1700000000 });
    expect(block.outputs).toEqual([
      { txid: 't1', index: 0, address: 'bc1qa', amount: '20999999.99999999' },
      { txid: 't1', index: 1, address: '1Legacy', amount: '0.00000001' },
      { txid: 't2', index: 1, address: 'bc1qb', amount: '0.00000001' },
    ]);
    expect((await fails(c.getBlock(812346))).code).toBe('admin.blockchain.block_not_found');
  });

  it('sends the URL\'s credentials as basic auth and never shows them in an error', async () => {
    let auth: string | undefined;
    handler = (_b, req, res) => { auth = req.headers.authorization; json(res, '<html>oops</html>', 500); };
    const err = await fails(nodeClient('bitcoin', base.replace('http://', 'http://rpcuser:s3cret@')).latestBlockNumber());
    expect(auth).toBe(`Basic ${Buffer.from('rpcuser:s3cret').toString('base64')}`);
    expect(err.code).toBe('admin.blockchain.node_bad_response');
    expect(`${err.message} ${err.stack}`).not.toContain('s3cret');
  });
});

describe('ethereum-style client', () => {
  it('reads the tip and native transfers in ether, lower-cased, skipping contract creations and zero values', async () => {
    handler = (b, _req, res) => {
      if (b.method === 'eth_blockNumber') return json(res, { result: '0xc6a2e1', id: 1 });
      if ((b.params[0] as string) !== '0x10') return json(res, { result: null, id: 1 });
      json(res, { id: 1, result: { number: '0x10', hash: '0xabc', timestamp: '0x5', transactions: [
        { hash: '0xAA', to: '0xAbCdEf0123456789aBcDeF0123456789abCDef01', value: '0xc9f2c9cd04674edea40000000' },
        { hash: '0xbb', to: null, value: '0x1' },
        { hash: '0xcc', to: '0x0000000000000000000000000000000000000001', value: '0x0' },
        { hash: '0xdd', to: '0x0000000000000000000000000000000000000002', value: '0x1' },
      ] } });
    };
    const c = nodeClient('ethereum', `${base}/`);
    expect(await c.latestBlockNumber()).toBe(0xc6a2e1);
    const block = await c.getBlock(16);
    expect(block.txCount).toBe(4);
    expect(block.outputs).toEqual([
      { txid: '0xaa', index: 0, address: '0xabcdef0123456789abcdef0123456789abcdef01', amount: '1000000000000' },
      { txid: '0xdd', index: 0, address: '0x0000000000000000000000000000000000000002', amount: '0.000000000000000001' },
    ]);
    expect((await fails(c.getBlock(17))).code).toBe('admin.blockchain.block_not_found');
  });
});

describe('ethereum-style client: ERC-20 transfers', () => {
  const USDT = '0xdac17f958d2ee523a2206206994597c13d831ec7', DAI = '0x6B175474E89094C44Da98b954EedeAC495271d0F';
  const TOKENS: ChainToken[] = [{ contract: USDT, decimals: 6 }, { contract: DAI, decimals: 18 }];
  const TO = '0xAbCdEf0123456789aBcDeF0123456789abCDef01', FROM = '0x00000000000000000000000000000000000000f0';
  const topic = (address: string) => `0x${'0'.repeat(24)}${address.slice(2)}`;
  const word = (n: bigint) => `0x${n.toString(16).padStart(64, '0')}`;
  const tx = (n: number) => `0x${String(n).repeat(64)}`;
  const log = (o: Record<string, unknown> = {}) => ({
    address: USDT, topics: [TRANSFER_TOPIC, topic(FROM), topic(TO)], data: word(1n), blockNumber: '0x10', blockHash: '0xABC',
    transactionHash: tx(1), transactionIndex: '0x0', logIndex: '0x0', removed: false, ...o,
  });
  let logs: unknown = [];
  let asked: unknown[] = [];
  const node: Handler = (b, _r, res) => {
    if (b.method === 'eth_getLogs') { asked.push(b.params); return json(res, { id: 1, result: logs }); }
    json(res, { id: 1, result: { number: '0x10', hash: '0xabc', transactions: [{ hash: '0xCC', to: TO, value: '0x1' }] } });
  };

  it('reads the Transfer logs of the tokens asked for in one eth_getLogs, amounts exact at 6 and 18 decimals', async () => {
    handler = node;
    asked = [];
    logs = [
      log({ data: word(1_234_567_890n), logIndex: '0x3' }),
      log({ address: DAI, data: word(5n * 10n ** 18n + 1n), transactionHash: tx(2), logIndex: '0x4' }),
      log({ address: DAI.toLowerCase(), data: word(2n ** 256n - 1n), transactionHash: tx(2), logIndex: '0x5' }),
      // Ignored: another contract, another event (Approval), a zero amount, a log a reorganisation removed.
      log({ address: '0x514910771af9ca656af840dff83e8264ecf986ca', logIndex: '0x6' }),
      log({ topics: ['0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925', topic(FROM), topic(TO)], logIndex: '0x7' }),
      log({ data: word(0n), logIndex: '0x8' }),
      log({ removed: true, logIndex: '0x9' }),
    ];
    const block = await nodeClient('ethereum', `${base}/`).getBlock(16, TOKENS);
    expect(asked).toEqual([[{ fromBlock: '0x10', toBlock: '0x10', address: [USDT, DAI.toLowerCase()], topics: [TRANSFER_TOPIC] }]]);
    const to = TO.toLowerCase(), dai = DAI.toLowerCase();
    expect(block.outputs).toEqual([
      { txid: '0xcc', index: 0, address: to, amount: '0.000000000000000001' },
      { txid: tx(1), index: 3, address: to, amount: '1234.56789', contract: USDT },
      { txid: tx(2), index: 4, address: to, amount: '5.000000000000000001', contract: dai },
      { txid: tx(2), index: 5, address: to, amount: '115792089237316195423570985008687907853269984665640564039457.584007913129639935', contract: dai },
    ]);
    // Without tokens the block is read alone.
    asked = [];
    expect((await nodeClient('ethereum', `${base}/`).getBlock(16)).outputs).toHaveLength(1);
    expect(asked).toEqual([]);
  });

  it('refuses a malformed Transfer log of a token, or logs of another block, as a bad response', async () => {
    handler = node;
    const malformed: unknown[] = [
      'a log', log({ topics: 'none' }), log({ address: 7 }),
      log({ topics: [TRANSFER_TOPIC, topic(FROM)] }), log({ topics: [TRANSFER_TOPIC, topic(FROM), topic(TO), topic(TO)] }),
      log({ topics: [TRANSFER_TOPIC, topic(FROM), `0x${'f'.repeat(64)}`] }),
      log({ data: '0x01' }), log({ data: `0x${'0'.repeat(65)}` }), log({ data: 12 }),
      log({ transactionHash: '0xaa' }), log({ logIndex: 'three' }), log({ blockHash: '0xdef' }), log({ blockHash: undefined }),
    ];
    for (const bad of [...malformed.map((l) => [l]), { logs: [] }, null]) {
      logs = bad;
      expect((await fails(nodeClient('ethereum', `${base}/`).getBlock(16, TOKENS))).code, JSON.stringify(bad)).toBe('admin.blockchain.node_bad_response');
    }
  });
});

describe('both clients, when the node misbehaves', () => {
  const cases: Array<[string, Handler, string]> = [
    ['garbage', (_b, _r, res) => json(res, 'this is not json'), 'admin.blockchain.node_bad_response'],
    ['no result', (_b, _r, res) => json(res, { jsonrpc: '2.0', id: 1 }), 'admin.blockchain.node_bad_response'],
    ['a result of the wrong type', result('twelve'), 'admin.blockchain.node_bad_response'],
    ['an HTML 500', (_b, _r, res) => res.writeHead(500, { 'content-type': 'text/html' }).end('<h1>Bad gateway</h1>'), 'admin.blockchain.node_bad_response'],
    ['a JSON-RPC error', (_b, _r, res) => json(res, { error: { code: -32601, message: 'Method not found' }, id: 1 }), 'admin.blockchain.node_bad_response'],
    ['a redirect', (_b, _r, res) => res.writeHead(302, { location: 'http://example.com/' }).end(), 'admin.blockchain.node_bad_response'],
  ];
  it.each(cases)('%s', async (_name, h, code) => {
    handler = h;
    for (const [name, c] of clients()) expect((await fails(c.latestBlockNumber())).code, name).toBe(code);
  });

  it('a block of the wrong shape', async () => {
    handler = (b, _r, res) => json(res, { id: 1, result: b.method === 'getblockhash' ? HASH : { hash: HASH, number: '0x1', tx: 'none', transactions: 'none' } });
    for (const [name, c] of clients()) expect((await fails(c.getBlock(1))).code, name).toBe('admin.blockchain.node_bad_response');
  });

  it('a body over the size cap', async () => {
    handler = (_b, _r, res) => json(res, { id: 1, result: 'x'.repeat(100_000) });
    for (const [name, c] of clients({ maxBytes: 10_000 })) expect((await fails(c.latestBlockNumber())).code, name).toBe('admin.blockchain.node_bad_response');
  });

  it('a node that never answers, or trickles its body forever, times out', async () => {
    for (const h of [
      (() => { /* silent */ }) as Handler,
      ((_b, _r, res) => { res.writeHead(200); const t = setInterval(() => res.write(' '), 50); res.on('close', () => clearInterval(t)); }) as Handler,
    ]) {
      handler = h;
      for (const [name, c] of clients({ timeoutMs: 300 })) {
        const started = Date.now();
        expect((await fails(c.latestBlockNumber())).code, name).toBe('admin.blockchain.node_timeout');
        expect(Date.now() - started, name).toBeLessThan(5000);
      }
    }
  });

  it('a port nobody listens on is unreachable', async () => {
    const probe = createServer();
    await new Promise<void>((ok) => probe.listen(0, '127.0.0.1', ok));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((ok) => probe.close(ok));
    for (const client of ['bitcoin', 'ethereum']) {
      expect((await fails(nodeClient(client, `http://127.0.0.1:${port}/`).latestBlockNumber())).code).toBe('admin.blockchain.node_unreachable');
    }
  });

  it('refuses a client it does not have and a server that is not an http(s) URL', () => {
    const code = (f: () => unknown) => { try { f(); } catch (err) { return (err as NodeError).code; } return null; };
    expect(code(() => nodeClient('dogecoin', base))).toBe('admin.blockchain.unsupported_client');
    for (const server of ['ftp://x/', 'not a url', '', 'file:///etc/passwd']) expect(code(() => nodeClient('bitcoin', server)), server).toBe('admin.blockchain.invalid_server');
  });
});

describe('new addresses', () => {
  it("takes a node's new address only when it is one of the chain's", async () => {
    for (const [client, good, bad] of [['bitcoin', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 'bc1qnotanaddress'], ['ethereum', '0xAbCdEf0123456789abcdef0123456789ABCDEF01', '0x12']] as const) {
      handler = result(good);
      expect(await nodeClient(client, `${base}/`).newAddress('x')).toBe(client === 'ethereum' ? good.toLowerCase() : good);
      handler = result(bad);
      expect((await fails(nodeClient(client, `${base}/`).newAddress('x'))).code).toBe('admin.blockchain.node_bad_response');
    }
  });
});

describe('the node simulator', () => {
  it('answers both protocols deterministically, pays the known addresses, grows and stops', async () => {
    const known = { bitcoin: ['bc1qknown'], ethereum: ['0x00000000000000000000000000000000000000aa'] };
    const a = await startNodeSimulator({ seed: 3, chains: { bitcoin: { height: 20, addresses: known.bitcoin }, ethereum: { height: 20, addresses: known.ethereum } } });
    const b = await startNodeSimulator({ seed: 3, chains: { bitcoin: { height: 20, addresses: known.bitcoin }, ethereum: { height: 20, addresses: known.ethereum } } });
    const c = await startNodeSimulator({ seed: 4, chains: { bitcoin: { height: 20, addresses: known.bitcoin } } });
    for (const client of ['bitcoin', 'ethereum'] as const) {
      const na = nodeClient(client, a.url(client)), nb = nodeClient(client, b.url(client));
      expect(await na.latestBlockNumber()).toBe(20);
      expect(await na.getBlock(7)).toEqual(await nb.getBlock(7));
      let paid = 0;
      for (let h = 1; h <= 20; h++) paid += (await na.getBlock(h)).outputs.filter((o) => o.address === known[client][0]).length;
      expect(paid, client).toBeGreaterThan(0);
      expect((await fails(na.getBlock(21))).code).toBe('admin.blockchain.block_not_found');
      a.mine(client, 2);
      expect(await na.latestBlockNumber()).toBe(22);
      // A new address (a member's deposit address): an address of the chain, paid in the next block only.
      const fresh = await na.newAddress('passphrase');
      expect(isChainAddress(client, fresh), fresh).toBe(true);
      expect(await na.newAddress('passphrase')).not.toBe(fresh);
      const before = await na.getBlock(22);
      a.mine(client);
      expect((await na.getBlock(23)).outputs.filter((o) => o.address === fresh)).toHaveLength(1);
      expect(await na.getBlock(22)).toEqual(before);
    }
    // Driven like a regtest node: sendtoaddress pays in the next block, generatetoaddress mines it.
    const rpc = async (method: string, params: unknown[]) => (await (await fetch(a.url('bitcoin'), {
      method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })).json()) as { result?: unknown; error?: { code: number } };
    const btc = nodeClient('bitcoin', a.url('bitcoin'));
    const tip = await btc.latestBlockNumber();
    const txid = (await rpc('sendtoaddress', ['bcrt1qpaid', '1.25'])).result;
    expect(txid).toEqual(expect.any(String));
    for (const bad of [['bcrt1qpaid', '0'], ['bcrt1qpaid', '1.123456789'], ['', 1], ['bcrt1qpaid', 'x']]) expect((await rpc('sendtoaddress', bad)).error?.code, String(bad)).toBe(-3);
    expect((await rpc('generatetoaddress', [0, 'x'])).error?.code).toBe(-8);
    expect((await rpc('generatetoaddress', [2, 'bcrt1qminer'])).result).toHaveLength(2);
    expect(await btc.latestBlockNumber()).toBe(tip + 2);
    expect((await btc.getBlock(tip + 1)).outputs.filter((o) => o.address === 'bcrt1qpaid')).toEqual([expect.objectContaining({ txid, amount: '1.25' })]);
    expect((await btc.getBlock(tip + 2)).outputs.filter((o) => o.address === 'bcrt1qpaid')).toEqual([]);
    expect((await nodeClient('bitcoin', c.url('bitcoin')).getBlock(7)).hash).not.toBe((await nodeClient('bitcoin', a.url('bitcoin')).getBlock(7)).hash);
    const url = a.url('bitcoin');
    await Promise.all([a.close(), b.close(), c.close()]);
    expect((await fails(nodeClient('bitcoin', url).latestBlockNumber())).code).toBe('admin.blockchain.node_unreachable');
  });

  it('moves the ethereum chain\'s tokens as Transfer logs, deterministically, paying the known addresses', async () => {
    const known = ['0x00000000000000000000000000000000000000aa', '0x00000000000000000000000000000000000000bb'];
    const tokens = [{ contract: '0xdac17f958d2ee523a2206206994597c13d831ec7', decimals: 6 }, { contract: '0x6b175474e89094c44da98b954eedeac495271d0f', decimals: 18 }];
    const start = (seed: number) => startNodeSimulator({ seed, chains: { ethereum: { height: 60, addresses: known, tokens } } });
    const [a, b, c] = [await start(3), await start(3), await start(4)];
    const read = async (sim: typeof a, asked = tokens) => {
      const node = nodeClient('ethereum', sim.url('ethereum'));
      return Promise.all(Array.from({ length: 60 }, (_, i) => node.getBlock(i + 1, asked)));
    };
    const blocks = await read(a);
    expect(await read(b)).toEqual(blocks);
    expect(await read(c)).not.toEqual(blocks);
    const transfers = blocks.flatMap((blk) => blk.outputs.filter((o) => o.contract));
    const paid = transfers.filter((o) => known.includes(o.address));
    for (const t of tokens) {
      expect(paid.filter((o) => o.contract === t.contract).length, t.contract).toBeGreaterThan(3);
      expect(transfers.filter((o) => o.contract === t.contract && !known.includes(o.address)).length, t.contract).toBeGreaterThan(3);
    }
    // Whole tokens with at most 2 places, in each token's decimals; now and then two transfers in one transaction.
    expect(paid.filter((o) => !/^\d+(\.\d{1,2})?$/.test(o.amount))).toEqual([]);
    expect(paid.some((o, i) => paid.findIndex((p) => p.txid === o.txid) !== i)).toBe(true);
    // Each transfer's transaction is in its block, calling the contract; a token not asked for is not answered.
    for (const blk of blocks) {
      const own = blk.outputs.filter((o) => o.contract);
      expect(blk.txCount).toBeGreaterThanOrEqual(new Set(own.map((o) => o.txid)).size + 1);
    }
    expect((await read(a, tokens.slice(0, 1))).flatMap((blk) => blk.outputs.filter((o) => o.contract))).toEqual(transfers.filter((o) => o.contract === tokens[0]!.contract));
    await Promise.all([a.close(), b.close(), c.close()]);
  });
});
