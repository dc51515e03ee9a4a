/**
 * Idempotent creates (adjustments, wallet transfers): the `Idempotency-Key` header a retried submit
 * repeats (1–64 visible ASCII characters, per staff member), and the hash of the request it was made
 * for, so the same key with another body is refused rather than answered with the first row.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
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
