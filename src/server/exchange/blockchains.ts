/**
 * The blockchain calls that talk to a node (Peatio 2.6 E10, E13): the clients the server has, a chain's
 * latest block, and scanning one block for deposits to the platform's addresses.
 *
 * The node is asked outside any database transaction (a slow node never holds a connection or a lock),
 * within the client's timeout; its failures answer 502/504/422 with `admin.blockchain.node_*` codes.
 * A scan records each output to a known address as a deposit keyed by (blockchain, txid, output) with
 * INSERT … ON CONFLICT DO NOTHING, so scanning a block again, concurrently, or after a height reset,
 * records nothing twice. Deposits are `submitted`: crediting them is the ledger's (issue 12).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Transaction } from 'kysely';
import { integer, refine, type } from 'superstruct';
import { requireAbility } from '../auth/require-ability.js';
import { withAudit } from '../plugins/audit.js';
import { ApiError } from '../plugins/errors.js';
import type { DB } from '../db/schema.js';
import { BLOCKCHAIN_CLIENTS, blockchains } from '../../shared/resources/blockchains.js';
import { idStruct } from '../../shared/resources/field-structs.js';
import { coerceString } from '../../shared/validation.js';
import { getRow } from '../db/queries/resources.js';
import { toWire } from '../resources/wire.js';
import { NodeError, nodeClient, type ChainBlock, type NodeClient } from './nodes/index.js';

interface Chain { id: number; key: string; client: string; server: string | null }

async function chainOf(app: FastifyInstance, raw: unknown): Promise<Chain> {
  const [err, id] = idStruct().validate(raw, { coerce: true });
  if (err) throw new ApiError(422, [raw === undefined ? 'admin.blockchain.missing_id' : 'admin.blockchain.invalid_id']);
  const row = await app.deps.db.kysely.selectFrom('blockchains').select(['id', 'key', 'client', 'server'])
    .where('id', '=', id).executeTakeFirst();
  if (!row) throw new ApiError(404, ['admin.blockchain.doesnt_exist']);
  return row;
}

/** The chain's node client; a chain without a server, or with one the client cannot use, is a clear 422. */
function clientOf(app: FastifyInstance, chain: Chain): NodeClient {
  if (!chain.server) throw new ApiError(422, ['admin.blockchain.invalid_server']);
  return nodeClient(chain.client, chain.server, { timeoutMs: app.deps.config.node.timeoutMs });
}

/** Node failures become answers with their own status and code. */
async function asked<T>(work: () => Promise<T>): Promise<T> {
  try { return await work(); } catch (err) {
    if (err instanceof NodeError) throw new ApiError(err.status, [err.code]);
    throw err;
  }
}

const blockNumber = () => refine(coerceString(integer(), (v) => (/^\d{1,16}$/.test(v) ? Number(v) : v)),
  'positive', (v: number) => v >= 1 && v <= Number.MAX_SAFE_INTEGER);

/** Addresses compare as the chain writes them; ethereum's are case-insensitive hex, kept lower-case. */
const normal = (client: string, address: string) => (client === 'ethereum' ? address.toLowerCase() : address);

export interface ScanResult { number: number; hash: string; transactions: number; outputs_matched: number; deposits_recorded: number; below_minimum: number }

/** Records a block's outputs to known addresses as deposits, each at most once. */
export async function recordDeposits(trx: Transaction<DB>, chain: Chain, block: ChainBlock): Promise<ScanResult> {
  const base = { number: block.height, hash: block.hash, transactions: block.txCount };
  const currency = await trx.selectFrom('currencies').select(['code', sql<string>`min_deposit_amount`.as('min')])
    .where('blockchain_key', '=', chain.key).where('type', '=', 'coin')
    .where(sql<boolean>`NOT (options ? 'erc20_contract_address')`)
    .orderBy('position').orderBy('code').executeTakeFirst();
  const addresses = [...new Set(block.outputs.map((o) => normal(chain.client, o.address)))];
  if (addresses.length === 0) return { ...base, outputs_matched: 0, deposits_recorded: 0, below_minimum: 0 };
  const owners = await trx.selectFrom('payment_addresses').select(['user_id', 'address'])
    .where('blockchain_key', '=', chain.key).where('address', 'in', addresses).execute();
  const ownerOf = new Map(owners.map((o) => [o.address, o.user_id]));
  const matched = block.outputs.filter((o) => ownerOf.has(normal(chain.client, o.address)));
  if (matched.length > 0 && !currency) throw new ApiError(422, ['admin.blockchain.currency_doesnt_exist']);
  let recorded = 0, below = 0;
  for (const o of matched) {
    const { rows } = await sql<{ ok: boolean }>`SELECT ${o.amount}::numeric >= ${currency!.min}::numeric AS ok`.execute(trx);
    if (!rows[0]?.ok) { below++; continue; }
    const ins = await trx.insertInto('deposits').values({
      user_id: ownerOf.get(normal(chain.client, o.address))!, currency_id: currency!.code, blockchain_key: chain.key,
      amount: o.amount, address: normal(chain.client, o.address), txid: o.txid, txout: o.index, block_number: block.height,
    }).onConflict((c) => c.constraint('deposits_chain_key').doNothing()).returning('id').executeTakeFirst();
    if (ins) recorded++;
  }
  return { ...base, outputs_matched: matched.length, deposits_recorded: recorded, below_minimum: below };
}

export function blockchainRoutes(app: FastifyInstance): void {
  // Peatio answers the adapter names without an ability check; the form's client select reads them.
  app.get('/admin/blockchains/clients', async () => [...BLOCKCHAIN_CLIENTS]);

  app.get('/admin/blockchains/:id/latest_block', async (req: FastifyRequest<{ Params: { id: string } }>) => {
    await requireAbility(req, 'read', 'Blockchain', 'peatio');
    const chain = await chainOf(app, req.params.id);
    return asked(() => clientOf(app, chain).latestBlockNumber());
  });

  app.post('/admin/blockchains/process_block', async (req, reply) => {
    await requireAbility(req, 'update', 'Blockchain', 'peatio');
    const body = type({ block_number: blockNumber() });
    const raw = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
    const chain = await chainOf(app, raw.id);
    const [err, value] = body.validate(raw, { coerce: true });
    if (err) {
      const code = raw.block_number === undefined ? 'admin.blockchain.missing_block_number' : 'admin.blockchain.non_positive_block_number';
      throw new ApiError(422, [code], { block_number: [code] });
    }
    const block = await asked(() => clientOf(app, chain).getBlock(value.block_number));
    const result = await withAudit(req, { topic: 'blockchains', action: 'update', data: { id: chain.id, block_number: value.block_number } },
      async (trx, note) => {
        const scan = await recordDeposits(trx, chain, block);
        note({ deposits_recorded: scan.deposits_recorded, outputs_matched: scan.outputs_matched });
        return { row: (await getRow(trx, blockchains, chain.id))!, scan };
      });
    // Peatio answers the Blockchain; what the scan found rides along.
    return reply.status(201).send({ ...toWire(blockchains, result.row), processed_block: result.scan });
  });
}
