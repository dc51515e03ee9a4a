/**
 * Service logs (P-A31), devices (P-A39) and referrals (P-A29): filtered, keyset-paged lists over
 * (created_at, id) with capped totals (list-page.ts). Every filter has an index (0001 and 0005
 * migrations); a uid is resolved to a user id first wherever the table references users by id.
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB, ServiceLogsTable } from '../schema.js';
import { COUNT_CAP } from './count.js';
import { applyPage, keyColumns, orderLikePage, TIME_KEYSET, type PageRequest } from './paging.js';
import { resolveUserId } from './activity-log.js';
import { emptyPage, listPage } from './list-page.js';
import { iso, jsonText, userEntity } from './user-json.js';
import { USER_LIST_COLUMNS } from './users-admin.js';

export interface ServiceLogFilters {
  from?: Date; to?: Date; uid?: string; email?: string; service_name?: string; service_type?: string;
  result?: string; user_country?: string; phone_number?: string; id?: number;
}

export async function listServiceLogs(db: Kysely<DB>, f: ServiceLogFilters, page: PageRequest, cap = COUNT_CAP) {
  let base = db.selectFrom('service_logs as s');
  if (f.id !== undefined) base = base.where('s.id', '=', f.id);
  if (f.from) base = base.where('s.created_at', '>=', f.from);
  if (f.to) base = base.where('s.created_at', '<=', f.to);
  if (f.uid !== undefined) base = base.where('s.uid', '=', f.uid);
  // service_logs_email_idx is on lower(email).
  if (f.email !== undefined) base = base.where(sql`lower(s.email)`, '=', f.email.toLowerCase());
  for (const k of ['service_name', 'service_type', 'result', 'user_country', 'phone_number'] as const) {
    if (f[k] !== undefined) base = base.where(`s.${k}`, '=', f[k]!);
  }
  const read = () => applyPage(base.selectAll('s'), TIME_KEYSET, 's', page, 'service_logs');
  return listPage(db, { filtered: base, cap, keyset: TIME_KEYSET, orderBy: 'created_at', page, read }, wireServiceLog);
}

/** A service-log row as the wire has it (the list's rows, and the answer of a test message). */
export function wireServiceLog(r: Selectable<ServiceLogsTable>) {
  return {
    id: r.id, uid: r.uid, email: r.email, service_name: r.service_name, service_type: r.service_type, topic: r.topic,
    user_country: r.user_country, user_ip: r.user_ip, phone_number: r.phone_number, result: r.result,
    metadata: jsonText(r.metadata), created_at: iso(r.created_at),
  };
}

export interface DeviceFilters { uid?: string; device_id?: string; device_type?: string; active?: boolean; id?: number }

export async function listDevices(db: Kysely<DB>, f: DeviceFilters, page: PageRequest, cap = COUNT_CAP) {
  const userId = await resolveUserId(db, f.uid);
  if (userId === null) return emptyPage<never>();
  let base = db.selectFrom('devices as d');
  if (f.id !== undefined) base = base.where('d.id', '=', f.id);
  if (userId !== undefined) base = base.where('d.user_id', '=', userId);
  if (f.device_id !== undefined) base = base.where('d.device_id', '=', f.device_id);
  if (f.device_type !== undefined) base = base.where('d.device_type', '=', f.device_type);
  if (f.active !== undefined) base = base.where('d.active', '=', f.active);
  const read = () => {
    const paged = applyPage(base.selectAll('d'), TIME_KEYSET, 'd', page, 'devices');
    const q = db.selectFrom(paged.as('p')).innerJoin('users as u', 'u.id', 'p.user_id')
      .select(['p.id', 'p.device_id', 'p.device_type', 'p.active', 'p.created_at', 'p.updated_at', 'u.uid', 'u.email', 'u.phone_number'])
      .select(keyColumns(TIME_KEYSET));
    return orderLikePage(q, TIME_KEYSET, page);
  };
  return listPage(db, { filtered: base, cap, keyset: TIME_KEYSET, orderBy: 'created_at', page, read }, (r) => ({
    id: r.id, uid: r.uid, email: r.email, phone_number: r.phone_number, device_id: r.device_id,
    device_type: r.device_type, active: r.active, created_at: iso(r.created_at), updated_at: iso(r.updated_at),
  }));
}

export interface ReferralFilters { uid?: string; state?: string; id?: number }

/** Users referred by `uid` (every referred user when no uid is given). */
export async function listReferrals(db: Kysely<DB>, f: ReferralFilters, page: PageRequest, cap = COUNT_CAP) {
  let base = db.selectFrom('users as u');
  base = f.uid !== undefined ? base.where('u.referral_uid', '=', f.uid) : base.where('u.referral_uid', 'is not', null);
  if (f.state !== undefined) base = base.where('u.state', '=', f.state);
  if (f.id !== undefined) base = base.where('u.id', '=', f.id);
  const read = () => applyPage(base.select(USER_LIST_COLUMNS.map((c) => `u.${c}` as const)), TIME_KEYSET, 'u', page, 'users');
  return listPage(db, { filtered: base, cap, keyset: TIME_KEYSET, orderBy: 'created_at', page, read }, userEntity);
}
