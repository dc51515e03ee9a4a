/** Barong's resource calls for the signed-in user (a session is required: not a pass path). */
import type { FastifyInstance } from 'fastify';
import { fail } from '../plugins/errors.js';
import { findUserById } from '../db/queries/users-auth.js';
import { userWithFullInfo } from './user-entity.js';

export function resourceRoutes(app: FastifyInstance): void {
  const { db } = app.deps;

  // No csrf_token here: Barong returns it only from sign-in, so the client must keep its own copy.
  app.get('/resource/users/me', async (req) => {
    if (!req.auth) fail(401, 'authz.invalid_session');
    const user = await findUserById(db.kysely, req.auth.user.id);
    if (!user) fail(401, 'authz.invalid_session');
    return userWithFullInfo(db.kysely, user);
  });
}
