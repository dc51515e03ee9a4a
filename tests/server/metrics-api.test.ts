/** The metrics endpoints through inject(): tiles, series, validation, access and Barong's shape. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { createUser, TEST_PASSWORD } from '../helpers/users.js';
import { signIn, type SignedIn, signInAs } from '../helpers/auth.js';

const B = '/api/v2/barong';
const NOW = '2026-11-20T12:00:00.000Z';
const at = (offsetMs: number) => new Date(Date.parse(NOW) + offsetMs);
const H = 3_600_000;

let t: TestApp;
let admin: SignedIn;

type Kind = 'email' | 'phone' | 'ok' | 'ko';
async function act(kind: Kind, when: Date, country: string | null = 'US') {
  const signup = kind === 'email' || kind === 'phone';
  await t.db.kysely.insertInto('activities').values({
    category: 'user', user_id: null, target_id: null, user_ip: null, user_agent: null, user_ip_country: country,
    topic: signup ? 'account' : 'session', action: signup ? 'signup' : 'login',
    result: kind === 'ko' ? 'failed' : 'succeed', data: signup ? JSON.stringify({ method: kind }) : null,
    created_at: when,
  }).execute();
}

async function pendingLabel(value: string, updatedAt: Date, country: string | null, scope = 'private') {
  const u = await createUser(t.db);
  if (country) await t.db.kysely.updateTable('users').set({ country }).where('id', '=', u.id).execute();
  await t.db.kysely.insertInto('labels').values({
    user_id: u.id, key: 'document', value, scope, description: null, created_at: updatedAt, updated_at: updatedAt,
  }).execute();
}

const get = (url: string, s: SignedIn | null = admin) =>
  t.app.inject({ url: `${B}${url}`, headers: s ? s.headers() : {} });

beforeAll(async () => {
  t = await testApp();
  t.clock.set(NOW);
  admin = (await signInAs(t, 'superadmin')).session;
  await t.db.kysely.deleteFrom('activities').execute(); // the sign-in's own login is not part of the fixture
  // Edges of the last-24-hours tile: [now − 24 h, now).
  await act('email', at(-24 * H - 1));
  await act('email', at(-24 * H));
  await act('phone', at(-1), 'IN');
  await act('email', at(0));
  await act('ok', at(-3 * H - 7_777), 'IN');
  await act('ok', at(-30 * 60_000));
  await act('ko', at(-5 * H), null);
  await act('ok', at(-40 * 24 * H));
  await pendingLabel('pending', at(-2 * H), 'US');
  await pendingLabel('pending', at(-23 * H), 'IN');
  await pendingLabel('pending', at(-25 * H), 'US');
  await pendingLabel('verified', at(-1 * H), 'US');
  await pendingLabel('pending', at(-1 * H), 'US', 'public');
});
afterAll(async () => { await t?.close(); });

describe('GET /admin/metrics/statistic', () => {
  it('counts the tiles over the last 24 hours before now', async () => {
    const res = await get('/admin/metrics/statistic');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ signups: 2, successful_logins: 2, failed_logins: 1, pending_applications: 2 });
    const us = (await get('/admin/metrics/statistic?country_code=us')).json();
    expect(us).toMatchObject({ signups: 1, successful_logins: 1, failed_logins: 0, pending_applications: 1 });
  });

  it('serves a zero-filled hourly series for 1D, labelled in the requested zone', async () => {
    const body = (await get('/admin/metrics/statistic?period=daily&timezone=Asia/Kathmandu')).json();
    expect(body.data).toHaveLength(24);
    // 12:00Z is 17:45 in Kathmandu: the current hour began at 17:00 local (11:15Z).
    // It holds the 11:30Z login, the 11:59:59.999Z phone signup and, the series ending at now
    // inclusive so the current hour exists, the email signup at 12:00Z.
    expect(body.data[23]).toEqual({
      date: '2026-11-20 17:00', signups: 2, signups_email: 1, signups_phone: 1, successful_logins: 1, failed_logins: 0,
    });
    expect(body.data[22]).toEqual({
      date: '2026-11-20 16:00', signups: 0, signups_email: 0, signups_phone: 0, successful_logins: 0, failed_logins: 0,
    });
    expect(body.data[20]).toMatchObject({ date: '2026-11-20 14:00', successful_logins: 1 }); // 08:59:52Z
    expect(body.data[0].date).toBe('2026-11-19 18:00');
    for (const p of body.data) expect(Object.keys(p).sort()).toEqual(['date', 'failed_logins', 'signups', 'signups_email', 'signups_phone', 'successful_logins']);
  });

  it('cuts 1W into days, 1Y into months and All from the first month with activity', async () => {
    const w = (await get('/admin/metrics/statistic?period=weekly')).json().data;
    expect(w.map((p: any) => p.date)).toEqual(['2026-11-14', '2026-11-15', '2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20']);
    expect(w[6]).toMatchObject({ signups: 2, successful_logins: 2, failed_logins: 1 });
    expect(w[5]).toMatchObject({ signups: 2, successful_logins: 0 });
    const y = (await get('/admin/metrics/statistic?period=yearly&timezone=America/St_Johns')).json().data;
    expect(y).toHaveLength(12);
    expect(y[10]).toMatchObject({ date: '2026-10', successful_logins: 1 });
    const all = (await get('/admin/metrics/statistic?period=all')).json().data;
    expect(all.map((p: any) => p.date)).toEqual(['2026-10', '2026-11']);
    expect(all[1]).toMatchObject({ signups: 4, signups_email: 3, signups_phone: 1, successful_logins: 2, failed_logins: 1 });
  });

  it('serves a custom range day by day (epoch seconds or ISO), stopping at now', async () => {
    const from = Date.parse('2026-11-19T00:00:00Z') / 1000, to = Date.parse('2026-11-21T00:00:00Z') / 1000 - 1;
    const a = (await get(`/admin/metrics/statistic?from=${from}&to=${to}&country_code=US`)).json();
    expect(a.data.map((p: any) => [p.date, p.signups, p.successful_logins])).toEqual([['2026-11-19', 2, 0], ['2026-11-20', 1, 1]]);
    const b = (await get('/admin/metrics/statistic?from=2026-11-19T00:00:00.000Z&to=2026-11-20T23:59:59.999Z&country_code=US')).json();
    expect(b.data).toEqual(a.data);
  });

  it('answers invalid parameters with 422 and one code per problem', async () => {
    const cases: Array<[string, string[]]> = [
      ['period=hourly', ['admin.metrics.invalid_period']],
      ['timezone=Mars/Base', ['admin.metrics.invalid_timezone']],
      ['from=100&to=50', ['admin.metrics.invalid_range']],
      ['from=yesterday&to=100', ['admin.metrics.invalid_range']],
      ['from=100', ['admin.metrics.invalid_range']],
      ['country_code=USA&period=x', ['admin.metrics.invalid_period', 'admin.metrics.invalid_country_code']],
    ];
    for (const [q, errors] of cases) {
      const res = await get(`/admin/metrics/statistic?${q}`);
      expect([res.statusCode, res.json()], q).toEqual([422, { errors }]);
    }
  });

  it('needs a session and read User', async () => {
    expect((await get('/admin/metrics/statistic', null)).statusCode).toBe(401);
    const u = await createUser(t.db, { role: 'investor' });
    const investor = await signIn(t.app, { email: u.email, password: TEST_PASSWORD });
    for (const url of ['/admin/metrics/statistic', '/admin/metrics']) {
      const res = await get(url, investor);
      expect([res.statusCode, res.json()]).toEqual([401, { errors: ['authz.invalid_permission'] }]);
    }
  });
});

describe('GET /public/graph/data', () => {
  it('serves the statistic body without a session', async () => {
    const pub = await get('/public/graph/data?period=weekly&timezone=Asia/Kolkata', null);
    expect(pub.statusCode).toBe(200);
    expect(pub.json()).toEqual((await get('/admin/metrics/statistic?period=weekly&timezone=Asia/Kolkata')).json());
    expect((await get('/public/graph/data?timezone=nope', null)).statusCode).toBe(422);
  });
});

describe("GET /admin/metrics (Barong's shape)", () => {
  it('counts per UTC date with the misspelled sucessful_logins key, and all pending applications', async () => {
    // Sign-ins above added successful logins at now: count them from the rollups as they stand.
    const res = await get('/admin/metrics');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['failed_logins', 'pending_applications', 'signups', 'sucessful_logins']);
    expect(body.signups).toMatchObject({ '2026-11-19': 2, '2026-11-20': 2 });
    expect(body.failed_logins['2026-11-20']).toBe(1);
    expect(body.sucessful_logins['2026-10-11']).toBe(1);
    expect(body.pending_applications).toBe(3);
    const ranged = (await get(`/admin/metrics?from=${Date.parse('2026-11-20T00:00:00Z') / 1000}`)).json();
    expect(Object.keys(ranged.signups)).toEqual(['2026-11-20']);
    expect((await get('/admin/metrics?from=abc')).statusCode).toBe(422);
  });
});
