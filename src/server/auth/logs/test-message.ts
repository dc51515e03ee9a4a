/**
 * POST /admin/service_logs (create ServiceLog; issue 14 item 8): send a test message — an e-mail or an
 * SMS with the given topic (the e-mail's subject) and text — to one user, through the platform setting
 * that serves the type in the user's country (db/queries/messaging.ts chooseProvider) and that
 * setting's transport (server/messaging), and answer 201 with the service-log row recording the
 * provider's result. The provider is called before the transaction (a slow one must not hold a
 * connection); the row and its admin activity then commit together.
 *
 * A message the provider refuses or that times out is still a row (result failed, rejected, …, the
 * provider's words and any timeout in metadata), not an error: the row is what was asked for. Refused
 * before sending, with the code under the field: an unknown uid (404), a user with no phone number for
 * an SMS, and a type with no enabled platform setting (422).
 */
import type { FastifyInstance } from 'fastify';
import { requireAbility } from '../require-ability.js';
import { withAudit } from '../../plugins/audit.js';
import { ApiError } from '../../plugins/errors.js';
import { validateCreate } from '../../../shared/resources/structs.js';
import { serviceLogs } from '../../../shared/resources/service-logs.js';
import { chooseProvider, insertServiceLog, messageRecipient, smsSender } from '../../db/queries/messaging.js';
import type { SendResult } from '../../messaging/index.js';

const UNKNOWN_UID = 'admin.service_log.uid_doesnt_exist';
const NO_PHONE = 'admin.service_log.no_phone_number';
const NO_PROVIDER = 'admin.service_log.no_platform_setting';

interface Body { uid: string; service_type: 'email' | 'sms'; topic?: string | null; message: string }

/** What the row's metadata keeps of a send: transport, provider, id, error or timeout, status — never the text. */
function metadataOf(sent: SendResult, extra: Record<string, unknown>): Record<string, unknown> {
  return {
    transport: sent.transport, ...extra,
    ...(sent.provider_message_id ? { provider_message_id: sent.provider_message_id } : {}),
    ...(sent.error ? { error: sent.error } : {}),
    ...(sent.timed_out_after_ms !== undefined ? { timed_out_after_ms: sent.timed_out_after_ms } : {}),
    ...(sent.detail ?? {}),
  };
}

export function testMessageRoutes(app: FastifyInstance): void {
  app.post('/admin/service_logs', async (req, reply) => {
    await requireAbility(req, serviceLogs.abilityFor.create, 'ServiceLog', 'barong');
    const checked = validateCreate(serviceLogs, req.body);
    if (!checked.ok) throw new ApiError(422, checked.errors, checked.fields);
    const { uid, service_type: type, message } = checked.value as unknown as Body;
    const topic = (checked.value as unknown as Body).topic?.trim() || 'test_message';
    const audit = { topic: 'service_logs', action: 'create', targetUid: uid };
    // Refusals go through withAudit too, so each leaves its failed admin activity.
    const refuse = (status: number, code: string, field: string) =>
      withAudit(req, audit, async () => { throw new ApiError(status, [code], { [field]: [code] }); });

    const db = app.deps.db.kysely;
    const user = await messageRecipient(db, uid);
    if (!user) return refuse(404, UNKNOWN_UID, 'uid');
    const to = type === 'email' ? user.email : user.phone_number;
    if (!to) return refuse(422, NO_PHONE, 'uid');
    const provider = await chooseProvider(db, type, user.country);
    if (!provider) return refuse(422, NO_PROVIDER, 'service_type');

    let sent: SendResult;
    let extra: Record<string, unknown> = { platform_setting_id: provider.id, to };
    if (type === 'email') {
      sent = await app.deps.messaging.email(provider.service_name).send({ to, subject: topic, text: message });
    } else {
      const from = await smsSender(db, provider.id, user.country);
      extra = { ...extra, from };
      sent = await app.deps.messaging.sms(provider.service_name).send({ to, from, text: message, service: provider.service_name });
    }
    const row = await withAudit(req, { ...audit, data: { uid, service_type: type, topic, service_name: provider.service_name, result: sent.result } },
      (trx) => insertServiceLog(trx, {
        user, serviceName: provider.service_name, serviceType: type, topic, userIp: req.ip ?? null,
        result: sent.result, metadata: metadataOf(sent, extra), at: app.deps.now(),
      }));
    return reply.status(201).send(row);
  });
}
