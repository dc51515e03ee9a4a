/**
 * An ethereum-style node (geth, erigon, BSC, ...): eth_blockNumber and eth_getBlockByNumber(hex, true).
 * Native transfers only: a contract creation (`to` null) or a zero value moves no coin to an address;
 * token transfers live in logs, which a token's own scanner reads. Addresses are compared lower-case.
 */
import { hexQuantity, weiToEther } from './amounts.js';
import { rpc, type RpcOptions } from './rpc.js';
import { badResponse, NodeError, type ChainBlock, type ChainOutput, type NodeClient } from './types.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function outputOf(tx: unknown): ChainOutput[] {
  if (!isObject(tx) || typeof tx.hash !== 'string') throw badResponse('transaction');
  if (tx.to === null || tx.to === undefined) return [];
  if (typeof tx.to !== 'string' || !/^0x[0-9a-f]{40}$/i.test(tx.to)) throw badResponse('transaction to');
  const amount = weiToEther(tx.value);
  return amount === '0' ? [] : [{ txid: tx.hash.toLowerCase(), index: 0, address: tx.to.toLowerCase(), amount }];
}

export function ethereumClient(server: string, opts: RpcOptions): NodeClient {
  return {
    client: 'ethereum',
    async latestBlockNumber() {
      return hexQuantity(await rpc(server, 'eth_blockNumber', [], opts));
    },
    async getBlock(height: number): Promise<ChainBlock> {
      if (!Number.isSafeInteger(height) || height < 0) throw new NodeError('admin.blockchain.block_not_found');
      const block = await rpc(server, 'eth_getBlockByNumber', [`0x${height.toString(16)}`, true], opts);
      if (block === null) throw new NodeError('admin.blockchain.block_not_found');
      if (!isObject(block) || !Array.isArray(block.transactions) || typeof block.hash !== 'string') throw badResponse('block');
      if (hexQuantity(block.number) !== height) throw badResponse('block number');
      return {
        height, hash: block.hash,
        timestamp: typeof block.timestamp === 'string' ? hexQuantity(block.timestamp) : null,
        txCount: block.transactions.length,
        outputs: block.transactions.flatMap(outputOf),
      };
    },
    async newAddress(passphrase: string) {
      const address = await rpc(server, 'personal_newAccount', [passphrase], opts);
      if (typeof address !== 'string' || !/^0x[0-9a-f]{40}$/i.test(address)) throw badResponse('new address');
      return address.toLowerCase();
    },
  };
}
