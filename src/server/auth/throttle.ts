/**
 * Brute-force brake for sign-in. Every attempt is counted BEFORE its password is hashed, in the database
 * (auth_attempts), so the numbers hold across API nodes and under any parallelism: a budget per key
 * refilling continuously (GCRA — `max` attempts at once, then one more every window/max), taken by one
 * atomic upsert per key (db/queries/users-auth.ts takeAttempt). A refused attempt costs no hash and
 * takes nothing from any budget. Attempts that turn out not to be guesses (right password) give their
 * share back.
 *
 * The budgets (src/server/auth/README.md, Sign-in and sessions):
 * - per account and address (`pair`): an attacker at one address is stopped on that account quickly;
 * - per address (`ip`): one address trying many accounts;
 * - per account (`account`): the slow brake on a distributed attack. It would hand anyone a lockout
 *   of the owner, so it has ways through: an address the account signed in from before, and, for an
 *   account with 2FA, a request carrying both factors (checked in full; anything short of both right
 *   answers 429 like the brake itself, so it tells an attacker nothing);
 * - wrong second factors per account (`code`), charged only after a right password, with no way
 *   through: only someone who holds the password can spend it.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { Config } from '../config.js';
import {
  attemptsLeft, clearAttempts, knownOrigin, recordOrigin, returnAttempt, sweepAttempts, sweepOrigins, takeAttempt,
} from '../db/queries/users-auth.js';

const MINUTE = 60_000;
/** How long a successful sign-in makes its address a way through the per-account brake. */
export const ORIGIN_TTL_MS = 90 * 24 * 60 * MINUTE;
/** Sign-ins one address may have in progress on one node; more are refused before any database work. */
export const IN_FLIGHT_PER_IP = 2;
/** A table-wide sweep of spent rows at most this often per process. */
const SWEEP_EVERY_MS = MINUTE;

export type Budget = 'pair' | 'ip' | 'account' | 'code';

/** `max` attempts within `windowMs`, refilling one every windowMs / max. */
export interface Limit { max: number; windowMs: number }

export function signInLimits(config: Pick<Config, 'signIn'>): Record<Budget, Limit> {
  const { perAccountIp, perIp, perAccount } = config.signIn;
  return {
    pair: { max: perAccountIp, windowMs: 15 * MINUTE },
    ip: { max: perIp, windowMs: 15 * MINUTE },
    account: { max: perAccount, windowMs: 60 * MINUTE },
    code: { max: 5, windowMs: 15 * MINUTE },
  };
}

/** One budget of one attempt: its key in auth_attempts and its limit. */
export interface Charge<B extends string = Budget> { budget: B; key: string }

/**
 * The keys of an attempt. Known users are counted under their email, so an email and a username share
 * one budget; an unknown identity is counted under what was typed, exactly like a known one.
 */
export function attemptKeys(identity: string, ip: string): Record<Budget, Charge> {
  const who = identity.trim().toLowerCase();
  return {
    pair: { budget: 'pair', key: `pair:${who}|${ip}` },
    ip: { budget: 'ip', key: `ip:${ip}` },
    account: { budget: 'account', key: `account:${who}` },
    code: { budget: 'code', key: `code:${who}` },
  };
}

/** The sign-in's budgets by default; the customer identity calls bring their own (auth/customer/limits.ts). */
export class Throttle<B extends string = Budget> {
  private lastSweep = -Infinity;
  private readonly inFlight = new Map<string, number>();

  constructor(
    private readonly db: Kysely<DB>, private readonly now: () => Date, private readonly limits: Record<B, Limit>,
  ) {}

  /** Whole milliseconds: the interval reaches SQL as text. */
  private period(c: Charge<B>): number {
    const l = this.limits[c.budget];
    return Math.ceil(l.windowMs / l.max);
  }

  /** Admits a sign-in from `ip` unless this node already works on IN_FLIGHT_PER_IP of them; pair with leave(). */
  enter(ip: string): boolean {
    const n = this.inFlight.get(ip) ?? 0;
    if (n >= IN_FLIGHT_PER_IP) return false;
    this.inFlight.set(ip, n + 1);
    return true;
  }

  leave(ip: string): void {
    const n = (this.inFlight.get(ip) ?? 1) - 1;
    if (n <= 0) this.inFlight.delete(ip); else this.inFlight.set(ip, n);
  }

  /**
   * Takes one attempt from each budget, in order; on the first refusal gives back what it took and
   * answers false, so a refused attempt is charged nowhere.
   */
  async take(charges: Charge<B>[]): Promise<boolean> {
    const now = this.now();
    await this.sweep(now);
    const taken: Charge<B>[] = [];
    for (const c of charges) {
      const l = this.limits[c.budget];
      if (!(await takeAttempt(this.db, c.key, now, this.period(c), l.windowMs))) {
        await this.giveBack(taken);
        return false;
      }
      taken.push(c);
    }
    return true;
  }

  /** Whether the budget has an attempt left (nothing taken). */
  async open(c: Charge<B>): Promise<boolean> {
    return attemptsLeft(this.db, c.key, this.now(), this.period(c), this.limits[c.budget].windowMs);
  }

  /** Returns one attempt to each budget. */
  async giveBack(charges: Charge<B>[]): Promise<void> {
    for (const c of charges) await returnAttempt(this.db, c.key, this.period(c));
  }

  async clear(charges: Charge<B>[]): Promise<void> {
    await clearAttempts(this.db, charges.map((c) => c.key));
  }

  /** Whether the user signed in from `ip` within ORIGIN_TTL_MS (userId 0: an unknown identity, same cost). */
  knownOrigin(userId: number, ip: string): Promise<boolean> {
    return knownOrigin(this.db, userId, ip, new Date(this.now().getTime() - ORIGIN_TTL_MS));
  }

  rememberOrigin(userId: number, ip: string): Promise<void> {
    return recordOrigin(this.db, userId, ip, this.now());
  }

  private async sweep(now: Date): Promise<void> {
    if (now.getTime() - this.lastSweep < SWEEP_EVERY_MS && now.getTime() >= this.lastSweep) return;
    this.lastSweep = now.getTime();
    await sweepAttempts(this.db, now);
    await sweepOrigins(this.db, new Date(now.getTime() - ORIGIN_TTL_MS));
  }
}
