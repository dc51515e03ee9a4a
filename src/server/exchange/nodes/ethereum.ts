/**
 * An ethereum-style node (geth, erigon, BSC, ...): eth_blockNumber, eth_getBlockByNumber(hex, true) for
 * native transfers, and eth_getLogs for the ERC-20 Transfer events of the tokens asked for — the events
 * Peatio's ethereum adapter reads from each token transaction's receipt, here in one call per block (a
 * reverted transaction leaves no logs). A contract creation (`to` null) or a zero value moves no coin to an
 * address; a token transfer's recipient is its third topic, its amount its data in the token's base units.
 * Addresses and hashes are compared lower-case.
 */
import { baseUnits, hexQuantity, weiToEther } from './amounts.js';
import { rpc, type RpcOptions } from './rpc.js';
import { badResponse, NodeError, type ChainBlock, type ChainOutput, type ChainToken, type NodeClient } from './types.js';

/** keccak256("Transfer(address,address,uint256)"): topic 0 of an ERC-20 transfer. */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
/** One 32-byte word: a hash, an ABI-encoded uint256. */
const WORD = /^0x[0-9a-f]{64}$/i;
/** An indexed address: 12 zero bytes, then the address's 20. */
const ADDRESS_TOPIC = /^0x0{24}[0-9a-f]{40}$/i;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const hexOf = (height: number) => `0x${height.toString(16)}`;

function outputOf(tx: unknown): ChainOutput[] {
  if (!isObject(tx) || typeof tx.hash !== 'string') throw badResponse('transaction');
  if (tx.to === null || tx.to === undefined) return [];
  if (typeof tx.to !== 'string' || !/^0x[0-9a-f]{40}$/i.test(tx.to)) throw badResponse('transaction to');
  const amount = weiToEther(tx.value);
  return amount === '0' ? [] : [{ txid: tx.hash.toLowerCase(), index: 0, address: tx.to.toLowerCase(), amount }];
}

/**
 * A Transfer log of one of the tokens (contract → decimals) in the block `hash`, as an output; none for
 * a log of another contract or event, a removed one or a zero amount. A log of another block (the chain
 * reorganised between the two calls) or of the wrong shape is a bad response: scanning again reads it whole.
 */
function transferOf(log: unknown, hash: string, decimals: ReadonlyMap<string, number>): ChainOutput[] {
  if (!isObject(log) || typeof log.address !== 'string' || !Array.isArray(log.topics)) throw badResponse('log');
  const contract = log.address.toLowerCase();
  const places = decimals.get(contract);
  if (places === undefined || String(log.topics[0]).toLowerCase() !== TRANSFER_TOPIC || log.removed === true) return [];
  const to = log.topics[2];
  if (log.topics.length !== 3 || typeof to !== 'string' || !ADDRESS_TOPIC.test(to)) throw badResponse('transfer topics');
  if (typeof log.data !== 'string' || !WORD.test(log.data)) throw badResponse('transfer data');
  if (typeof log.transactionHash !== 'string' || !WORD.test(log.transactionHash)) throw badResponse('log transaction');
  if (typeof log.blockHash !== 'string' || log.blockHash.toLowerCase() !== hash.toLowerCase()) throw badResponse('log of another block');
  const amount = baseUnits(log.data, places);
  return amount === '0' ? [] : [{
    txid: log.transactionHash.toLowerCase(), index: hexQuantity(log.logIndex), address: `0x${to.slice(-40).toLowerCase()}`, amount, contract,
  }];
}

export function ethereumClient(server: string, opts: RpcOptions): NodeClient {
  /** The block's transfers of the tokens: one eth_getLogs over their contracts and the Transfer topic. */
  async function transfers(height: number, hash: string, tokens: readonly ChainToken[]): Promise<ChainOutput[]> {
    const decimals = new Map(tokens.map((t) => [t.contract.toLowerCase(), t.decimals]));
    const logs = await rpc(server, 'eth_getLogs', [{
      fromBlock: hexOf(height), toBlock: hexOf(height), address: [...decimals.keys()], topics: [TRANSFER_TOPIC],
    }], opts);
    if (!Array.isArray(logs)) throw badResponse('logs');
    return logs.flatMap((log) => transferOf(log, hash, decimals));
  }

  return {
    client: 'ethereum',
    async latestBlockNumber() {
      return hexQuantity(await rpc(server, 'eth_blockNumber', [], opts));
    },
    async getBlock(height: number, tokens: readonly ChainToken[] = []): Promise<ChainBlock> {
      if (!Number.isSafeInteger(height) || height < 0) throw new NodeError('admin.blockchain.block_not_found');
      const block = await rpc(server, 'eth_getBlockByNumber', [hexOf(height), true], opts);
      if (block === null) throw new NodeError('admin.blockchain.block_not_found');
      if (!isObject(block) || !Array.isArray(block.transactions) || typeof block.hash !== 'string') throw badResponse('block');
      if (hexQuantity(block.number) !== height) throw badResponse('block number');
      const outputs = block.transactions.flatMap(outputOf);
      return {
        height, hash: block.hash,
        timestamp: typeof block.timestamp === 'string' ? hexQuantity(block.timestamp) : null,
        txCount: block.transactions.length,
        outputs: tokens.length === 0 ? outputs : [...outputs, ...await transfers(height, block.hash, tokens)],
      };
    },
    async newAddress(passphrase: string) {
      const address = await rpc(server, 'personal_newAccount', [passphrase], opts);
      if (typeof address !== 'string' || !/^0x[0-9a-f]{40}$/i.test(address)) throw badResponse('new address');
      return address.toLowerCase();
    },
  };
}
