/**
 * Barong 2.7 identity/users.rb: sign-up and e-mail confirmation.
 * - POST /identity/users: a member at level 0, pending; the confirmation e-mail goes out; a session is
 *   opened and the user answered 201 with its csrf_token, as Barong does (baseapp then shows "confirm
 *   your e-mail"). `email.taken` tells that an address has an account — a sign-up cannot avoid it.
 * - POST /identity/users/email/generate_code: 201 whatever the address (no enumeration); a pending
 *   account gets a new link (the older ones stop working), after the answer.
 * - POST /identity/users/email/confirm_code: the token, once and in time: private label email=verified,
 *   level 0 → 1, state active (users/kyc.ts), a session opened, 201 with the user.
 */
import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { EmailOnly, SignUp, TokenOnly, passwordCodes } from '../../../shared/customer.js';
import { withAudit } from '../../plugins/audit.js';
import { fail } from '../../plugins/errors.js';
import { newUid } from '../../db/ids.js';
import { insertCustomer, lockUser, userExists } from '../../db/queries/customer.js';
import { findUserByIdentity } from '../../db/queries/users-auth.js';
import { hashPassword } from '../passwords.js';
import { openSession } from '../sessions.js';
import { userWithFullInfo } from '../user-entity.js';
import { charge, customerBrake } from './limits.js';
import { IDENTITY_TOO_MANY as TOO_MANY, captcha, laterRunner, parse, setOwnLabel } from './common.js';
import { confirmationLink, deliver, issueCode, useCode } from './codes.js';

const P = 'identity.user';
type Trx = Transaction<DB>;

export function signUpRoutes(app: FastifyInstance): void {
  const db = app.deps.db.kysely;
  const brake = customerBrake(app);
  const later = laterRunner(app);

  /** Issues a confirmation token for a pending account and e-mails the link. */
  const sendConfirmation = async (req: Parameters<typeof later>[0], user: { id: number; uid: string }) => {
    const token = await withAudit(req, { topic: 'account', action: 'email confirmation request', actor: { userId: user.id }, data: {} },
      (trx) => issueCode(trx, app.deps.now(), user.id, 'email'));
    await deliver(app, req, {
      uid: user.uid, kind: 'email', topic: 'email_confirmation', subject: 'Confirm your e-mail',
      text: `Confirm your e-mail address: ${confirmationLink(app, token)}\n\nThe link works once, within 24 hours.`,
    });
  };

  app.post('/identity/users', async (req, reply) => {
    const v = parse(SignUp, req, P, passwordCodes('password'));
    await captcha(app, req, v.captcha_response);
    await brake(req, reply, TOO_MANY, [charge('signup_ip', req.ip ?? '')]);
    if (v.refid && !(await userExists(db, v.refid.toUpperCase()))) fail(422, 'identity.user.referral_doesnt_exist');
    const digest = await hashPassword(v.password);
    const email = v.email.toLowerCase();
    const user = await withAudit(req, { topic: 'account', action: 'signup', actor: (u) => ({ userId: u.id }), data: { email, refid: v.refid ?? null } },
      async (trx: Trx) => {
        const u = await insertCustomer(trx, {
          uid: newUid(), email, digest, referralUid: v.refid ? v.refid.toUpperCase() : null, data: v.data ?? null, now: app.deps.now(),
        });
        return u ?? fail(422, 'email.taken');
      });
    later(req, 'e-mail confirmation', () => sendConfirmation(req, user));
    const csrfToken = await openSession(app, req, reply, user.id);
    return reply.code(201).send({ ...(await userWithFullInfo(db, user)), csrf_token: csrfToken });
  });

  app.post('/identity/users/email/generate_code', async (req, reply) => {
    const v = parse(EmailOnly, req, P);
    await captcha(app, req, v.captcha_response);
    await brake(req, reply, TOO_MANY, [charge('send_ip', req.ip ?? ''), charge('send_account', v.email)]);
    later(req, 'e-mail confirmation', async () => {
      const user = await findUserByIdentity(db, v.email);
      if (user && user.state === 'pending' && user.level === 0) await sendConfirmation(req, user);
    });
    return reply.code(201).send({});
  });

  app.post('/identity/users/email/confirm_code', async (req, reply) => {
    const v = parse(TokenOnly, req, P);
    await brake(req, reply, TOO_MANY, [charge('confirm_ip', req.ip ?? '')]);
    const now = app.deps.now();
    const user = await withAudit(req, { topic: 'account', action: 'email confirmation', actor: (u) => ({ userId: u.id }), data: {} },
      async (trx: Trx) => {
        const used = await useCode(trx, now, 'email', v.token);
        const u = await lockUser(trx, used.user_id);
        if (!u || u.state !== 'pending') fail(422, 'identity.user.active_or_doesnt_exist');
        await setOwnLabel(trx, u, 'email', 'verified', now);
        return (await lockUser(trx, u.id))!;
      });
    const csrfToken = await openSession(app, req, reply, user.id);
    return reply.code(201).send({ ...(await userWithFullInfo(db, user)), csrf_token: csrfToken });
  });
}
