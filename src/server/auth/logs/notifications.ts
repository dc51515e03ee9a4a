/**
 * POST /admin/notification/push (update Device, spec §6 fcm-notification → Device), validated with the
 * notifications resource's create struct ('Title is required', 'Message is required' for forms), sent to
 * the user's active devices through the push transport (FCM or log; server/messaging) and recorded with
 * each device's result, audited in the same transaction; GET /admin/notifications (read Notification) and
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
import { activeDevices, messageRecipient } from '../../db/queries/messaging.js';
import { parseListParams } from './list-params.js';
import { sendPage } from './reply.js';

const UNKNOWN_UID = 'admin.notification.uid_doesnt_exist';

export function notificationRoutes(app: FastifyInstance): void {
  app.post('/admin/notification/push', async (req, reply) => {
    await requireAbility(req, 'update', 'Device', 'barong');
    const checked = validateCreate(notifications, req.body);
    if (!checked.ok) throw new ApiError(422, checked.errors, checked.fields);
    const { uid, title, message } = checked.value as { uid: string; title: string; message: string };
    const audit = { topic: 'notifications', action: 'create', targetUid: uid };
    const db = app.deps.db.kysely;
    const user = await messageRecipient(db, uid);
    // A field error, so the form says it under UID and keeps what was typed (not a bare 404 toast);
    // through withAudit, so the refused write still leaves its failed admin activity.
    if (!user) return withAudit(req, audit, async () => { throw new ApiError(404, [UNKNOWN_UID], { uid: [UNKNOWN_UID] }); });
    // Sent before the transaction: a slow provider must not hold a connection (PGlite's only one).
    const push = app.deps.messaging.push;
    const sent = await Promise.all((await activeDevices(db, user.id)).map(async (d) => ({
      ...d, sent: await push.send({ token: d.device_id, title, body: message }),
    })));
    const created = await withAudit(req, audit, (trx) => recordPush(trx, {
      userId: user.id, uid, title, message, byUserId: req.auth?.user.id ?? null, now: app.deps.now(), transport: push.name, sent,
    }));
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
