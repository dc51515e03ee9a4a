/**
 * Push notifications (P-A41, P-A42). A push goes to every active device of the user through the push
 * transport (server/messaging: FCM HTTP v1 when configured, else the log transport) before anything is
 * written; then the notification and one recipient per device are recorded with what the transport
 * answered: `success` when FCM took the message (or, with the log transport, when it was addressed to
 * an active device — the metadata then says `delivery: not_sent`), `failed` with FCM's error, or a
 * timeout, otherwise; and one `failed` recipient when the user had no active device.
 */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../schema.js';
import type { SendResult } from '../../messaging/index.js';
import { COUNT_CAP } from './count.js';
import { applyPage, keyColumns, orderLikePage, TIME_KEYSET, type PageRequest } from './paging.js';
import { resolveUserId } from './activity-log.js';
import { emptyPage, listPage, type Page } from './list-page.js';
import { iso, jsonText } from './user-json.js';

export interface WireNotification {
  id: number; title: string; body: string; metadata: string | null; created_at: string | null; updated_at: string | null;
}

/** What the log transport's metadata says, so nobody reads a recipient row as a delivered message. */
export const NOT_SENT = { delivery: 'not_sent', reason: 'no_push_provider' } as const;

/** One device a push was handed to, and the transport's answer. */
export interface PushSent { device_id: string; device_type: string; sent: SendResult }

/** A recipient's metadata: the transport, and FCM's result, message name, error or timeout. */
function recipientMetadata(transport: string, s?: SendResult): Record<string, unknown> {
  const base = transport === 'log' ? { ...NOT_SENT, transport } : { transport };
  if (!s || s.transport === 'log') return base;
  return {
    ...base, result: s.result,
    ...(s.provider_message_id ? { provider_message_id: s.provider_message_id } : {}),
    ...(s.error ? { error: s.error } : {}),
    ...(s.timed_out_after_ms !== undefined ? { timed_out_after_ms: s.timed_out_after_ms } : {}),
    ...(s.detail ?? {}),
  };
}

/** Records a push to one user, after it was sent. Run inside the write's transaction. */
export async function recordPush(
  trx: Transaction<DB>,
  p: { userId: number; uid: string; title: string; message: string; byUserId: number | null; now: Date; transport: string; sent: readonly PushSent[] },
): Promise<WireNotification> {
  const ok = p.sent.filter((d) => d.sent.result === 'success').length;
  const metadata = {
    ...(p.transport === 'log' ? NOT_SENT : { delivery: 'sent' }), transport: p.transport, uid: p.uid, devices: p.sent.length,
    ...(p.transport === 'log' ? {} : { succeeded: ok, failed: p.sent.length - ok }),
  };
  const n = await trx.insertInto('notifications').values({
    title: p.title, body: p.message, metadata: JSON.stringify(metadata), created_by: p.byUserId,
    created_at: p.now, updated_at: p.now,
  }).returningAll().executeTakeFirstOrThrow();
  const rows = p.sent.length
    ? p.sent.map((d) => ({
      device_id: d.device_id, device_type: d.device_type, status: d.sent.result === 'success' ? 'success' : 'failed',
      metadata: recipientMetadata(p.transport, d.sent),
    }))
    : [{ device_id: null, device_type: null, status: 'failed', metadata: { ...recipientMetadata(p.transport), delivery: 'not_sent', error: 'no_active_device' } }];
  await trx.insertInto('notification_recipients').values(rows.map((r) => ({
    notification_id: n.id, user_id: p.userId, device_id: r.device_id, device_type: r.device_type,
    status: r.status, metadata: JSON.stringify(r.metadata), created_at: p.now, updated_at: p.now,
  }))).execute();
  return wireNotification(n);
}

function wireNotification(n: { id: number; title: string; body: string; metadata: unknown; created_at: Date; updated_at: Date }): WireNotification {
  return {
    id: n.id, title: n.title, body: n.body, metadata: jsonText(n.metadata),
    created_at: iso(n.created_at), updated_at: iso(n.updated_at),
  };
}

export async function listNotifications(
  db: Kysely<DB>, f: { id?: number }, page: PageRequest, cap = COUNT_CAP,
): Promise<Page<WireNotification>> {
  let base = db.selectFrom('notifications as n');
  if (f.id !== undefined) base = base.where('n.id', '=', f.id);
  const read = () => applyPage(base.selectAll('n'), TIME_KEYSET, 'n', page, 'notifications');
  return listPage(db, { filtered: base, cap, keyset: TIME_KEYSET, orderBy: 'created_at', page, read }, wireNotification);
}

export interface RecipientFilters { notification_id?: number; uid?: string; status?: string; id?: number }

export async function listRecipients(db: Kysely<DB>, f: RecipientFilters, page: PageRequest, cap = COUNT_CAP) {
  const userId = await resolveUserId(db, f.uid);
  if (userId === null) return emptyPage<never>();
  let base = db.selectFrom('notification_recipients as r');
  if (f.notification_id !== undefined) base = base.where('r.notification_id', '=', f.notification_id);
  if (userId !== undefined) base = base.where('r.user_id', '=', userId);
  if (f.status !== undefined) base = base.where('r.status', '=', f.status);
  if (f.id !== undefined) base = base.where('r.id', '=', f.id);
  const read = () => {
    const paged = applyPage(base.selectAll('r'), TIME_KEYSET, 'r', page, 'notification_recipients');
    const q = db.selectFrom(paged.as('p'))
      .innerJoin('notifications as n', 'n.id', 'p.notification_id')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select(['p.id', 'p.notification_id', 'p.device_id', 'p.device_type', 'p.metadata', 'p.status', 'p.created_at',
        'p.updated_at', 'n.title', 'n.body', 'u.uid', 'u.phone_number'])
      .select(keyColumns(TIME_KEYSET));
    return orderLikePage(q, TIME_KEYSET, page);
  };
  return listPage(db, { filtered: base, cap, keyset: TIME_KEYSET, orderBy: 'created_at', page, read }, (r) => ({
    id: r.id, notification_id: r.notification_id, notification: { title: r.title, body: r.body }, uid: r.uid,
    phone_number: r.phone_number, device_id: r.device_id, device_type: r.device_type, metadata: jsonText(r.metadata),
    status: r.status, created_at: iso(r.created_at), updated_at: iso(r.updated_at),
  }));
}
