/**
 * Passwords: Barong 2.7's reset (identity/users.rb password/*) and change (resource/users.rb).
 * - POST /identity/users/password/generate_code {email, captcha_response}: 201 `{}` for every address —
 *   known, unknown, banned — and the reset e-mail goes out after the answer, so neither the body nor the
 *   time tells whether an account exists.
 * - POST /identity/users/password/confirm_code {reset_password_token, password, confirm_password}: the
 *   token once and within an hour; every session of the account ends (a thief signed in is signed out).
 * - POST /identity/password/validate {password}: 201 `{entropy}` (nothing stored, nothing checked).
 * - PUT /resource/users/password {old_password, new_password, confirm_password}: the old one verified
 *   (throttled per account: a stolen session must not become a password oracle); the other sessions end.
 */
import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import {
  EmailOnly, PasswordChange, PasswordReset, PasswordToRate, passwordCodes, passwordEntropy,
} from '../../../shared/customer.js';
import { withAudit } from '../../plugins/audit.js';
import { fail } from '../../plugins/errors.js';
import { endSessionsBut, lockUser, setPassword } from '../../db/queries/customer.js';
import { findUserById, findUserByIdentity } from '../../db/queries/users-auth.js';
import { hashPassword, verifyPassword } from '../passwords.js';
import { caller } from '../users/guards.js';
import { charge, customerBrake } from './limits.js';
import { IDENTITY_TOO_MANY as TOO_MANY, captcha, laterRunner, ownWrite, parse } from './common.js';
import { deliver, issueCode, useCode } from './codes.js';

type Trx = Transaction<DB>;

export function passwordRoutes(app: FastifyInstance): void {
  const db = app.deps.db.kysely;
  const brake = customerBrake(app);
  const later = laterRunner(app);
  const dropSessions = (hashes: string[]) => { for (const h of hashes) app.sessionCache.drop(h); };

  // baseapp's strength meter as the customer types (Barong identity/password.rb): the entropy in bits.
  app.post('/identity/password/validate', async (req, reply) => {
    const { password } = parse(PasswordToRate, req, 'identity.password');
    return reply.code(201).send({ entropy: passwordEntropy(password) });
  });

  app.post('/identity/users/password/generate_code', async (req, reply) => {
    const v = parse(EmailOnly, req, 'identity.user');
    await captcha(app, req, v.captcha_response);
    await brake(req, reply, TOO_MANY, [charge('send_ip', req.ip ?? ''), charge('send_account', v.email)]);
    later(req, 'password reset', async () => {
      const user = await findUserByIdentity(db, v.email);
      if (!user) return;
      const token = await withAudit(req, { topic: 'password', action: 'password reset request', actor: { userId: user.id }, data: {} },
        (trx) => issueCode(trx, app.deps.now(), user.id, 'password'));
      await deliver(app, req, {
        uid: user.uid, kind: 'email', topic: 'password_reset', subject: 'Reset your password',
        text: `Your password reset code: ${token}\n\nIt works once, within an hour. If you did not ask for it, ignore this e-mail.`,
      });
    });
    return reply.code(201).send({});
  });

  app.post('/identity/users/password/confirm_code', async (req, reply) => {
    const v = parse(PasswordReset, req, 'identity.user', passwordCodes('password'));
    if (v.password !== v.confirm_password) fail(422, 'identity.user.passwords_doesnt_match');
    await brake(req, reply, TOO_MANY, [charge('confirm_ip', req.ip ?? '')]);
    const digest = await hashPassword(v.password);
    const now = app.deps.now();
    const ended = await withAudit(req, { topic: 'password', action: 'password reset', actor: (r) => ({ userId: r.userId }), data: {} },
      async (trx: Trx) => {
        const used = await useCode(trx, now, 'password', v.reset_password_token);
        await setPassword(trx, used.user_id, digest, now);
        return { userId: used.user_id, hashes: await endSessionsBut(trx, used.user_id, null) };
      });
    dropSessions(ended.hashes);
    return reply.code(201).send({});
  });

  app.put('/resource/users/password', (req, reply) => ownWrite(req, { topic: 'password', action: 'password change', data: {} }, async () => {
    const me = caller(req);
    const v = parse(PasswordChange, req, 'resource.password', passwordCodes('new_password'));
    if (v.new_password !== v.confirm_password) fail(400, 'resource.password.doesnt_match');
    if (v.new_password === v.old_password) fail(400, 'resource.password.no_change_provided');
    await brake(req, reply, 'resource.password.too_many_attempts', [charge('confirm_account', `password:${me.uid}`)]);
    // Both hashes before the transaction: argon2 inside it would hold the embedded database's one connection.
    const user = (await findUserById(db, me.id)) ?? fail(401, 'authz.invalid_session');
    const oldOk = await verifyPassword(user.password_digest, v.old_password);
    const digest = oldOk ? await hashPassword(v.new_password) : '';
    const now = app.deps.now();
    const ended = await withAudit(req, { topic: 'password', action: 'password change', category: 'user', data: {} },
      async (trx: Trx) => {
        if (!oldOk) fail(400, 'resource.password.prev_pass_not_correct');
        // A password changed since it was checked (another tab) is not overwritten on the old one's word.
        const u = await lockUser(trx, me.id);
        if (!u || u.password_digest !== user.password_digest) fail(400, 'resource.password.prev_pass_not_correct');
        await setPassword(trx, u.id, digest, now);
        return endSessionsBut(trx, u.id, req.auth?.sessionHash ?? null);
      });
    dropSessions(ended);
    return reply.code(201).send({});
  }));
}
