/**
 * Mining sessions and rewards (P-E15) and e-mail notification choices (P-A36), in SQL, so the console's
 * Mining and Email Notification lists have something to show. Deterministic like every other step
 * (sql.ts): each draw is a slice of an md5 of the uid or the device, and rows go in in a fixed order.
 *
 * Miners are about one mobile customer in seven. Each mines on the devices they registered, a few sessions per
 * device spread over the device's life; the latest session on an active device is mostly active (some
 * still pending review, a few banned for farming), older ones are over (inactive), and a banned
 * customer's are banned. Every session that ran pays a reward in the platform's token (mostly the daily
 * payout, sometimes a streak bonus): paid (succeed), still pending for a running session now and then,
 * banned with a banned session.
 *
 * One customer in twenty has set their e-mail choices: a row per active e-mail type, mostly enabled;
 * the newsletter is the one most people turn off.
 */
import { CUSTOMER_ID_BASE, byUserRanges, exec, type SeedContext } from './context.js';
import { cases, h16, lit, md5, u01 } from './sql.js';

/** The platform's own token (reference.ts CURRENCIES): what mining pays in. */
const REWARD_CURRENCY = 'trst';

const sessionsSql = (ctx: SeedContext, from: number, to: number) => `
INSERT INTO mining_sessions (uid, device_row_id, status, started_at, created_at, updated_at)
SELECT uid, device, status, least(t + interval '1 minute' * (status <> 'pending')::int * (1 + ${h16('m', 3)} % 30), ${ctx.nowSql}), t,
  least(t + interval '1 hour' * (1 + ${h16('m', 4)} % 72), ${ctx.nowSql})
FROM (
  SELECT u.uid, d.id AS device, s.m, j,
    CASE WHEN u.state = 'banned' THEN 'banned'
      WHEN j < n.k OR NOT d.active THEN 'inactive'
      ELSE ${cases(u01('s.m', 1), [["'pending'", 0.2], ["'banned'", 0.05], ["'inactive'", 0.15]], "'active'")} END AS status,
    d.created_at + (${ctx.nowSql} - d.created_at) * (j - 1 + 0.9 * ${u01('s.m', 2)}) / n.k AS t
  FROM users u
  -- Grouped by range, not looked up per user: a bulk load has set the devices indexes aside (bulk.ts).
  JOIN devices d ON d.user_id = u.id AND d.user_id BETWEEN ${from} AND ${to}
  CROSS JOIN LATERAL (SELECT 1 + ${h16(md5('mine', "d.device_id"), 0)} % 6 AS k) n
  CROSS JOIN LATERAL generate_series(1, n.k) AS j
  CROSS JOIN LATERAL (SELECT ${md5('mine', "d.device_id || ':' || j")} AS m OFFSET 0) s
  WHERE u.id BETWEEN ${Math.max(from, CUSTOMER_ID_BASE + 1)} AND ${to} AND ${u01(md5('mine', 'u.uid'), 0)} < 0.15
  OFFSET 0
) x
ORDER BY t, uid, device, j`;

/** One reward per session that ran, paid when the session ended (or an hour in, for a running one). */
const rewardsSql = (from: number, to: number) => `
INSERT INTO mining_rewards (uid, reward, currency, type, state, created_at, updated_at)
SELECT s.uid,
  round((0.5 + 24.5 * ${u01('r.m', 0)} * ${u01('r.m', 1)})::numeric, 8),
  ${lit(REWARD_CURRENCY)},
  ${cases(u01('r.m', 2), [["'streak'", 0.12]], "'daily'")},
  CASE WHEN s.status = 'banned' THEN 'banned' WHEN s.status = 'active' AND ${u01('r.m', 3)} < 0.4 THEN 'pending' ELSE 'succeed' END,
  s.updated_at, s.updated_at
FROM mining_sessions s
JOIN users u ON u.uid = s.uid
CROSS JOIN LATERAL (SELECT ${md5('reward', 's.id::text')} AS m OFFSET 0) r
WHERE u.id BETWEEN ${from} AND ${to} AND s.status <> 'pending'
ORDER BY s.updated_at, s.id`;

const notificationsSql = (ctx: SeedContext, from: number, to: number) => `
INSERT INTO email_notifications (uid, email_type_id, enabled, created_at, updated_at)
SELECT u.uid, e.id, ${u01('m', 0)} >= CASE WHEN e.name = 'newsletter' THEN 0.7 ELSE 0.1 END,
  u.created_at + (${ctx.nowSql} - u.created_at) * 0.05 * ${u01('m', 1)},
  u.created_at + (${ctx.nowSql} - u.created_at) * (0.05 + 0.9 * ${u01('m', 2)})
FROM users u
CROSS JOIN email_types e
CROSS JOIN LATERAL (SELECT ${md5('mailpref', "u.uid || ':' || e.name")} AS m OFFSET 0) p(m)
WHERE u.id BETWEEN ${Math.max(from, CUSTOMER_ID_BASE + 1)} AND ${to} AND e.status = 'active'
  AND ${u01(md5('mailpref', 'u.uid'), 0)} < 0.05
ORDER BY u.id, e.id
ON CONFLICT (uid, email_type_id) DO NOTHING`;

export async function insertMiningAndMail(ctx: SeedContext): Promise<void> {
  await byUserRanges(ctx, 'mining, e-mail notifications', 1, async (a, b) => {
    await exec(ctx, sessionsSql(ctx, a, b));
    await exec(ctx, rewardsSql(a, b));
    await exec(ctx, notificationsSql(ctx, a, b));
  });
}
