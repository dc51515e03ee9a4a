/**
 * Peatio 2.6's withdraw limits for a member's withdrawal (README.md, "Withdraw limits"): the admin's
 * `withdraw_limits` rows (per member group and KYC level, in the platform's currency) do not refuse a
 * request in Peatio — they decide whether it may leave without an admin (Withdraw#verify_limits: within
 * them and WITHDRAW_ADMIN_APPROVE off, a coin withdrawal is processed at once; over them it waits for an
 * admin). Here every member's withdrawal waits for staff already, so over the limits it waits for two
 * different staff members, as one above the currency's review amount does (money/withdraws.ts).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { limitState } from '../db/queries/withdraw-limits.js';

export type OverLimits = '24_hour' | '1_month' | 'unpriced';

const DAY_MS = 86_400_000;

/** One calendar month before `now` (Rails' 1.month.ago: the same day, clamped to the month's end), UTC. */
export function monthBefore(now: Date): Date {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), Math.min(now.getUTCDate(), last)) + (now.getTime() % DAY_MS));
}

/**
 * Which of the member's limits a withdrawal of `sum` (what leaves the balance, fee included: Peatio's
 * `sum`) of `currency` goes over, or null. Call it under the member's row lock (withdraws.ts takes it for
 * the 2FA step): the limits span every currency, so the lock is the member's, not one account's, and of
 * two concurrent requests the second counts the first. A currency without a price (this one, or one among
 * the month's withdrawals) cannot be valued: `unpriced`, over (Peatio's get_price raises there).
 */
export async function overWithdrawLimits(
  db: Kysely<DB>, w: { member: number; group: string; level: number; currency: string; sum: string; now: Date },
): Promise<OverLimits | null> {
  const s = await limitState(db, { ...w, dayAgo: new Date(w.now.getTime() - DAY_MS), monthAgo: monthBefore(w.now) });
  if (!s) return null;
  return s.unpriced ? 'unpriced' : s.over_24_hour ? '24_hour' : s.over_1_month ? '1_month' : null;
}
