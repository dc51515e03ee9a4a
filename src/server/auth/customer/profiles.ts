/**
 * A customer's KYC profile (Barong 2.7 resource/profiles.rb): GET /resource/profiles (and baseapp's
 * /resource/profiles/me) lists the customer's own; POST creates one — refused 409 `resource.profile.exist`
 * while the latest is not rejected — drafted, or submitted with `confirm: true`; PUT edits the latest
 * while it is drafted (`resource.profile.not_editable` otherwise) and submits it with `confirm`.
 * Submitting sets the private `profile` label to `submitted` (and the user's country, when none is on
 * record); staff then verify or reject it through PUT /admin/profiles (users/records.ts), which sets that label to their decision.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CustomerProfile } from '../../../shared/customer.js';
import { withAudit } from '../../plugins/audit.js';
import { fail } from '../../plugins/errors.js';
import { fillUserCountry, insertOwnProfile, latestProfile, lockUser, ownProfiles, updateProfile, type ProfileFields } from '../../db/queries/customer.js';
import { profileEntity } from '../users/entity.js';
import { customer, ownWrite, parse, setOwnLabel } from './common.js';

const P = 'resource.profile';

export function profileRoutes(app: FastifyInstance): void {
  const db = app.deps.db.kysely;

  const list = async (req: FastifyRequest) => (await ownProfiles(db, customer(app, req).id)).map(profileEntity);
  app.get('/resource/profiles', list);
  app.get('/resource/profiles/me', list);

  const write = (req: FastifyRequest, create: boolean) => ownWrite(req, { topic: 'profile', action: create ? 'create' : 'update' }, () => {
    const me = customer(app, req);
    const { confirm, ...fields } = parse(CustomerProfile, req, P);
    const values = fields as ProfileFields;
    return withAudit(req, { topic: 'profile', action: create ? 'create' : 'update', category: 'user' }, async (trx) => {
      const now = app.deps.now();
      const user = (await lockUser(trx, me.id)) ?? fail(401, 'authz.invalid_session');
      const last = await latestProfile(trx, me.id, true);
      const state = confirm ? 'submitted' : 'drafted';
      let row;
      if (create) {
        if (last && last.state !== 'rejected') fail(409, 'resource.profile.exist');
        row = await insertOwnProfile(trx, me.id, me.uid, values, state, now);
      } else {
        if (!last) fail(404, 'resource.profile.not_exist');
        if (last.state !== 'drafted') fail(422, 'resource.profile.not_editable');
        row = await updateProfile(trx, last.id, { ...values, state }, now);
      }
      if (state === 'submitted') {
        await setOwnLabel(trx, user, 'profile', 'submitted', now);
        // A sign-up has no country: the submitted profile's is the user's (the directory's and the queue's column and filter).
        if (row.country) await fillUserCountry(trx, me.id, row.country, now);
      }
      return profileEntity(row);
    });
  });
  app.post('/resource/profiles', async (req, reply) => reply.code(201).send(await write(req, true)));
  app.put('/resource/profiles', async (req) => write(req, false));
}
