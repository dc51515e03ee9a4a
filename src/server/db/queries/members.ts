/**
 * SQL of Peatio admin members (A45, A49, A50, P-A46, P-A48). Balances are NUMERIC and every sum is
 * done by PostgreSQL: JavaScript never holds a balance as a number.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema.js';

/** An account with its currency's precision (decimal places), which lock/unlock amounts keep to. */
export interface AccountRow { currency: string; balance: string; locked: string; precision: number }

export function memberAccounts(db: Kysely<DB>, userId: number): Promise<AccountRow[]> {
  return db.selectFrom('accounts').innerJoin('currencies', 'currencies.code', 'accounts.currency_id')
    .select(['accounts.currency_id as currency', 'accounts.balance', 'accounts.locked', 'currencies.precision'])
    .where('accounts.user_id', '=', userId).orderBy('accounts.currency_id').execute();
}

/**
 * The account's currency precision as an SQL expression, for the UPDATEs below. Balances are
 * NUMERIC(36,18), so a currency declaring more places than 18 is held to 18.
 */
const precisionOf = sql<number>`(SELECT least(c.precision, 18) FROM currencies c WHERE c.code = accounts.currency_id)`;

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

export type MoveRefusal = 'no_account' | 'too_precise' | 'insufficient';

/**
 * Moves `amount` of one account between balance and locked. An amount finer than the currency's
 * precision is refused rather than rounded: staff typed an exact figure, and moving a different one
 * would be a surprise. Both checks are part of the UPDATE, so two concurrent moves cannot both pass them;
 * when no row moved, a second look says why.
 */
export async function moveAmount(
  db: Kysely<DB>, userId: number, currency: string, type: LockType, amount: string, now: Date,
): Promise<true | MoveRefusal> {
  const [from, to] = sides(type);
  const fits = sql<boolean>`${amount}::numeric = trunc(${amount}::numeric, ${precisionOf})`;
  const row = await db.updateTable('accounts')
    .set({
      [from]: sql`${sql.ref(from)} - ${amount}::numeric`,
      [to]: sql`${sql.ref(to)} + ${amount}::numeric`,
      updated_at: now,
    } as never)
    .where('user_id', '=', userId).where('currency_id', '=', currency)
    .where(fits).where(sql.ref(from), '>=', sql`${amount}::numeric`)
    .returning('id').executeTakeFirst();
  if (row) return true;
  const why = await db.selectFrom('accounts').select(fits.as('fits')).where('user_id', '=', userId).where('currency_id', '=', currency)
    .executeTakeFirst();
  return !why ? 'no_account' : !why.fits ? 'too_precise' : 'insufficient';
}

/**
 * Moves `percentage` % of every account between balance and locked. Each share is truncated (rounded
 * toward zero) to the currency's precision: 10% of 123.45 USD locks 12.34, never 12.345, so a fiat
 * balance keeps its two decimals; the share never exceeds the percentage (25% of 0.03 USD moves 0.00),
 * and balance + locked of each account is unchanged. Both SET expressions read the row's old values.
 */
export async function movePercentage(
  db: Kysely<DB>, userId: number, type: LockType, percentage: string, now: Date,
): Promise<void> {
  const [from, to] = sides(type);
  const share = sql`trunc(${sql.ref(from)} * ${percentage}::numeric / 100, ${precisionOf})`;
  await db.updateTable('accounts')
    .set({ [from]: sql`${sql.ref(from)} - ${share}`, [to]: sql`${sql.ref(to)} + ${share}`, updated_at: now } as never)
    .where('user_id', '=', userId).execute();
}
