/**
 * Staff records on a user: comments (A13–A15, answering with the target's UserWithKYC) and KYC
 * profiles (A16–A17). Verifying or rejecting a profile sets the private `profile` label to the
 * decision, which recomputes level and state like any private label (kyc.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CommentCreate, CommentId, CommentUpdate, ProfileCreate, ProfileDecision, validateForm,
} from '../../../shared/users.js';
import { withAudit } from '../../plugins/audit.js';
import { requireAbility } from '../require-ability.js';
import { findUserById } from '../../db/queries/users-auth.js';
import { findUserByUid, lockUserByUid } from '../../db/queries/users-admin.js';
import * as rq from '../../db/queries/users-records.js';
import { privateLabels, upsertLabel } from '../../db/queries/labels.js';
import { bodyOf, caller, found, guardTarget, inputOf, validated } from './guards.js';
import { applyStanding } from './kyc.js';
import { profileEntity, userWithKyc } from './entity.js';

const COMMENT = {
  prefix: 'admin.comment',
  codes: { 'title.too_long': 'admin.comments.title_too_long', 'data.too_long': 'admin.comments.data_too_long' },
};
const PROFILE = { prefix: 'admin.profile' };

/** The comment's user as UserWithKYC, read after the write committed. */
async function commentedUser(req: FastifyRequest, userId: number) {
  const db = req.server.deps.db.kysely;
  return userWithKyc(db, found(await findUserById(db, userId)));
}

export async function recordRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.deps.db.kysely;

  app.post('/users/comments', async (req, reply) => {
    await requireAbility(req, 'update', 'User', 'barong');
    const v = validated(validateForm(CommentCreate, bodyOf(req), COMMENT));
    const user = found(await findUserByUid(db(), v.uid));
    const by = caller(req);
    await withAudit(req, { topic: 'comments', targetUid: v.uid, data: { uid: v.uid, title: v.title } },
      (trx) => rq.insertComment(trx, { userId: user.id, authorUid: by.uid, title: v.title, data: v.data }, app.deps.now()));
    return reply.status(201).send(await commentedUser(req, user.id));
  });

  app.put('/users/comments', async (req) => {
    await requireAbility(req, 'update', 'User', 'barong');
    const v = validated(validateForm(CommentUpdate, bodyOf(req), COMMENT));
    const uid = await rq.commentUserUid(db(), v.id);
    const comment = await withAudit(req, { topic: 'comments', targetUid: uid, data: { id: v.id, uid, title: v.title } }, async (trx) => {
      const c = found(await rq.lockComment(trx, v.id), 'admin.comment.doesnt_exist');
      const patch = { ...(v.title !== undefined ? { title: v.title } : {}), ...(v.data !== undefined ? { data: v.data } : {}) };
      return Object.keys(patch).length ? rq.updateComment(trx, c.id, patch, app.deps.now()) : c;
    });
    return commentedUser(req, comment.user_id);
  });

  app.delete('/users/comments', async (req) => {
    await requireAbility(req, 'update', 'User', 'barong');
    const v = validated(validateForm(CommentId, inputOf(req), COMMENT));
    const uid = await rq.commentUserUid(db(), v.id);
    const comment = await withAudit(req, { topic: 'comments', targetUid: uid, data: { id: v.id, uid } }, async (trx) => {
      const c = found(await rq.lockComment(trx, v.id), 'admin.comment.doesnt_exist');
      await rq.deleteComment(trx, c.id);
      return c;
    });
    return commentedUser(req, comment.user_id);
  });

  app.post('/profiles', async (req, reply) => {
    await requireAbility(req, 'create', 'Profile', 'barong');
    const { uid, ...values } = validated(validateForm(ProfileCreate, bodyOf(req), PROFILE));
    const user = found(await findUserByUid(db(), uid));
    const by = caller(req);
    const row = await withAudit(req, { topic: 'profiles', targetUid: uid, data: { uid } },
      (trx) => rq.insertProfile(trx, user.id, by.uid, values, app.deps.now()));
    return reply.status(201).send(profileEntity(row));
  });

  app.put('/profiles', async (req) => {
    await requireAbility(req, 'update', 'Profile', 'barong');
    const v = validated(validateForm(ProfileDecision, bodyOf(req), PROFILE));
    const by = caller(req);
    const row = await withAudit(req, { topic: 'profiles', targetUid: v.uid, data: { uid: v.uid } },
      async (trx, note) => {
        const u = found(await lockUserByUid(trx, v.uid));
        guardTarget(by, u, { superadminCode: 'admin.profiles.superadmin_change' });
        const p = found(await rq.lockSubmittedProfile(trx, u.id), 'admin.profiles.doesnt_exist_or_not_editable');
        note({ state: { from: p.state, to: v.state } });
        const now = app.deps.now();
        const updated = await rq.setProfileState(trx, p.id, v.state, now);
        const before = await privateLabels(trx, u.id);
        await upsertLabel(trx, u.id, { key: 'profile', value: v.state, scope: 'private' }, now);
        await applyStanding(trx, u, before, by.id, `profile ${v.state}`, now);
        return updated;
      });
    return profileEntity(row);
  });
}
