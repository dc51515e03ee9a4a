/**
 * The statistic answer says what its figures cover (`spans`), and the figures are exactly the raw
 * counts over those spans: the tiles over a rolling 24 h, the series (legend totals) from the first
 * local boundary of the zone. At a moment off the hour the two differ, and both are right.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testApp, type TestApp } from '../helpers/app.js';
import { signInAs, type SignedIn } from '../helpers/auth.js';
import { insertRandomActivities, rng } from '../helpers/metrics-data.js';

const NOW = '2026-11-20T14:37:23.456Z';
const H = 3_600_000;
let t: TestApp;
let admin: SignedIn;

/** The five counts over [from, to) straight from the log, the rule of metric_rollups_sql() written out again. */
async function raw(from: string, to: string, country: string | null) {
  const { rows } = await sql<Record<string, string>>`
    SELECT count(*) FILTER (WHERE action = 'signup' AND result = 'succeed') AS signups,
      count(*) FILTER (WHERE action IN ('login', 'login::2fa') AND result = 'succeed') AS successful_logins,
      count(*) FILTER (WHERE action IN ('login', 'login::2fa') AND result = 'failed'
        AND coalesce(data->>'reason', '') <> 'identity.session.missing_otp') AS failed_logins
    FROM activities
    WHERE category = 'user' AND created_at >= ${new Date(from)} AND created_at < ${new Date(to)}
      AND (${country}::text IS NULL OR upper(user_ip_country) = ${country})`.execute(t.db.kysely);
  return Object.fromEntries(Object.entries(rows[0]!).map(([k, v]) => [k, Number(v)]));
}

beforeAll(async () => {
  t = await testApp();
  t.clock.set(NOW);
  admin = (await signInAs(t, 'superadmin')).session;
  await t.db.kysely.deleteFrom('activities').execute();
  const now = Date.parse(NOW);
  await insertRandomActivities(t.db.kysely, 4000, now - 9 * 24 * H, now + H, rng(13));
});
afterAll(async () => { await t?.close(); });

describe('statistic spans', () => {
  const cases = [
    { timezone: 'UTC', period: 'daily', seriesFrom: '2026-11-19T15:00:00.000Z' },
    { timezone: 'Asia/Kathmandu', period: 'daily', seriesFrom: '2026-11-19T15:15:00.000Z' },
    { timezone: 'America/St_Johns', period: 'weekly', seriesFrom: '2026-11-14T03:30:00.000Z' },
  ] as const;

  for (const c of cases) {
    it(`tiles and ${c.period} legend totals equal the raw counts of their spans (${c.timezone})`, async () => {
      for (const country of [null, 'US']) {
        const q = new URLSearchParams({ period: c.period, timezone: c.timezone, ...(country ? { country_code: country } : {}) });
        const res = await t.app.inject({ url: `/api/v2/barong/admin/metrics/statistic?${q}`, headers: admin.headers() });
        expect(res.statusCode).toBe(200);
        const body = res.json();
        expect(body.spans).toEqual({
          tiles: { from: '2026-11-19T14:37:23.456Z', to: NOW },
          // The series counts up to and including now, so its end is the next millisecond.
          series: { from: c.seriesFrom, to: '2026-11-20T14:37:23.457Z' },
        });
        const tiles = await raw(body.spans.tiles.from, body.spans.tiles.to, country);
        expect({ signups: body.signups, successful_logins: body.successful_logins, failed_logins: body.failed_logins }).toEqual(tiles);
        const series = await raw(body.spans.series.from, body.spans.series.to, country);
        const sum = (k: string) => body.data.reduce((n: number, p: Record<string, number>) => n + p[k]!, 0);
        expect({ signups: sum('signups'), successful_logins: sum('successful_logins'), failed_logins: sum('failed_logins') }).toEqual(series);
        // The point of saying so: at this moment the two spans hold different numbers.
        if (c.period === 'daily' && country === null) expect(series).not.toEqual(tiles);
      }
    });
  }

  it('gives no series span when a range has no points yet', async () => {
    const future = Math.floor(Date.parse(NOW) / 1000) + 86_400;
    const res = await t.app.inject({
      url: `/api/v2/barong/admin/metrics/statistic?from=${future}&to=${future + 86_400}`, headers: admin.headers(),
    });
    expect(res.json()).toMatchObject({ data: [], spans: { series: null } });
  });
});
