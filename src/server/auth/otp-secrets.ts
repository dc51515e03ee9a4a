/**
 * TOTP secrets at rest (README.md, "Secrets at rest"): `users.otp_secret` holds the secret sealed
 * (sealed.ts, AES-256-GCM under the secrets key) with its user's id as the additional data, so a value
 * copied onto another user does not open there. Every write goes through `otpSecretToStore`, every read
 * through `openOtpSecret`. Without a key (DATABASE_URL and no STEWARD_SECRETS_KEY) secrets are stored and
 * read as plaintext — 2FA keeps working, and the start says so once. Never in an answer, an audit record
 * or a log: a refusal names the user's id and the reason, never the value.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { plaintextOtpSecrets, sealOtpSecretRows } from '../db/queries/users-auth.js';
import { isSealed, seal, SealError, unseal } from './sealed.js';
import { TotpError, verifyTotp } from './totp.js';

const context = (userId: number) => `users.otp_secret of user ${userId}`;

/** The value to store for a user's new TOTP secret: sealed with a key, else the plaintext. */
export const otpSecretToStore = (key: Buffer | null, userId: number, secret: string): string =>
  (key ? seal(key, secret, context(userId)) : secret);

/**
 * The TOTP secret of a user row, whatever its form: null when none, the plaintext of a row not sealed
 * yet (written before, or without a key), else the sealed value opened — SealError (sealed.ts) when no key,
 * another key, or a value altered or moved from another user.
 */
export function openOtpSecret(key: Buffer | null, user: { id: number; otp_secret: string | null }): string | null {
  const v = user.otp_secret;
  if (!v) return null;
  return isSealed(v) ? unseal(key, v, context(user.id)) : v;
}

/**
 * A code checked against a user's stored secret (verifyTotp's answer). A secret that is missing or does not
 * open (SealError: no key, another key, altered or moved) cannot confirm anything: null, a wrong code to the
 * caller (never a 500), logged with the reason and the user's id, never the value. Sign-in has its own path
 * (its refusal also counts the try).
 */
export async function checkOtpCode(
  key: Buffer | null, user: { id: number; otp_secret: string | null; otp_last_step: number | null }, code: string, now: Date,
  log: { error: (o: object, msg: string) => void },
): Promise<number | 'spent' | null> {
  try {
    return await verifyTotp(openOtpSecret(key, user), code, now, user.otp_last_step);
  } catch (err) {
    if (!(err instanceof TotpError) && !(err instanceof SealError)) throw err;
    log.error({ err, user: user.id }, 'totp verification failed');
    return null;
  }
}

/**
 * Seals every TOTP secret stored in plaintext, in batches of one statement each; run at each start with a
 * key, and by the seed. Idempotent: only rows not sealed are read (migration 0050's index), and each is
 * replaced only if unchanged since, so two nodes starting together seal a row once. How many this call sealed.
 */
export async function sealPlaintextOtpSecrets(db: Kysely<DB>, key: Buffer, batch = 500): Promise<number> {
  let sealed = 0;
  for (let after = 0; ;) {
    const rows = await plaintextOtpSecrets(db, after, batch);
    sealed += await sealOtpSecretRows(db, rows.map((r) => ({ id: r.id, plaintext: r.otp_secret!, sealed: seal(key, r.otp_secret!, context(r.id)) })));
    if (rows.length < batch) return sealed;
    after = rows[rows.length - 1]!.id;
  }
}

/** The start's pass (main.ts): seals old plaintext with the key, or warns once that secrets stay plaintext. */
export async function sealOtpSecretsAtStart(db: Kysely<DB>, key: Buffer | null, say: (line: string) => void): Promise<void> {
  if (key) {
    const n = await sealPlaintextOtpSecrets(db, key);
    if (n > 0) say(`Sealed ${n} TOTP secret(s) stored in plaintext`);
    return;
  }
  say('Warning: STEWARD_SECRETS_KEY is not set: TOTP secrets (2FA) are stored in plaintext in the database; set it on every node to seal them');
}
