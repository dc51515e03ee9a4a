/**
 * A small local node for the demo and the tests: one bitcoin-style chain at POST /bitcoin and one
 * ethereum-style chain at POST /ethereum, on a loopback port, answering the calls the clients make
 * (and getblockchaininfo / web3_clientVersion / eth_chainId). Blocks are a pure function of (seed,
 * chain, height): a few transactions to random-looking addresses, and in about one block in three an
 * output to one of the given deposit addresses, so scanning finds deposits. The ethereum chain's given tokens
 * (ERC-20 contracts) move too, answered by eth_getLogs as Transfer logs: in about one block in two a transfer
 * between strangers, and in about one in four a transfer to a given address, now and then two in one
 * transaction (a batch payout); each token transfer is a transaction of the block. With `blockIntervalMs` the
 * tip grows on its own; `mine()` grows it at once. A new address (getnewaddress, personal_newAccount, as a
 * deposit wallet makes one for a member) is paid in the first block mined after it was made — so a member
 * who asks for a deposit address sees a deposit one block later, and blocks mined before stay as they were.
 * Over HTTP, as a Bitcoin Core regtest node is driven: `sendtoaddress <address> <amount>` pays an address in
 * the next block (answers the txid) and `generatetoaddress <n> <address>` mines n blocks at once (answers
 * their hashes) — the journey test pays a member's deposit address that way, and so can anyone trying the demo.
 */
import { createHash } from 'node:crypto';
import { segwitAddress } from '../../money/chain-addresses.js';
import { TRANSFER_TOPIC } from './ethereum.js';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type SimClient = 'bitcoin' | 'ethereum';
/** An ERC-20 token of the ethereum chain: its contract and the decimals of its amounts. */
export interface SimToken { contract: string; decimals: number }
export interface SimChain { height: number; addresses: readonly string[]; blockIntervalMs?: number; tokens?: readonly SimToken[] }
export interface NodeSimulator {
  url(client: SimClient): string;
  height(client: SimClient): number;
  mine(client: SimClient, n?: number): void;
  close(): Promise<void>;
}

const sha = (...parts: Array<string | number>) => createHash('sha256').update(parts.join(':')).digest('hex');
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

/** A deterministic pseudo-random integer in [0, n) from a hash. */
const pick = (h: string, at: number, n: number) => Number.parseInt(h.slice(at, at + 8), 16) % n;

interface SimTx { txid: string; outputs: Array<{ address: string; sats: bigint }> }

/** The deposit a block pays to each address made just before it. */
function paysNew(seed: number, client: SimClient, height: number, made: readonly { address: string; before: number }[]): SimTx[] {
  return made.filter((m) => m.before === height).map((m) => {
    const t = sha(seed, client, height, m.address);
    return { txid: sha(t, 'tx'), outputs: [{ address: m.address, sats: BigInt(100_000 + pick(t, 0, 10_000_000)) }] };
  });
}

function txsOf(seed: number, client: SimClient, height: number, known: readonly string[]): SimTx[] {
  const h = sha(seed, client, height, 'block');
  const count = 1 + pick(h, 0, 4);
  const txs: SimTx[] = [];
  for (let i = 0; i < count; i++) {
    const t = sha(h, i);
    const random = client === 'bitcoin'
      ? `bc1q${[...t.slice(0, 38)].map((c) => BECH32[Number.parseInt(c, 16)]).join('')}`
      : `0x${t.slice(0, 40)}`;
    const outputs = [{ address: random, sats: BigInt(1 + pick(t, 40, 5_000_000)) * 1000n }];
    // About one block in three pays a known address (the first transaction's second output).
    if (i === 0 && known.length > 0 && pick(h, 8, 3) === 0) outputs.push({ address: known[pick(h, 16, known.length)]!, sats: BigInt(10_000 + pick(h, 24, 90_000_000)) });
    txs.push({ txid: sha(t, 'tx'), outputs });
  }
  return txs;
}

interface SimTransfer { txid: string; contract: string; to: string; units: bigint }

/** A block's token transfers, in log order: per token, strangers' traffic and payments to known addresses. */
function transfersOf(seed: number, height: number, known: readonly string[], tokens: readonly SimToken[]): SimTransfer[] {
  return tokens.flatMap((token) => {
    const h = sha(seed, 'ethereum', height, 'token', token.contract);
    // 1.00 to 10,000.99 tokens; a token of fewer than 2 decimals moves 100 to 1,000,099 base units.
    const units = (at: number) => BigInt(100 + pick(h, at, 1_000_000)) * 10n ** BigInt(Math.max(token.decimals - 2, 0));
    const out: SimTransfer[] = [];
    if (pick(h, 0, 2) === 0) out.push({ txid: sha(h, 'other'), contract: token.contract, to: `0x${sha(h, 'to').slice(0, 40)}`, units: units(8) });
    if (known.length > 0 && pick(h, 16, 4) === 0) {
      const txid = sha(h, 'deposit');
      out.push({ txid, contract: token.contract, to: known[pick(h, 24, known.length)]!, units: units(32) });
      if (pick(h, 40, 3) === 0) out.push({ txid, contract: token.contract, to: known[pick(h, 48, known.length)]!, units: units(56) });
    }
    return out;
  });
}

/** An address as an indexed topic, a quantity as an ABI word: 32 bytes, zero-padded. */
const word = (hex: string) => `0x${hex.padStart(64, '0')}`;

/** "1.5" → 150000000n; null past 8 decimals or not a plain decimal. */
function satsOf(amount: string): bigint | null {
  const m = /^(\d{1,8})(?:\.(\d{1,8}))?$/.exec(amount.trim());
  return m ? BigInt(m[1]!) * 100_000_000n + BigInt((m[2] ?? '').padEnd(8, '0')) : null;
}

const sats = (n: bigint) => { const s = n.toString().padStart(9, '0'); return `${s.slice(0, -8)}.${s.slice(-8)}`; };

export async function startNodeSimulator(opts: { port?: number; seed?: number; chains: Partial<Record<SimClient, SimChain>> }): Promise<NodeSimulator> {
  const seed = opts.seed ?? 1;
  const tips: Record<SimClient, number> = { bitcoin: opts.chains.bitcoin?.height ?? 0, ethereum: opts.chains.ethereum?.height ?? 0 };
  const known = (c: SimClient) => opts.chains[c]?.addresses ?? [];
  const tokenTransfers = (n: number) => transfersOf(seed, n, known('ethereum'), opts.chains.ethereum?.tokens ?? []);
  const ethHash = (n: number) => `0x${sha(seed, 'ethereum', n, 'hash')}`;
  const made: Record<SimClient, { address: string; before: number }[]> = { bitcoin: [], ethereum: [] };
  /** A new address, paid in the next block. */
  const newAddress = (c: SimClient) => {
    const key = Buffer.from(sha(seed, c, 'address', made[c].length), 'hex').subarray(0, 20);
    const address = c === 'bitcoin' ? segwitAddress('bcrt', key) : `0x${key.toString('hex')}`;
    made[c].push({ address, before: tips[c] + 1 });
    return address;
  };
  /** Payments asked for by sendtoaddress: each lands in the block after the tip it was asked at. */
  const sent: { height: number; tx: SimTx }[] = [];
  const blockTxs = (c: SimClient, n: number) => [...txsOf(seed, c, n, known(c)), ...paysNew(seed, c, n, made[c]),
    ...(c === 'bitcoin' ? sent.filter((s) => s.height === n).map((s) => s.tx) : [])];
  const timers = (Object.keys(opts.chains) as SimClient[]).flatMap((c) => {
    const every = opts.chains[c]?.blockIntervalMs;
    return every ? [setInterval(() => { tips[c] += 1; }, every).unref()] : [];
  });

  const bitcoin = (method: string, params: unknown[]): { result?: unknown; error?: { code: number; message: string } } => {
    switch (method) {
      case 'getblockcount': return { result: tips.bitcoin };
      case 'getnewaddress': return { result: newAddress('bitcoin') };
      case 'getblockchaininfo': return { result: { chain: 'regtest', blocks: tips.bitcoin } };
      case 'sendtoaddress': {
        const [address, amount] = params;
        const value = typeof amount === 'number' || typeof amount === 'string' ? satsOf(String(amount)) : null;
        if (typeof address !== 'string' || !address || value === null || value <= 0n) return { error: { code: -3, message: 'Invalid address or amount' } };
        const txid = sha(seed, 'sent', sent.length, address, String(value));
        sent.push({ height: tips.bitcoin + 1, tx: { txid, outputs: [{ address, sats: value }] } });
        return { result: txid };
      }
      case 'generatetoaddress': {
        const n = Number(params[0]);
        if (!Number.isSafeInteger(n) || n < 1 || n > 1000) return { error: { code: -8, message: 'Invalid nblocks' } };
        tips.bitcoin += n;
        return { result: Array.from({ length: n }, (_, i) => sha(seed, 'bitcoin', tips.bitcoin - n + 1 + i, 'hash')) };
      }
      case 'getblockhash': {
        const n = Number(params[0]);
        if (!Number.isSafeInteger(n) || n < 0 || n > tips.bitcoin) return { error: { code: -8, message: 'Block height out of range' } };
        return { result: sha(seed, 'bitcoin', n, 'hash') };
      }
      case 'getblock': {
        const n = [...Array(tips.bitcoin + 1).keys()].find((x) => sha(seed, 'bitcoin', x, 'hash') === params[0]);
        if (n === undefined) return { error: { code: -5, message: 'Block not found' } };
        const tx = blockTxs('bitcoin', n).map((t) => ({
          txid: t.txid, vout: t.outputs.map((o, i) => ({ value: `__NUM__${sats(o.sats)}`, n: i, scriptPubKey: { address: o.address, type: 'witness_v0_keyhash' } })),
        }));
        return { result: { hash: params[0], height: n, time: 1_700_000_000 + n * 600, tx } };
      }
      default: return { error: { code: -32601, message: 'Method not found' } };
    }
  };

  const ethereum = (method: string, params: unknown[]): { result?: unknown; error?: { code: number; message: string } } => {
    switch (method) {
      case 'eth_blockNumber': return { result: `0x${tips.ethereum.toString(16)}` };
      case 'eth_chainId': return { result: '0x539' };
      case 'personal_newAccount': return { result: newAddress('ethereum') };
      case 'web3_clientVersion': return { result: 'Steward/simulator' };
      case 'eth_getBlockByNumber': {
        const n = typeof params[0] === 'string' ? Number.parseInt(params[0], 16) : NaN;
        if (!Number.isSafeInteger(n) || n < 0 || n > tips.ethereum) return { result: null };
        // Each output is a transaction of its own; values in wei (1 sat of the simulation = 10^10 wei). Each
        // token transfer's transaction calls its contract and moves no ether.
        const transactions = [...blockTxs('ethereum', n).flatMap((t) => t.outputs.map((o, i) => ({
          hash: `0x${sha(t.txid, i)}`, from: `0x${sha(t.txid, 'from').slice(0, 40)}`, to: o.address, value: `0x${(o.sats * 10_000_000_000n).toString(16)}`,
        }))), ...[...new Map(tokenTransfers(n).map((t) => [t.txid, t])).values()].map((t) => ({
          hash: `0x${t.txid}`, from: `0x${sha(t.txid, 'from').slice(0, 40)}`, to: t.contract, value: '0x0',
        }))];
        return { result: { number: `0x${n.toString(16)}`, hash: ethHash(n), timestamp: `0x${(1_700_000_000 + n * 12).toString(16)}`, transactions } };
      }
      case 'eth_getLogs': {
        // One filter: a block range (hex numbers, at most 1000 blocks), contracts, topic 0.
        const f = (params[0] ?? {}) as { fromBlock?: unknown; toBlock?: unknown; address?: unknown; topics?: unknown };
        const at = (v: unknown) => (typeof v === 'string' && /^0x[0-9a-f]{1,14}$/i.test(v) ? Number.parseInt(v, 16) : NaN);
        const from = at(f.fromBlock), to = Math.min(at(f.toBlock), tips.ethereum);
        if (!Number.isSafeInteger(from) || Number.isNaN(to) || to - from >= 1000) return { error: { code: -32602, message: 'invalid block range' } };
        const contracts = f.address === undefined ? null : new Set((Array.isArray(f.address) ? f.address : [f.address]).map((a) => String(a).toLowerCase()));
        const topic = Array.isArray(f.topics) ? f.topics[0] : null;
        if (topic !== null && topic !== undefined && String(topic).toLowerCase() !== TRANSFER_TOPIC) return { result: [] };
        const heights = Array.from({ length: Math.max(0, to - from + 1) }, (_, k) => from + k);
        return { result: heights.flatMap((b) => tokenTransfers(b).map((t, i) => ({
          address: t.contract, topics: [TRANSFER_TOPIC, word(sha(t.txid, 'from').slice(0, 40)), word(t.to.slice(2).toLowerCase())],
          data: word(t.units.toString(16)), blockNumber: `0x${b.toString(16)}`, blockHash: ethHash(b),
          transactionHash: `0x${t.txid}`, logIndex: `0x${i.toString(16)}`, removed: false,
        })).filter((l) => contracts === null || contracts.has(l.address.toLowerCase()))) };
      }
      default: return { error: { code: -32601, message: 'Method not found' } };
    }
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const route = req.url === '/bitcoin' ? bitcoin : req.url === '/ethereum' ? ethereum : null;
      let call: { id?: unknown; method?: unknown; params?: unknown };
      try { call = JSON.parse(Buffer.concat(chunks).toString('utf8')); } catch { call = {}; }
      const answer = route && req.method === 'POST'
        ? route(String(call.method), Array.isArray(call.params) ? call.params : [])
        : { error: { code: -32600, message: 'POST /bitcoin or /ethereum' } };
      // Amounts leave as JSON numbers with 8 decimals, as Bitcoin Core writes them.
      const body = JSON.stringify({ jsonrpc: '2.0', id: call.id ?? null, ...answer }).replace(/"__NUM__([\d.]+)"/g, '$1');
      res.writeHead(route ? 200 : 404, { 'content-type': 'application/json' }).end(body);
    });
  });
  await new Promise<void>((ok, fail) => { server.once('error', fail); server.listen(opts.port ?? 0, '127.0.0.1', ok); });
  const port = (server.address() as AddressInfo).port;
  return {
    url: (c) => `http://127.0.0.1:${port}/${c}`,
    height: (c) => tips[c],
    mine: (c, n = 1) => { tips[c] += n; },
    close: () => new Promise((ok) => { timers.forEach(clearInterval); server.closeAllConnections(); server.close(() => ok()); }),
  };
}
