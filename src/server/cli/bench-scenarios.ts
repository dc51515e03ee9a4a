/**
 * What `npm run bench` measures: each scenario is one API path and the query functions its handler
 * runs, called directly with the same parameters.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { countUsers, listUsers, type UserFilter, type UserPage } from '../db/queries/users-admin.js';
import { listActivities } from '../db/queries/activity-log.js';
import { metricsStatistic } from '../db/queries/metrics.js';
import type { Period } from '../../shared/metrics.js';

export interface Scenario {
  name: string; path: string; direct: (db: Kysely<DB>) => Promise<unknown>;
  /** Sent without the session cookie. */
  anonymous?: boolean;
}

interface Ctx { email: string; country: string; from: number; to: number; now: Date }

async function context(db: Kysely<DB>): Promise<Ctx> {
  // The busiest customer and the most common country make the heaviest realistic filters.
  const busy = await sql<{ email: string }>`
    SELECT u.email FROM users u JOIN (
      SELECT user_id FROM activities WHERE category = 'user' AND user_id IS NOT NULL
      GROUP BY user_id ORDER BY count(*) DESC LIMIT 1) a ON a.user_id = u.id`.execute(db);
  const country = await sql<{ country: string }>`
    SELECT country FROM users WHERE country IS NOT NULL GROUP BY country ORDER BY count(*) DESC LIMIT 1`.execute(db);
  const now = new Date();
  return {
    email: busy.rows[0]?.email ?? 'superadmin@steward.demo',
    country: country.rows[0]?.country ?? 'US',
    from: Math.floor(now.getTime() / 1000) - 180 * 86_400,
    to: Math.floor(now.getTime() / 1000),
    now,
  };
}

function users(name: string, query: string, f: UserFilter, p: UserPage): Scenario {
  return {
    name, path: `/api/v2/barong/admin/users?${query}`,
    direct: (db) => Promise.all([countUsers(db, f), listUsers(db, f, p)]),
  };
}

function list(c: Ctx): Scenario[] {
  const active = { state: 'active', country: c.country, range: 'created' } as const;
  const page = (n: number): UserPage => ({ page: n, limit: 25, ordering: 'desc', orderBy: 'created_at' });
  const nothing = async () => undefined;
  const out: Scenario[] = [
    // Floors: what any call costs before its own SQL — HTTP alone, then with the session and permission gates.
    { name: 'floor: public config (HTTP only)', path: '/api/v2/barong/identity/configs', direct: nothing, anonymous: true },
    { name: 'floor: abilities (+ session, permissions)', path: '/api/v2/barong/admin/abilities', direct: nothing },
    users('users: unfiltered, page 1', 'limit=25&page=1', { range: 'created' }, page(1)),
    users(`users: active in ${c.country}, page 1`, `state=active&country=${c.country}&limit=25&page=1`, active, page(1)),
    users(`users: active in ${c.country}, page 20`, `state=active&country=${c.country}&limit=25&page=20`, active, page(20)),
    {
      name: 'activities: by email and 180-day range',
      path: `/api/v2/barong/admin/activities?email=${encodeURIComponent(c.email)}&from=${c.from}&to=${c.to}&limit=10&page=1`,
      direct: (db) => listActivities(db, 'user', { email: c.email, from: new Date(c.from * 1000), to: new Date(c.to * 1000) },
        { limit: 10, ordering: 'desc', page: 1 }),
    },
    {
      name: 'activities: 30-day range, page 1',
      path: `/api/v2/barong/admin/activities?from=${c.to - 30 * 86_400}&to=${c.to}&limit=10&page=1`,
      direct: (db) => listActivities(db, 'user', { from: new Date((c.to - 30 * 86_400) * 1000), to: new Date(c.to * 1000) },
        { limit: 10, ordering: 'desc', page: 1 }),
    },
  ];
  const periods: [string, Period][] = [['1D', 'daily'], ['1M', 'monthly'], ['All', 'all']];
  for (const timeZone of ['UTC', 'Asia/Kathmandu', 'America/New_York']) {
    for (const [label, period] of periods) {
      out.push({
        name: `dashboard: ${label}, ${timeZone}`,
        path: `/api/v2/barong/admin/metrics/statistic?period=${period}&timezone=${encodeURIComponent(timeZone)}`,
        direct: (db) => metricsStatistic(db, { period, range: null, country: null, timeZone }, c.now),
      });
    }
  }
  return out;
}

export const SCENARIOS = { context, list };
