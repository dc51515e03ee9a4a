/**
 * Customers, in SQL: INSERT … SELECT over generate_series, one batch of row numbers per statement.
 * Row n gets id CUSTOMER_ID_BASE + n and created_at increasing with n (growth: more sign-ups lately),
 * so a referrer (a smaller n) always signed up earlier; the referrers' `referrals` are counted by the database as
 * the rows go in (migration 0059). Each `OFFSET 0` layer is an optimisation
 * fence: without it PostgreSQL inlines the md5 columns and recomputes them per use.
 */
import { BATCH_ROWS, CUSTOMER_ID_BASE, exec, type SeedContext } from './context.js';
import {
  COUNTRY_CODES, DIAL_CODES, EMAIL_DOMAINS, FIRST_NAMES, LAST_NAMES, WEIGHTED_COUNTRY_IDX,
} from './reference.js';
import { base32FromMd5, cases, customerUidSql, h16, h32, intArray, md5, pick, textArray, u01 } from './sql.js';

/** Days of history covered by sign-ups. */
export const SIGNUP_SPAN_DAYS = 730;

/** A public-looking IPv4 inside a per-country block (first octets 11..197 step 3 miss every reserved range). */
export const ipSql = (countryIdx: string, m: string, k1: number, k2: number): string =>
  `((11 + 3 * ${countryIdx}) || '.' || ((${countryIdx} * 53 + 7) % 256) || '.' || (${h16(m, k1)} % 256) || '.' || (1 + ${h16(m, k2)} % 254))`;

/** 0-based index of a country code in COUNTRY_CODES. */
export const countryIdxSql = (code: string): string => `(array_position(${textArray(COUNTRY_CODES)}, ${code}) - 1)`;

/** A 0-based country index, weighted. */
export const weightedCountry = (m: string, k: number): string =>
  `(${intArray(WEIGHTED_COUNTRY_IDX)})[1 + ${h16(m, k)} % ${WEIGHTED_COUNTRY_IDX.length}]`;

/** The first per-customer md5: country, names, platform and sign-up method are slices of it. */
/** A customer's first and last name, read back from the e-mail they were built into (first.last123@domain). */
export const firstNameSql = (email: string): string => `initcap(split_part(${email}, '.', 1))`;
export const lastNameSql = (email: string): string =>
  `initcap(regexp_replace(split_part(split_part(${email}, '@', 1), '.', 2), '[0-9]+$', ''))`;

export const customerMd5 = (n: string): string => md5('u1', `(${n})::text`);

/**
 * Whether the customer whose first md5 is `ma` signed up with a phone number (mobile apps mostly
 * do; slice 7 is the platform draw). Activities recompute it from the id, so it lives here once.
 */
export const signupByPhoneSql = (ma: string): string =>
  `((${u01(ma, 7)} >= 0.5 AND ${u01(ma, 6)} < 0.5) OR (${u01(ma, 7)} < 0.5 AND ${u01(ma, 6)} < 0.15))`;

function batchSql(ctx: SeedContext, from: number, to: number): string {
  const n = ctx.users;
  const first = pick(FIRST_NAMES, 'ma', 1);
  const last = pick(LAST_NAMES, 'ma', 2);
  const otp = `(level >= 2 AND ${u01('mc', 3)} < 0.35)`;
  return `
INSERT INTO users (id, uid, email, username, password_digest, role, level, state, otp, otp_secret, phone_number,
  platform, referral_uid, fee_group, minimum_swap_amount, country, last_ip, last_country,
  password_reset_at, created_at, updated_at)
SELECT ${CUSTOMER_ID_BASE} + i, ${customerUidSql('i')},
  lower(${first}) || '.' || lower(${last}) || i || '@' || ${pick(EMAIL_DOMAINS, 'ma', 3)},
  CASE WHEN ${u01('ma', 4)} < 0.12 THEN NULL ELSE lower(${first}) || '_' || lower(left(${last}, 1)) || i END,
  -- Customers cannot sign in to the console: '!' is no argon2 digest, so every password check fails.
  '!', role, level, state, ${otp},
  CASE WHEN ${otp} THEN ${base32FromMd5(md5('otp', 'i::text'))} END,
  CASE WHEN signup_phone OR level >= 2 OR ${u01('mc', 2)} < 0.3
    THEN (${textArray(DIAL_CODES)})[1 + ci] || (100000000 + ${h32('mc', 0)} % 900000000) END,
  platform,
  CASE WHEN i > 1 AND ${u01('mb', 5)} < 0.22 THEN ${customerUidSql(`1 + floor((i - 1) * power(${u01('mb', 6)}, 2))::bigint`)} END,
  ${cases(u01('mb', 3), [["'vip-0'", 0.06], ["'vip-1'", 0.04], ["'vip-2'", 0.03], ["'vip-3'", 0.02]], "'any'")},
  CASE WHEN ${u01('mb', 4)} < 0.8 THEN 0 ELSE (${intArray([10, 25, 50, 100])})[1 + ${h16('mb', 4)} % 4] END,
  (${textArray(COUNTRY_CODES)})[1 + ci],
  ${ipSql('last_ci', 'mc', 6, 7)},
  (${textArray(COUNTRY_CODES)})[1 + last_ci],
  CASE WHEN ${u01('md', 1)} < 0.06 THEN created_at + (${ctx.nowSql} - created_at) * ${u01('md', 2)} END,
  created_at,
  created_at + (${ctx.nowSql} - created_at) * power(${u01('md', 0)}, 0.5)
FROM (
  SELECT c.*, base_level + (base_level = 1 AND signup_phone)::int AS level FROM (
    SELECT b.*, CASE
      WHEN state = 'pending' THEN 0
      WHEN state = 'active' AND role IN ('investor', 'broker') THEN 3
      WHEN state = 'active' THEN ${cases('lv', [['1', 0.3], ['2', 0.3]], '3')}
      ELSE ${cases('lv', [['0', 0.1], ['1', 0.25], ['2', 0.25]], '3')}
    END AS base_level
    FROM (
      SELECT a.*, CASE
        WHEN sv < 0.025 THEN 'banned' WHEN sv < 0.055 THEN 'inactive'
        WHEN sv < 0.12 OR (age_days < 21 AND sv < 0.45) THEN 'pending' ELSE 'active' END AS state,
        date_trunc('second', ${ctx.nowSql} - make_interval(secs => age_days * 86400)) AS created_at
      FROM (
        SELECT r.*, ${u01('mb', 0)} AS sv, ${u01('mb', 1)} AS lv,
          ${SIGNUP_SPAN_DAYS} * (1 - sqrt((i - 1 + ${u01('ma', 5)}) / ${n}.0)) AS age_days,
          ${cases(u01('mb', 2), [["'member'", 0.92], ["'trader'", 0.04], ["'broker'", 0.02]], "'investor'")} AS role,
          ${cases(u01('ma', 7), [["'web'", 0.5], ["'android'", 0.3]], "'ios'")} AS platform,
          ${signupByPhoneSql('ma')} AS signup_phone,
          ${weightedCountry('ma', 0)} AS ci,
          CASE WHEN ${u01('mc', 4)} < 0.08 THEN ${weightedCountry('mc', 5)} ELSE ${weightedCountry('ma', 0)} END AS last_ci
        FROM (
          SELECT i, ${customerMd5('i')} AS ma, ${md5('u2', 'i::text')} AS mb, ${md5('u3', 'i::text')} AS mc,
            ${md5('u4', 'i::text')} AS md
          FROM generate_series(${from}, ${to}) AS i OFFSET 0
        ) r OFFSET 0
      ) a OFFSET 0
    ) b OFFSET 0
  ) c OFFSET 0
) d OFFSET 0`;
}

export async function insertCustomers(ctx: SeedContext): Promise<void> {
  for (let from = 1; from <= ctx.users; from += BATCH_ROWS) {
    const to = Math.min(ctx.users, from + BATCH_ROWS - 1);
    await exec(ctx, batchSql(ctx, from, to));
    ctx.progress('users', to, ctx.users);
  }
  // Explicit ids bypass the identity sequence; move it past them so later inserts don't collide.
  await exec(ctx, `SELECT setval(pg_get_serial_sequence('users', 'id'), (SELECT max(id) FROM users))`);
}
