/** argon2id password hashing (@node-rs/argon2: prebuilt binary from the registry, no compile). */
import { hash, verify } from '@node-rs/argon2';

const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(digest: string, password: string): Promise<boolean> {
  try {
    return await verify(digest, password);
  } catch {
    return false;
  }
}

/**
 * A digest of a random password, computed once: unknown identities are verified against it so they
 * cost the same time as a wrong password and cannot be told apart by timing.
 */
let dummy: Promise<string> | undefined;
export function dummyDigest(): Promise<string> {
  dummy ??= hashPassword(`no-such-user-${Math.random()}`);
  return dummy;
}
