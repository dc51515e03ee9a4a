/**
 * Blockchain node clients by name (a blockchain's `client`): the bitcoin-style and ethereum-style
 * JSON-RPC clients, behind one interface. The server URL is checked here: an absolute http(s) URL.
 */
import { BLOCKCHAIN_CLIENTS } from '../../../shared/resources/blockchains.js';
import { bitcoinClient } from './bitcoin.js';
import { ethereumClient } from './ethereum.js';
import { RPC_DEFAULTS } from './rpc.js';
import { NodeError, type NodeClient } from './types.js';

export { NodeError, type ChainBlock, type ChainOutput, type ChainToken, type NodeClient, type NodeErrorCode } from './types.js';
export const NODE_CLIENTS = BLOCKCHAIN_CLIENTS;

export function nodeClient(client: string, server: string, opts: { timeoutMs?: number; maxBytes?: number } = {}): NodeClient {
  let url: URL;
  try { url = new URL(server); } catch { throw new NodeError('admin.blockchain.invalid_server'); }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new NodeError('admin.blockchain.invalid_server');
  const o = { ...RPC_DEFAULTS, ...opts };
  if (client === 'bitcoin') return bitcoinClient(server, o);
  if (client === 'ethereum') return ethereumClient(server, o);
  throw new NodeError('admin.blockchain.unsupported_client');
}
