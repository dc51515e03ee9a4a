/**
 * A customer's phones (Barong 2.7 resource/phones.rb), verified by an SMS code through the provider that
 * serves the customer's country and its transport (codes.ts deliver):
 * - GET /resource/phones: the customer's own, [{country, number, validated_at}];
 * - POST /resource/phones {phone_number}: adds the number and sends a code (400 `resource.phone.number_exist`
 *   when the customer has it already, or another account has it verified);
 * - POST /resource/phones/send_code {phone_number}: a new code for an unverified number of the customer's
 *   (404 `resource.phone.doesnt_exist`, 400 `resource.phone.verified`);
 * - POST /resource/phones/verify {phone_number, verification_code}: the code, once, within 10 minutes,
 *   for that number of that customer only (404 `resource.phone.verification_invalid`); the private
 *   label phone=verified follows (level 1 → 2) and the number becomes the account's.
 * Sending is throttled per address and per account, checking per account (5 tries in 15 minutes for a
 * 6-digit code): a code cannot be guessed.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PhoneInput, PhoneVerify } from '../../../shared/customer.js';
import { countryOfNumber } from '../../../shared/dial-codes.js';
import { withAudit } from '../../plugins/audit.js';
import { fail } from '../../plugins/errors.js';
import { findOwnPhone, insertPhone, lockUser, phoneTakenByOther, validatePhone } from '../../db/queries/customer.js';
import { userPhones } from '../../db/queries/users-auth.js';
import { charge, customerBrake } from './limits.js';
import { customer, ownWrite, parse, setOwnLabel } from './common.js';
import { deliver, issueCode, useCode } from './codes.js';
import type { SessionUser } from '../context.js';

const P = 'resource.phone';
const TOO_MANY = 'resource.phone.too_many_attempts';

export function phoneRoutes(app: FastifyInstance): void {
  const db = app.deps.db.kysely;
  const brake = customerBrake(app);

  app.get('/resource/phones', async (req) => {
    const rows = await userPhones(db, customer(app, req).id);
    return rows.map((p) => ({ ...p, validated_at: p.validated_at ? new Date(p.validated_at).toISOString() : null }));
  });

  /** Issues a code for the number (inside the write's audit) and sends it; answers Barong's message. */
  const sendCode = async (req: FastifyRequest, reply: FastifyReply, me: SessionUser, number: string, add: boolean) => {
    await brake(req, reply, TOO_MANY, [charge('send_ip', req.ip ?? ''), charge('send_account', me.uid)]);
    const code = await withAudit(req, { topic: 'phone', action: add ? 'create' : 'send code', category: 'user' }, async (trx) => {
      const now = app.deps.now();
      if (add) await insertPhone(trx, me.id, countryOfNumber(number) ?? 'unknown', number, now);
      return issueCode(trx, now, me.id, 'phone', number);
    });
    await deliver(app, req, {
      uid: me.uid, kind: 'sms', topic: 'phone_verification', to: number, subject: '',
      text: `Your verification code: ${code}. It works once, within 10 minutes.`,
    });
    // 200 as the swagger has it for both (verify answers 201).
    return reply.code(200).send({ message: 'Code was sent successfully via sms' });
  };

  app.post('/resource/phones', (req, reply) => ownWrite(req, { topic: 'phone', action: 'create' }, async () => {
    const me = customer(app, req);
    const v = parse(PhoneInput, req, P);
    if ((await findOwnPhone(db, me.id, v.phone_number)) || (await phoneTakenByOther(db, me.id, v.phone_number))) {
      fail(400, 'resource.phone.number_exist');
    }
    return sendCode(req, reply, me, v.phone_number, true);
  }));

  app.post('/resource/phones/send_code', (req, reply) => ownWrite(req, { topic: 'phone', action: 'send code' }, async () => {
    const me = customer(app, req);
    const v = parse(PhoneInput, req, P);
    const phone = (await findOwnPhone(db, me.id, v.phone_number)) ?? fail(404, 'resource.phone.doesnt_exist');
    if (phone.validated_at) fail(400, 'resource.phone.verified');
    return sendCode(req, reply, me, v.phone_number, false);
  }));

  // The code stays out of the activity: a refused right code (number_exist) is still unspent.
  const verifyData = (req: FastifyRequest) => ({ phone_number: (req.body as { phone_number?: unknown } | null)?.phone_number ?? null });
  app.post('/resource/phones/verify', (req, reply) => ownWrite(req, { topic: 'phone', action: 'verify', data: verifyData(req) }, async () => {
    const me = customer(app, req);
    const v = parse(PhoneVerify, req, P);
    await brake(req, reply, TOO_MANY, [charge('confirm_ip', req.ip ?? ''), charge('confirm_account', `phone:${me.uid}`)]);
    await withAudit(req, { topic: 'phone', action: 'verify', category: 'user', data: verifyData(req) }, async (trx) => {
      const now = app.deps.now();
      const invalid = 'resource.phone.verification_invalid';
      await useCode(trx, now, 'phone', v.verification_code, { userId: me.id, number: v.phone_number }, { used: invalid, invalid, status: 404 });
      if (await phoneTakenByOther(trx, me.id, v.phone_number)) fail(400, 'resource.phone.number_exist');
      await validatePhone(trx, me.id, v.phone_number, now);
      const user = (await lockUser(trx, me.id)) ?? fail(401, 'authz.invalid_session');
      await setOwnLabel(trx, user, 'phone', 'verified', now);
    });
    return reply.code(201).send({ message: 'Phone was verified successfully' });
  }));
}
