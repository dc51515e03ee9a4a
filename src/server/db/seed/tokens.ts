/**
 * The demo's tokens and NFE: the listed ERC-20 currencies as fungible tokens (TRST, USDT, USDC, DAI, LINK
 * where the demo lists them), four NFE categories, and three collections of items on Ethereum held by the
 * first seeded customers (minted by the database as they get their holder), then their transfers, sales
 * and burns, the tokens' configs and 90 days of history (token-area.ts). Deterministic: numbers, holders
 * and times follow from row order and `now`.
 */
import type { SeedContext } from './context.js';
import { insertNfeMoves, insertTokenConfigs, insertTokenHistory } from './token-area.js';

const DAY = 86_400_000;

const FUNGIBLE: ReadonlyArray<readonly [code: string, name: string, supply: string, contract: string]> = [
  ['trst', 'Trust Token', '1000000000', '0x7c3a1f0d52b8e9a4c6d1e2f3a4b5c6d7e8f9a0b1'],
  ['usdt', 'Tether USD', '83000000000', '0xdac17f958d2ee523a2206206994597c13d831ec7'],
  ['usdc', 'USD Coin', '32000000000', '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'],
  ['dai', 'Dai', '5300000000', '0x6b175474e89094c44da98b954eedeac495271d0f'],
  ['link', 'Chainlink', '1000000000', '0x514910771af9ca656af840dff83e8264ecf986ca'],
];

const CATEGORIES: ReadonlyArray<readonly [name: string, description: string, state: 'active' | 'inactive']> = [
  ['Art', 'One-of-a-kind digital art, minted by the artist.', 'active'],
  ['Collectibles', 'Numbered series: cards, badges, figures.', 'active'],
  ['Membership', 'Passes that open perks on the platform (fee tiers, early access).', 'active'],
  ['Gaming', 'In-game items; paused while the partner game is in beta.', 'inactive'],
];

/** Collections: [symbol, item name, category index, items, contract]. */
const COLLECTIONS: ReadonlyArray<readonly [string, string, number, number, string]> = [
  ['TRSTART', 'Trust Genesis', 0, 12, '0x1f9840a85d5af5bf1d1762f925bdaddc4201f984'],
  ['STWBADGE', 'Steward Badge', 1, 40, '0x2b591e99afe9f32eaa6214f7b7629768c40eeb39'],
  ['VIPPASS', 'VIP Pass', 2, 8, '0x3845badade8e6dff049820680d1f14bd3903a5d0'],
];

export async function insertTokens(ctx: SeedContext): Promise<void> {
  const db = ctx.db;
  const listed = new Set((await db.selectFrom('currencies').select('code').execute()).map((c) => c.code));
  const chain = (await db.selectFrom('blockchains').select('key').where('key', '=', 'ethereum').executeTakeFirst())?.key ?? null;
  const at = (days: number) => new Date(ctx.now.getTime() - days * DAY);
  const fungible = FUNGIBLE.filter(([code]) => listed.has(code)).map(([code, name, supply, contract], i) => ({
    kind: 'fungible', name, code, blockchain_key: chain, contract_address: contract, supply, state: 'active',
    metadata_url: `https://assets.steward.example/tokens/${code}.json`, created_at: at(200 - i), updated_at: at(200 - i),
  }));
  if (fungible.length) await db.insertInto('tokens').values(fungible).execute();
  const categories = await db.insertInto('nfe_categories').values(CATEGORIES.map(([name, description, state], i) => ({
    name, description, state, position: i + 1, created_at: at(150 - i), updated_at: at(150 - i),
  }))).returning('id').execute();
  // The first customers hold the items, round-robin; the rest stay with the platform (no holder).
  const holders = (await db.selectFrom('users').select('uid').where('id', '>=', 100).orderBy('id').limit(30).execute()).map((u) => u.uid);
  const items = COLLECTIONS.flatMap(([code, name, cat, count, contract], c) => Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    const created = at(120 - c * 10 - (i % 30));
    return {
      kind: 'nfe', name: `${name} #${n}`, code, blockchain_key: chain, contract_address: contract, token_number: String(n),
      nfe_category_id: Number(categories[cat]!.id), metadata_url: `ipfs://bafybeigdyrzt${code.toLowerCase()}/${n}.json`, supply: '1',
      owner_uid: holders.length && n % 4 !== 0 ? holders[(n * 7 + c) % holders.length]! : null,
      // Burned items (n % 17) are minted active and burned below, by their transaction.
      state: n % 11 === 0 ? 'inactive' : 'active', created_at: created, updated_at: created,
    };
  }));
  await db.insertInto('tokens').values(items).execute();
  await insertNfeMoves(ctx);
  await insertTokenConfigs(ctx);
  await insertTokenHistory(ctx);
}
