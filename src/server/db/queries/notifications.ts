/**
 * Push notifications (P-A41, P-A42). There is no push provider behind this backend, so a push records
 * the notification and one recipient per active device of the user, and says in the metadata that
 * nothing was handed to a provider: `success` on a recipient means "addressed to an active device",
 * `failed` means the user had no active device to address.
 */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../schema.js';
import { COUNT_CAP } from './count.js';
import { applyPage, keyColumns, orderLikePage, TIME_KEYSET, type PageRequest } from './paging.js';
import { resolveUserId } from './activity-log.js';
import { emptyPage, listPage, type Page } from './list-page.js';
import { iso, jsonText } from './user-json.js';

export interface WireNotification {
  id: number; title: string; body: string; metadata: string | null; created_at: string | null; updated_at: string | null;
}

/** What the metadata says about delivery, so nobody reads a recipient row as a delivered message. */
export const NOT_SENT = { delivery: 'not_sent', reason: 'no_push_provider' } as const;

/** Records a push to one user; null when the uid is unknown. Run inside the write's transaction. */
export async function recordPush(
  trx: Transaction<DB>, p: { uid: string; title: string; message: string; byUserId: number | null; now: Date },
): Promise<WireNotification | null> {
  const user = await trx.selectFrom('users').select('id').where('uid', '=', p.uid).executeTakeFirst();
  if (!user) return null;
  const devices = await trx.selectFrom('devices').select(['device_id', 'device_type'])
    .where('user_id', '=', user.id).where('active', '=', true).orderBy('id').execute();
  const metadata = { ...NOT_SENT, uid: p.uid, devices: devices.length };
  const n = await trx.insertInto('notifications').values({
    title: p.title, body: p.message, metadata: JSON.stringify(metadata), created_by: p.byUserId,
    created_at: p.now, updated_at: p.now,
  }).returningAll().executeTakeFirstOrThrow();
  const rows = devices.length
    ? devices.map((d) => ({ device_id: d.device_id, device_type: d.device_type, status: 'success', metadata: NOT_SENT }))
    : [{ device_id: null, device_type: null, status: 'failed', metadata: { ...NOT_SENT, error: 'no_active_device' } }];
  await trx.insertInto('notification_recipients').values(rows.map((r) => ({
    notification_id: n.id, user_id: user.id, device_id: r.device_id, device_type: r.device_type,
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
  const read = () => applyPage(base.selectAll('n'), TIME_KEYSET, 'n', page, 'notifications').execute();
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
    return orderLikePage(q, TIME_KEYSET, page).execute();
  };
  return listPage(db, { filtered: base, cap, keyset: TIME_KEYSET, orderBy: 'created_at', page, read }, (r) => ({
    id: r.id, notification_id: r.notification_id, notification: { title: r.title, body: r.body }, uid: r.uid,
    phone_number: r.phone_number, device_id: r.device_id, device_type: r.device_type, metadata: jsonText(r.metadata),
    status: r.status, created_at: iso(r.created_at), updated_at: iso(r.updated_at),
  }));
}
