/**
 * Secrets at rest (README.md, "Secrets at rest"): AES-256-GCM under the server's secrets key
 * (STEWARD_SECRETS_KEY, or for the embedded database a key file made once in its data directory).
 * A sealed value is `sealed:v1:<key id>:<base64url of 12-byte IV | ciphertext | 16-byte tag>`; the key id
 * (the first 8 hex digits of the key's SHA-256) lets a wrong key be told from a damaged value, and the
 * caller's `context` (which row and column) is the additional data, so a value copied to another row
 * does not open there. Opening never returns anything it could not authenticate: it throws SealError.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const PREFIX = 'sealed:v1:';
const KEY_BYTES = 32, IV_BYTES = 12, TAG_BYTES = 16;

export class SealError extends Error {
  constructor(readonly reason: 'no_key' | 'wrong_key' | 'damaged', message: string) { super(message); }
}

/** The key from its text: 64 hex digits or the base64 of 32 bytes; null when it is neither. */
export function parseSecretsKey(text: string): Buffer | null {
  const t = text.trim();
  if (/^[0-9a-f]{64}$/i.test(t)) return Buffer.from(t, 'hex');
  const b = /^[A-Za-z0-9+/_-]{43}=?$/.test(t) ? Buffer.from(t, 'base64') : null;
  return b?.length === KEY_BYTES ? b : null;
}

/** A key's public name: enough to say "sealed under another key", nothing about the key. */
export const keyId = (key: Buffer): string => createHash('sha256').update(key).digest('hex').slice(0, 8);

export const isSealed = (value: string): boolean => value.startsWith(PREFIX);

export function seal(key: Buffer, plaintext: string, context: string): string {
  const iv = randomBytes(IV_BYTES);
  const c = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([iv, c.update(plaintext, 'utf8'), c.final(), c.getAuthTag()]);
  return `${PREFIX}${keyId(key)}:${body.toString('base64url')}`;
}

/** The plaintext of a sealed value, or SealError: no key, sealed under another key, or not authentic. */
export function unseal(key: Buffer | null, sealed: string, context: string): string {
  if (!key) throw new SealError('no_key', `${context} is sealed and no secrets key is configured (STEWARD_SECRETS_KEY)`);
  const m = /^sealed:v1:([0-9a-f]{8}):([A-Za-z0-9_-]+)$/.exec(sealed);
  if (!m) throw new SealError('damaged', `${context} is not a sealed value`);
  if (m[1] !== keyId(key)) {
    throw new SealError('wrong_key', `${context} was sealed under key ${m[1]}, but the configured secrets key is ${keyId(key)} (STEWARD_SECRETS_KEY)`);
  }
  const body = Buffer.from(m[2]!, 'base64url');
  if (body.length < IV_BYTES + TAG_BYTES) throw new SealError('damaged', `${context}: the sealed value is truncated`);
  try {
    const d = createDecipheriv('aes-256-gcm', key, body.subarray(0, IV_BYTES)).setAAD(Buffer.from(context, 'utf8'));
    d.setAuthTag(body.subarray(body.length - TAG_BYTES));
    return Buffer.concat([d.update(body.subarray(IV_BYTES, body.length - TAG_BYTES)), d.final()]).toString('utf8');
  } catch {
    throw new SealError('damaged', `${context}: the sealed value does not authenticate (altered, or moved from another row)`);
  }
}

/**
 * The embedded database's key, kept beside it in `<dataDir>/secrets.key` (mode 0600), made on the first
 * start; its text is checked as STEWARD_SECRETS_KEY's is. A database dump or a copied table holds no key.
 */
export function dataDirSecretsKey(dataDir: string): { key: Buffer; made: boolean; path: string } {
  const path = join(dataDir, 'secrets.key');
  try {
    writeFileSync(path, `${randomBytes(KEY_BYTES).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
    return { key: readKeyFile(path), made: true, path };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return { key: readKeyFile(path), made: false, path };
  }
}

function readKeyFile(path: string): Buffer {
  const key = parseSecretsKey(readFileSync(path, 'utf8'));
  if (!key) throw new SealError('damaged', `${path} does not hold a secrets key (64 hex digits or the base64 of 32 bytes)`);
  return key;
}
