/**
 * A generic resource's own write rule, attached by name (the engine's generic create and update call it
 * inside the write's transaction, after the declared checks' settling and bounds, before references and
 * uniqueness): a value whose shape depends on another field (a restriction's value by its scope), a
 * default computed from the row, a guard that needs the caller (a rule that would lock out its author).
 * It may change `values` (normalise, fill defaults) or throw an ApiError.
 */
import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { DB } from '../db/schema.js';
import type { Row } from '../db/queries/resources.js';

export interface WriteContext {
  req: FastifyRequest;
  trx: Transaction<DB>;
  /** What the write will store (mutable). */
  values: Row;
  /** The row before an update; empty on create. */
  stored: Row;
}

export type WriteHook = (ctx: WriteContext) => Promise<void> | void;

const hooks = new Map<string, WriteHook>();

export function registerWriteHook(resource: string, hook: WriteHook): void { hooks.set(resource, hook); }

/** Whether a resource has a write rule of its own (a create without a request cannot run one). */
export const hasWriteHook = (resource: string): boolean => hooks.has(resource);

export async function runWriteHook(resource: string, ctx: WriteContext): Promise<void> { await hooks.get(resource)?.(ctx); }
