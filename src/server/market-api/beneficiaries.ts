/**
 * A member's beneficiaries (Peatio 2.6's account/beneficiaries.rb), mounted at /api/v2/peatio:
 * `GET /account/beneficiaries` (currency, state pending|active), `GET /account/beneficiaries/{id}`,
 * `POST /account/beneficiaries {currency, name, description?, data}`, `PATCH …/{id}/activate {pin}`,
 * `PATCH …/{id}/resend_pin`, `DELETE …/{id}` (archives it, as Peatio). Only the member's own pending and
 * active ones exist for them: anyone else's id is 404 `record.not_found`, like one that does not exist.
 *
 * The activation pin is Peatio's 6 digits, sent through the configured e-mail transport (auth/customer
 * codes.ts `deliver`, after the answer) and stored only as a SHA-256; activating spends it in one UPDATE
 * (guarded by state, hash and expiry), so it works once. Tries are throttled per member (the customer
 * identity calls' budgets: 5 in 15 minutes, 429 `account.beneficiary.too_many_attempts`); a resend within
 * a minute of the last is Peatio's `cant_resend_within_1_minute`.
 */
import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { withAudit } from '../plugins/audit.js';
import { fail } from '../plugins/errors.js';
import { setListHeaders } from '../db/queries/count.js';
import {
  activateBeneficiary, archiveBeneficiary, hasBeneficiaryAddress, insertBeneficiary, lockBeneficiary, memberBeneficiaries,
  memberBeneficiary, MEMBER_BENEFICIARY_STATES, setBeneficiaryPin, type Pin,
} from '../db/queries/member-money.js';
import { codeHash, deliver } from '../auth/customer/codes.js';
import { laterRunner, ownWrite } from '../auth/customer/common.js';
import { charge, customerBrake } from '../auth/customer/limits.js';
import { isChainAddress } from '../money/chain-addresses.js';
import { member, namedCurrency, pathId } from './member.js';
import { int, oneOf, paging, paramsOf, refuse, type Params } from './params.js';

const P = 'account.beneficiary';
const PIN_TTL_MS = 24 * 3_600_000;
const RESEND_AFTER_MS = 60_000;
/** Bank details or an address (and a memo or tag): a few short fields. */
const MAX_DATA_CHARS = 2048;

/** A fresh pin, its stored form (scoped to the member: the digits alone are not unique) and its times. */
function newPin(memberId: number, at: Date): { pin: string; stored: Pin } {
  const pin = String(randomInt(100_000, 1_000_000));
  return { pin, stored: { hash: codeHash('beneficiary', pin, String(memberId)), expiresAt: new Date(at.getTime() + PIN_TTL_MS), at } };
}

/** Peatio's `data` (type JSON): an object, or JSON text of one. */
function dataOf(p: Params): Record<string, unknown> {
  let v = p.data;
  if (v === undefined || v === '' || v === null) return refuse(`${P}.missing_data`, 'data');
  if (typeof v === 'string') {
    try { v = JSON.parse(v); } catch { return refuse(`${P}.non_json_data`, 'data'); }
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) return refuse(`${P}.non_json_data`, 'data');
  if (JSON.stringify(v).length > MAX_DATA_CHARS) return refuse(`${P}.too_long_data`, 'data');
  return v as Record<string, unknown>;
}

const blank = (v: unknown) => typeof v !== 'string' || v.trim() === '';

export function memberBeneficiaryRoutes(app: FastifyInstance): void {
  const db = () => app.deps.db.kysely;
  const later = laterRunner(app);
  const brake = customerBrake(app);
  const sendPin = (req: FastifyRequest, uid: string, name: string, pin: string) => later(req, 'beneficiary pin', () => deliver(app, req, {
    uid, kind: 'email', topic: 'beneficiary', subject: 'Confirm your withdrawal address',
    text: `Your code to activate the withdrawal address "${name}": ${pin}\nIt works once, for 24 hours. If you did not add this address, change your password.`,
  }));
  const own = async (req: FastifyRequest<{ Params: { id: string } }>, memberId: number) =>
    (await memberBeneficiary(db(), memberId, pathId(req.params.id, P))) ?? fail(404, 'record.not_found');

  app.get('/account/beneficiaries', async (req, reply) => {
    const me = member(app, req, 'withdraw');
    const p = req.query as Params;
    const currency = (await namedCurrency(app, p))?.code;
    const state = oneOf(p, 'state', P, MEMBER_BENEFICIARY_STATES);
    const pg = paging(p, P);
    const { rows, total } = await memberBeneficiaries(db(), me.id, { currency, state, ...pg });
    setListHeaders(reply, { total, page: pg.page, perPage: pg.limit });
    return rows;
  });

  app.get<{ Params: { id: string } }>('/account/beneficiaries/:id', async (req) => own(req, member(app, req, 'withdraw').id));

  app.post('/account/beneficiaries', (req, reply) => ownWrite(req, { topic: 'beneficiaries', action: 'create', data: {} }, async () => {
    const me = member(app, req, 'withdraw');
    const p = paramsOf(req);
    const c = (await namedCurrency(app, p, `${P}.missing_currency`))!;
    if (blank(p.name)) refuse(`${P}.missing_name`, 'name');
    const name = (p.name as string).trim();
    if (name.length > 64) refuse(`${P}.too_long_name`, 'name');
    if (p.description !== undefined && p.description !== null && (typeof p.description !== 'string' || p.description.length > 255)) {
      refuse(`${P}.too_long_description`, 'description');
    }
    const description = typeof p.description === 'string' && p.description !== '' ? p.description : null;
    const data = dataOf(p);
    if (!c.withdrawal_enabled) fail(422, 'account.currency.withdrawal_disabled');
    const address = typeof data.address === 'string' ? data.address.trim() : '';
    if (c.type === 'coin') {
      if (!address) refuse(`${P}.missing_address_in_data`, 'data');
      // Peatio's model refuses an address its chain cannot take (failed_to_create); a typo must not burn coins.
      if (!isChainAddress(c.client, address)) refuse(`${P}.failed_to_create`, 'data');
    } else if (blank(data.full_name)) {
      refuse(`${P}.missing_full_name_in_data`, 'data');
    }
    const at = app.deps.now();
    const { pin, stored } = newPin(me.id, at);
    const id = await withAudit(req, { topic: 'beneficiaries', action: 'create', category: 'user', data: { currency: c.code, name } }, async (trx, note) => {
      if (c.type === 'coin' && await hasBeneficiaryAddress(trx, me.id, c.code, address)) fail(422, `${P}.duplicate_address`);
      const made = await insertBeneficiary(trx, { member: me.id, currency: c.code, name, description, data: c.type === 'coin' ? { ...data, address } : data }, stored);
      note({ id: made });
      return made;
    });
    sendPin(req, me.uid, name, pin);
    return reply.status(201).send(await memberBeneficiary(db(), me.id, id));
  }));

  app.patch<{ Params: { id: string } }>('/account/beneficiaries/:id/activate', (req, reply) =>
    ownWrite(req, { topic: 'beneficiaries', action: 'activate', data: { id: req.params.id } }, async () => {
      const me = member(app, req, 'withdraw');
      const id = pathId(req.params.id, P);
      const p = paramsOf(req);
      if (p.pin === undefined || p.pin === '') refuse(`${P}.missing_pin`, 'pin');
      const pin = String(int(p, 'pin', P, { min: 0, max: 999_999 }));
      await brake(req, reply, `${P}.too_many_attempts`, [charge('confirm_account', `beneficiary:${me.uid}`)]);
      await withAudit(req, { topic: 'beneficiaries', action: 'activate', category: 'user', data: { id } }, async (trx) => {
        const b = (await lockBeneficiary(trx, me.id, id)) ?? fail(404, 'record.not_found');
        if (b.state !== 'pending') fail(422, `${P}.cant_activate`);
        const at = app.deps.now();
        if (!b.pin_expires_at || b.pin_expires_at <= at) fail(422, `${P}.pin_expired`);
        if (!(await activateBeneficiary(trx, me.id, id, codeHash('beneficiary', pin, String(me.id)), at))) fail(422, `${P}.invalid_pin`);
      });
      return reply.status(200).send(await memberBeneficiary(db(), me.id, id));
    }));

  app.patch<{ Params: { id: string } }>('/account/beneficiaries/:id/resend_pin', (req, reply) =>
    ownWrite(req, { topic: 'beneficiaries', action: 'resend_pin', data: { id: req.params.id } }, async () => {
      const me = member(app, req, 'withdraw');
      const id = pathId(req.params.id, P);
      const at = app.deps.now();
      const { pin, stored } = newPin(me.id, at);
      const name = await withAudit(req, { topic: 'beneficiaries', action: 'resend_pin', category: 'user', data: { id } }, async (trx) => {
        const b = (await lockBeneficiary(trx, me.id, id)) ?? fail(404, 'record.not_found');
        if (b.state !== 'pending') fail(422, `${P}.cant_resend`);
        if (b.sent_at && at.getTime() - b.sent_at.getTime() < RESEND_AFTER_MS) fail(422, `${P}.cant_resend_within_1_minute`);
        await setBeneficiaryPin(trx, id, stored);
        return (await memberBeneficiary(trx, me.id, id))!.name;
      });
      sendPin(req, me.uid, name, pin);
      return reply.status(204).send();
    }));

  app.delete<{ Params: { id: string } }>('/account/beneficiaries/:id', (req, reply) =>
    ownWrite(req, { topic: 'beneficiaries', action: 'delete', data: { id: req.params.id } }, async () => {
      const me = member(app, req, 'withdraw');
      const id = pathId(req.params.id, P);
      await withAudit(req, { topic: 'beneficiaries', action: 'delete', category: 'user', data: { id } }, async (trx) => {
        if (!(await archiveBeneficiary(trx, me.id, id, app.deps.now()))) fail(404, 'record.not_found');
      });
      return reply.status(204).send();
    }));
}
