/**
 * KYC records of customers, derived in SQL from the users rows: private labels that agree with the
 * level (openware-api.md §5.4: 1 email, 2 phone, 3 document verified), some public labels, profiles,
 * phones, staff comments and the state log of every inactive or banned customer.
 */
import { CUSTOMER_ID_BASE, byUserRanges, exec, type SeedContext } from './context.js';
import { countryIdxSql, firstNameSql, lastNameSql } from './customers.js';
import { BAN_REMARKS, CITIES, COMMENT_TEXTS, COMMENT_TITLES, INACTIVE_REMARKS, STREETS } from './reference.js';
import { cases, h16, hex, intArray, md5, pick, rehash, textArray, u01 } from './sql.js';
import { staffByRole } from './staff.js';

/**
 * Customers of one id range with their KYC draws. doc: the `document` label (level 3 verified; some
 * level 2 pending — the pending applications — or rejected). prof: the profile state.
 */
function kycBase(ctx: SeedContext, from: number, to: number): string {
  const m = 'k.m';
  return `(
  SELECT x.*,
    CASE WHEN doc = 'verified' THEN 'verified' WHEN doc = 'pending' THEN 'submitted' WHEN doc = 'rejected' THEN 'rejected'
      WHEN level = 2 AND ${u01('x.m', 1)} < 0.5 THEN 'partial' WHEN level = 1 AND ${u01('x.m', 1)} < 0.3 THEN 'drafted' END AS prof
  FROM (
    SELECT u.id, u.uid, u.email, u.level, u.role, u.state, u.country, u.fee_group, u.phone_number, u.created_at, k.m,
      CASE WHEN u.level = 3 THEN 'verified'
        WHEN u.level = 2 THEN ${cases(u01(m, 0), [["'pending'", 0.12], ["'rejected'", 0.08]], 'NULL')} END AS doc,
      least(${ctx.nowSql}, u.created_at + interval '1 hour' * (1 + 48 * ${u01(m, 2)})) AS t_phone,
      least(${ctx.nowSql}, u.created_at + (${ctx.nowSql} - u.created_at) * 0.3 * ${u01(m, 3)} + interval '2 days') AS t_doc
    FROM users u CROSS JOIN LATERAL (SELECT ${md5('kyc', 'u.uid')} AS m OFFSET 0) k
    WHERE u.id BETWEEN ${Math.max(from, CUSTOMER_ID_BASE + 1)} AND ${to}
    OFFSET 0
  ) x OFFSET 0
) y`;
}

/** Who holds the `accredited` label: every verified investor and a few other verified customers. */
const ACCREDITED = `(level = 3 AND (role = 'investor' OR ${u01('m', 4)} < 0.05))`;

const labelsSql = (ctx: SeedContext, from: number, to: number) => `
INSERT INTO labels (user_id, key, value, scope, created_at, updated_at)
SELECT id, l.key, l.value, l.scope, l.ts, l.ts
FROM ${kycBase(ctx, from, to)}
CROSS JOIN LATERAL (VALUES
  (CASE WHEN level >= 1 THEN 'email' END, 'verified', 'private', created_at + interval '10 minutes'),
  (CASE WHEN level >= 2 THEN 'phone' END, 'verified', 'private', t_phone),
  (CASE WHEN doc IS NOT NULL THEN 'document' END, doc, 'private', t_doc),
  (CASE WHEN prof <> 'drafted' THEN 'profile' END, prof, 'private', t_doc - interval '1 hour'),
  (CASE WHEN ${ACCREDITED} THEN 'accredited' END, 'verified', 'private', t_doc),
  (CASE WHEN fee_group <> 'any' THEN 'vip' END, 'true', 'public', t_doc),
  (CASE WHEN ${u01('m', 5)} < 0.04 THEN 'campaign' END, 'spring-promo', 'public', created_at),
  (CASE WHEN ${u01('m', 6)} < 0.05 THEN 'risk' END, ${pick(['low', 'medium', 'high'], 'm', 7)}, 'public', t_doc)
) AS l(key, value, scope, ts)
WHERE l.key IS NOT NULL`;

/**
 * Accredited-investor verifications (the user detail's table): the approved check behind each
 * `accredited` label, shortly before it; for some an earlier rejected attempt between sign-up and
 * then; and a few other verified customers with a check still pending. Ids look like a provider's.
 */
const verificationsSql = (ctx: SeedContext, from: number, to: number) => `
INSERT INTO accredited_verifications (user_id, verification_id, status, created_at, updated_at)
SELECT id, 'acc_' || substr(${hex('m')}, v.at, 16), v.status, v.ts, v.ts
FROM ${kycBase(ctx, from, to)}
CROSS JOIN LATERAL (SELECT ${rehash('m')} AS r OFFSET 0) rr
CROSS JOIN LATERAL (VALUES
  (CASE WHEN ${ACCREDITED} THEN 'approved' END, 1, t_doc - interval '2 hours'),
  (CASE WHEN ${ACCREDITED} AND ${u01('rr.r', 0)} < 0.3 THEN 'rejected' END, 17,
    created_at + (t_doc - created_at) * (0.2 + 0.6 * ${u01('rr.r', 1)})),
  (CASE WHEN level = 3 AND NOT ${ACCREDITED} AND ${u01('rr.r', 2)} < 0.04 THEN 'pending' END, 9,
    least(${ctx.nowSql}, t_doc + interval '1 day' * (1 + 10 * ${u01('rr.r', 3)})))
) AS v(status, at, ts)
WHERE v.status IS NOT NULL`;

const profilesSql = (ctx: SeedContext, from: number, to: number) => `
INSERT INTO profiles (user_id, first_name, last_name, dob, address, postcode, city, country, state, created_at, updated_at)
SELECT id,
  ${firstNameSql('email')},
  ${lastNameSql('email')},
  date '1960-01-01' + ${h16('m', 4)} % 16000,
  (1 + ${h16('m', 5)} % 300) || ' ' || ${pick(STREETS, 'm', 6)},
  lpad((${h16('m', 7)} % 100000)::text, 5, '0'),
  (${textArray(CITIES)})[1 + ${countryIdxSql('country')}],
  country, prof, t_doc - interval '1 day', t_doc
FROM ${kycBase(ctx, from, to)}
WHERE prof IS NOT NULL`;

const phonesSql = (ctx: SeedContext, from: number, to: number) => `
INSERT INTO phones (user_id, country, number, validated_at, created_at, updated_at)
SELECT id, country, phone_number, CASE WHEN level >= 2 THEN t_phone END, created_at,
  CASE WHEN level >= 2 THEN t_phone ELSE created_at END
FROM ${kycBase(ctx, from, to)}
WHERE phone_number IS NOT NULL`;

const AUTHORS = ['support', 'compliance', 'admin'].map((r) => staffByRole(r).uid);

const commentsSql = (ctx: SeedContext, from: number, to: number) => `
INSERT INTO comments (user_id, author_uid, title, data, created_at, updated_at)
SELECT u.id, ${pick(AUTHORS, 'c.m', 1)}, ${pick(COMMENT_TITLES, 'c.m', 2)}, ${pick(COMMENT_TEXTS, 'c.m', 3)}, t, t
FROM users u
CROSS JOIN LATERAL (SELECT ${md5('cmt', 'u.uid')} AS m OFFSET 0) c
CROSS JOIN LATERAL (SELECT u.created_at + (${ctx.nowSql} - u.created_at) * ${u01('c.m', 4)} AS t) tt
WHERE u.id BETWEEN ${Math.max(from, CUSTOMER_ID_BASE + 1)} AND ${to}
  AND (${u01('c.m', 0)} < 0.05 OR u.state = 'banned')`;

const CHANGERS = ['admin', 'compliance', 'support'].map((r) => staffByRole(r).id);

// users.updated_at of an inactive or banned customer is the moment of that change (customers.ts).
const stateLogsSql = (from: number, to: number) => `
INSERT INTO user_state_logs (user_id, past_state, state, remark, change_by_user_id, created_at)
SELECT u.id, 'active', u.state,
  CASE WHEN u.state = 'banned' THEN ${pick(BAN_REMARKS, 's.m', 0)} ELSE ${pick(INACTIVE_REMARKS, 's.m', 0)} END,
  (${intArray(CHANGERS)})[1 + ${h16('s.m', 1)} % ${CHANGERS.length}], u.updated_at
FROM users u CROSS JOIN LATERAL (SELECT ${md5('state', 'u.uid')} AS m OFFSET 0) s
WHERE u.id BETWEEN ${Math.max(from, CUSTOMER_ID_BASE + 1)} AND ${to} AND u.state IN ('banned', 'inactive')`;

export async function insertKyc(ctx: SeedContext): Promise<void> {
  await byUserRanges(ctx, 'labels', 4, (a, b) => exec(ctx, labelsSql(ctx, a, b)));
  await byUserRanges(ctx, 'profiles, phones, comments, state logs, verifications', 1, async (a, b) => {
    await exec(ctx, profilesSql(ctx, a, b));
    await exec(ctx, verificationsSql(ctx, a, b));
    await exec(ctx, phonesSql(ctx, a, b));
    await exec(ctx, commentsSql(ctx, a, b));
    await exec(ctx, stateLogsSql(a, b));
  });
}
