/**
 * A year of e-mail and SMS provider logs in SQL: the confirmation sent at each sign-up inside the
 * window, then OTPs, notifications and resets with the same rhythm as sign-ins. Results follow the
 * spec §4 enumeration, mostly success.
 */
import { CUSTOMER_ID_BASE, byUserRanges, exec, type SeedContext } from './context.js';
import { customerMd5, signupByPhoneSql } from './customers.js';
import { EMAIL_SERVICES, EMAIL_TOPICS, SERVICE_RESULTS, SMS_SERVICES, SMS_TOPICS } from './reference.js';
import { hex, md5, pickWeighted, rehash, u01 } from './sql.js';
import { WINDOW_DAYS, eventTimeSql, keepEventSql, perUserWeightSql, scaleFor, windowStartSql } from './rhythm.js';

const COLUMNS = 'user_id, uid, email, service_name, service_type, topic, user_country, user_ip, phone_number, result, metadata, created_at';

/** One provider call of type `sms` (else email); draws from slices 1..3 of md5 `m`. */
const rowSql = (sms: string, m: string, topicSms: string, topicEmail: string, ts: string) => `
  id, uid, email,
  CASE WHEN ${sms} THEN ${pickWeighted(SMS_SERVICES, m, 1)} ELSE ${pickWeighted(EMAIL_SERVICES, m, 1)} END,
  CASE WHEN ${sms} THEN 'sms' ELSE 'email' END,
  CASE WHEN ${sms} THEN ${topicSms} ELSE ${topicEmail} END,
  country, last_ip, CASE WHEN ${sms} THEN phone_number END,
  ${pickWeighted(SERVICE_RESULTS, m, 2)},
  CASE WHEN ${sms} THEN jsonb_build_object('sid', 'SM' || ${hex(m)}, 'segments', 1 + (${u01(m, 3)} < 0.1)::int)
    ELSE jsonb_build_object('message_id', substr(${hex(m)}, 1, 24) || '@mail', 'template', ${topicEmail}) END,
  ${ts}`;

const signupSql = (ctx: SeedContext, from: number, to: number) => `
INSERT INTO service_logs (${COLUMNS})
SELECT ${rowSql('sms', 'm', "'phone_verification'", "'email_confirmation'", "created_at + interval '4 seconds'")}
FROM (
  SELECT u.*, ${md5('svc-signup', 'u.uid')} AS m,
    u.phone_number IS NOT NULL AND ${signupByPhoneSql(customerMd5(`u.id - ${CUSTOMER_ID_BASE}`))} AS sms
  FROM users u
  WHERE u.id BETWEEN ${Math.max(from, CUSTOMER_ID_BASE + 1)} AND ${to} AND u.created_at >= ${ctx.nowSql} - interval '${WINDOW_DAYS} days'
  OFFSET 0
) x`;

const eventsSql = (ctx: SeedContext, scale: number, from: number, to: number, salt = 'svc') => `
INSERT INTO service_logs (${COLUMNS})
SELECT ${rowSql('sms', 'm2', pickWeighted(SMS_TOPICS, 'm2', 6), pickWeighted(EMAIL_TOPICS, 'm2', 6), 'ts')}
FROM (
  SELECT x.*, k.m, ${rehash('k.m')} AS m2, ${eventTimeSql(ctx, 'x.ws', 'k.m')} AS ts,
    x.phone_number IS NOT NULL AND ${u01('k.m', 4)} < 0.45 AS sms
  FROM (
    SELECT u.*, ${windowStartSql(ctx, 'u.created_at')} AS ws,
      floor(${scale} * ${perUserWeightSql(ctx, 'u', 'svc', '1')} + ${u01(md5(salt, 'u.uid'), 1)})::int AS n
    FROM users u WHERE u.id BETWEEN ${from} AND ${to}
    OFFSET 0
  ) x
  CROSS JOIN LATERAL generate_series(1, x.n) AS j
  CROSS JOIN LATERAL (SELECT ${md5(salt, "x.uid || ':' || j")} AS m OFFSET 0) k
  OFFSET 0
) y
WHERE ${keepEventSql(ctx, 'ts', 'ws', 'm')}`;

export async function insertServiceLogs(ctx: SeedContext, target: number): Promise<void> {
  await byUserRanges(ctx, 'service logs (sign-up)', 1, (a, b) => exec(ctx, signupSql(ctx, a, b)));
  const done = await ctx.db.selectFrom('service_logs').select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rest = Math.max(0, target - Number(done.n));
  const scale = await scaleFor(ctx, rest, 'svc', '1');
  await byUserRanges(ctx, 'service logs', rest / Math.max(1, ctx.users), (a, b) => exec(ctx, eventsSql(ctx, scale, a, b)));
}

/**
 * More provider calls on top of a seeded data set (the bench's 10M service logs): the same rhythm with
 * another salt, so the added rows are new draws rather than copies. Returns the rows added.
 */
export async function addServiceLogs(ctx: SeedContext, extra: number, salt: string): Promise<number> {
  const scale = await scaleFor(ctx, extra, 'svc', '1');
  let added = 0;
  await byUserRanges(ctx, 'service logs (more)', extra / Math.max(1, ctx.users), async (a, b) => {
    const n = await exec(ctx, eventsSql(ctx, scale, a, b, salt));
    added += n;
    return n;
  });
  return added;
}
