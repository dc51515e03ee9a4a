/**
 * Deposit addresses' passphrases, sealed at rest (README.md, "Deposit address secrets"): the passphrase an
 * Ethereum node's account is locked with (personal_newAccount) lets whoever holds it move what arrives
 * there, so `payment_addresses.secret` holds it sealed (auth/sealed.ts, AES-256-GCM under the secrets key),
 * bound to its row (member and chain). Never in an answer, an audit record or a log.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { addressSecret, plaintextAddressSecrets, sealAddressSecretRow } from '../db/queries/member-money.js';
import { isSealed, seal, SealError, unseal } from '../auth/sealed.js';

const context = (member: number, chain: string) => `payment_addresses.secret of member ${member} on ${chain}`;

/** The value to store for a new address's passphrase; SealError `no_key` when no key is configured. */
export function sealAddressSecret(key: Buffer | null, member: number, chain: string, secret: string): string {
  if (!key) throw new SealError('no_key', `${context(member, chain)} cannot be sealed: no secrets key is configured (STEWARD_SECRETS_KEY)`);
  return seal(key, secret, context(member, chain));
}

/**
 * The passphrase of the member's address on a chain, as the deposit wallet needs it to move funds; null when
 * the address has none (a Bitcoin one) or there is no address. Fails closed (SealError): no key, another key,
 * a value altered or moved from another row, or one still plaintext (sealed by the next start with a key).
 */
export async function readAddressSecret(db: Kysely<DB>, key: Buffer | null, member: number, chain: string): Promise<string | null> {
  const row = await addressSecret(db, member, chain);
  if (!row?.secret) return null;
  if (!isSealed(row.secret)) throw new SealError('damaged', `${context(member, chain)} is still plaintext: start the server with its secrets key to seal it`);
  return unseal(key, row.secret, context(member, chain));
}

/**
 * Seals every passphrase stored in plaintext (rows written before migration 0048), in batches; run at each
 * start with a key. Idempotent: only rows not yet sealed are read, and each is replaced only if unchanged
 * since, so two nodes starting together seal each row once. Returns how many this call sealed.
 */
export async function sealPlaintextAddressSecrets(db: Kysely<DB>, key: Buffer, batch = 500): Promise<number> {
  let sealed = 0;
  for (;;) {
    const rows = await plaintextAddressSecrets(db, batch);
    for (const r of rows) {
      if (await sealAddressSecretRow(db, r.id, r.secret!, seal(key, r.secret!, context(r.user_id, r.blockchain_key)))) sealed++;
    }
    if (rows.length < batch) return sealed;
  }
}

/** The start's pass (main.ts): seals old plaintext with the key, or says what cannot work without one. */
export async function sealSecretsAtStart(db: Kysely<DB>, key: Buffer | null, say: (line: string) => void): Promise<void> {
  if (key) {
    const n = await sealPlaintextAddressSecrets(db, key);
    if (n > 0) say(`Sealed ${n} deposit address passphrase(s) stored in plaintext by an earlier version`);
    return;
  }
  const left = (await plaintextAddressSecrets(db, 1)).length > 0;
  say(`STEWARD_SECRETS_KEY is not set: Ethereum deposit addresses cannot be made${left ? ', and passphrases stored in plaintext by an earlier version stay so' : ''}`);
}
