/**
 * argon2id password hashing (@node-rs/argon2: prebuilt binary from the registry, no compile), and the
 * gate that bounds how many run at once.
 */
import { hash, verify } from '@node-rs/argon2';

const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/**
 * A digest of a random password, computed once: a refusal that has no real digest to check (unknown
 * identity, a digest that cannot verify) is verified against it, so every refusal costs one argon2id
 * run of the standard parameters and none can be told apart by timing.
 */
let dummy: Promise<string> | undefined;
export function dummyDigest(): Promise<string> {
  dummy ??= hashPassword(`no-such-user-${Math.random()}`);
  return dummy;
}

/**
 * Whether `password` matches `digest`. A digest the library refuses to read (seeded customers carry
 * '!', a truncated or foreign string) fails at once, so the dummy is verified in its place: that
 * refusal then costs what a wrong password costs.
 */
export async function verifyPassword(digest: string | null | undefined, password: string): Promise<boolean> {
  if (digest) {
    try {
      return await verify(digest, password);
    } catch {
      // Not a digest: fall through to the same work as an unknown identity.
    }
  }
  await verify(await dummyDigest(), password).catch(() => false);
  return false;
}

/**
 * Bounds the work sign-ins cause: at most `concurrency` hashes at once, and at most `concurrency +
 * queue` sign-ins in progress at all. argon2id takes ~20 MB and a core for tens of milliseconds;
 * unbounded, a burst fills libuv's thread pool and both cores, and its database work (look-up, budgets,
 * activity) crowds the pool, so every other request — a staff list — waits behind it. A sign-in takes
 * its place before any database work (enter), so a caller past the bound is refused at once, with
 * nothing done: a fast 503 beats a slow timeout, and a waiting hash waits a few hashes at most.
 */
export class HashGate {
  private inside = 0;
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly places: number;

  constructor(private readonly concurrency: number, queue: number) {
    this.places = concurrency + queue;
  }

  /** Takes a place, or answers false when every place is taken; pair with leave(). */
  enter(): boolean {
    if (this.inside >= this.places) return false;
    this.inside++;
    return true;
  }

  leave(): void {
    this.inside--;
  }

  /** Runs `fn` when one of the `concurrency` slots is free (the places bound how many can wait). */
  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await fn();
    } finally {
      // The slot passes straight to the next waiter, so `running` never dips below a busy gate's count.
      const next = this.waiting.shift();
      if (next) next(); else this.running--;
    }
  }
}
