/**
 * What every customer identity call shares: reading a body with one struct (Barong's codes), the
 * captcha as the sign-in checks it, a KYC label set by the customer's own proof, and work run after
 * the answer (a code's delivery, so the answer's timing cannot tell a known address from an unknown one).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Struct } from 'superstruct';
import type { DB } from '../../db/schema.js';
import { validateForm } from '../../../shared/users.js';
import { ApiError, fail } from '../../plugins/errors.js';
import { withAudit } from '../../plugins/audit.js';
import { verifyCaptcha } from '../captcha.js';
import { privateLabels, upsertLabel } from '../../db/queries/labels.js';
import { applyStanding } from '../users/kyc.js';
import type { AdminUserRow } from '../../db/queries/users-admin.js';
import type { SessionUser } from '../context.js';

/** The body checked by `struct`: 422 with `<prefix>.missing_<f>`/`invalid_<f>` (and the overrides in `codes`). */
/** The identity calls' throttle refusal (sign-up, e-mail and password codes), as Barong answers it. */
export const IDENTITY_TOO_MANY = 'identity.user.too_many_attempts';

export function parse<T, S>(struct: Struct<T, S>, req: FastifyRequest, prefix: string, codes?: Record<string, string>): T {
  const b = req.body;
  const input = b && typeof b === 'object' && !Array.isArray(b) ? b : {};
  const r = validateForm(struct, input, { prefix, codes });
  if (!r.ok) throw new ApiError(422, r.errors, r.fields);
  return r.value;
}

/** Barong's captcha_protected_endpoints (user_create, password_reset, email_confirmation): as the sign-in. */
export async function captcha(app: FastifyInstance, req: FastifyRequest, response: string | null | undefined): Promise<void> {
  const outcome = await verifyCaptcha(app.deps.config.captcha, app.deps.fetch, response ?? undefined, req.ip ?? '');
  if (outcome === 'required') fail(400, 'identity.captcha.required');
  if (outcome === 'failed') fail(422, 'identity.captcha.verification_failed');
}

/**
 * Inside the write's transaction: the private KYC label `key` set to `value` by the customer's own step
 * (a confirmed e-mail, a verified phone, a submitted profile), level and state recomputed (users/kyc.ts).
 */
export async function setOwnLabel(trx: Kysely<DB>, user: AdminUserRow, key: 'email' | 'phone' | 'profile' | 'document', value: string, now: Date): Promise<void> {
  const before = await privateLabels(trx, user.id);
  await upsertLabel(trx, user.id, { key, value, scope: 'private' }, now);
  await applyStanding(trx, user, before, user.id, `${key} ${value} by the user`, now);
}

/**
 * The signed-in customer. KYC records (profiles, phones) are a customer's: a staff session is refused 403
 * `resource.user.not_customer`, so no staff account enters the review queues its colleagues work, and a
 * staff member cannot confuse their own records with a customer's. Staff keep the calls about their own
 * account (users/me, password, 2FA, activity, labels).
 */
export function customer(app: FastifyInstance, req: FastifyRequest): SessionUser {
  const me = req.auth?.user ?? fail(401, 'authz.invalid_session');
  if (app.deps.config.allowedRoles.includes(me.role)) fail(403, 'resource.user.not_customer');
  return me;
}

/**
 * A signed-in user's own write, with the staff writes' audit guarantee: every attempt leaves exactly one
 * user activity. The write's own withAudit (an `actor`) records success and refusals inside it; a refusal
 * before it — the body, a fence, a brake — is recorded here as `failed` with its codes (withAudit of a
 * write that throws). Not for the anonymous identity calls: a flood of bad bodies would write a row each.
 * Rather than the gateway's onSend audit (req.authzAudit, the member order routes'): it names the action
 * and keeps the data to what the call says, where the body's 2FA and SMS codes are not masked by key.
 */
export async function ownWrite<T>(
  req: FastifyRequest, audit: { topic: string; action: string; data?: unknown }, run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (req.audited || !(err instanceof ApiError) || !req.auth) throw err;
    return withAudit(req, { ...audit, category: 'user' }, async () => { throw err; });
  }
}

export type Later = (req: FastifyRequest, what: string, fn: () => Promise<unknown>) => void;

/**
 * Work run after the answer (register at start: hooks cannot be added to a ready app). A failure is
 * logged with the request id; the app's close waits for what is still running.
 */
export function laterRunner(app: FastifyInstance): Later {
  const tasks = new Set<Promise<unknown>>();
  app.addHook('onClose', async () => { await Promise.allSettled([...tasks]); });
  return (req, what, fn) => {
    const p: Promise<unknown> = fn()
      .catch((err) => req.log.error({ err, reqId: req.id }, `${what} failed after the answer`))
      .finally(() => tasks.delete(p));
    tasks.add(p);
  };
}
