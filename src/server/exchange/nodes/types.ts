/** What a blockchain node client answers, and how it fails (exchange/blockchains.ts maps failures to answers). */

/** An output to an address: amount in whole coins as an exact decimal string ("0.5", "20999999.99999999"). */
export interface ChainOutput { txid: string; index: number; address: string; amount: string }
export interface ChainBlock { height: number; hash: string; timestamp: number | null; txCount: number; outputs: ChainOutput[] }

export interface NodeClient {
  readonly client: 'bitcoin' | 'ethereum';
  latestBlockNumber(): Promise<number>;
  getBlock(height: number): Promise<ChainBlock>;
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
