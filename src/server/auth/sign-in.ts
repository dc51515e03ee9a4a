/**
 * Barong's sign-in (sessions.rb, both spellings) with two deliberate changes: the user's state is judged
 * only after the password is proven right (a wrong password never learns that an account is banned),
 * and the brakes come before any password is hashed:
 * 1. this node admits at most IN_FLIGHT_PER_IP sign-ins per address at once, and none past the hash
 *    gate's places (429 / 503 at once, no database work: a flood is shed, not queued);
 * 2. each attempt takes its share of the budgets (auth/throttle.ts) atomically, or is refused 429;
 * 3. the password is verified inside the hash gate; every refusal costs one argon2id run, whether or
 *    not the account exists or has a usable digest;
 * 4. a 2FA code is accepted once (users.otp_last_step); used again it is refused used_otp, not counted as a guess.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { define, nullable, optional, type as shape } from 'superstruct';
import { check, coerceNumber, text } from '../../shared/validation.js';
import { USER_ACTIVITY } from '../../shared/activities.js';
import { ApiError, fail } from '../plugins/errors.js';
import { HashGate, dummyDigest, verifyPassword } from './passwords.js';
import { verifyCaptcha } from './captcha.js';
import { TotpError, verifyTotp } from './totp.js';
import { openOtpSecret } from './otp-secrets.js';
import { SealError } from './sealed.js';
import { Throttle, attemptKeys, signInLimits, type Charge } from './throttle.js';
import { LIVE_STATES, openSession, userAgentOf } from './sessions.js';
import { userWithFullInfo } from './user-entity.js';
import {
  claimOtpStep, findUserByIdentity, insertUserActivity, setLastIp, type UserRow,
} from '../db/queries/users-auth.js';

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

const TOO_MANY = 'identity.session.too_many_attempts';
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
  // Only the fields of the struct: it lets unknown keys through, and {"email": …, "identity": true} must
  // not put `true` where the identity goes.
  const { password, captcha_response, otp_code } = v.value as { password: string; captcha_response?: unknown; otp_code?: string | null };
  const identity = field === 'identity'
    ? (v.value as { identity: string }).identity : (v.value as { email: string }).email;
  return { identity, password, captcha_response, otp_code };
}

/** A user activity of the session topic (login, login::2fa, logout) for this request. */
export function recordSessionActivity(
  app: FastifyInstance, req: FastifyRequest, userId: number | null, action: string, result: 'succeed' | 'failed',
  data: Record<string, unknown> = {},
): Promise<void> {
  return insertUserActivity(app.deps.db.kysely, {
    userId, ip: req.ip ?? null, userAgent: userAgentOf(req) || null,
    topic: USER_ACTIVITY.login.topic, action, result, data, now: app.deps.now(),
  });
}

export function signInRoutes(app: FastifyInstance): void {
  const { db, config } = app.deps;
  const throttle = new Throttle(db.kysely, () => app.deps.now(), signInLimits(config));
  const gate = new HashGate(config.passwordHash.concurrency, config.passwordHash.queue);
  // Computed now, so not even the first refusal pays for it.
  void dummyDigest();

  /** Records the failed attempt, then answers with the code. */
  const refuse = async (req: FastifyRequest, user: UserRow | undefined, status: number, code: string,
    action: string = USER_ACTIVITY.login.action): Promise<never> => {
    await recordSessionActivity(app, req, user?.id ?? null, action, 'failed', { reason: code });
    fail(status, code);
  };
  const busy = (reply: FastifyReply): never => {
    reply.header('retry-after', '1');
    fail(503, 'server.busy');
  };

  async function attempt(req: FastifyRequest, reply: FastifyReply, input: ReturnType<typeof parseSignIn>) {
    const ip = req.ip ?? '';
    const captcha = await verifyCaptcha(config.captcha, app.deps.fetch, input.captcha_response ?? undefined, ip);
    if (captcha === 'required') fail(400, 'identity.captcha.required');
    if (captcha === 'failed') fail(422, 'identity.captcha.verification_failed');

    const user = await findUserByIdentity(db.kysely, input.identity);
    const keys = attemptKeys(user ? user.email : input.identity, ip);
    const code = (input.otp_code ?? '').trim();
    const tooMany = (action?: string) => refuse(req, user, 429, TOO_MANY, action);

    // The attacker's own budgets first; a spent second-factor budget closes the account to everyone.
    if (!(await throttle.open(keys.code)) || !(await throttle.take([keys.ip, keys.pair]))) return tooMany();
    const charged: Charge[] = [keys.ip, keys.pair];
    // The account's brake; past it only a known address, or both factors checked in full, get through.
    let bothFactors = false;
    if (await throttle.take([keys.account])) charged.push(keys.account);
    else if (!(await throttle.knownOrigin(user?.id ?? 0, ip))) {
      if (code === '') { await throttle.giveBack(charged); return tooMany(); }
      bothFactors = true;
    }
    // From here on, under the account's brake every refusal is this 429 and keeps its charges.
    const refused = (status: number, reason: string, action?: string) =>
      (bothFactors ? tooMany(action) : refuse(req, user, status, reason, action));
    const notAGuess = async (status: number, reason: string, action?: string) => {
      await throttle.giveBack(charged);
      return refuse(req, user, status, reason, action);
    };

    const passwordOk = await gate.run(() => verifyPassword(user?.password_digest, input.password));
    if (!user || !passwordOk) return refused(401, 'identity.session.invalid_params');
    const stateCode = LIVE_STATES.has(user.state) ? null : (STATE_CODES[user.state] ?? 'identity.session.not_active');
    if (stateCode && !bothFactors) return notAGuess(401, stateCode);
    if (user.otp) {
      const action = USER_ACTIVITY.login2fa.action;
      if (code === '') return notAGuess(401, 'identity.session.missing_otp', action);
      if (!(await throttle.take([keys.code]))) return tooMany(action);
      charged.push(keys.code);
      let step: number | 'spent' | null;
      try {
        step = await verifyTotp(openOtpSecret(app.deps.config.secretsKey, user), code, app.deps.now(), user.otp_last_step);
      } catch (err) {
        // A secret that does not open (no key, another key, altered: sealed.ts) fails closed like a broken one.
        if (!(err instanceof TotpError) && !(err instanceof SealError)) throw err;
        req.log.error({ err, uid: user.uid }, 'totp verification failed');
        return bothFactors ? tooMany(action) : notAGuess(422, 'totp.error', action);
      }
      if (step === null) return refused(403, 'identity.session.invalid_otp', action);
      // Claimed atomically: of two sign-ins with one code, one wins and the other is a reused code.
      // A reused code is no guess (it takes the secret to know it): refused, but charged nowhere, so a
      // double-submitted form cannot lock the owner out. Under the account's brake it is the 429 still.
      if (step === 'spent' || !(await claimOtpStep(db.kysely, user.id, step))) {
        if (!bothFactors) return notAGuess(403, 'identity.session.used_otp', action);
        await throttle.giveBack(charged);
        return tooMany(action);
      }
    } else if (bothFactors) {
      return tooMany();
    }
    if (stateCode) return notAGuess(401, stateCode);
    // Closed for maintenance (plugins/restrictions.ts): only staff get a session.
    const closed = req.restriction;
    if (closed?.kind === 'maintenance' && !config.allowedRoles.includes(user.role)) return notAGuess(closed.code, 'authz.restrict.maintenance');

    await throttle.clear([keys.pair, keys.code]);
    await throttle.giveBack(charged.filter((c) => c.budget === 'ip' || c.budget === 'account'));
    await throttle.rememberOrigin(user.id, ip);
    await setLastIp(db.kysely, user.id, req.ip ?? null);
    const csrfToken = await openSession(app, req, reply, user.id);
    await recordSessionActivity(app, req, user.id, USER_ACTIVITY.login.action, 'succeed', { otp: user.otp });
    const body = await userWithFullInfo(db.kysely, { ...user, last_ip: req.ip ?? null });
    return reply.code(200).send({ ...body, csrf_token: csrfToken });
  }

  async function signIn(req: FastifyRequest, reply: FastifyReply, field: 'identity' | 'email') {
    const input = parseSignIn(req.body, field);
    const ip = req.ip ?? '';
    // Shed a flood before any database work: one address's pile-up, or every place at the gate taken.
    if (!throttle.enter(ip)) fail(429, TOO_MANY);
    try {
      if (!gate.enter()) return busy(reply);
      try {
        return await attempt(req, reply, input);
      } finally {
        gate.leave();
      }
    } finally {
      throttle.leave(ip);
    }
  }

  app.post('/identity/sessions/new', (req, reply) => signIn(req, reply, 'identity'));
  app.post('/identity/sessions', (req, reply) => signIn(req, reply, 'email'));
}
