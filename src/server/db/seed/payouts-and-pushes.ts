/**
 * Beneficiaries (the withdrawal addresses and bank accounts customers register in the exchange app) and
 * the push notifications staff sent, in SQL, so the console's Beneficiaries and Notification lists have
 * something to show. Deterministic like every other step (sql.ts).
 */
import { CUSTOMER_ID_BASE, byUserRanges, exec, type SeedContext } from './context.js';
import { firstNameSql, lastNameSql } from './customers.js';
import { CURRENCIES } from './reference.js';
import { cases, h16, hex, lit, md5, pick, rehash, textArray, u01 } from './sql.js';
import { staffByRole } from './staff.js';
import { NOT_SENT } from '../queries/notifications.js';

const COINS = CURRENCIES.filter((c) => c[2] === 'coin').map((c) => c[0]);
const FIATS = CURRENCIES.filter((c) => c[2] === 'fiat').map((c) => c[0]);
const WALLET_NAMES = ['Ledger', 'Trezor', 'Cold storage', 'MetaMask', 'Trust Wallet', 'Hardware wallet', 'Office wallet'];
const BANKS: ReadonlyArray<readonly [string, string]> = [
  ['Deutsche Bank', 'DEUTDEFF'], ['BNP Paribas', 'BNPAFRPP'], ['Barclays', 'BARCGB22'], ['ING', 'INGBNL2A'],
  ['Santander', 'BSCHESMM'], ['Chase', 'CHASUS33'], ['Garanti BBVA', 'TGBATRIS'],
];

/**
 * Verified customers (level 2 and up) register one beneficiary in four, some a second; most are
 * active, some still pending (awaiting the e-mail confirmation) or archived. A coin beneficiary holds
 * an address, a fiat one the bank details Peatio's fiat beneficiaries carry.
 */
const beneficiariesSql = (ctx: SeedContext, from: number, to: number) => `
INSERT INTO beneficiaries (user_id, currency_id, name, description, data, state, created_at, updated_at)
SELECT id, cur,
  CASE WHEN fiat THEN bank || ' ' || right(iban, 4) ELSE ${pick(WALLET_NAMES, 'm', 2)} END,
  CASE WHEN ${u01('m', 3)} < 0.4 THEN NULL WHEN fiat THEN 'Salary account' ELSE 'Personal wallet' END,
  CASE WHEN fiat THEN jsonb_build_object('full_name', full_name, 'account_number', iban, 'account_type', 'checking',
      'bank_name', bank, 'bank_swift_code', swift, 'bank_country', country)
    ELSE jsonb_build_object('address', CASE cur WHEN 'btc' THEN 'bc1q' || substr(x, 1, 38) ELSE '0x' || substr(x, 1, 40) END) END,
  ${cases(u01('m', 4), [["'pending'", 0.15], ["'archived'", 0.1]], "'active'")},
  t, t
FROM (
  SELECT u.id, u.country, b.m, j,
    ${firstNameSql('u.email')} || ' ' || ${lastNameSql('u.email')} AS full_name,
    ${u01('b.m', 0)} < 0.3 AS fiat,
    ${hex('b.m')} || ${hex(rehash('b.m'))} AS x,
    coalesce(u.country, 'DE') || lpad((${h16('b.m', 5)} % 100)::text, 2, '0') || lpad((${h16('b.m', 6)})::text, 5, '0')
      || lpad((${h16('b.m', 7)})::text, 5, '0') || lpad((${h16(rehash('b.m'), 0)})::text, 6, '0') AS iban,
    (${textArray(BANKS.map((b) => b[0]))})[1 + ${h16(rehash('b.m'), 1)} % ${BANKS.length}] AS bank,
    (${textArray(BANKS.map((b) => b[1]))})[1 + ${h16(rehash('b.m'), 1)} % ${BANKS.length}] AS swift,
    u.created_at + (${ctx.nowSql} - u.created_at) * (0.1 + 0.85 * ${u01(rehash('b.m'), 2)}) AS t
  FROM users u
  CROSS JOIN LATERAL (SELECT 1 + (${u01(md5('ben', 'u.uid'), 1)} < 0.2)::int AS n) c
  CROSS JOIN LATERAL generate_series(1, c.n) AS j
  CROSS JOIN LATERAL (SELECT ${md5('ben', "u.uid || ':' || j")} AS m OFFSET 0) b
  WHERE u.id BETWEEN ${Math.max(from, CUSTOMER_ID_BASE + 1)} AND ${to} AND u.level >= 2
    AND ${u01(md5('ben', 'u.uid'), 0)} < 0.25
  OFFSET 0
) v
CROSS JOIN LATERAL (SELECT CASE WHEN fiat THEN (${textArray(FIATS)})[1 + ${h16('v.m', 1)} % ${FIATS.length}]
  ELSE (${textArray(COINS)})[1 + ${h16('v.m', 1)} % ${COINS.length}] END AS cur) cc
ORDER BY id, j`;

const PUSHES: ReadonlyArray<readonly [string, string]> = [
  ['Verify your identity', 'Finish your KYC to raise your withdrawal limit.'],
  ['Security check', 'A new device signed in to your account. If it was not you, contact support.'],
  ['Deposit credited', 'Your deposit has been credited to your balance.'],
  ['Scheduled maintenance', 'Trading pauses on Sunday from 02:00 to 03:00 UTC.'],
  ['Your ticket was answered', 'Support replied to your request. Open the app to read it.'],
];

/**
 * One customer with the mobile app in twenty got a push from support or compliance in the last 90
 * days. As recordPush does: one recipient row per active device (`success`: addressed, nothing is
 * sent without a push provider), or one `failed` row when the customer had none.
 */
const pushesSql = (ctx: SeedContext, from: number, to: number) => {
  const staff = [staffByRole('support').id, staffByRole('compliance').id];
  const meta = (extra: string) => `jsonb_build_object('delivery', ${lit(NOT_SENT.delivery)}, 'reason', ${lit(NOT_SENT.reason)}${extra})`;
  return `
WITH picked AS (
  SELECT u.id, u.uid, p.m, ${ctx.nowSql} - interval '90 days' * ${u01('p.m', 1)} AS t, coalesce(dc.n, 0) AS devices
  FROM users u CROSS JOIN LATERAL (SELECT ${md5('push', 'u.uid')} AS m OFFSET 0) p
  -- Grouped, not a subquery per user: a bulk load has set the devices indexes aside (bulk.ts).
  LEFT JOIN (SELECT user_id, count(*) AS n FROM devices WHERE active AND user_id BETWEEN ${from} AND ${to} GROUP BY user_id) dc
    ON dc.user_id = u.id
  WHERE u.id BETWEEN ${Math.max(from, CUSTOMER_ID_BASE + 1)} AND ${to} AND u.platform IN ('android', 'ios')
    AND ${u01('p.m', 0)} < 0.05
), sent AS (
  INSERT INTO notifications (title, body, metadata, created_by, created_at, updated_at)
  SELECT (${textArray(PUSHES.map((p) => p[0]))})[1 + ${h16('m', 2)} % ${PUSHES.length}],
    (${textArray(PUSHES.map((p) => p[1]))})[1 + ${h16('m', 2)} % ${PUSHES.length}],
    ${meta(", 'uid', uid, 'devices', devices")},
    (ARRAY[${staff.join(', ')}])[1 + ${h16('m', 3)} % ${staff.length}], t, t
  FROM picked ORDER BY t, id
  RETURNING id, metadata->>'uid' AS uid, created_at
)
INSERT INTO notification_recipients (notification_id, user_id, device_id, device_type, status, metadata, created_at, updated_at)
SELECT s.id, u.id, d.device_id, d.device_type, CASE WHEN d.device_id IS NULL THEN 'failed' ELSE 'success' END,
  CASE WHEN d.device_id IS NULL THEN ${meta(", 'error', 'no_active_device'")} ELSE ${meta('')} END,
  s.created_at, s.created_at
FROM sent s JOIN users u ON u.uid = s.uid
LEFT JOIN devices d ON d.user_id = u.id AND d.active
ORDER BY s.id, d.id`;
};

export async function insertPayoutsAndPushes(ctx: SeedContext): Promise<void> {
  await byUserRanges(ctx, 'beneficiaries, notifications', 0.3, async (a, b) => {
    await exec(ctx, beneficiariesSql(ctx, a, b));
    await exec(ctx, pushesSql(ctx, a, b));
  });
}
