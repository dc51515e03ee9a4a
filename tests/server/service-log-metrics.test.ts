/**
 * GET /admin/metrics/service-logs against raw counts of service_logs, grouped by PostgreSQL's own
 * AT TIME ZONE (independent of the rollups and of the Intl arithmetic), in +05:30, +05:45 and a DST
 * zone; the triggers through updates and deletes; the result → group rule; access and validation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testApp, type TestApp } from '../helpers/app.js';
import { createUser, TEST_PASSWORD } from '../helpers/users.js';
import { signIn, signInAs, type SignedIn } from '../helpers/auth.js';
import { rng } from '../helpers/metrics-data.js';
import { SERVICE_LOG_RESULTS } from '../../src/shared/logs.js';
import { SERVICE_LOG_GROUP, SERVICE_LOG_SERIES, type ServiceLogPoint } from '../../src/shared/service-log-metrics.js';
import { dateRangeParams, seriesWindow, type MetricsQuery, type Period } from '../../src/shared/metrics.js';

const B = '/api/v2/barong';
// Off the quarter-hour grid, so every window has raw edges as well as rollup buckets.
const NOW = '2026-11-20T12:07:31.250Z';
const T = (s: string) => Date.parse(s);
const DAY = 86_400_000;
const ZONES = ['Asia/Kolkata', 'Asia/Kathmandu', 'America/New_York'];
const COUNTRIES = ['US', 'in', 'NP', null] as const;
const FMT = { hour: 'YYYY-MM-DD HH24:00', day: 'YYYY-MM-DD', month: 'YYYY-MM', year: 'YYYY' } as const;

let t: TestApp;
let admin: SignedIn;
const rand = rng(14_7);

async function insertLogs(n: number, from: number, to: number) {
  const rows = Array.from({ length: n }, () => ({
    service_name: 'twilio', service_type: 'sms' as const, result: SERVICE_LOG_RESULTS[Math.floor(rand() * SERVICE_LOG_RESULTS.length)]!,
    user_country: COUNTRIES[Math.floor(rand() * COUNTRIES.length)] ?? null,
    created_at: new Date(from + Math.floor(rand() * (to - from))),
  }));
  await t.db.kysely.insertInto('service_logs').values(rows).execute();
}

const get = (url: string, s: SignedIn | null = admin) => t.app.inject({ url: `${B}${url}`, headers: s ? s.headers() : {} });

/** Raw counts per local label over [from, to), with the group rule spelled from the shared table. */
async function oracle(tz: string, unit: keyof typeof FMT, from: number, to: number, country: string | null) {
  const { rows } = await sql<{ label: string; result: string; n: string }>`
    SELECT to_char(created_at AT TIME ZONE ${tz}, ${FMT[unit]}) AS label, result, count(*) AS n FROM service_logs
    WHERE created_at >= ${new Date(from).toISOString()}::timestamptz AND created_at < ${new Date(to).toISOString()}::timestamptz
      AND (${country}::text IS NULL OR upper(coalesce(user_country, '')) = ${country})
    GROUP BY 1, 2`.execute(t.db.kysely);
  const out: Record<string, Record<string, number>> = {};
  for (const r of rows) {
    const g = SERVICE_LOG_GROUP[r.result as keyof typeof SERVICE_LOG_GROUP];
    const acc = (out[r.label] ??= { success: 0, failed: 0, in_progress: 0, suspicious: 0 });
    acc[g] += Number(r.n);
  }
  return out;
}

/** The endpoint's rows summed per label (a repeated local hour is one label, as in the oracle), zeros dropped. */
function byLabel(data: ServiceLogPoint[]) {
  const out: Record<string, Record<string, number>> = {};
  for (const p of data) {
    const acc = (out[p.period] ??= { success: 0, failed: 0, in_progress: 0, suspicious: 0 });
    for (const k of SERVICE_LOG_SERIES) acc[k] += p[k];
  }
  for (const [k, v] of Object.entries(out)) if (Object.values(v).every((n) => n === 0)) delete out[k];
  return out;
}

async function expectRaw(tz: string, period: Period | 'range', country: string | null) {
  const now = T(NOW);
  const range = period === 'range' ? { from: '2026-10-25', to: '2026-11-08' } : null;
  const params = new URLSearchParams({ timezone: tz, ...(country ? { country_code: country } : {}) });
  if (range) for (const [k, v] of Object.entries(dateRangeParams(range.from, range.to))) params.set(k, v);
  else params.set('period', period);
  const res = await get(`/admin/metrics/service-logs?${params}`);
  expect(res.statusCode).toBe(200);
  const body = res.json();
  const q: MetricsQuery = {
    period: range ? 'daily' : (period as Period), timeZone: tz, country: country?.toUpperCase() ?? null,
    range: range ? { from: T(`${range.from}T00:00:00Z`), to: T(`${range.to}T23:59:59Z`) + 1000 } : null,
  };
  const first = (await sql<{ m: Date }>`SELECT min(created_at) AS m FROM service_logs`.execute(t.db.kysely)).rows[0]!.m;
  const { unit, slots } = seriesWindow(q, now, new Date(first).getTime());
  expect(body.data.map((p: ServiceLogPoint) => p.period)).toEqual(slots.map((s) => s.date));
  const expected = await oracle(tz, unit, slots[0]!.start, slots.at(-1)!.end, q.country);
  const label = `${tz} ${period} ${country ?? 'all'}`;
  expect(byLabel(body.data), label).toEqual(expected);
  for (const k of SERVICE_LOG_SERIES) {
    expect(body[k], `${label} ${k}`).toBe(Object.values(expected).reduce((s, c) => s + c[k]!, 0));
  }
  return Object.keys(expected).length;
}

beforeAll(async () => {
  t = await testApp();
  t.clock.set(NOW);
  admin = (await signInAs(t, 'superadmin')).session;
  await t.db.kysely.deleteFrom('service_logs').execute();
  // Several statements, so the statement-level trigger folds multi-row transition tables repeatedly.
  for (let i = 0; i < 4; i++) await insertLogs(800, T('2025-06-01T00:00:00Z'), T(NOW));
  // Dense around New York's DST change (2026-11-01 06:00Z) and in the last day, with one at now.
  await insertLogs(600, T('2026-10-31T00:00:00Z'), T('2026-11-03T00:00:00Z'));
  await insertLogs(400, T(NOW) - DAY, T(NOW));
  await t.db.kysely.insertInto('service_logs').values({ service_name: 'twilio', service_type: 'sms', result: 'success', created_at: new Date(NOW) }).execute();
});
afterAll(async () => { await t?.close(); });

describe('GET /admin/metrics/service-logs', () => {
  it('equals raw counts across +05:30, +05:45 and New York (DST), for every period, a range and countries', async () => {
    let nonEmpty = 0;
    for (const tz of ZONES) {
      for (const period of ['daily', 'weekly', 'monthly', 'yearly', 'all', 'range'] as const) {
        for (const country of [null, 'in']) nonEmpty += await expectRaw(tz, period, country);
      }
    }
    expect(nonEmpty).toBeGreaterThan(100);
  });

  it('stays equal through updates of result and deletes', async () => {
    await sql`UPDATE service_logs SET result = 'spam_detected' WHERE id % 7 = 0`.execute(t.db.kysely);
    await sql`UPDATE service_logs SET user_country = 'NP' WHERE id % 11 = 0`.execute(t.db.kysely);
    await sql`DELETE FROM service_logs WHERE id % 5 = 0`.execute(t.db.kysely);
    for (const tz of ZONES) for (const period of ['daily', 'monthly', 'range'] as const) await expectRaw(tz, period, null);
    await expectRaw('America/New_York', 'weekly', 'NP');
  });

  it('groups every result as the shared table says (SQL and TS agree)', async () => {
    const { rows } = await sql<{ r: string; g: string | null }>`
      SELECT r, service_log_group(r) AS g FROM unnest(${[...SERVICE_LOG_RESULTS]}::text[]) AS r`.execute(t.db.kysely);
    expect(Object.fromEntries(rows.map((x) => [x.r, x.g]))).toEqual(SERVICE_LOG_GROUP);
    expect(Object.keys(SERVICE_LOG_GROUP).sort()).toEqual([...SERVICE_LOG_RESULTS].sort());
  });

  it('validates like the dashboard statistic', async () => {
    const cases: Array<[string, string[]]> = [
      ['period=hourly', ['admin.metrics.invalid_period']],
      ['timezone=Mars/Olympus', ['admin.metrics.invalid_timezone']],
      ['country_code=USA', ['admin.metrics.invalid_country_code']],
      ['from=20&to=10', ['admin.metrics.invalid_range']],
    ];
    for (const [q, errors] of cases) {
      const res = await get(`/admin/metrics/service-logs?${q}`);
      expect([res.statusCode, res.json()], q).toEqual([422, { errors }]);
    }
  });

  it('needs a session and read ServiceLog', async () => {
    expect((await get('/admin/metrics/service-logs', null)).statusCode).toBe(401);
    const u = await createUser(t.db, { role: 'accountant' }); // reads users, not service logs
    const accountant = await signIn(t.app, { email: u.email, password: TEST_PASSWORD });
    const res = await get('/admin/metrics/service-logs', accountant);
    expect([res.statusCode, res.json()]).toEqual([401, { errors: ['authz.invalid_permission'] }]);
    const s = await createUser(t.db, { role: 'support' });
    const support = await signIn(t.app, { email: s.email, password: TEST_PASSWORD });
    expect((await get('/admin/metrics/service-logs?period=weekly', support)).statusCode).toBe(200);
  });
});
