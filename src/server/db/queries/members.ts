/**
 * SQL of Peatio admin members (A45, A49, A50, P-A46, P-A48). Balances are NUMERIC and move only through
 * the ledger (ledger/post.ts): JavaScript never holds a balance as a number.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema.js';
import { LedgerRefusal, post } from '../../ledger/post.js';
import { holdEntries } from '../../trading/orders.js';
import type { CurrencyType } from '../../ledger/chart.js';
import { toUnits } from '../../../shared/decimal.js';

/** An account with its currency's precision (decimal places), which lock/unlock amounts keep to. */
export interface AccountRow { currency: string; balance: string; locked: string; precision: number }

export async function memberAccounts(db: Kysely<DB>, userId: number): Promise<AccountRow[]> {
  return (await accountsOf(db, [userId])).get(userId) ?? [];
}

/** A member's beneficiary as Peatio's admin Member lists it. */
export interface MemberBeneficiary { id: number; currency: string; name: string; description: string | null; data: unknown; state: string; sent_at: Date | null; created_at: Date; updated_at: Date }
/** One of the platform's deposit addresses of a member (one per chain). */
export interface MemberAddress { blockchain_key: string; address: string; created_at: Date }

/** What Peatio's admin Member carries besides the user: accounts, beneficiaries and deposit addresses, for several members at once. */
export async function memberHoldings(db: Kysely<DB>, userIds: readonly number[]) {
  const ids = [...userIds];
  const group = <T extends { user_id: number }>(rows: T[]) => {
    const out = new Map<number, Omit<T, 'user_id'>[]>();
    for (const { user_id, ...r } of rows) out.set(Number(user_id), [...(out.get(Number(user_id)) ?? []), r]);
    return out;
  };
  if (!ids.length) return { accounts: new Map<number, AccountRow[]>(), beneficiaries: new Map<number, MemberBeneficiary[]>(), addresses: new Map<number, MemberAddress[]>() };
  const [accounts, beneficiaries, addresses] = await Promise.all([
    accountsOf(db, ids),
    db.selectFrom('beneficiaries').select(['user_id', 'id', 'currency_id as currency', 'name', 'description', 'data', 'state', 'sent_at', 'created_at', 'updated_at'])
      .where('user_id', 'in', ids).orderBy('user_id').orderBy('created_at', 'desc').orderBy('id', 'desc').execute(),
    db.selectFrom('payment_addresses').select(['user_id', 'blockchain_key', 'address', 'created_at'])
      .where('user_id', 'in', ids).orderBy('user_id').orderBy('blockchain_key').execute(),
  ]);
  return { accounts, beneficiaries: group(beneficiaries) as Map<number, MemberBeneficiary[]>, addresses: group(addresses) as Map<number, MemberAddress[]> };
}
export type MemberHoldings = Awaited<ReturnType<typeof memberHoldings>>;

/** The accounts of several members at once (a page of the members list), each member's in currency order. */
export async function accountsOf(db: Kysely<DB>, userIds: readonly number[]): Promise<Map<number, AccountRow[]>> {
  const out = new Map<number, AccountRow[]>();
  if (!userIds.length) return out;
  const rows = await db.selectFrom('accounts').innerJoin('currencies', 'currencies.code', 'accounts.currency_id')
    .select(['accounts.user_id', 'accounts.currency_id as currency', 'accounts.balance', 'accounts.locked', 'currencies.precision'])
    .where('accounts.user_id', 'in', [...userIds]).orderBy('accounts.user_id').orderBy('accounts.currency_id').execute();
  for (const { user_id, ...a } of rows) {
    const list = out.get(Number(user_id)) ?? [];
    list.push(a);
    out.set(Number(user_id), list);
  }
  return out;
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

export type MoveRefusal = 'no_account' | 'too_precise' | 'insufficient';

/** Reference of a funds lock or unlock in the ledger: the member it was done to. */
const FUNDS_LOCK = 'FundsLock';

/**
 * Moves `amount` of one account between balance and locked, as a ledger posting (20x ↔ 21x). An
 * amount finer than the currency's precision is refused rather than rounded: staff typed an exact
 * figure, and moving a different one would be a surprise. The ledger's UPDATE refuses to take an
 * account below zero, so two concurrent moves cannot both pass.
 */
export async function moveAmount(
  db: Kysely<DB>, userId: number, currency: string, type: LockType, amount: string, now: Date,
): Promise<true | MoveRefusal> {
  const acc = await db.selectFrom('accounts').innerJoin('currencies', 'currencies.code', 'accounts.currency_id')
    .select(['currencies.type', sql<boolean>`${amount}::numeric = trunc(${amount}::numeric, least(currencies.precision, 18))`.as('fits')])
    .where('accounts.user_id', '=', userId).where('accounts.currency_id', '=', currency).executeTakeFirst();
  if (!acc) return 'no_account';
  if (!acc.fits) return 'too_precise';
  try {
    await post(db, { reference: { type: FUNDS_LOCK, id: userId }, at: now, entries: holdEntries(userId, currency, acc.type as CurrencyType, amount, type) });
  } catch (err) {
    if (err instanceof LedgerRefusal) return 'insufficient';
    throw err;
  }
  return true;
}

/**
 * Moves `percentage` % of every account between balance and locked, in one ledger posting. Each share
 * is truncated (rounded toward zero) to the currency's precision: 10% of 123.45 USD locks 12.34, never
 * 12.345, so a fiat balance keeps its two decimals; the share never exceeds the percentage (25% of
 * 0.03 USD moves 0.00), and balance + locked of each account is unchanged. The shares are read under
 * the accounts' row locks, so they are what the posting moves.
 */
export async function movePercentage(
  db: Kysely<DB>, userId: number, type: LockType, percentage: string, now: Date,
): Promise<void> {
  const from = sql.ref(type === 'lock' ? 'a.balance' : 'a.locked');
  const shares = (await sql<{ currency: string; type: CurrencyType; share: string }>`
    SELECT a.currency_id AS currency, c.type, trunc(${from} * ${percentage}::numeric / 100, least(c.precision, 18))::text AS share
    FROM accounts a JOIN currencies c ON c.code = a.currency_id
    WHERE a.user_id = ${userId} ORDER BY a.currency_id FOR UPDATE OF a`.execute(db)).rows.filter((r) => toUnits(r.share) > 0n);
  if (!shares.length) return;
  await post(db, {
    reference: { type: FUNDS_LOCK, id: userId }, at: now,
    entries: shares.flatMap((r) => holdEntries(userId, r.currency, r.type, r.share, type)),
  });
}
