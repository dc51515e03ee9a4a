/**
 * The demo's NFE moves, token configs and token history (src/server/applogic/README.md, Token and presale
 * area). Transfers, sales and burns of the seeded items go through the code the API runs (money/nfe.ts), so
 * each sale's price is on the ledger and the seeded ledger balances by construction; the configs give TRST and
 * USDT their settings (a USDT sale pays USDT's transfer fee); every listed fungible token gets 90 days of daily
 * snapshots ending today, on a deterministic curve around its price. Runs before the presales, whose closed
 * seed round then appends its allotment to TRST's history.
 */
import type { SeedContext } from './context.js';
import { staffByRole } from './staff.js';
import { recordNfe } from '../../money/nfe.js';
import { circulatingOf } from '../../money/token-history.js';

const DAY = 86_400_000, HOUR = 3_600_000;

/** Items: every 5th moves to another customer, every 6th is sold for USDT, every 17th is burned by its holder. */
export async function insertNfeMoves(ctx: SeedContext): Promise<void> {
  const db = ctx.db;
  const admin = staffByRole('admin').id;
  const items = await db.selectFrom('tokens').select(['id', 'token_number', 'owner_uid', 'held_since']).where('kind', '=', 'nfe')
    .where('owner_uid', 'is not', null).orderBy('id').execute();
  const customers = (await db.selectFrom('users').select('uid').where('id', '>=', 100).orderBy('id').limit(40).execute()).map((u) => u.uid);
  const hasUsdt = !!(await db.selectFrom('currencies').select('code').where('code', '=', 'usdt').executeTakeFirst());
  for (const [k, item] of items.entries()) {
    const n = Number(item.token_number);
    const at = new Date(Math.min(item.held_since!.getTime() + (10 + (k % 20)) * DAY, ctx.now.getTime() - HOUR));
    const other = customers.find((uid, i) => uid !== item.owner_uid && i >= (k * 3) % customers.length) ?? customers.find((uid) => uid !== item.owner_uid);
    let made: Awaited<ReturnType<typeof recordNfe>> | null = null;
    if (n % 17 === 0) {
      made = await recordNfe(db, { token: Number(item.id), kind: 'burn', creator: admin, at, txid: `0x${(0xb0000 + k).toString(16)}${'0'.repeat(58)}` });
    } else if (n % 6 === 0 && hasUsdt) {
      const price = String(50 + n * 5);
      // A buyer with the price in USDT: the richest customer who is not the seller.
      const buyer = await db.selectFrom('accounts as a').innerJoin('users as u', 'u.id', 'a.user_id').select('u.uid')
        .where('a.currency_id', '=', 'usdt').where('a.user_id', '>=', 100).where('u.uid', '<>', item.owner_uid!).where('a.balance', '>=', price)
        .orderBy('a.balance', 'desc').orderBy('a.user_id').offset(k % 5).limit(1).executeTakeFirst();
      if (buyer) made = await recordNfe(db, { token: Number(item.id), kind: 'sale', from_uid: item.owner_uid, to_uid: buyer.uid, price, price_currency: 'usdt', creator: admin, at });
    } else if (n % 5 === 0 && other) {
      made = await recordNfe(db, { token: Number(item.id), kind: 'transfer', from_uid: item.owner_uid, to_uid: other, creator: admin, at });
    }
    if (typeof made === 'string') throw new Error(`seed NFE transaction refused: ${made}`);
  }
}

/** TRST: 1% transfer fee, capped at its supply, not mintable; USDT: 0.1%, no cap. */
export async function insertTokenConfigs(ctx: SeedContext): Promise<void> {
  const db = ctx.db;
  const CONFIGS: ReadonlyArray<readonly [string, string, string, boolean, boolean, number]> = [
    ['trst', '0.01', '1', false, true, 0], ['usdt', '0.001', '1', true, true, 0], ['link', '0', '0', false, false, 1],
  ];
  for (const [code, fee, min, mintable, burnable, inactive] of CONFIGS) {
    const token = await db.selectFrom('tokens').select(['id', 'supply']).where('kind', '=', 'fungible').where('code', '=', code).executeTakeFirst();
    if (!token) continue;
    const at = new Date(ctx.now.getTime() - 100 * DAY);
    await db.insertInto('token_configs').values({
      token_id: Number(token.id), transfer_fee: fee, min_transfer: min, max_supply: code === 'usdt' ? '0' : token.supply, mintable, burnable,
      state: inactive ? 'inactive' : 'active', created_at: at, updated_at: at,
    }).execute();
  }
}

/** Typical prices in USDT the curves wander around. */
const BASE: Readonly<Record<string, number>> = { trst: 0.045, usdt: 1, usdc: 1, dai: 1, link: 14.2 };
const HISTORY_DAYS = 90;

/** 90 daily snapshots per listed fungible token, ending today: price on a deterministic wave, circulation growing to today's. */
export async function insertTokenHistory(ctx: SeedContext): Promise<void> {
  const db = ctx.db;
  const tokens = await db.selectFrom('tokens').select(['id', 'code', 'supply']).where('kind', '=', 'fungible').orderBy('id').execute();
  const today = Date.UTC(ctx.now.getUTCFullYear(), ctx.now.getUTCMonth(), ctx.now.getUTCDate());
  for (const t of tokens) {
    const base = BASE[t.code] ?? 1;
    const stable = base === 1;
    const circulating = Number(await circulatingOf(db, t.code));
    const rows = Array.from({ length: HISTORY_DAYS }, (_, i) => {
      const day = HISTORY_DAYS - 1 - i;
      // Noon UTC of each day; today's is at `now` when the seed runs before noon.
      const recorded = new Date(Math.min(today - day * DAY + 12 * HOUR, ctx.now.getTime()));
      const wave = stable ? 0.002 * Math.sin(i / 3) : 0.12 * Math.sin(i / 9) + 0.05 * Math.sin(i / 2.3) + 0.002 * i;
      const price = (base * (1 + wave)).toFixed(stable ? 4 : 6);
      const share = 0.7 + (0.3 * i) / (HISTORY_DAYS - 1);
      return {
        token_id: Number(t.id), source: 'snapshot', price, price_currency: 'usdt', supply: t.supply,
        circulating: (circulating * share).toFixed(8), snapshot_day: new Date(today - day * DAY).toISOString().slice(0, 10),
        recorded_at: recorded, created_at: recorded, updated_at: recorded,
      };
    });
    await db.insertInto('token_history').values(rows).execute();
  }
}
