/** What a blockchain node client answers, and how it fails (exchange/blockchains.ts maps failures to answers). */

/**
 * A payment to an address: amount in whole coins (or tokens) as an exact decimal string ("0.5",
 * "20999999.99999999"). The chain's coin: `index` is the output's. A token's (an ERC-20 Transfer log):
 * `contract` is the token's, lower-case, and `index` the log's index in its block.
 */
export interface ChainOutput { txid: string; index: number; address: string; amount: string; contract?: string }
export interface ChainBlock { height: number; hash: string; timestamp: number | null; txCount: number; outputs: ChainOutput[] }

/** A token contract to read transfers of, and the decimals its amounts carry (the currency's subunits). */
export interface ChainToken { contract: string; decimals: number }

export interface NodeClient {
  readonly client: 'bitcoin' | 'ethereum';
  latestBlockNumber(): Promise<number>;
  /** The block's coin outputs, and the transfers of the given tokens (clients whose chains have tokens). */
  getBlock(height: number, tokens?: readonly ChainToken[]): Promise<ChainBlock>;
  /**
   * A new deposit address of the node's wallet (Bitcoin Core's getnewaddress; an Ethereum node's
   * personal_newAccount, locked with `passphrase`), checked to be an address of the chain.
   */
  newAddress(passphrase: string): Promise<string>;
}

export type NodeErrorCode =
  | 'admin.blockchain.node_unreachable' | 'admin.blockchain.node_timeout' | 'admin.blockchain.node_bad_response'
  | 'admin.blockchain.block_not_found' | 'admin.blockchain.invalid_server' | 'admin.blockchain.unsupported_client';

const STATUS: Record<NodeErrorCode, 422 | 502 | 504> = {
  'admin.blockchain.node_unreachable': 502,
  'admin.blockchain.node_timeout': 504,
  'admin.blockchain.node_bad_response': 502,
  'admin.blockchain.block_not_found': 422,
  'admin.blockchain.invalid_server': 422,
  'admin.blockchain.unsupported_client': 422,
};

export class NodeError extends Error {
  readonly status: 422 | 502 | 504;
  constructor(readonly code: NodeErrorCode, detail?: string) {
    super(detail ? `${code}: ${detail}` : code);
    this.status = STATUS[code];
  }
}

export const badResponse = (detail: string) => new NodeError('admin.blockchain.node_bad_response', detail);
