/**
 * POST /admin/notification/push (update Device, spec §6 fcm-notification → Device), validated with the
 * notifications resource's create struct ('Title is required', 'Message is required' for forms) and
 * audited in the same transaction; GET /admin/notifications (read Notification) and
 * GET /admin/notifications/recipients (read NotificationRecipient) by notification_id or uid.
 */
import type { FastifyInstance } from 'fastify';
import { requireAbility } from '../require-ability.js';
import { withAudit } from '../../plugins/audit.js';
import { ApiError } from '../../plugins/errors.js';
import { validateCreate } from '../../../shared/resources/structs.js';
import { notifications } from '../../../shared/resources/notifications.js';
import { notificationRecipients } from '../../../shared/resources/notification-recipients.js';
import { listNotifications, listRecipients, recordPush } from '../../db/queries/notifications.js';
import { parseListParams } from './list-params.js';
import { sendPage } from './reply.js';

const UNKNOWN_UID = 'admin.notification.uid_doesnt_exist';

export function notificationRoutes(app: FastifyInstance): void {
  app.post('/admin/notification/push', async (req, reply) => {
    await requireAbility(req, 'update', 'Device', 'barong');
    const checked = validateCreate(notifications, req.body);
    if (!checked.ok) throw new ApiError(422, checked.errors, checked.fields);
    const { uid, title, message } = checked.value as { uid: string; title: string; message: string };
    const created = await withAudit(req, { topic: 'notifications', action: 'create', targetUid: uid }, async (trx) => {
      const n = await recordPush(trx, { uid, title, message, byUserId: req.auth?.user.id ?? null, now: app.deps.now() });
      // A field error, so the form says it under UID and keeps what was typed (not a bare 404 toast).
      if (!n) throw new ApiError(404, [UNKNOWN_UID], { uid: [UNKNOWN_UID] });
      return n;
    });
    return reply.status(201).send(created);
  });

  app.get('/admin/notifications', async (req, reply) => {
    await requireAbility(req, 'read', 'Notification', 'barong');
    const p = parseListParams(notifications, req.query);
    return sendPage(reply, p, await listNotifications(app.deps.db.kysely, p.filters, p));
  });

  app.get('/admin/notifications/recipients', async (req, reply) => {
    await requireAbility(req, 'read', 'NotificationRecipient', 'barong');
    const p = parseListParams(notificationRecipients, req.query);
    return sendPage(reply, p, await listRecipients(app.deps.db.kysely, p.filters, p));
  });
}
