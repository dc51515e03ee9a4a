/**
 * User edits (A6, A7, A8, A44, P-A6): state with a remark, 2FA off, role, email, phone number and
 * referrer.
 * Each write locks its target inside withAudit, refuses there what it must (404, protections,
 * no-change) and notes before → after for the audit from the locked row, so a concurrent edit can
 * neither slip between the check and the write nor make the audit record a past value it did not replace.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import {
  OtpChange, REMARK_MESSAGES, RoleChange, StateChange, USER_PUT_FIELDS, UserPut, validateForm,
} from '../../../shared/users.js';
import { fail } from '../../plugins/errors.js';
import { withAudit } from '../../plugins/audit.js';
import { requireAbility } from '../require-ability.js';
import { KNOWN_ROLES } from '../permissions-seed.js';
import { roleHasPermissions } from '../../db/queries/permissions.js';
import { deleteLabel } from '../../db/queries/labels.js';
import {
  emailTaken, findUserByUid, insertStateLog, lockUserByUid, patchUser, referredBy, replacePhone, type AdminUserRow,
  type UserPatch,
} from '../../db/queries/users-admin.js';
import { bodyOf, caller, found, guardSuperadmin, guardTarget, isUniqueViolation, validated } from './guards.js';
import { userEntity } from '../../db/queries/user-json.js';

const PREFIX = 'admin.user';
type Field = 'state' | 'otp' | 'role' | 'email' | 'phone_number' | 'referral_uid';

/** The no-change code Barong gives for each field. */
const noChange = (f: Field) => fail(422, `${PREFIX}.${f}_no_change`);

/**
 * One field edit: lock, check and write with its audit row. `check` throws for a refused edit (recorded
 * as a failed activity); `describe` gives the audit's before → after from the locked row; `write` runs
 * in the transaction against it.
 */
async function edit(
  req: FastifyRequest, uid: string, field: Field, check: (u: AdminUserRow) => void,
  describe: (u: AdminUserRow) => Record<string, unknown>,
  write: (trx: Transaction<DB>, u: AdminUserRow, now: Date) => Promise<AdminUserRow>,
) {
  const by = caller(req);
  const row = await withAudit(req, { topic: 'users', action: 'update', targetUid: uid, data: { uid, field } },
    async (trx, note) => {
      const u = found(await lockUserByUid(trx, uid));
      note(describe(u));
      guardTarget(by, u, { noSelf: true });
      check(u);
      return write(trx, u, req.server.deps.now());
    });
  return userEntity(row);
}

function changeState(req: FastifyRequest, uid: string, state: string, remark: string | null) {
  const by = caller(req);
  return edit(req, uid, 'state', (u) => { if (u.state === state) noChange('state'); },
    (u) => ({ past_state: u.state, state, remark }),
    async (trx, u, now) => {
      const row = await patchUser(trx, u.id, { state }, now);
      await insertStateLog(trx, { userId: u.id, pastState: u.state, state, remark, by: by.id, now });
      return row;
    });
}

/** Admins may only switch 2FA off (A44); the user's private otp label goes with it, as in Barong. */
function disableOtp(req: FastifyRequest, uid: string, otp: boolean) {
  if (otp) fail(422, `${PREFIX}.enable_2fa`);
  return edit(req, uid, 'otp', (u) => { if (!u.otp) noChange('otp'); },
    () => ({ past_otp: true, otp: false }),
    async (trx, u, now) => {
      await deleteLabel(trx, u.id, 'otp', 'private');
      return patchUser(trx, u.id, { otp: false, otp_secret: null }, now);
    });
}

/**
 * Spec §6: admins change a user's e-mail (stock Barong keeps it to the superadmin: 422
 * superadmin.user.update_email); who may is the ability's (update User on `email`), and an admin still
 * cannot change a superadmin's, nor their own (guardTarget).
 */
function changeEmail(req: FastifyRequest, uid: string, email: string) {
  const taken = async (db: Kysely<DB>, u: AdminUserRow) => {
    if (await emailTaken(db, email, u.id)) fail(422, 'email.taken');
  };
  return edit(req, uid, 'email', (u) => { if (u.email === email) noChange('email'); },
    (u) => ({ past_email: u.email, email }),
    async (trx, u, now) => {
      await taken(trx, u);
      try {
        return await patchUser(trx, u.id, { email }, now);
      } catch (err) {
        if (isUniqueViolation(err)) fail(422, 'email.taken');
        throw err;
      }
    });
}

function changePhone(req: FastifyRequest, uid: string, phone: string) {
  return edit(req, uid, 'phone_number', (u) => { if (u.phone_number === phone) noChange('phone_number'); },
    (u) => ({ past_phone_number: u.phone_number, phone_number: phone }),
    async (trx, u, now) => {
      await replacePhone(trx, u.id, phone, now);
      return patchUser(trx, u.id, { phone_number: phone } satisfies UserPatch, now);
    });
}

/**
 * The referrer (spec §2 Main Info, §6): another existing user, never the user themself nor anyone the
 * user referred, directly or down the chain (a loop would make referral rewards circular); '' removes it.
 */
function changeReferrer(req: FastifyRequest, uid: string, referrer: string) {
  const next = referrer === '' ? null : referrer;
  const checkReferrer = async (db: Kysely<DB>, u: AdminUserRow) => {
    if (next === null) return;
    if (next === u.uid) fail(422, `${PREFIX}.referrer_himself`);
    if (!(await findUserByUid(db, next))) fail(422, `${PREFIX}.referrer_doesnt_exist`);
    if (await referredBy(db, next, u.uid)) fail(422, `${PREFIX}.referral_cycle`);
  };
  return edit(req, uid, 'referral_uid', (u) => { if (u.referral_uid === next) noChange('referral_uid'); },
    (u) => ({ past_referral_uid: u.referral_uid, referral_uid: next }),
    async (trx, u, now) => {
      // Checked under the row lock: a concurrent change elsewhere in the chain is seen or waits.
      await checkReferrer(trx, u);
      return patchUser(trx, u.id, { referral_uid: next }, now);
    });
}

export async function userActionRoutes(app: FastifyInstance): Promise<void> {
  // A7 + A44: {uid, state, remark} or {uid, otp: false}.
  app.post('/users/update', async (req) => {
    const body = bodyOf(req);
    if (body.otp !== undefined && body.state !== undefined) fail(422, `${PREFIX}.one_of_state_otp`);
    const field = body.otp !== undefined ? 'otp' : 'state';
    await requireAbility(req, 'update', 'User', 'barong', { fromBody: [field] });
    if (field === 'otp') {
      const v = validated(validateForm(OtpChange, body, { prefix: PREFIX }));
      return disableOtp(req, v.uid, v.otp);
    }
    const v = validated(validateForm(StateChange, body, { prefix: PREFIX, messages: REMARK_MESSAGES }));
    return changeState(req, v.uid, v.state, v.remark);
  });

  // A6 + P-A6: uid and exactly one of state, otp, email, phone_number, referral_uid.
  app.put('/users', async (req) => {
    const body = bodyOf(req);
    const given = USER_PUT_FIELDS.filter((f) => body[f] !== undefined && body[f] !== null);
    if (given.length !== 1) fail(422, `${PREFIX}.one_of_state_otp_email_phone_number`);
    const field = given[0];
    await requireAbility(req, 'update', 'User', 'barong', { fromBody: [field] });
    const v = validated(validateForm(UserPut, body, {
      prefix: PREFIX, messages: REMARK_MESSAGES,
      codes: { 'phone_number.invalid': `${PREFIX}.invalid_phone_number`, 'phone_number.pattern': `${PREFIX}.invalid_phone_number` },
    }));
    switch (field) {
      case 'state': return changeState(req, v.uid, v.state!, v.remark ?? null);
      case 'otp': return disableOtp(req, v.uid, v.otp!);
      case 'email': return changeEmail(req, v.uid, v.email!);
      case 'referral_uid': return changeReferrer(req, v.uid, v.referral_uid!);
      default: return changePhone(req, v.uid, v.phone_number!);
    }
  });

  // A8: only a superadmin hands out or takes away the superadmin role.
  app.post('/users/role', async (req) => {
    await requireAbility(req, 'update', 'User', 'barong', ['role']);
    const v = validated(validateForm(RoleChange, bodyOf(req), { prefix: PREFIX }));
    if (!KNOWN_ROLES.includes(v.role) && !(await roleHasPermissions(app.deps.db.kysely, v.role))) {
      fail(422, 'role.doesnt_exist');
    }
    // Making a superadmin is the rule's too: the new role is a superadmin's.
    guardSuperadmin(caller(req), { role: v.role });
    return edit(req, v.uid, 'role', (u) => { if (u.role === v.role) noChange('role'); },
      (u) => ({ past_role: u.role, role: v.role }),
      (trx, u, now) => patchUser(trx, u.id, { role: v.role }, now));
  });
}
