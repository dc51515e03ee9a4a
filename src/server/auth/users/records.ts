/**
 * Staff records on a user: KYC profiles (A16–A17; comments are in comments.ts). Verifying or rejecting
 * a profile sets the private `profile` label to the decision, which recomputes level and state like any
 * private label (kyc.ts).
 */
import type { FastifyInstance } from 'fastify';
import { ProfileCreate, ProfileDecision, validateForm } from '../../../shared/users.js';
import { withAudit } from '../../plugins/audit.js';
import { requireAbility } from '../require-ability.js';
import { findUserByUid, lockUserByUid } from '../../db/queries/users-admin.js';
import * as rq from '../../db/queries/users-records.js';
import { privateLabels, upsertLabel } from '../../db/queries/labels.js';
import { bodyOf, caller, found, guardNamedUser, guardTarget, validated } from './guards.js';
import { applyStanding } from './kyc.js';
import { profileEntity } from './entity.js';

const PROFILE = { prefix: 'admin.profile' };
/** Barong's own code of the superadmin rule on profiles (admin/profiles.rb). */
const PROFILES_SUPERADMIN = 'admin.profiles.superadmin_change';

export async function recordRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.deps.db.kysely;

  app.post('/profiles', async (req, reply) => {
    await requireAbility(req, 'create', 'Profile', 'barong');
    const { uid, ...values } = validated(validateForm(ProfileCreate, bodyOf(req), PROFILE));
    const user = found(await findUserByUid(db(), uid));
    const by = caller(req);
    const row = await withAudit(req, { topic: 'profiles', targetUid: uid, data: { uid } }, async (trx) => {
      // A profile is the user's identity: the superadmin rule applies to adding one as to deciding one.
      await guardNamedUser(trx, by, { id: user.id }, PROFILES_SUPERADMIN);
      return rq.insertProfile(trx, user.id, by.uid, values, app.deps.now());
    });
    return reply.status(201).send(profileEntity(row));
  });

  app.put('/profiles', async (req) => {
    await requireAbility(req, 'update', 'Profile', 'barong');
    const v = validated(validateForm(ProfileDecision, bodyOf(req), PROFILE));
    const by = caller(req);
    const row = await withAudit(req, { topic: 'profiles', targetUid: v.uid, data: { uid: v.uid } },
      async (trx, note) => {
        const u = found(await lockUserByUid(trx, v.uid));
        guardTarget(by, u, { superadminCode: PROFILES_SUPERADMIN });
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
