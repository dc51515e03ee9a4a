/**
 * "End all sessions of user U": DELETE /admin/users/{uid}/sessions (our addition; Barong has none). Ending
 * sessions is part of a user's standing, so it needs what a ban needs: update on the User's `state`, and
 * the protections of any user edit (not one's own account, a superadmin only by a superadmin). The
 * deleted rows' trigger (migration 0006) tells every node's session cache; this node drops its own at once.
 */
import type { FastifyInstance } from 'fastify';
import { withAudit } from '../../plugins/audit.js';
import { requireAbility } from '../require-ability.js';
import { findUserByUid, lockUserByUid } from '../../db/queries/users-admin.js';
import { deleteUserSessions } from '../../db/queries/sessions.js';
import { caller, found, guardTarget } from './guards.js';

export async function userSessionRoutes(app: FastifyInstance): Promise<void> {
  app.delete<{ Params: { uid: string } }>('/users/:uid/sessions', async (req) => {
    await requireAbility(req, 'update', 'User', 'barong', ['state']);
    const by = caller(req);
    const { uid } = req.params;
    guardTarget(by, found(await findUserByUid(app.deps.db.kysely, uid)), { noSelf: true });
    const ended = await withAudit(req, { topic: 'users', action: 'delete', targetUid: uid, data: { uid, sessions: 'all' } },
      async (trx, note) => {
        const u = found(await lockUserByUid(trx, uid));
        guardTarget(by, u, { noSelf: true });
        const hashes = await deleteUserSessions(trx, u.id);
        note({ ended: hashes.length });
        return hashes;
      });
    for (const hash of ended) app.sessionCache.drop(hash);
    return { ended: ended.length };
  });
}
