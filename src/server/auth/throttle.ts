/**
 * Brute-force brake for sign-in: at most MAX_FAILURES wrong passwords or 2FA codes per identity and
 * per client IP inside WINDOW_MS. Counters live in the database (auth_failures) so every API node
 * sees the same numbers. The check happens before the password is verified, so at the limit even
 * the right password gets the same 429 and an attacker learns nothing.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { clearFailures, deleteOldFailures, insertFailures, maxFailures } from '../db/queries/users-auth.js';

export const MAX_FAILURES = 10;
export const WINDOW_MS = 15 * 60_000;
/** A table-wide sweep of expired rows at most this often per process. */
const SWEEP_EVERY_MS = 60_000;

export const identityKey = (identity: string) => `id:${identity.trim().toLowerCase()}`;
export const ipKey = (ip: string) => `ip:${ip}`;

export class Throttle {
  private lastSweep = -Infinity;

  constructor(private readonly db: Kysely<DB>, private readonly now: () => Date) {}

  /** True when the identity or the IP has used up its failures in the window. */
  async blocked(keys: string[]): Promise<boolean> {
    const since = new Date(this.now().getTime() - WINDOW_MS);
    return (await maxFailures(this.db, keys, since)) >= MAX_FAILURES;
  }

  async recordFailure(keys: string[]): Promise<void> {
    const now = this.now();
    const before = new Date(now.getTime() - WINDOW_MS);
    await insertFailures(this.db, keys, now);
    // Old rows of these keys go on every failure (cheap, indexed); the whole table now and then.
    await deleteOldFailures(this.db, before, keys);
    if (now.getTime() - this.lastSweep >= SWEEP_EVERY_MS) {
      this.lastSweep = now.getTime();
      await deleteOldFailures(this.db, before);
    }
  }

  /** After a successful sign-in the identity starts afresh; the IP counter is kept on purpose. */
  async clearIdentity(key: string): Promise<void> {
    await clearFailures(this.db, key);
  }
}
