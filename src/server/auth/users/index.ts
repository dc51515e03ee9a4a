/** The Barong admin users area, mounted at /api/v2/barong/admin: directory, detail and every user action. */
import type { FastifyInstance } from 'fastify';
import { userReadRoutes } from './read.js';
import { userActionRoutes } from './actions.js';
import { labelRoutes } from './labels.js';
import { recordRoutes } from './records.js';
import { commentRoutes } from './comments.js';
import { userSessionRoutes } from './sessions.js';

export async function userAdminRoutes(app: FastifyInstance): Promise<void> {
  await userReadRoutes(app);
  await userActionRoutes(app);
  await labelRoutes(app);
  await recordRoutes(app);
  await commentRoutes(app);
  await userSessionRoutes(app);
}
