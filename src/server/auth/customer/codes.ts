/**
 * One-time codes and their delivery. E-mail confirmation and password-reset tokens are 32 random bytes
 * (base64url); SMS codes 6 digits. Only a SHA-256 is stored (migration 0041), a code is spent by one
 * atomic UPDATE, and a new code of a purpose replaces the older ones. Delivery goes through the message
 * provider serving the user's country and its transport (db/queries/messaging.ts chooseProvider,
 * server/messaging) like staff's test messages, and leaves a service-log row — without the message's
 * text, which carries the secret: staff who read service logs must not be able to take over an account.
 * The provider is called outside any transaction (a slow one must not hold a connection).
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { codeSpent, replaceCode, spendCode, type CodePurpose } from '../../db/queries/customer.js';
import { fail } from '../../plugins/errors.js';
import { chooseProvider, insertServiceLog, messageRecipient, smsSender } from '../../db/queries/messaging.js';
import type { SendResult } from '../../messaging/index.js';

const HOUR = 3_600_000;
/** How long a code works (Barong's JWT tokens live minutes to a day; an SMS code briefly). */
export const CODE_TTL_MS: Record<CodePurpose, number> = { email: 24 * HOUR, password: HOUR, phone: 10 * 60_000 };

/**
 * The stored form of a code. A token is unique by itself; a 6-digit SMS code is not, so its hash also
 * names the user and the number (two users may hold the same digits at once).
 */
export function codeHash(purpose: CodePurpose | 'beneficiary', secret: string, scope = ''): string {
  return createHash('sha256').update(`${purpose}\n${scope}\n${secret}`).digest('hex');
}

export const phoneScope = (userId: number, number: string) => `${userId}:${number}`;

/** Issues a new code of `purpose` for the user (older ones of the purpose are gone); returns the secret. */
export async function issueCode(
  db: Kysely<DB>, now: Date, userId: number, purpose: CodePurpose, target: string | null = null,
): Promise<string> {
  const secret = purpose === 'phone' ? String(randomInt(0, 1_000_000)).padStart(6, '0') : randomBytes(32).toString('base64url');
  const scope = purpose === 'phone' ? phoneScope(userId, target ?? '') : '';
  await replaceCode(db, {
    userId, purpose, hash: codeHash(purpose, secret, scope), target, expiresAt: new Date(now.getTime() + CODE_TTL_MS[purpose]), now,
  });
  return secret;
}

/** The codes of a refused code: a reused one, and one unknown or past its time. */
export interface CodeRefusals { used: string; invalid: string; status: number }
const TOKEN_REFUSALS: CodeRefusals = { used: 'identity.user.utilized_token', invalid: 'identity.user.invalid_token', status: 422 };

/**
 * Spends a code (spendCode: atomic, once, in time); for an SMS code, only the signed-in user's for that
 * number. Refused (422 for tokens): `used` when it was spent before, else `invalid`.
 */
export async function useCode(
  db: Kysely<DB>, now: Date, purpose: CodePurpose, secret: string,
  owner?: { userId: number; number: string }, refusals: CodeRefusals = TOKEN_REFUSALS,
): Promise<{ user_id: number; target: string | null }> {
  const hash = codeHash(purpose, secret, owner ? phoneScope(owner.userId, owner.number) : '');
  const spent = await spendCode(db, purpose, hash, now, owner?.userId);
  if (spent) return spent;
  return fail(refusals.status, (await codeSpent(db, purpose, hash)) ? refusals.used : refusals.invalid);
}

export interface Outgoing { uid: string; kind: 'email' | 'sms'; topic: string; subject: string; text: string; to?: string }

/**
 * Sends a message to a user through their country's provider and records the service-log row. A
 * provider's refusal is that row's result, not the caller's error: the customer's answer must not
 * depend on it (it would tell whether an address has an account).
 */
export async function deliver(app: FastifyInstance, req: FastifyRequest, m: Outgoing): Promise<SendResult | null> {
  const db = app.deps.db.kysely;
  const user = await messageRecipient(db, m.uid);
  if (!user) return null;
  const provider = await chooseProvider(db, m.kind, user.country);
  // No provider configured for the type: the transport for an unnamed service (SMTP or the SMS API when
  // they serve every name, else the log transport), so a fresh install still shows what it would send.
  const serviceName = provider?.service_name ?? 'default';
  let sent: SendResult;
  const to = m.to ?? (m.kind === 'email' ? user.email : user.phone_number ?? '');
  if (m.kind === 'email') {
    sent = await app.deps.messaging.email(serviceName).send({ to, subject: m.subject, text: m.text });
  } else {
    const from = provider ? await smsSender(db, provider.id, user.country) : null;
    sent = await app.deps.messaging.sms(serviceName).send({ to, from, text: m.text, service: serviceName });
  }
  const metadata = {
    transport: sent.transport, to, platform_setting_id: provider?.id ?? null,
    ...(sent.provider_message_id ? { provider_message_id: sent.provider_message_id } : {}),
    ...(sent.error ? { error: sent.error } : {}),
    ...(sent.timed_out_after_ms !== undefined ? { timed_out_after_ms: sent.timed_out_after_ms } : {}),
  };
  await db.transaction().execute((trx) => insertServiceLog(trx, {
    user, serviceName, serviceType: m.kind, topic: m.topic, userIp: req.ip ?? null, result: sent.result, metadata, at: app.deps.now(),
  }));
  if (sent.result !== 'success') req.log.warn({ uid: m.uid, topic: m.topic, result: sent.result, error: sent.error }, 'customer message not delivered');
  return sent;
}

/** The link of an e-mail confirmation: the console's /email-verification route with the token. */
export const confirmationLink = (app: FastifyInstance, token: string) =>
  `${app.deps.config.publicUrl}/email-verification?token=${encodeURIComponent(token)}`;
