/** The auth service's route tree, mounted where a real deployment's gateway puts Barong. */
import type { FastifyInstance } from 'fastify';
import { identityRoutes } from './identity.js';
import { resourceRoutes } from './resource.js';
import { customerRoutes } from './customer/index.js';
import { accessAdminRoutes } from './permissions.js';
import { registerResourceRoutes } from '../resources/routes.js';
import { metricsRoutes } from './metrics.js';
import { logsRoutes } from './logs/index.js';
import { userAdminRoutes } from './users/index.js';
import { restrictionRoutes } from './restrictions/routes.js';
import { countryServiceRoutes } from './country-services.js';
import { emailNotificationRules } from './email-notifications.js';
import { pinRoutes } from './pins.js';
import { viewRoutes } from './views.js';
import { documentRoutes } from './documents/routes.js';

export const BARONG_PREFIX = '/api/v2/barong';

export async function registerBarongRoutes(app: FastifyInstance): Promise<void> {
  await app.register(async (barong) => {
    identityRoutes(barong);
    resourceRoutes(barong);
    documentRoutes(barong);
    customerRoutes(barong);
    pinRoutes(barong);
    metricsRoutes(barong);
    logsRoutes(barong);
    await barong.register(accessAdminRoutes, { prefix: '/admin' });
    await barong.register(userAdminRoutes, { prefix: '/admin' });
    await barong.register(async (admin) => viewRoutes(admin), { prefix: '/admin' });
    restrictionRoutes(barong);
    countryServiceRoutes(barong);
    emailNotificationRules();
    registerResourceRoutes(barong, 'barong');
  }, { prefix: BARONG_PREFIX });
}
