/**
 * Barong's identity calls: sign-in (both spellings), sign-out and the public auth configs.
 * Sign-in follows Barong's sessions.rb with two deliberate changes: the user's state is judged only
 * after the password is proven right (a wrong password never learns that an account is banned),
 * and a brute-force brake answers 429 before the password is even looked at.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { define, nullable, optional, type as shape } from 'superstruct';
import { check, coerceNumber, text } from '../../shared/validation.js';
import { USER_ACTIVITY } from '../../shared/activities.js';
import { ApiError, fail } from '../plugins/errors.js';
import { csrfHeader } from '../plugins/session.js';
import { dummyDigest, verifyPassword } from './passwords.js';
import { verifyCaptcha } from './captcha.js';
import { TotpError, verifyTotp } from './totp.js';
import { Throttle, identityKey, ipKey } from './throttle.js';
import {
  clearSessionCookie, endSession, hashSessionId, openSession, sameSecret, sessionIdFrom, userAgentOf,
} from './sessions.js';
import { userWithFullInfo } from './user-entity.js';
import { findUserByIdentity, insertUserActivity, setLastIp, type UserRow } from '../db/queries/users-auth.js';

/** Barong accepts a String (recaptcha, turnstile) or a Hash (geetest) and nothing else. */
const captchaResponse = define<string | Record<string, unknown>>('captcha_format',
  (v) => typeof v === 'string' || (typeof v === 'object' && v !== null && !Array.isArray(v)));
/** Some clients send the code as a number; leading zeros are then lost and the code simply fails. */
const otpCode = coerceNumber(text(32), (n) => String(n));
const common = {
  password: text(1024),
  captcha_response: optional(nullable(captchaResponse)),
  otp_code: optional(nullable(otpCode)),
};
const SignInByIdentity = shape({ identity: text(320), ...common });
const SignInByEmail = shape({ email: text(320), ...common });

const STATE_CODES: Record<string, string> = {
  banned: 'identity.session.banned',
  deleted: 'identity.session.deleted',
};

function parseSignIn(body: unknown, field: 'identity' | 'email') {
  const input = body && typeof body === 'object' && !Array.isArray(body) ? body : {};
  const v = field === 'identity'
    ? check(SignInByIdentity, input, 'identity.session')
    : check(SignInByEmail, input, 'identity.session');
  if (!v.ok) {
    const rename = (c: string) => (c === 'identity.session.invalid_captcha_response'
      ? 'identity.session.invalid_captcha_format' : c);
    const fields = Object.fromEntries(Object.entries(v.fields).map(([k, cs]) => [k, cs.map(rename)]));
    throw new ApiError(422, v.errors.map(rename), fields);
  }
  const value = v.value as { password: string; captcha_response?: unknown; otp_code?: string | null };
  const identity = field === 'identity'
    ? (v.value as { identity: string }).identity : (v.value as { email: string }).email;
  return { identity, ...value };
}

export function identityRoutes(app: FastifyInstance): void {
  const { db, config } = app.deps;
  const throttle = new Throttle(db.kysely, () => app.deps.now());

  const record = (req: FastifyRequest, userId: number | null, action: string, result: 'succeed' | 'failed',
    data: Record<string, unknown> = {}) =>
    insertUserActivity(db.kysely, {
      userId, ip: req.ip ?? null, userAgent: userAgentOf(req) || null,
      topic: USER_ACTIVITY.login.topic, action, result, data, now: app.deps.now(),
    });

  /** Records the failed attempt, then answers with the code. */
  const refuse = async (req: FastifyRequest, user: UserRow | undefined, status: number, code: string,
    action: string = USER_ACTIVITY.login.action): Promise<never> => {
    await record(req, user?.id ?? null, action, 'failed', { reason: code });
    fail(status, code);
  };

  async function signIn(req: FastifyRequest, reply: FastifyReply, field: 'identity' | 'email') {
    const input = parseSignIn(req.body, field);
    const ip = req.ip ?? '';
    const captcha = await verifyCaptcha(config.captcha, app.deps.fetch, input.captcha_response ?? undefined, ip);
    if (captcha === 'required') fail(400, 'identity.captcha.required');
    if (captcha === 'failed') fail(422, 'identity.captcha.verification_failed');

    const user = await findUserByIdentity(db.kysely, input.identity);
    // Known users are counted under their email, so email and username share one counter.
    const keys = [identityKey(user ? user.email : input.identity), ipKey(ip)];
    if (await throttle.blocked(keys)) await refuse(req, user, 429, 'identity.session.too_many_attempts');

    const digest = user ? user.password_digest : await dummyDigest();
    const passwordOk = await verifyPassword(digest, input.password);
    if (!user || !passwordOk) {
      await throttle.recordFailure(keys);
      return refuse(req, user, 401, 'identity.session.invalid_params');
    }
    if (user.state !== 'active' && user.state !== 'pending') {
      return refuse(req, user, 401, STATE_CODES[user.state] ?? 'identity.session.not_active');
    }
    if (user.otp) {
      const code = (input.otp_code ?? '').trim();
      const action = USER_ACTIVITY.login2fa.action;
      if (code === '') return refuse(req, user, 401, 'identity.session.missing_otp', action);
      let valid: boolean;
      try {
        valid = await verifyTotp(user.otp_secret, code, app.deps.now());
      } catch (err) {
        if (!(err instanceof TotpError)) throw err;
        req.log.error({ err, uid: user.uid }, 'totp verification failed');
        return refuse(req, user, 422, 'totp.error', action);
      }
      if (!valid) {
        await throttle.recordFailure(keys);
        return refuse(req, user, 403, 'identity.session.invalid_otp', action);
      }
    }

    await throttle.clearIdentity(keys[0]!);
    await setLastIp(db.kysely, user.id, req.ip ?? null);
    const csrfToken = await openSession(app, req, reply, user.id);
    await record(req, user.id, USER_ACTIVITY.login.action, 'succeed', { otp: user.otp });
    const body = await userWithFullInfo(db.kysely, { ...user, last_ip: req.ip ?? null });
    return reply.code(200).send({ ...body, csrf_token: csrfToken });
  }

  app.post('/identity/sessions/new', (req, reply) => signIn(req, reply, 'identity'));
  app.post('/identity/sessions', (req, reply) => signIn(req, reply, 'email'));

  app.delete('/identity/sessions', async (req, reply) => {
    // identity is a pass path, but a live session still demands its CSRF token: no forced logout.
    if (req.auth) {
      const csrf = csrfHeader(req);
      if (csrf === null) fail(401, 'authz.missing_csrf_token');
      if (!sameSecret(csrf, req.auth.csrfToken)) fail(401, 'authz.csrf_token_mismatch');
    }
    const id = sessionIdFrom(req);
    const userId = id ? await endSession(app, hashSessionId(id)) : null;
    clearSessionCookie(app, req, reply);
    if (userId === null) fail(404, 'identity.session.not_found');
    await record(req, userId, USER_ACTIVITY.logout.action, 'succeed');
    return reply.code(200).send({});
  });

  app.get('/identity/configs', async () => {
    const out: Record<string, unknown> = {
      session_expire_time: Math.floor(config.sessionIdleMs / 1000),
      captcha_type: config.captcha.type,
      captcha_id: config.captcha.type === 'none' ? null : (config.captcha.siteKey ?? null),
    };
    return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== null && v !== undefined));
  });
}
