/**
 * The guard rails of permission writes (issue 30 item 1). Stock Barong lets any holder of the
 * permissions API write any row, so an admin could drop the superadmin's access to the permissions
 * themselves, and nobody could undo it. Three rules, checked inside the write's transaction on the rows
 * as they will be after it:
 * - rows of the superadmin role (before or after the write) are the superadmin's alone:
 *   `admin.permission.superadmin_change` (422, as the same rule on users and profiles);
 * - after the write the superadmin role must still manage permissions (read, add, edit and delete them,
 *   through both the rows and its abilities) — nobody else could repair its rows. When the deployment's
 *   allowed roles leave the superadmin out, some allowed role must: `admin.permission.locks_everyone_out`
 *   (409, never overruled);
 * - a write after which the writer's own role could no longer manage permissions is refused with
 *   `admin.permission.locks_you_out` (409) unless sent again with `X-Confirm: admin.permission.locks_you_out`,
 *   as restrictions do for the writer's own address.
 * The table is locked against other writers first, so two writes that each leave one manager cannot
 * together leave none; reads (the gateway) are not blocked.
 */
import type { FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { ApiError } from '../plugins/errors.js';
import { evaluatePermissions } from '../plugins/authz.js';
import { roleCan } from './require-ability.js';
import { PERMISSION_LOCKOUT_CODE } from '../../shared/resources/permissions.js';

export const SUPERADMIN = 'superadmin';
const PERMISSIONS_PATH = '/api/v2/barong/admin/permissions';
/** The calls and abilities that make a role able to manage permissions (the list screen's every action). */
const MANAGE = [['GET', 'read'], ['POST', 'create'], ['PUT', 'update'], ['DELETE', 'delete']] as const;

type Rule = { role: string; verb: string; path: string; action: string; topic: string | null };

/** Whether `role` can read, add, edit and delete permissions with these rows: the gateway's rows and the abilities both. */
export function canManagePermissions(rows: readonly Rule[], role: string, allowedRoles: readonly string[]): boolean {
  if (!allowedRoles.includes(role)) return false;
  const own = rows.filter((r) => r.role === role);
  return MANAGE.every(([verb, action]) =>
    roleCan(role, action, 'Permission', 'barong', allowedRoles) && evaluatePermissions(own, verb, PERMISSIONS_PATH).allowed);
}

/** Takes the writers' lock; call first in the write's transaction, before the row is read or changed. */
export async function lockPermissions(trx: Kysely<DB>): Promise<void> {
  // SHARE ROW EXCLUSIVE conflicts with itself and with every write, not with plain reads.
  await sql`LOCK TABLE permissions IN SHARE ROW EXCLUSIVE MODE`.execute(trx);
}

/** Refuses a non-superadmin's write of a superadmin row: `roles` are the row's role before and after. */
export function guardSuperadminRows(req: FastifyRequest, roles: readonly (string | undefined)[]): void {
  if (roles.includes(SUPERADMIN) && req.auth!.user.role !== SUPERADMIN) {
    throw new ApiError(422, ['admin.permission.superadmin_change'], { role: ['admin.permission.superadmin_change'] });
  }
}

/** Checks the rows as the write left them (read in its transaction); throws to roll it back. */
export async function guardManagers(req: FastifyRequest, trx: Kysely<DB>): Promise<void> {
  const rows = await trx.selectFrom('permissions').select(['role', 'verb', 'path', 'action', 'topic']).execute();
  const allowed = req.server.deps.config.allowedRoles;
  const keepers = allowed.includes(SUPERADMIN) ? [SUPERADMIN] : allowed;
  if (!keepers.some((role) => canManagePermissions(rows, role, allowed))) throw new ApiError(409, ['admin.permission.locks_everyone_out']);
  const me = req.auth!.user.role;
  if (!canManagePermissions(rows, me, allowed) && req.headers['x-confirm'] !== PERMISSION_LOCKOUT_CODE) {
    throw new ApiError(409, [PERMISSION_LOCKOUT_CODE]);
  }
}
