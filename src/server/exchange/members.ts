/**
 * Peatio admin members (A45, A49, A50, P-A46, P-A48), mounted at /api/v2/peatio/admin. Peatio style:
 * writes answer 201 with the Member, ability refusals are 403, decimals are strings.
 *
 * A member's group and minimum swap amount are their account's settings: the superadmin rule applies
 * (auth/users/guards.ts). Lock/unlock funds: only a superadmin, and only on an investor (spec §6). `amount` moves that amount
 * of the account named by `currency`; `percentage` moves that share of every account. Locking takes
 * from balance into locked, unlocking the other way; neither may go below zero. Amounts keep to the
 * currency's precision: a finer amount is refused, a percentage's share is truncated to it (queries/members.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { LOCK_MESSAGES, LockFunds, MemberGroup, MinSwapAmount, validateForm } from '../../shared/users.js';
import type { DB } from '../db/schema.js';
import { fail } from '../plugins/errors.js';
import { withAudit } from '../plugins/audit.js';
import { requireAbility } from '../auth/require-ability.js';
import { findUserByUid, lockUserByUid, patchUser, type AdminUserRow } from '../db/queries/users-admin.js';
import { feeGroups, memberAccounts, memberHoldings, moveAmount, movePercentage, type MemberHoldings } from '../db/queries/members.js';
import { memberListRoute } from './member-list.js';
import { bodyOf, caller, found, guardTarget, validated } from '../auth/users/guards.js';
import { accountEntity, plainDecimal } from '../auth/users/entity.js';
import { iso } from '../db/queries/user-json.js';
import { beneficiaryEntity } from '../db/queries/beneficiaries.js';

const PREFIX = 'admin.member';
const NOT_FOUND = `${PREFIX}.doesnt_exist`;

async function memberEntity(db: Kysely<DB>, u: AdminUserRow) {
  return memberWire(u, await memberHoldings(db, [u.id]));
}

/**
 * Peatio's admin Member with its accounts and beneficiaries (and the fork's minimum swap amount and
 * deposit addresses): one member, or each of a list's page, from its members' holdings read together.
 */
function memberWire(u: MemberRow, h: MemberHoldings) {
  return {
    id: u.id, uid: u.uid, email: u.email, level: u.level, role: u.role, group: u.fee_group, state: u.state,
    minimum_swap_amount: plainDecimal(u.minimum_swap_amount),
    accounts: (h.accounts.get(u.id) ?? []).map(accountEntity),
    beneficiaries: (h.beneficiaries.get(u.id) ?? []).map((b) => beneficiaryEntity({ ...b, uid: u.uid })),
    deposit_addresses: (h.addresses.get(u.id) ?? []).map((a) => ({ ...a, created_at: iso(a.created_at) })),
    created_at: iso(u.created_at), updated_at: iso(u.updated_at),
  };
}

/** After a committed write: the member as it now is, with 201 (Grape's POST/PUT default in Peatio). */
async function answer(req: FastifyRequest, reply: { status(n: number): { send(b: unknown): unknown } }, uid: string) {
  const db = req.server.deps.db.kysely;
  return reply.status(201).send(await memberEntity(db, found(await findUserByUid(db, uid), NOT_FOUND)));
}

type MemberRow = Pick<AdminUserRow, 'id' | 'uid' | 'email' | 'level' | 'role' | 'fee_group' | 'state' | 'minimum_swap_amount' | 'created_at' | 'updated_at'>;

export async function memberRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.deps.db.kysely;
  memberListRoute(app, memberWire);

  app.get('/members/groups', async (req) => {
    await requireAbility(req, 'read', 'Member', 'peatio');
    return [...new Set(['any', ...(await feeGroups(db()))])];
  });

  app.get<{ Params: { uid: string } }>('/members/:uid', async (req) => {
    await requireAbility(req, 'read', 'Member', 'peatio');
    return memberEntity(db(), found(await findUserByUid(db(), req.params.uid), NOT_FOUND));
  });

  app.put<{ Params: { uid: string } }>('/members/:uid', async (req, reply) => {
    await requireAbility(req, 'update', 'Member', 'peatio');
    const { group } = validated(validateForm(MemberGroup, bodyOf(req), { prefix: PREFIX, codes: { 'group.pattern': `${PREFIX}.invalid_group` } }));
    const uid = req.params.uid;
    await withAudit(req, { topic: 'members', action: 'update', targetUid: uid, data: { uid } }, async (trx, note) => {
      const u = found(await lockUserByUid(trx, uid), NOT_FOUND);
      guardTarget(caller(req), u);
      note({ group: { from: u.fee_group, to: group } });
      return patchUser(trx, u.id, { fee_group: group }, app.deps.now());
    });
    return answer(req, reply, uid);
  });

  // P-A46. The console always sends group 'any'; a named group must be the member's own, so no client
  // believes it changed a group-wide minimum.
  app.post('/members/min_swap_amount', async (req, reply) => {
    await requireAbility(req, 'update', 'Member', 'peatio');
    const v = validated(validateForm(MinSwapAmount, bodyOf(req), { prefix: PREFIX, codes: { 'group.pattern': `${PREFIX}.invalid_group` } }));
    await withAudit(req, { topic: 'members', action: 'update', targetUid: v.uid, data: { uid: v.uid, group: v.group } }, async (trx, note) => {
      const u = found(await lockUserByUid(trx, v.uid), NOT_FOUND);
      guardTarget(caller(req), u);
      if (v.group !== 'any' && v.group !== u.fee_group) fail(422, `${PREFIX}.invalid_group`);
      note({ min_swap_amount: { from: plainDecimal(u.minimum_swap_amount), to: plainDecimal(v.min_swap_amount) } });
      return patchUser(trx, u.id, { minimum_swap_amount: v.min_swap_amount }, app.deps.now());
    });
    return answer(req, reply, v.uid);
  });

  app.post('/members/lock_funds', async (req, reply) => {
    await requireAbility(req, 'update', 'Account', 'peatio');
    if (caller(req).role !== 'superadmin') fail(403, `${PREFIX}.lock_not_permitted`);
    const v = validated(validateForm(LockFunds, bodyOf(req), { prefix: PREFIX, messages: LOCK_MESSAGES }));
    if (v.amount !== undefined && v.currency === undefined) fail(422, `${PREFIX}.missing_currency`);
    const data = {
      uid: v.uid, type: v.type,
      ...(v.amount !== undefined ? { amount: v.amount, currency: v.currency } : { percentage: v.percentage }),
    };
    // The accounts before and after the move, read under the member's row lock (moves of one member queue on it).
    const accounts = async (trx: Kysely<DB>, userId: number) =>
      (await memberAccounts(trx, userId)).filter((a) => v.currency === undefined || a.currency === v.currency);
    await withAudit(req, { topic: 'members', action: v.type, targetUid: v.uid, data }, async (trx, note) => {
      const u = found(await lockUserByUid(trx, v.uid), NOT_FOUND);
      if (u.role !== 'investor') fail(422, `${PREFIX}.not_investor`);
      note({ before: await accounts(trx, u.id) });
      const now = app.deps.now();
      if (v.percentage !== undefined) {
        await movePercentage(trx, u.id, v.type, v.percentage, now);
      } else {
        const r = await moveAmount(trx, u.id, v.currency!, v.type, v.amount!, now);
        if (r === 'no_account') fail(422, `${PREFIX}.account_doesnt_exist`);
        if (r === 'too_precise') fail(422, `${PREFIX}.amount_exceeds_precision`);
        if (r === 'insufficient') fail(422, v.type === 'lock' ? `${PREFIX}.insufficient_balance` : `${PREFIX}.insufficient_locked`);
      }
      note({ after: await accounts(trx, u.id) });
    });
    return answer(req, reply, v.uid);
  });
}
