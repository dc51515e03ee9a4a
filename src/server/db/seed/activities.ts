/**
 * A year of user activity in SQL: one signup per user at its created_at, then sign-ins (mostly
 * successful) with a daily and weekly rhythm, and the admin activities behind the staff's KYC
 * decisions, state changes and comments. Counts per user follow a heavy-tailed weight, scaled so
 * the total lands near the requested number.
 */
import { CUSTOMER_ID_BASE, byUserRanges, exec, type SeedContext } from './context.js';
import { countryIdxSql, customerMd5, ipSql, signupByPhoneSql, weightedCountry } from './customers.js';
import { ANDROID_AGENTS, COUNTRY_CODES, IOS_AGENTS, LOGIN_FAILURES, WEB_AGENTS } from './reference.js';
import { md5, pick, rehash, textArray, u01 } from './sql.js';
import { perUserWeightSql, windowStartSql, eventTimeSql, keepEventSql, scaleFor } from './rhythm.js';

/** Where signup data says how the user signed up: the dashboard rollups (migration 0003) read data.method. */
export const SIGNUP_METHOD_KEY = 'method';

export const agentSql = (platform: string, m: string, k: number): string =>
  `CASE ${platform} WHEN 'android' THEN ${pick(ANDROID_AGENTS, m, k)} WHEN 'ios' THEN ${pick(IOS_AGENTS, m, k)} ELSE ${pick(WEB_AGENTS, m, k)} END`;

const signupsSql = (from: number, to: number) => `
INSERT INTO activities (category, user_id, user_ip, user_ip_country, user_agent, topic, action, result, data, created_at)
SELECT 'user', u.id, ${ipSql(countryIdxSql('u.country'), 's.m', 0, 1)}, u.country, ${agentSql('u.platform', 's.m', 2)},
  'account', 'signup', 'succeed',
  jsonb_build_object('${SIGNUP_METHOD_KEY}', CASE WHEN u.id > ${CUSTOMER_ID_BASE}
    AND ${signupByPhoneSql(customerMd5(`u.id - ${CUSTOMER_ID_BASE}`))} THEN 'phone' ELSE 'email' END),
  u.created_at
FROM users u CROSS JOIN LATERAL (SELECT ${md5('signup', 'u.uid')} AS m OFFSET 0) s
WHERE u.id BETWEEN ${from} AND ${to}`;

/** Sign-ins: less often for accounts that cannot sign in, and those mostly fail. */
const STATE_FACTOR = `CASE u.state WHEN 'active' THEN 1 WHEN 'pending' THEN 0.25 ELSE 0.5 END`;

const loginsSql = (ctx: SeedContext, scale: number, from: number, to: number) => `
INSERT INTO activities (category, user_id, user_ip, user_ip_country, user_agent, topic, action, result, data, created_at)
SELECT 'user', id,
  CASE WHEN travel THEN ${ipSql('oci', 'm2', 0, 1)} WHEN ${u01('m2', 2)} < 0.6 THEN last_ip ELSE ${ipSql('ci', 'm2', 3, 4)} END,
  CASE WHEN travel THEN (${textArray(COUNTRY_CODES)})[1 + oci] WHEN ${u01('m2', 2)} < 0.6 THEN last_country ELSE country END,
  ${agentSql('platform', 'm', 7)},
  'session', 'login', CASE WHEN failed THEN 'failed' ELSE 'succeed' END,
  CASE WHEN NOT failed THEN jsonb_build_object('otp', otp)
    WHEN state = 'banned' THEN jsonb_build_object('reason', 'identity.session.banned')
    WHEN state <> 'active' THEN jsonb_build_object('reason', 'identity.session.not_active')
    WHEN otp THEN jsonb_build_object('reason', ${pick(LOGIN_FAILURES, 'm2', 5)})
    ELSE jsonb_build_object('reason', ${pick(LOGIN_FAILURES.filter((r) => !r.includes('otp')), 'm2', 5)}) END,
  ts
FROM (
  SELECT x.*, k.m, ${rehash('k.m')} AS m2, ${eventTimeSql(ctx, 'x.ws', 'k.m')} AS ts,
    ${u01('k.m', 3)} < CASE x.state WHEN 'active' THEN 0.07 WHEN 'banned' THEN 0.6 ELSE 0.45 END AS failed,
    ${u01('k.m', 4)} < 0.06 AS travel,
    ${weightedCountry('k.m', 6)} AS oci
  FROM (
    SELECT u.id, u.uid, u.state, u.platform, u.country, u.otp, u.last_ip, u.last_country, ${countryIdxSql('u.country')} AS ci,
      ${windowStartSql(ctx, 'u.created_at')} AS ws,
      floor(${scale} * ${perUserWeightSql(ctx, 'u', 'login', STATE_FACTOR)} + ${u01(md5('login', 'u.uid'), 1)})::int AS n
    FROM users u WHERE u.id BETWEEN ${from} AND ${to}
    OFFSET 0
  ) x
  CROSS JOIN LATERAL generate_series(1, x.n) AS j
  CROSS JOIN LATERAL (SELECT ${md5('login', "x.uid || ':' || j")} AS m OFFSET 0) k
  OFFSET 0
) y
WHERE ${keepEventSql(ctx, 'ts', 'ws', 'm')}`;

/** The admin side: each KYC decision, state change and comment was a staff call, audited. */
const adminSql = (ctx: SeedContext, from: number, to: number) => {
  const range = `BETWEEN ${Math.max(from, CUSTOMER_ID_BASE + 1)} AND ${to}`;
  const since = `${ctx.nowSql} - interval '365 days'`;
  const staffAgent = `'${WEB_AGENTS[0]}'`;
  return `
INSERT INTO activities (category, user_id, target_id, user_ip, user_ip_country, user_agent, topic, action, result, data, created_at)
SELECT 'admin', a.user_id, a.target_id, s.last_ip, s.last_country, ${staffAgent}, 'users', a.action, 'succeed', a.data, a.created_at
FROM (
  SELECT change_by_user_id AS user_id, user_id AS target_id, 'update' AS action, created_at,
    jsonb_build_object('path', 'api/v2/barong/admin/users/update', 'params', jsonb_build_object('state', state), 'remark', remark) AS data
  FROM user_state_logs WHERE user_id ${range} AND created_at >= ${since}
  UNION ALL
  SELECT (SELECT id FROM users WHERE email = 'compliance@steward.demo'), user_id, 'create', created_at,
    jsonb_build_object('path', 'api/v2/barong/admin/users/labels', 'params', jsonb_build_object('key', key, 'value', value, 'scope', scope))
  FROM labels WHERE user_id ${range} AND key = 'document' AND value IN ('verified', 'rejected') AND created_at >= ${since}
  UNION ALL
  SELECT (SELECT id FROM users WHERE uid = c.author_uid), user_id, 'create', created_at,
    jsonb_build_object('path', 'api/v2/barong/admin/users/comments', 'params', jsonb_build_object('title', title))
  FROM comments c WHERE user_id ${range} AND created_at >= ${since}
) a JOIN users s ON s.id = a.user_id`;
};

export async function insertActivities(ctx: SeedContext, target: number): Promise<void> {
  await byUserRanges(ctx, 'signups', 1, (a, b) => exec(ctx, signupsSql(a, b)));
  const logins = Math.max(0, target - ctx.users);
  const scale = await scaleFor(ctx, logins, 'login', STATE_FACTOR);
  const perUser = logins / Math.max(1, ctx.users);
  await byUserRanges(ctx, 'logins', perUser, (a, b) => exec(ctx, loginsSql(ctx, scale, a, b)));
  await byUserRanges(ctx, 'admin activities', 0.5, (a, b) => exec(ctx, adminSql(ctx, a, b)));
}
