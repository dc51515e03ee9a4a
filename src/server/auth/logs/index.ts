/**
 * The auth service's log and list screens of the users area: activities, service logs, devices,
 * referrals, push notifications and their recipients, pending applications, and sending a test
 * message (POST /admin/service_logs). Registered inside the
 * /api/v2/barong prefix by auth/routes.ts.
 */
import type { FastifyInstance } from 'fastify';
import { activityRoutes } from './activities.js';
import { listRoutes } from './lists.js';
import { notificationRoutes } from './notifications.js';
import { pendingRoutes } from './pending.js';
import { testMessageRoutes } from './test-message.js';

export function logsRoutes(app: FastifyInstance): void {
  activityRoutes(app);
  listRoutes(app);
  notificationRoutes(app);
  pendingRoutes(app);
  testMessageRoutes(app);
}
