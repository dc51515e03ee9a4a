/**
 * The demo's node (`npm start` in demo mode): the simulator on the loopback port the seeded blockchains
 * point at (db/seed/exchange.ts), paying the first deposit addresses of each chain — in the ethereum
 * chain's coin and in its tokens (the currencies with an `erc20_contract_address`) — so a scan finds
 * deposits. A port already taken is reported and skipped: latest block then answers node_unreachable,
 * as it would for a real node that is down.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { startNodeSimulator, type NodeSimulator, type SimClient, type SimToken } from './simulator.js';

/** The demo chains' tip at start; a block every minute after that. */
export const DEMO_TIP = 840;

/**
 * The seeded chains follow the configured port: a demo database seeded with another
 * STEWARD_NODE_SIMULATOR_PORT (or copied from one that was) points its demo chains here again. Only the
 * demo's own loopback node addresses are touched.
 */
async function followPort(db: Kysely<DB>, port: number): Promise<void> {
  await sql`UPDATE blockchains SET server = regexp_replace(server, '^http://127\.0\.0\.1:[0-9]+/', ${`http://127.0.0.1:${port}/`})
    WHERE server ~ '^http://127\.0\.0\.1:[0-9]+/(bitcoin|ethereum)$' AND server NOT LIKE ${`http://127.0.0.1:${port}/%`}`.execute(db);
}

export async function startDemoNode(db: Kysely<DB>, port: number): Promise<NodeSimulator | null> {
  await followPort(db, port);
  const chains = await db.selectFrom('blockchains').select(['key', 'client'])
    .where('server', 'like', `http://127.0.0.1:${port}/%`).execute();
  if (chains.length === 0) return null;
  const addresses = async (client: SimClient) => {
    const keys = chains.filter((c) => c.client === client).map((c) => c.key);
    if (keys.length === 0) return [];
    const rows = await db.selectFrom('payment_addresses').select('address').where('blockchain_key', 'in', keys).orderBy('id').limit(25).execute();
    return rows.map((r) => r.address);
  };
  /** The tokens of the ethereum chains, with their currencies' decimals. */
  const tokens = async (): Promise<SimToken[]> => {
    const keys = chains.filter((c) => c.client === 'ethereum').map((c) => c.key);
    if (keys.length === 0) return [];
    const rows = await db.selectFrom('currencies').select(['subunits', sql<string>`options->>'erc20_contract_address'`.as('contract')])
      .where('blockchain_key', 'in', keys).where(sql<boolean>`options->>'erc20_contract_address' ~* '^0x[0-9a-f]{40}$'`).orderBy('code').execute();
    return rows.map((r) => ({ contract: r.contract.toLowerCase(), decimals: r.subunits }));
  };
  try {
    return await startNodeSimulator({
      port, seed: 2026,
      chains: {
        bitcoin: { height: DEMO_TIP, addresses: await addresses('bitcoin'), blockIntervalMs: 60_000 },
        ethereum: { height: DEMO_TIP, addresses: await addresses('ethereum'), blockIntervalMs: 60_000, tokens: await tokens() },
      },
    });
  } catch (err) {
    console.warn(`steward: the demo blockchain node could not listen on 127.0.0.1:${port} (${(err as Error).message}); latest block and scans will say the node is unreachable`);
    return null;
  }
}
