/**
 * What the admin streams carry: the row exactly as the admin API's list returns it, read once per event
 * (not once per client) and only while someone listens. Ids that arrive together are read together.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { getOrders, getTrade } from '../db/queries/orders.js';
import { getDeposit, getWithdraw, PENDING_WITHDRAW_STATES } from '../db/queries/money-movements.js';
import { getAdjustment } from '../db/queries/adjustments.js';
import { getRow } from '../db/queries/resources.js';
import { cryptoSettings } from '../../shared/resources/crypto-settings.js';
import { toWire } from '../resources/wire.js';
import { PENDING_DOCUMENT_VALUES } from '../db/queries/pending-applications.js';
import type { Queue } from './streams.js';

export type EntityKind = 'order' | 'trade' | 'deposit' | 'withdraw' | 'adjustment' | 'crypto_setting';

const one = <T>(get: (db: Kysely<DB>, id: number) => Promise<T | undefined>) =>
  async (db: Kysely<DB>, ids: number[]): Promise<T[]> => (await Promise.all(ids.map((id) => get(db, id)))).filter((x): x is Awaited<T> => x != null) as T[];

/** Reads the entities of `ids`, in the admin list's shape. */
export const READERS: Record<EntityKind, (db: Kysely<DB>, ids: number[]) => Promise<unknown[]>> = {
  order: (db, ids) => getOrders(db, ids),
  trade: one(getTrade),
  deposit: one(getDeposit),
  withdraw: one(getWithdraw),
  adjustment: one(getAdjustment),
  crypto_setting: one(async (db, id) => {
    const row = await getRow(db, cryptoSettings, id);
    return row && toWire(cryptoSettings, row);
  }),
};

/** The approval queues' sizes, as their lists count them. */
export async function queueCounts(db: Kysely<DB>, which: readonly Queue[]): Promise<Partial<Record<Queue, number>>> {
  const count = async (q: Queue): Promise<number> => {
    if (q === 'withdraws') {
      return Number((await db.selectFrom('withdraws').select((eb) => eb.fn.countAll<string>().as('n'))
        .where('state', 'in', [...PENDING_WITHDRAW_STATES]).executeTakeFirstOrThrow()).n);
    }
    if (q === 'adjustments') {
      return Number((await db.selectFrom('adjustments').select((eb) => eb.fn.countAll<string>().as('n'))
        .where('state', '=', 'pending').executeTakeFirstOrThrow()).n);
    }
    return Number((await db.selectFrom('labels').select((eb) => eb.fn.countAll<string>().as('n'))
      .where('key', '=', 'document').where('scope', '=', 'private').where('value', 'in', [...PENDING_DOCUMENT_VALUES])
      .executeTakeFirstOrThrow()).n);
  };
  const out: Partial<Record<Queue, number>> = {};
  for (const q of which) out[q] = await count(q);
  return out;
}
