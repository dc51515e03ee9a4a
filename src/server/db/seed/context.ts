/** What every generator step gets, and the batching helpers they share. */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema.js';
import { tsLit } from './sql.js';

/**
 * Customers get explicit ids CUSTOMER_ID_BASE + n (n = 1..users), so later steps can turn an id back
 * into its row number and batch by id range; staff sit below it (see staff.ts).
 */
export const CUSTOMER_ID_BASE = 100;

/** Rows per statement: bounds the memory one INSERT … SELECT needs on PGlite. */
export const BATCH_ROWS = 100_000;

export type Progress = (step: string, done: number, total: number) => void;

export interface SeedContext {
  /** The seeding transaction. */
  db: Kysely<DB>;
  /** Number of customers. */
  users: number;
  now: Date;
  /** `now` as a SQL literal. */
  nowSql: string;
  progress: Progress;
}

export function makeContext(db: Kysely<DB>, users: number, now: Date, progress: Progress): SeedContext {
  return { db, users, now, nowSql: tsLit(now), progress };
}

export async function exec(ctx: SeedContext, text: string): Promise<number> {
  const res = await sql.raw(text).execute(ctx.db);
  return Number(res.numAffectedRows ?? 0);
}

/** The highest user id in use (staff and customers). */
export const lastUserId = (ctx: SeedContext): number => CUSTOMER_ID_BASE + ctx.users;

/**
 * Runs `fn` over consecutive user-id ranges [from, to] covering staff and customers, sized so each
 * statement produces about BATCH_ROWS rows when each user yields `rowsPerUser` rows.
 */
export async function byUserRanges(
  ctx: SeedContext, step: string, rowsPerUser: number, fn: (from: number, to: number) => Promise<unknown>,
): Promise<void> {
  const last = lastUserId(ctx);
  const size = Math.max(1000, Math.floor(BATCH_ROWS / Math.max(rowsPerUser, 0.01)));
  for (let from = 1; from <= last; from += size) {
    const to = Math.min(last, from + size - 1);
    await fn(from, to);
    ctx.progress(step, to, last);
  }
}
