/**
 * Idempotent creates (adjustments, wallet transfers, staff's fiat deposits): the `Idempotency-Key` header a retried submit
 * repeats (1–64 visible ASCII characters, per staff member), and the hash of the request it was made
 * for, so the same key with another body is refused rather than answered with the first row.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { ApiError } from './errors.js';

/** The key, or undefined without the header; anything else in the header is refused (`<prefix>.invalid_idempotency_key`). */
export function idempotencyKey(req: FastifyRequest, prefix: string): string | undefined {
  const raw = req.headers['idempotency-key'];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !/^[\x21-\x7e]{1,64}$/.test(raw)) throw new ApiError(422, [`${prefix}.invalid_idempotency_key`]);
  return raw;
}

/** The hash a row made under a key is stored with. */
export const requestHash = (row: unknown): string => createHash('sha256').update(JSON.stringify(row)).digest('hex');

/** Tables whose creates are idempotent: a creator_id, idempotency_key and request_hash, unique on (creator_id, idempotency_key). */
export type IdempotentTable = 'adjustments' | 'wallet_transfers' | 'deposits' | 'investments' | 'bonuses' | 'rewards' | 'nfe_transactions';

/**
 * Inserts the row made by `creator` under `key` (none: a plain insert) and answers its id — or, when
 * the key was used before, the id of the row it made then; the same key with another row is refused
 * (`<prefix>.idempotency_key_reused`). `replayed` says which. `hash`: the request's own hash when the row
 * holds values the server derived (an investment's tokens), so a retry is compared with what was asked.
 */
export async function insertOnce(
  trx: Kysely<DB>, table: IdempotentTable, row: Record<string, unknown>, made: { creator: number; key: string | undefined; at: Date; prefix: string; hash?: string },
): Promise<{ id: number; replayed: boolean }> {
  const hash = made.hash ?? requestHash(row);
  const values = { ...row, creator_id: made.creator, idempotency_key: made.key ?? null, request_hash: hash, created_at: made.at, updated_at: made.at };
  const fresh = await trx.insertInto(table).values(values as never)
    .onConflict((oc) => oc.columns(['creator_id', 'idempotency_key']).doNothing()).returning('id').executeTakeFirst();
  if (fresh) return { id: Number(fresh.id), replayed: false };
  const first = await trx.selectFrom(table).select(['id', 'request_hash'])
    .where('creator_id', '=', made.creator).where('idempotency_key', '=', made.key!).executeTakeFirstOrThrow();
  if (first.request_hash !== hash) throw new ApiError(422, [`${made.prefix}.idempotency_key_reused`]);
  return { id: Number(first.id), replayed: true };
}
