/**
 * The reads and writes of sending a message (server/auth/logs/test-message.ts, notifications.ts): who the
 * user is and how to reach them, which platform setting carries a service type to their country, the SMS
 * sender there, and the service-log row of the result. The row goes in with a plain INSERT, so the
 * statement trigger of migration 0024 keeps the service-log graph's rollups, as for every other row.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../schema.js';
import { wireServiceLog } from './logs.js';

export interface MessageRecipient { id: number; uid: string; email: string; phone_number: string | null; country: string | null }

export async function messageRecipient(db: Kysely<DB>, uid: string): Promise<MessageRecipient | undefined> {
  return db.selectFrom('users').select(['id', 'uid', 'email', 'phone_number', 'country']).where('uid', '=', uid).executeTakeFirst();
}

export interface Provider { id: number; service_name: string }

/**
 * The platform setting a service type goes out through for a country: the enabled country service of
 * the country, else the one for `all` (both only while their provider is enabled), else the first
 * enabled platform setting of the type; undefined when the type has none enabled.
 */
export async function chooseProvider(db: Kysely<DB>, type: 'email' | 'sms', country: string | null): Promise<Provider | undefined> {
  const routed = await db.selectFrom('country_services as c').innerJoin('platform_settings as p', 'p.id', 'c.platform_setting_id')
    .select(['p.id', 'p.service_name'])
    .where('c.service_type', '=', type).where('c.state', '=', 'enabled').where('p.state', '=', 'enabled')
    .where((e) => e('c.country_code', '=', 'all').or(sql<string>`upper(c.country_code)`, '=', (country ?? '').toUpperCase()))
    .orderBy(sql`c.country_code = 'all'`).orderBy('c.id').limit(1).executeTakeFirst();
  if (routed) return routed;
  return db.selectFrom('platform_settings').select(['id', 'service_name'])
    .where('service_type', '=', type).where('state', '=', 'enabled').orderBy('id').limit(1).executeTakeFirst();
}

/** The active sender of an SMS provider in a country, or null (the provider's default then). */
export async function smsSender(db: Kysely<DB>, providerId: number, country: string | null): Promise<string | null> {
  if (!country) return null;
  const row = await db.selectFrom('sms_sender_configs').select('sender')
    .where('platform_setting_id', '=', providerId).where(sql<string>`upper(country_code)`, '=', country.toUpperCase())
    .where('status', '=', 'active').executeTakeFirst();
  return row?.sender ?? null;
}

export interface NewServiceLog {
  user: MessageRecipient; serviceName: string; serviceType: 'email' | 'sms'; topic: string; userIp: string | null;
  result: string; metadata: Record<string, unknown>; at: Date;
}

export async function insertServiceLog(trx: Transaction<DB>, l: NewServiceLog) {
  const row = await trx.insertInto('service_logs').values({
    user_id: l.user.id, uid: l.user.uid, email: l.user.email, phone_number: l.user.phone_number, service_name: l.serviceName,
    service_type: l.serviceType, topic: l.topic, user_country: l.user.country, user_ip: l.userIp, result: l.result,
    metadata: JSON.stringify(l.metadata), created_at: l.at,
  }).returningAll().executeTakeFirstOrThrow();
  return wireServiceLog(row);
}

/** A user's active devices, oldest first: the push recipients (device_id is the FCM registration token). */
export async function activeDevices(db: Kysely<DB>, userId: number) {
  return db.selectFrom('devices').select(['device_id', 'device_type'])
    .where('user_id', '=', userId).where('active', '=', true).orderBy('id').execute();
}
