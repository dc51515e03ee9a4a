/**
 * The blockchain calls that talk to a node (Peatio 2.6 E10, E13): the clients the server has, a chain's
 * latest block, and scanning one block for deposits to the platform's addresses.
 *
 * The node is asked outside any database transaction (a slow node never holds a connection or a lock),
 * within the client's timeout; its failures answer 502/504/422 with `admin.blockchain.node_*` codes.
 * A scan records each payment to a known address — an output of the chain's coin, or an ERC-20 Transfer
 * of one of the chain's tokens — as a deposit keyed by (blockchain, txid, output or log index, currency)
 * with INSERT … ON CONFLICT DO NOTHING, so scanning a block again, concurrently, or after a height reset,
 * records nothing twice. Deposits are `submitted`: crediting them is the ledger's (issue 12).
 * A payment whose amount no money column holds (10¹⁸ whole units or more: a token's Transfer carries any
 * uint256) is not recorded but counted (`out_of_range`) and named in the scan's audit entry, so the block's
 * other payments are recorded and a scan of that block does not fail for good.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import { integer, refine, type } from 'superstruct';
import { requireAbility } from '../auth/require-ability.js';
import { withAudit } from '../plugins/audit.js';
import { ApiError } from '../plugins/errors.js';
import type { DB } from '../db/schema.js';
import { BLOCKCHAIN_CLIENTS, blockchains } from '../../shared/resources/blockchains.js';
import { idStruct } from '../../shared/resources/field-structs.js';
import { coerceString } from '../../shared/validation.js';
import { INTEGER_DIGITS, integerDigits } from '../../shared/decimal.js';
import { getRow } from '../db/queries/resources.js';
import { toWire } from '../resources/wire.js';
import { NodeError, nodeClient, type ChainBlock, type ChainToken, type NodeClient } from './nodes/index.js';

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

export interface ScanResult {
  number: number; hash: string; transactions: number; outputs_matched: number; deposits_recorded: number; below_minimum: number;
  /** Payments to known addresses too large for a money column: left for staff, with `skipped` in the audit entry. */
  out_of_range: number;
}

/** A payment the scan could not record, as the audit entry names it. */
interface Skipped { txid: string; index: number; amount: string }

/**
 * The chain's coin currencies, first by position then code: its coin (no `erc20_contract_address`:
 * `contract` null) and its tokens (`contract` lower-case, '' when the option is blank).
 */
interface ChainCurrency { code: string; min: string; subunits: number; contract: string | null }
const currenciesOf = (db: Kysely<DB>, chain: Chain): Promise<ChainCurrency[]> => db.selectFrom('currencies')
  .select(['code', 'subunits', sql<string>`min_deposit_amount`.as('min'),
    sql<string | null>`CASE WHEN options ? 'erc20_contract_address' THEN lower(coalesce(options->>'erc20_contract_address', '')) END`.as('contract')])
  .where('blockchain_key', '=', chain.key).where('type', '=', 'coin').orderBy('position').orderBy('code').execute();

/** Each token contract once, with its first currency (a contract two currencies name is the first's). */
function tokenCurrencies(currencies: readonly ChainCurrency[]): Map<string, ChainCurrency> {
  const tokens = new Map<string, ChainCurrency>();
  for (const c of currencies) if (c.contract && /^0x[0-9a-f]{40}$/.test(c.contract) && !tokens.has(c.contract)) tokens.set(c.contract, c);
  return tokens;
}

/** The tokens whose transfers a scan of the chain reads, with their currencies' decimals (subunits). */
async function chainTokens(db: Kysely<DB>, chain: Chain): Promise<ChainToken[]> {
  return [...tokenCurrencies(await currenciesOf(db, chain)).values()].map((c) => ({ contract: c.contract!, decimals: c.subunits }));
}

/** Records a block's payments to known addresses (coin outputs, token transfers) as deposits, each at most once. */
export async function recordDeposits(trx: Transaction<DB>, chain: Chain, block: ChainBlock): Promise<ScanResult & { skipped?: Skipped[] }> {
  const base = { number: block.height, hash: block.hash, transactions: block.txCount };
  const addresses = [...new Set(block.outputs.map((o) => normal(chain.client, o.address)))];
  if (addresses.length === 0) return { ...base, outputs_matched: 0, deposits_recorded: 0, below_minimum: 0, out_of_range: 0 };
  const owners = await trx.selectFrom('payment_addresses').select(['user_id', 'address'])
    .where('blockchain_key', '=', chain.key).where('address', 'in', addresses).execute();
  const ownerOf = new Map(owners.map((o) => [o.address, o.user_id]));
  const matched = block.outputs.filter((o) => ownerOf.has(normal(chain.client, o.address)));
  const currencies = matched.length > 0 ? await currenciesOf(trx, chain) : [];
  const coin = currencies.find((c) => c.contract === null);
  const tokens = tokenCurrencies(currencies);
  let recorded = 0, below = 0;
  const outOfRange: Skipped[] = [];
  for (const o of matched) {
    const currency = o.contract === undefined ? coin : tokens.get(o.contract);
    if (!currency) throw new ApiError(422, ['admin.blockchain.currency_doesnt_exist']);
    if (integerDigits(o.amount) > INTEGER_DIGITS) { outOfRange.push({ txid: o.txid, index: o.index, amount: o.amount }); continue; }
    const { rows } = await sql<{ ok: boolean }>`SELECT ${o.amount}::numeric >= ${currency.min}::numeric AS ok`.execute(trx);
    if (!rows[0]?.ok) { below++; continue; }
    const ins = await trx.insertInto('deposits').values({
      user_id: ownerOf.get(normal(chain.client, o.address))!, currency_id: currency.code, blockchain_key: chain.key,
      amount: o.amount, address: normal(chain.client, o.address), txid: o.txid, txout: o.index, block_number: block.height,
    }).onConflict((c) => c.constraint('deposits_chain_key').doNothing()).returning('id').executeTakeFirst();
    if (ins) recorded++;
  }
  return { ...base, outputs_matched: matched.length, deposits_recorded: recorded, below_minimum: below, out_of_range: outOfRange.length, ...(outOfRange.length ? { skipped: outOfRange } : {}) };
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
    const tokens = await chainTokens(app.deps.db.kysely, chain);
    const block = await asked(() => clientOf(app, chain).getBlock(value.block_number, tokens));
    const result = await withAudit(req, { topic: 'blockchains', action: 'update', data: { id: chain.id, block_number: value.block_number } },
      async (trx, note) => {
        const { skipped, ...scan } = await recordDeposits(trx, chain, block);
        note({ deposits_recorded: scan.deposits_recorded, outputs_matched: scan.outputs_matched, ...(skipped ? { out_of_range: skipped } : {}) });
        return { row: (await getRow(trx, blockchains, chain.id))!, scan };
      });
    // Peatio answers the Blockchain; what the scan found rides along.
    return reply.status(201).send({ ...toWire(blockchains, result.row), processed_block: result.scan });
  });
}
