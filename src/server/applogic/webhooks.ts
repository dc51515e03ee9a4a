/**
 * Provider webhooks (src/server/applogic/README.md, Provider transactions): `POST
 * /api/v2/applogic/public/webhooks/{simplex| banxa|stripe}`. Under the service's public prefix, which the
 * session gate and the permission check pass (auth/paths.ts): the provider's signature is the authentication.
 * The body is kept as raw bytes (this scope's own parser) so the HMAC is over exactly what was sent; nothing is
 * parsed before the signature is good. Then the body is checked (a clear code, nothing changed) and the event
 * applied in one transaction (money/provider-transactions.ts). The demo seed delivers its signed webhooks
 * through `checkDelivery` and `applyDelivery` (in its own transaction).
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { PROVIDERS, type Provider } from '../../shared/resources/provider-transactions.js';
import { ApiError } from '../plugins/errors.js';
import { applyEvent, type IngestResult } from '../money/provider-transactions.js';
import { parseEvent, type ProviderEvent } from './providers.js';
import { SIGNATURE_HEADERS, verifySignature } from './webhook-signature.js';

const P = 'applogic.webhook';

export interface Delivery {
  provider: Provider;
  raw: Buffer;
  signature: unknown;
  secret: string | undefined;
  toleranceSeconds: number;
  now: Date;
}

/** A delivery's signature and body checked: its event, or an ApiError (nothing read from the database yet). */
export function checkDelivery(d: Delivery): ProviderEvent {
  if (!d.secret) throw new ApiError(403, [`${P}.not_configured`]);
  const bad = verifySignature(d.signature, d.raw, d.secret, d.now, d.toleranceSeconds);
  if (bad) throw new ApiError(401, [`${P}.${bad}`]);
  const event = parseEvent(d.provider, d.raw);
  if (!('event_id' in event)) {
    if (!('field' in event)) throw new ApiError(400, [`${P}.malformed_body`]);
    throw new ApiError(422, [`${P}.${event.code}`], { [event.field]: [`${P}.${event.code}`] });
  }
  return event;
}

/** A checked event applied in the caller's transaction; a refusal throws (the caller rolls back). */
export async function applyDelivery(trx: Kysely<DB>, provider: Provider, event: ProviderEvent, now: Date): Promise<IngestResult> {
  const done = await applyEvent(trx, provider, event, now);
  if (typeof done === 'string') {
    const field = done === 'member_doesnt_exist' ? 'uid' : done === 'transaction_mismatch' ? 'reference' : done === 'currency_doesnt_exist' ? 'crypto_currency' : 'crypto_amount';
    throw new ApiError(422, [`${P}.${done}`], { [field]: [`${P}.${done}`] });
  }
  return done;
}

/** One delivery, checked and applied in a transaction of its own; throws an ApiError (nothing changed) when refused. */
export async function ingestWebhook(db: Kysely<DB>, d: Delivery): Promise<IngestResult> {
  const event = checkDelivery(d);
  return db.transaction().execute((trx) => applyDelivery(trx, d.provider, event, d.now));
}

export async function webhookRoutes(app: FastifyInstance): Promise<void> {
  await app.register(async (w) => {
    // Raw bytes for every content type: the signature is over them, and the body is parsed here after it.
    w.removeAllContentTypeParsers();
    w.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    for (const provider of PROVIDERS) {
      w.post(`/public/webhooks/${provider}`, async (req, reply) => {
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const { webhooks } = app.deps.config;
        const done = await ingestWebhook(app.deps.db.kysely, {
          provider, raw, signature: req.headers[SIGNATURE_HEADERS[provider]], secret: webhooks.secrets[provider],
          toleranceSeconds: webhooks.toleranceSeconds, now: app.deps.now(),
        });
        return reply.status(200).send({ received: true, ...done });
      });
    }
  });
}
