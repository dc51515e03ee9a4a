/**
 * Before → after of a lock or unlock, per account, computed the way the server moves funds (members
 * lock_funds): a lock takes from balance into locked, an unlock the other way; a percentage moves that
 * share of every account, truncated to the currency's precision, and an amount moves exactly that much of
 * one currency, refused when it has more decimals than the currency. An account without a stated
 * precision (a server that does not send it) is taken at the column's 18 places.
 */
import type { UserAccount } from '../../api/users';
import { decimalPlaces, fromFixed18, isPositive, shareOf, toFixed18 } from './decimal';

const placesOf = (a: UserAccount | undefined) => a?.precision ?? 18;

export type LockType = 'lock' | 'unlock';
export type LockMode = 'percentage' | 'amount';

export interface LockInput {
  type: LockType;
  mode: LockMode;
  /** The typed percentage or amount, as text. */
  value: string;
  /** The account an amount applies to. */
  currency: string;
}

export interface PreviewRow {
  currency: string;
  balance: [string, string];
  locked: [string, string];
}

export interface Preview {
  rows: PreviewRow[];
  /** Why the request cannot go through as typed; null when it can. */
  problem: string | null;
}

/** Spec §5: submit stays disabled while the amount or percentage is empty or zero. */
export function lockProblem(input: LockInput): string | null {
  if (!isPositive(input.value)) return input.mode === 'percentage' ? 'Enter a percentage above 0' : 'Enter an amount above 0';
  if (input.mode === 'percentage' && toFixed18(input.value) > toFixed18('100')) return 'At most 100';
  if (input.mode === 'amount' && !input.currency) return 'Choose a currency';
  return null;
}

export function previewLock(accounts: readonly UserAccount[], input: LockInput): Preview {
  const problem = lockProblem(input);
  if (problem) return { rows: [], problem };
  if (input.mode === 'amount') {
    const places = placesOf(accounts.find((a) => a.currency === input.currency));
    if (decimalPlaces(input.value) > places) {
      return { rows: [], problem: `${input.currency.toUpperCase()} takes at most ${places} decimal${places === 1 ? '' : 's'}` };
    }
  }
  const rows: PreviewRow[] = [];
  let short = false;
  for (const a of accounts) {
    if (input.mode === 'amount' && a.currency !== input.currency) continue;
    const balance = toFixed18(a.balance);
    const locked = toFixed18(a.locked);
    const source = input.type === 'lock' ? balance : locked;
    const moved = input.mode === 'amount' ? toFixed18(input.value)
      : shareOf(input.type === 'lock' ? a.balance : a.locked, input.value, placesOf(a));
    if (moved > source) short = true;
    const sign = input.type === 'lock' ? 1n : -1n;
    rows.push({
      currency: a.currency,
      balance: [fromFixed18(balance), fromFixed18(balance - sign * moved)],
      locked: [fromFixed18(locked), fromFixed18(locked + sign * moved)],
    });
  }
  if (short) return { rows, problem: input.type === 'lock' ? 'Not enough balance to lock' : 'Not enough locked funds to unlock' };
  return { rows, problem: null };
}
