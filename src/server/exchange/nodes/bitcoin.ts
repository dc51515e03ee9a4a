/**
 * A bitcoin-style node (Bitcoin Core's JSON-RPC, and the forks that keep it: Litecoin, Dogecoin, ...):
 * getblockcount, getblockhash(height), getblock(hash, 2) with the transactions decoded. Outputs without
 * an address (OP_RETURN) are skipped; Core ≥ 22 names it `scriptPubKey.address`, older ones `addresses[0]`.
 */
import { isChainAddress } from '../../money/chain-addresses.js';
import { decimalText } from './amounts.js';
import { rpc, type RpcOptions } from './rpc.js';
import { badResponse, NodeError, type ChainBlock, type ChainOutput, type NodeClient } from './types.js';

/** Core's "Block height out of range" (-8) and "Block not found" (-5). */
const notFound = (e: { code: number }) => (e.code === -8 || e.code === -5 ? new NodeError('admin.blockchain.block_not_found') : undefined);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function outputsOf(tx: unknown): ChainOutput[] {
  if (!isObject(tx) || typeof tx.txid !== 'string' || !Array.isArray(tx.vout)) throw badResponse('transaction');
  const txid = tx.txid;
  return tx.vout.flatMap((o): ChainOutput[] => {
    if (!isObject(o) || !Number.isSafeInteger(o.n)) throw badResponse('output');
    const script = isObject(o.scriptPubKey) ? o.scriptPubKey : {};
    const address = typeof script.address === 'string' ? script.address
      : Array.isArray(script.addresses) && typeof script.addresses[0] === 'string' ? script.addresses[0] : null;
    if (!address) return [];
    return [{ txid, index: o.n as number, address, amount: decimalText(o.value) }];
  });
}

export function bitcoinClient(server: string, opts: RpcOptions): NodeClient {
  const call = (method: string, params: unknown[], exact = false) =>
    rpc(server, method, params, opts, { exactKeys: exact ? ['value'] : [], onError: notFound });
  return {
    client: 'bitcoin',
    async latestBlockNumber() {
      const n = await call('getblockcount', []);
      if (!Number.isSafeInteger(n) || (n as number) < 0) throw badResponse('block count');
      return n as number;
    },
    async getBlock(height: number): Promise<ChainBlock> {
      if (!Number.isSafeInteger(height) || height < 0) throw new NodeError('admin.blockchain.block_not_found');
      const hash = await call('getblockhash', [height]);
      if (typeof hash !== 'string' || !/^[0-9a-f]{64}$/i.test(hash)) throw badResponse('block hash');
      const block = await call('getblock', [hash, 2], true);
      if (!isObject(block) || !Array.isArray(block.tx)) throw badResponse('block');
      return {
        height, hash,
        timestamp: Number.isSafeInteger(block.time) ? (block.time as number) : null,
        txCount: block.tx.length,
        outputs: block.tx.flatMap(outputsOf),
      };
    },
    async newAddress() {
      const address = await call('getnewaddress', []);
      if (typeof address !== 'string' || !isChainAddress('bitcoin', address)) throw badResponse('new address');
      return address;
    },
  };
}
