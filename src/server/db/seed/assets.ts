/** Reference rows (levels, currencies) and per-customer devices and accounts, in SQL. */
import { CUSTOMER_ID_BASE, byUserRanges, exec, type SeedContext } from './context.js';
import { CURRENCIES, LEVELS } from './reference.js';
import { hex, lit, md5, u01 } from './sql.js';
import { OPENING_SQL } from '../../ledger/opening.js';

export async function insertReference(ctx: SeedContext): Promise<void> {
  await exec(ctx, `INSERT INTO levels (id, key, value, description) VALUES ${
    LEVELS.map((l) => `(${l.id}, ${lit(l.key)}, ${lit(l.value)}, ${lit(l.description)})`).join(', ')
  } ON CONFLICT (id) DO NOTHING`);
  // Another module may own richer currency rows: only fill in what is missing.
  await exec(ctx, `INSERT INTO currencies (code, name, type, position, precision) VALUES ${
    CURRENCIES.map(([code, name, type, precision], i) => `(${lit(code)}, ${lit(name)}, ${lit(type)}, ${i + 1}, ${precision})`).join(', ')
  } ON CONFLICT (code) DO NOTHING`);
}

/** Mobile customers have one device (some two); the second is often a replaced phone, inactive. */
const devicesSql = (ctx: SeedContext, from: number, to: number) => `
INSERT INTO devices (user_id, device_id, device_type, active, created_at, updated_at)
SELECT u.id,
  CASE WHEN u.platform = 'ios'
    THEN upper(substr(d.x, 1, 8) || '-' || substr(d.x, 9, 4) || '-' || substr(d.x, 13, 4) || '-' || substr(d.x, 17, 4) || '-' || substr(d.x, 21, 12))
    ELSE substr(d.x, 1, 16) END,
  u.platform, u.state = 'active' AND j = c.n, t, t
FROM users u
CROSS JOIN LATERAL (SELECT 1 + (${u01(md5('dev', 'u.uid'), 0)} < 0.2)::int AS n) c
CROSS JOIN LATERAL generate_series(1, c.n) AS j
CROSS JOIN LATERAL (SELECT m, ${hex('m')} AS x FROM (SELECT ${md5('dev', "u.uid || ':' || j")} AS m OFFSET 0) dm) d
CROSS JOIN LATERAL (SELECT u.created_at + (${ctx.nowSql} - u.created_at) * (j - 1 + ${u01('d.m', 0)}) / c.n AS t) tt
WHERE u.id BETWEEN ${Math.max(from, CUSTOMER_ID_BASE + 1)} AND ${to} AND u.platform IN ('android', 'ios')`;

/**
 * Verified customers hold some currencies; investors hold all of them with part locked (the
 * console's lock/unlock funds acts on that), traders and brokers hold more than members.
 */
const accountsSql = (ctx: SeedContext, from: number, to: number) => `
INSERT INTO accounts (user_id, currency_id, balance, locked, created_at, updated_at)
SELECT id, code, balance,
  CASE WHEN role = 'investor' THEN round(balance * (0.1 + 0.5 * ${u01('m', 3)})::numeric, prec)
    WHEN ${u01('m', 4)} < 0.1 THEN round(balance * (0.3 * ${u01('m', 5)})::numeric, prec) ELSE 0 END,
  t, t
FROM (
  SELECT u.id, u.role, c.code, c.prec, a.m,
    round((c.scale * power(${u01('a.m', 1)}, 3) * CASE u.role WHEN 'investor' THEN 20 WHEN 'broker' THEN 5
      WHEN 'trader' THEN 3 ELSE 1 END)::numeric, c.prec) AS balance,
    u.created_at + (${ctx.nowSql} - u.created_at) * 0.2 * ${u01('a.m', 2)} AS t
  FROM users u
  CROSS JOIN (VALUES ${CURRENCIES.map(([code, , , prec, scale, share]) =>
    `(${lit(code)}, ${prec}, ${scale}, ${share})`).join(', ')}) AS c(code, prec, scale, p)
  CROSS JOIN LATERAL (SELECT ${md5('acc', "u.uid || ':' || c.code")} AS m OFFSET 0) a
  WHERE u.id BETWEEN ${Math.max(from, CUSTOMER_ID_BASE + 1)} AND ${to} AND u.level >= 1
    AND (u.role = 'investor' OR ${u01('a.m', 0)} < c.p * CASE WHEN u.role IN ('trader', 'broker') THEN 2.5 ELSE 1 END)
  OFFSET 0
) x`;

export async function insertAssets(ctx: SeedContext): Promise<void> {
  await byUserRanges(ctx, 'devices, accounts', 2, async (a, b) => {
    await exec(ctx, devicesSql(ctx, a, b));
    await exec(ctx, accountsSql(ctx, a, b));
  });
  // The balances enter the ledger as opening postings (one statement, so the bulk seed stays fast).
  await exec(ctx, OPENING_SQL);
}
