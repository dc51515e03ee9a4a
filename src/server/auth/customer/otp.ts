/**
 * Two-factor sign-in for one's own account (Barong 2.7 resource/otp.rb), on the sign-in's TOTP check
 * (auth/totp.ts: 6 digits, 30 s, one step of drift, each step once):
 * - POST /resource/otp/generate_qrcode: a new secret (replacing an unconfirmed one), its otpauth URL and,
 *   as Barong's Vault answers, `barcode`: that URL's QR code as a base64 PNG (baseapp shows it as
 *   `data:image/png;base64,…`), 200 `{data: {barcode, url}}` (400 `resource.otp.already_enabled`).
 *   The matrix is uqr's (error correction M), the PNG ours (../png.ts) — see README.
 * - POST /resource/otp/enable {code}: a code of that secret turns 2FA on; its step is recorded, so the
 *   same code cannot then sign in or turn 2FA off.
 * - POST /resource/otp/disable {code}: a fresh code turns it off and forgets the secret.
 * The secret is stored sealed when the server has a secrets key (../otp-secrets.ts); the answer's URL and
 * QR code carry it once, to the user, and nothing else does (no audit data, no log).
 * A wrong or reused code is 422 `resource.otp.invalid`; tries are throttled per account (5 in 15 min).
 * Open to staff too: it is the caller's own account (their admins can still reset it, users/actions.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { generateSecret, generateURI } from 'otplib';
import { encode } from 'uqr';
import { OtpCode } from '../../../shared/customer.js';
import { withAudit } from '../../plugins/audit.js';
import { fail } from '../../plugins/errors.js';
import { lockUser, setOtp } from '../../db/queries/customer.js';
import { caller } from '../users/guards.js';
import { checkOtpCode, otpSecretToStore } from '../otp-secrets.js';
import { qrPng } from '../png.js';
import { charge, customerBrake } from './limits.js';
import { ownWrite, parse } from './common.js';

const P = 'resource.otp';

/** Barong's `barcode`: the URL's QR code (ECC M, as authenticator apps scan from a screen) as a base64 PNG of ~200 px. */
const otpBarcode = (url: string): string => qrPng(encode(url, { ecc: 'M', border: 0 }).data).png.toString('base64');

export function otpRoutes(app: FastifyInstance): void {
  const brake = customerBrake(app);

  app.post('/resource/otp/generate_qrcode', (req) => ownWrite(req, { topic: 'otp', action: 'generate 2FA secret', data: {} }, async () => {
    const me = caller(req);
    const secret = generateSecret();
    await withAudit(req, { topic: 'otp', action: 'generate 2FA secret', category: 'user', data: {} }, async (trx) => {
      const u = (await lockUser(trx, me.id)) ?? fail(401, 'authz.invalid_session');
      if (u.otp) fail(400, 'resource.otp.already_enabled');
      await setOtp(trx, u.id, { otp: false, secret: otpSecretToStore(app.deps.config.secretsKey, u.id, secret), step: null }, app.deps.now());
    });
    const url = generateURI({ issuer: app.deps.config.appTitle, label: me.email, secret });
    return { data: { barcode: otpBarcode(url), url } };
  }));

  /** Checks a fresh code of the stored secret under the row lock, then turns 2FA `on` or off. */
  const toggle = (req: FastifyRequest, reply: FastifyReply, on: boolean) => ownWrite(req, { topic: 'otp', action: on ? 'enable 2FA' : 'disable 2FA', data: {} }, async () => {
    const me = caller(req);
    const { code } = parse(OtpCode, req, P);
    await brake(req, reply, 'resource.otp.too_many_attempts', [charge('confirm_account', `otp:${me.uid}`)]);
    await withAudit(req, { topic: 'otp', action: on ? 'enable 2FA' : 'disable 2FA', category: 'user', data: {} }, async (trx) => {
      const now = app.deps.now();
      const u = (await lockUser(trx, me.id)) ?? fail(401, 'authz.invalid_session');
      if (on && u.otp) fail(400, 'resource.otp.already_enabled');
      if (!on && !u.otp) fail(400, 'resource.otp.not_enabled');
      if (!u.otp_secret) fail(400, 'resource.otp.not_generated');
      const step = await checkOtpCode(app.deps.config.secretsKey, u, code, now, req.log);
      if (typeof step !== 'number') fail(422, 'resource.otp.invalid');
      await setOtp(trx, u.id, on ? { otp: true, secret: u.otp_secret, step } : { otp: false, secret: null, step }, now);
    });
    return reply.code(200).send({});
  });
  app.post('/resource/otp/enable', (req, reply) => toggle(req, reply, true));
  app.post('/resource/otp/disable', (req, reply) => toggle(req, reply, false));
}
