/**
 * What `npm run bench` measures: one API path per scenario, page 1 at the console's page size — every
 * filter and every sort (both ways) the console offers on the user directory, the activity lists and
 * the users-with-label list, the dashboard, one row per other log list, and deep keyset pages. The SQL
 * side is whatever the handler sent for that path (raw-replay.ts), so scenarios name only the path.
 * The context picks real values: the busiest customer, the commonest country, and so on.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { encodeCursor } from '../db/queries/paging.js';
import type { Period } from '../../shared/metrics.js';

export interface Scenario {
  name: string; path: string;
  /** Sent without the session cookie. */
  anonymous?: boolean;
  /** Sent with this member's session instead of the superadmin's (bench-member.ts). */
  member?: string;
  /** Also timed with 16 clients at once (the concurrency row). */
  load?: boolean;
}

interface Ctx {
  email: string; uid: string; country: string; admin: string; target: string; referrer: string;
  notification: number; recipientUid: string; deviceUid: string; beneficiaryUid: string;
  userId: number; activityId: number; emailAt500k: string; activityMid: [string, number]; pendingMid: [string, number];
  from: number; to: number;
}

/** The first row of a statement, if any. */
export const one = async <T>(db: Kysely<DB>, q: ReturnType<typeof sql<T>>): Promise<T | undefined> => (await q.execute(db)).rows[0];

async function context(db: Kysely<DB>): Promise<Ctx> {
  // The busiest customer and the commonest country make the heaviest realistic filters.
  const busy = await one(db, sql<{ email: string; uid: string; id: number }>`
    SELECT u.email, u.uid, u.id FROM users u JOIN (
      SELECT user_id FROM activities WHERE category = 'user' AND user_id IS NOT NULL AND id > (SELECT max(id) - 200000 FROM activities)
      GROUP BY user_id ORDER BY count(*) DESC LIMIT 1) a ON a.user_id = u.id`);
  const country = await one(db, sql<{ country: string }>`
    SELECT country FROM users WHERE country IS NOT NULL GROUP BY country ORDER BY count(*) DESC LIMIT 1`);
  const admin = await one(db, sql<{ email: string }>`
    SELECT u.email FROM users u WHERE u.id = (SELECT user_id FROM activities WHERE category = 'admin' ORDER BY created_at DESC LIMIT 1)`);
  const target = await one(db, sql<{ email: string }>`
    SELECT u.email FROM users u WHERE u.id = (SELECT target_id FROM activities WHERE category = 'admin' AND target_id IS NOT NULL
      ORDER BY created_at DESC LIMIT 1)`);
  const referrer = await one(db, sql<{ uid: string }>`SELECT uid FROM users WHERE referrals > 0 ORDER BY referrals DESC LIMIT 1`);
  const notification = await one(db, sql<{ id: number; uid: string }>`
    SELECT r.notification_id AS id, u.uid FROM notification_recipients r JOIN users u ON u.id = r.user_id ORDER BY r.id DESC LIMIT 1`);
  const device = await one(db, sql<{ uid: string }>`SELECT u.uid FROM devices d JOIN users u ON u.id = d.user_id ORDER BY d.id DESC LIMIT 1`);
  const beneficiary = await one(db, sql<{ uid: string }>`SELECT u.uid FROM beneficiaries b JOIN users u ON u.id = b.user_id ORDER BY b.id DESC LIMIT 1`);
  const activity = await one(db, sql<{ id: number }>`SELECT max(id) AS id FROM activities`);
  // Deep keyset pages start from a row in the middle of the list.
  const mid = await one(db, sql<{ e: string }>`SELECT lower(email) AS e FROM users ORDER BY lower(email) OFFSET 500000 LIMIT 1`);
  const midActivity = await one(db, sql<{ ts: string; id: number }>`
    SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS ts, id FROM activities
    WHERE category = 'user' AND id >= (SELECT max(id) / 2 FROM activities) ORDER BY id LIMIT 1`);
  const pendingMid = await one(db, sql<{ ts: string; id: number }>`
    SELECT to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS ts, id FROM labels
    WHERE key = 'document' AND scope = 'private' AND value IN ('pending', 'replaced') ORDER BY updated_at, id
    OFFSET (SELECT count(*) / 2 FROM labels WHERE key = 'document' AND scope = 'private' AND value IN ('pending', 'replaced')) LIMIT 1`);
  const now = Math.floor(Date.now() / 1000);
  return {
    email: busy?.email ?? 'superadmin@steward.demo', uid: busy?.uid ?? '', userId: busy?.id ?? 1,
    country: country?.country ?? 'US', admin: admin?.email ?? 'superadmin@steward.demo', target: target?.email ?? '',
    referrer: referrer?.uid ?? '', notification: notification?.id ?? 1, recipientUid: notification?.uid ?? '',
    deviceUid: device?.uid ?? '', beneficiaryUid: beneficiary?.uid ?? '', activityId: Math.floor((activity?.id ?? 2) / 2),
    emailAt500k: mid?.e ?? 'a', activityMid: [midActivity?.ts ?? '2026-01-01T00:00:00.000000Z', midActivity?.id ?? 1],
    pendingMid: [pendingMid?.ts ?? '2026-01-01T00:00:00.000000Z', pendingMid?.id ?? 1],
    from: now - 30 * 86_400, to: now,
  };
}

const enc = encodeURIComponent;
const B = '/api/v2/barong/admin';

function list(c: Ctx): Scenario[] {
  const out: Scenario[] = [
    // Floors: what any call costs before its own SQL — HTTP alone, then with the session and permission gates.
    { name: 'floor: public config (HTTP only)', path: '/api/v2/barong/identity/configs', anonymous: true },
    { name: 'floor: abilities (+ session, permissions)', path: `${B}/abilities` },
  ];
  const users = (name: string, q: string, page = 1) => out.push({ name: `users: ${name}`, path: `${B}/users?limit=25&page=${page}${q}` });
  users('unfiltered', '');
  const filters: [string, string][] = [
    ['email "jo"', 'email=jo'], ['email "zq" (rare)', 'email=zq'], ['uid', `uid=${c.uid}`], ['role broker', 'role=broker'],
    ['role admin (rare)', 'role=admin'], [`country ${c.country}`, `country=${c.country}`], ['level 2', 'level=2'],
    ['state banned', 'state=banned'], ['username "ma"', 'username=ma'], ['username "bo" (none)', 'username=bo'],
    ['phone "44"', 'phone_number=44'], ['platform ios', 'platform=ios'], ['referral_of', `referral_of=${c.referrer}`],
    ['referral_limit 3', 'referral_limit=3'], ['created last 30 days', `from=${c.from}&to=${c.to}`],
    ['updated last 30 days', `range=updated&from=${c.from}&to=${c.to}`], ['id', `id=${c.userId}`],
    [`active in ${c.country}`, `state=active&country=${c.country}`],
  ];
  for (const [name, q] of filters) users(name, `&${q}`);
  users(`active in ${c.country}, page 20`, `&state=active&country=${c.country}`, 20);
  for (const by of ['uid', 'email', 'role', 'level', 'created_at', 'updated_at', 'state']) {
    for (const dir of ['asc', 'desc']) users(`by ${by} ${dir}`, `&order_by=${by}&ordering=${dir}`);
  }
  const deep = encodeCursor({ dir: 'next', orderBy: 'email', ordering: 'asc', values: [c.emailAt500k] });
  users('by email asc, cursor at row 500,000', `&order_by=email&ordering=asc&cursor=${deep}`);

  const acts = (name: string, path: string, q: string) => out.push({ name, path: `${B}/activities${path}?limit=10&page=1${q}` });
  acts('activities: unfiltered', '', '');
  const userFilters: [string, string][] = [
    ['last 30 days', `from=${c.from}&to=${c.to}`], ['email (busiest)', `email=${enc(c.email)}`], ['uid (busiest)', `uid=${c.uid}`],
    ['topic session', 'topic=session'], ['action signup', 'action=signup'], ['result failed', 'result=failed'],
    ['type general', 'type=general'], ['type user-status', 'type=user-status'], ['type kyc (none)', 'type=kyc'], ['id', `id=${c.activityId}`],
  ];
  for (const [name, q] of userFilters) acts(`activities: ${name}`, '', `&${q}`);
  const [ts, id] = c.activityMid;
  acts('activities: cursor at row ~5,000,000', '', `&cursor=${encodeCursor({ dir: 'next', orderBy: 'created_at', ordering: 'desc', values: [ts, id] })}`);
  acts('admin activities: unfiltered', '/admin', '');
  const adminFilters: [string, string][] = [
    ['last 30 days', `from=${c.from}&to=${c.to}`], ['admin email', `email=${enc(c.admin)}`], ['topic users', 'topic=users'],
    ['action update', 'action=update'], ['action delete (none)', 'action=delete'], ['result failed', 'result=failed'],
    ['target email', `target_email=${enc(c.target)}`], ['type user-status', 'type=user-status'], ['type general', 'type=general'],
  ];
  for (const [name, q] of adminFilters) acts(`admin activities: ${name}`, '/admin', `&${q}`);

  for (const [k, v] of [['email', 'verified'], ['risk', 'high'], ['document', 'pending']]) {
    out.push({ name: `users with label ${k}:${v}`, path: `${B}/users/labels?key=${k}&value=${v}&limit=25&page=1` });
  }

  const periods: [string, Period][] = [['1D', 'daily'], ['1M', 'monthly'], ['All', 'all']];
  for (const timeZone of ['UTC', 'Asia/Kathmandu', 'America/New_York']) {
    for (const [label, period] of periods) {
      out.push({ name: `dashboard: ${label}, ${timeZone}`, path: `${B}/metrics/statistic?period=${period}&timezone=${enc(timeZone)}` });
    }
  }
  out.push({ name: `dashboard: 1D, UTC, ${c.country}`, path: `${B}/metrics/statistic?period=daily&timezone=UTC&country=${c.country}` });
  out.push({ name: 'metrics (Barong, all-time pending count)', path: `${B}/metrics` });
  // The service-log graph (P-A33) over the seeded service logs' rollups, the same periods and zones.
  for (const timeZone of ['UTC', 'Asia/Kathmandu', 'America/New_York']) {
    for (const [label, period] of periods) {
      out.push({ name: `service-log graph: ${label}, ${timeZone}`, path: `${B}/metrics/service-logs?period=${period}&timezone=${enc(timeZone)}` });
    }
  }
  out.push({ name: `service-log graph: 1D, UTC, ${c.country}`, path: `${B}/metrics/service-logs?period=daily&timezone=UTC&country_code=${c.country}` });
  out.push({ name: 'service-log graph: last 30 days (range)', path: `${B}/metrics/service-logs?from=${c.from}&to=${c.to}&timezone=UTC` });

  const other: [string, string][] = [
    ['service logs', 'service_logs?limit=10'], ['service logs: result failed', 'service_logs?limit=10&result=failed'],
    ['devices', 'devices?limit=10'], ['devices: uid', `devices?limit=10&uid=${c.deviceUid}`],
    ['referrals', 'referrals?limit=10'], ['referrals: uid', `referrals?limit=10&uid=${c.referrer}`],
    ['notifications', 'notifications?limit=10'],
    ['recipients of a notification', `notifications/recipients?limit=10&notification_id=${c.notification}`],
    ['recipients: uid', `notifications/recipients?limit=10&uid=${c.recipientUid}`],
    ['pending applications', 'users/documents/pending?limit=10'],
  ];
  for (const [name, p] of other) out.push({ name, path: `${B}/${p}` });
  const pendingDeep = encodeCursor({ dir: 'next', orderBy: 'submitted_at', ordering: 'asc', values: c.pendingMid });
  out.push({ name: 'pending applications: cursor mid-queue', path: `${B}/users/documents/pending?limit=10&cursor=${pendingDeep}` });
  const P = '/api/v2/peatio/admin/beneficiaries?limit=50';
  out.push({ name: 'beneficiaries', path: P }, { name: 'beneficiaries: uid', path: `${P}&uid=${c.beneficiaryUid}` });
  return out;
}

export const SCENARIOS = { context, list };
