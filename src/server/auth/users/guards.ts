/**
 * What every user write checks before it touches a row: a valid body, an existing target, and the
 * protections of spec §6 / Barong admin/users.rb (no self-edits, superadmins only by superadmins: one
 * rule, guardSuperadmin, that every write naming a user's account calls).
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { FormResult } from '../../../shared/users.js';
import { ApiError, fail } from '../../plugins/errors.js';
import type { SessionUser } from '../context.js';
import { userRoleForShare, type AdminUserRow } from '../../db/queries/users-admin.js';

/** The validated value, or a 422 with the codes (and per-field codes for forms). */
export function validated<T>(r: FormResult<T>, status = 422): T {
  if (!r.ok) throw new ApiError(status, r.errors, r.fields);
  return r.value;
}

/** The signed-in caller; the session plugin guarantees one on admin paths, this keeps types honest. */
export function caller(req: FastifyRequest): SessionUser {
  return req.auth?.user ?? fail(401, 'authz.invalid_session');
}

/** The body as an object (a JSON array or scalar is treated as an empty body, which then fails validation). */
export function bodyOf(req: FastifyRequest): Record<string, unknown> {
  const b = req.body;
  return b && typeof b === 'object' && !Array.isArray(b) ? (b as Record<string, unknown>) : {};
}

/** Query and body together: DELETE calls carry their parameters in either. */
export function inputOf(req: FastifyRequest): Record<string, unknown> {
  const q = req.query && typeof req.query === 'object' ? (req.query as Record<string, unknown>) : {};
  return { ...q, ...bodyOf(req) };
}

export function found<T>(row: T | undefined, code = 'admin.user.doesnt_exist'): T {
  return row ?? fail(404, code);
}

export interface GuardOptions {
  /** Refuse editing one's own account (state, 2FA, role, email, phone). */
  noSelf?: boolean;
  /** The code for a non-superadmin touching a superadmin. */
  superadminCode?: string;
}

/** The superadmin rule's code: Barong's (admin/users.rb); its profiles have their own (superadminCode). */
export const SUPERADMIN_CHANGE = 'admin.user.superadmin_change';

/**
 * The superadmin rule (spec §6, Barong admin/users.rb): a superadmin's account and identity — standing,
 * sign-in (2FA, sessions, e-mail, phone), role, KYC (labels, profiles), comments, e-mail notification
 * choices, member settings — are changed by a superadmin only; and only a superadmin makes one (a role
 * change to superadmin). Every write that names a user's account calls it, through guardTarget or
 * guardNamedUser. Money postings to a superadmin's account are not this rule's: the money rules
 * (four-eyes, review amounts, the ledger) treat every member alike (README → Security).
 */
export function guardSuperadmin(by: SessionUser, target: { role: string }, code = SUPERADMIN_CHANGE): void {
  if (target.role === 'superadmin' && by.role !== 'superadmin') fail(422, code);
}

/** Throws the protection codes of spec §6 for `target`, edited by `by`. */
export function guardTarget(by: SessionUser, target: AdminUserRow, o: GuardOptions = {}): void {
  if (o.noSelf && by.id === target.id) fail(422, 'admin.user.update_himself');
  guardSuperadmin(by, target, o.superadminCode);
}

/**
 * The superadmin rule for a write that names its user without locking the row (a comment, a profile, an
 * e-mail notification choice): the role is read in the write's transaction under a share lock, so a
 * concurrent promotion either waits for the write or is seen by it. An unknown user passes: the write's
 * own lookup answers that.
 */
export async function guardNamedUser(
  trx: Kysely<DB>, by: SessionUser, who: { uid: string } | { id: number }, code?: string,
): Promise<void> {
  const role = await userRoleForShare(trx, who);
  if (role !== undefined) guardSuperadmin(by, { role }, code);
}

/** A unique-index violation: a concurrent write took the value between the check and the write. */
export function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === '23505';
}
