/**
 * Provider webhook signatures (src/server/applogic/README.md, Provider transactions): Stripe's scheme for all
 * three providers. The header is `t=<unix seconds>,v1=<hex>[,v1=<hex>…]` (several v1 while a secret rotates);
 * each v1 is HMAC-SHA256 of `<t>.<raw body>` with the provider's secret. A signature is good when one v1
 * matches (compared in constant time) and t is within the tolerance of the clock either way, so a captured
 * delivery cannot be replayed later.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Provider } from '../../shared/resources/provider-transactions.js';

/** The header each provider signs in (lower-case, as Node hands headers over). */
export const SIGNATURE_HEADERS: Record<Provider, string> = {
  simplex: 'x-simplex-signature', banxa: 'x-banxa-signature', stripe: 'stripe-signature',
};

export type SignatureRefusal = 'missing_signature' | 'invalid_signature' | 'timestamp_out_of_tolerance';

const mac = (secret: string, t: string, raw: Buffer | string) =>
  createHmac('sha256', secret).update(`${t}.`).update(raw).digest();

/** The header value that signs `raw` at `at` (the demo seed and the tests sign their deliveries with it). */
export function signatureHeader(secret: string, raw: Buffer | string, at: Date): string {
  const t = String(Math.floor(at.getTime() / 1000));
  return `t=${t},v1=${mac(secret, t, raw).toString('hex')}`;
}

/** Checks one delivery's signature header against the raw body; undefined when good. */
export function verifySignature(header: unknown, raw: Buffer, secret: string, now: Date, toleranceSeconds: number): SignatureRefusal | undefined {
  if (typeof header !== 'string' || header === '') return 'missing_signature';
  let t: string | undefined;
  const given: Buffer[] = [];
  for (const part of header.split(',')) {
    const [k, v, extra] = part.trim().split('=');
    if (extra !== undefined || v === undefined) return 'invalid_signature';
    if (k === 't') {
      if (t !== undefined || !/^\d{1,12}$/.test(v)) return 'invalid_signature';
      t = v;
    } else if (k === 'v1') {
      if (!/^[0-9a-f]{64}$/i.test(v)) return 'invalid_signature';
      given.push(Buffer.from(v, 'hex'));
    }
    // Other schemes (Stripe's v0) are ignored, as Stripe's own libraries do.
  }
  if (t === undefined || !given.length) return 'invalid_signature';
  const expected = mac(secret, t, raw);
  // Every candidate is compared (no early exit), each in constant time.
  let ok = false;
  for (const g of given) ok = timingSafeEqual(g, expected) || ok;
  if (!ok) return 'invalid_signature';
  if (Math.abs(now.getTime() / 1000 - Number(t)) > toleranceSeconds) return 'timestamp_out_of_tolerance';
  return undefined;
}
