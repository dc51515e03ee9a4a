/**
 * SQL of Peatio admin members (A45, A49, A50, P-A46, P-A48). Balances are NUMERIC and every sum is
 * done by PostgreSQL: JavaScript never holds a balance as a number.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema.js';

export interface AccountRow { currency: string; balance: string; locked: string }

export function memberAccounts(db: Kysely<DB>, userId: number): Promise<AccountRow[]> {
  return db.selectFrom('accounts').select(['currency_id as currency', 'balance', 'locked'])
    .where('user_id', '=', userId).orderBy('currency_id').execute();
}

/**
 * Distinct fee groups, by a skip scan over users_fee_group_idx: one index probe per group instead of
 * reading every user (PostgreSQL has no loose index scan of its own).
 */
export async function feeGroups(db: Kysely<DB>): Promise<string[]> {
  const { rows } = await sql<{ g: string }>`
    WITH RECURSIVE g AS (
      (SELECT fee_group FROM users ORDER BY fee_group LIMIT 1)
      UNION ALL
      SELECT (SELECT fee_group FROM users WHERE fee_group > g.fee_group ORDER BY fee_group LIMIT 1)
      FROM g WHERE g.fee_group IS NOT NULL
    )
    SELECT fee_group AS g FROM g WHERE fee_group IS NOT NULL`.execute(db);
  return rows.map((r) => r.g);
}

export type LockType = 'lock' | 'unlock';

/** Column moved from and to: lock takes from balance into locked, unlock the other way. */
const sides = (type: LockType) => (type === 'lock' ? (['balance', 'locked'] as const) : (['locked', 'balance'] as const));

/**
 * Moves `amount` of one account between balance and locked. The sufficiency check is part of the UPDATE,
 * so two concurrent moves cannot both pass it. Returns 'no_account', 'insufficient' or the new row.
 */
export async function moveAmount(
  db: Kysely<DB>, userId: number, currency: string, type: LockType, amount: string, now: Date,
): Promise<AccountRow | 'no_account' | 'insufficient'> {
  const [from, to] = sides(type);
  const row = await db.updateTable('accounts')
    .set({
      [from]: sql`${sql.ref(from)} - ${amount}::numeric`,
      [to]: sql`${sql.ref(to)} + ${amount}::numeric`,
      updated_at: now,
    } as never)
    .where('user_id', '=', userId).where('currency_id', '=', currency)
    .where(sql.ref(from), '>=', sql`${amount}::numeric`)
    .returning(['currency_id as currency', 'balance', 'locked']).executeTakeFirst();
  if (row) return row;
  const exists = await db.selectFrom('accounts').select('id').where('user_id', '=', userId).where('currency_id', '=', currency)
    .executeTakeFirst();
  return exists ? 'insufficient' : 'no_account';
}

/**
 * Moves `percentage` % of every account between balance and locked. The share is truncated to the
 * column's 18 decimals, so it never exceeds the percentage (25% of 0.000000000000000003 moves nothing)
 * and balance + locked of each account is unchanged. Both SET expressions read the row's old values.
 */
export async function movePercentage(
  db: Kysely<DB>, userId: number, type: LockType, percentage: string, now: Date,
): Promise<void> {
  const [from, to] = sides(type);
  const share = sql`trunc(${sql.ref(from)} * ${percentage}::numeric / 100, 18)`;
  await db.updateTable('accounts')
    .set({ [from]: sql`${sql.ref(from)} - ${share}`, [to]: sql`${sql.ref(to)} + ${share}`, updated_at: now } as never)
    .where('user_id', '=', userId).execute();
}
