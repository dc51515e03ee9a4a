/** Email types (P-A35) through the generic resource handlers, signed in as a superadmin. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { createUser, TEST_PASSWORD } from '../helpers/users.js';
import { signIn, type SignedIn, signInAs } from '../helpers/auth.js';

const URL_ = '/api/v2/barong/admin/email-types';
let t: TestApp;
let su: SignedIn;
let suId: number;

beforeAll(async () => {
  t = await testApp();
  const s = await signInAs(t, 'superadmin');
  suId = s.user.id;
  su = s.session;
});
afterAll(async () => { await t?.close(); });

type Opts = { query?: Record<string, string>; payload?: unknown; as?: SignedIn };
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, o: Opts = {}) =>
  t.app.inject({ method, url, query: o.query, payload: o.payload as object, headers: (o.as ?? su).headers() });

const adminActivities = () => t.db.kysely.selectFrom('activities').selectAll()
  .where('category', '=', 'admin').where('user_id', '=', suId).where('topic', '=', 'email-types').orderBy('id').execute();

describe('email types', () => {
  let promoId: number;

  it('creates with defaults, answers 201 with the entity in ISO time, and audits the write', async () => {
    const res = await call('POST', URL_, { payload: { name: 'promo', key: 'promo_mail', description: 'Promotions' } });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.any(Number), name: 'promo', key: 'promo_mail', description: 'Promotions', status: 'active',
      created_at: '2026-11-20T12:00:00.000Z', updated_at: '2026-11-20T12:00:00.000Z',
    });
    promoId = body.id;
    const acts = await adminActivities();
    expect(acts.at(-1)).toMatchObject({ action: 'create', result: 'succeed', data: { name: 'promo', key: 'promo_mail' } });
  });

  it('validates the name with the spec codes and keeps names unique', async () => {
    const bad = await call('POST', URL_, { payload: { name: 'Promo2' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ errors: ['admin.email_type.invalid_name'], fields: { name: ['admin.email_type.invalid_name'] } });
    const missing = await call('POST', URL_, { payload: { description: 'x' } });
    expect(missing.json()).toMatchObject({ errors: ['admin.email_type.missing_name'] });
    const dup = await call('POST', URL_, { payload: { name: 'promo' } });
    expect(dup.statusCode).toBe(422);
    expect(dup.json()).toEqual({ errors: ['admin.email_type.name_taken'], fields: { name: ['admin.email_type.name_taken'] } });
    expect((await adminActivities()).at(-1)).toMatchObject({ action: 'create', result: 'failed', data: { errors: ['admin.email_type.name_taken'] } });
    const rows = await t.db.kysely.selectFrom('email_types').select('name').where('name', '=', 'promo').execute();
    expect(rows).toHaveLength(1);
  });

  it('gets one by id, 404s an unknown id and 422s a malformed one', async () => {
    const ok = await call('GET', `${URL_}/${promoId}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id: promoId, name: 'promo' });
    const gone = await call('GET', `${URL_}/987654`);
    expect([gone.statusCode, gone.json()]).toEqual([404, { errors: ['admin.email_type.doesnt_exist'] }]);
    const bad = await call('GET', `${URL_}/abc`);
    expect([bad.statusCode, bad.json().errors]).toEqual([422, ['admin.email_type.invalid_id']]);
  });

  it('toggles status at once with PUT {id, status} and keeps the name locked', async () => {
    t.clock.advance(60_000);
    const res = await call('PUT', URL_, { payload: { id: promoId, status: 'inactive' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: promoId, name: 'promo', status: 'inactive', updated_at: '2026-11-20T12:01:00.000Z', created_at: '2026-11-20T12:00:00.000Z' });
    expect((await adminActivities()).at(-1)).toMatchObject({ action: 'update', result: 'succeed', data: { id: promoId, status: 'inactive' } });

    const locked = await call('PUT', URL_, { payload: { id: promoId, name: 'renamed' } });
    expect(locked.statusCode).toBe(422);
    expect(locked.json()).toEqual({ errors: ['admin.email_type.immutable_name'], fields: { name: ['admin.email_type.immutable_name'] } });
    const row = await t.db.kysely.selectFrom('email_types').select(['name', 'status']).where('id', '=', promoId).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'promo', status: 'inactive' });

    const gone = await call('PUT', URL_, { payload: { id: 987654, status: 'active' } });
    expect([gone.statusCode, gone.json()]).toEqual([404, { errors: ['admin.email_type.doesnt_exist'] }]);
    const noId = await call('PUT', URL_, { payload: { status: 'active' } });
    expect([noId.statusCode, noId.json().errors]).toEqual([422, ['admin.email_type.missing_id']]);
  });

  it('is not deletable: the service offers no DELETE for email types', async () => {
    const res = await call('DELETE', URL_, { query: { id: String(promoId) } });
    expect(res.statusCode).toBe(404);
  });
});

describe('email type list', () => {
  const names = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliet', 'kilo'];

  beforeAll(async () => {
    await t.db.kysely.deleteFrom('email_types').execute();
    for (const [i, name] of names.entries()) {
      const res = await call('POST', URL_, { payload: { name, description: `type ${name}`, status: i % 3 === 0 ? 'inactive' : 'active' } });
      expect(res.statusCode).toBe(201);
    }
  });

  it('pages with exact Total, Page and Per-Page headers, ascending by id by default', async () => {
    const res = await call('GET', URL_, { query: { page: '2', limit: '4' } });
    expect(res.statusCode).toBe(200);
    expect([res.headers.total, res.headers.page, res.headers['per-page']]).toEqual(['11', '2', '4']);
    expect(res.json().map((r: { name: string }) => r.name)).toEqual(['echo', 'foxtrot', 'golf', 'hotel']);
    const last = await call('GET', URL_, { query: { page: '3', limit: '4' } });
    expect(last.json().map((r: { name: string }) => r.name)).toEqual(['india', 'juliet', 'kilo']);
    const beyond = await call('GET', URL_, { query: { page: '9', limit: '4' } });
    expect([beyond.json(), beyond.headers.total]).toEqual([[], '11']);
    const all = await call('GET', URL_);
    expect([all.headers['per-page'], all.json().length]).toEqual(['100', 11]);
  });

  it('orders desc and by a whitelisted column, and refuses anything else', async () => {
    const desc = await call('GET', URL_, { query: { ordering: 'desc', limit: '2' } });
    expect(desc.json().map((r: { name: string }) => r.name)).toEqual(['kilo', 'juliet']);
    const byName = await call('GET', URL_, { query: { order_by: 'name', ordering: 'desc', limit: '1' } });
    expect(byName.json()[0].name).toBe('kilo');
    const bad = await call('GET', URL_, { query: { order_by: 'password_digest' } });
    expect([bad.statusCode, bad.json()]).toEqual([422, { errors: ['admin.pagination.invalid_order_by'], fields: { order_by: ['admin.pagination.invalid_order_by'] } }]);
    const sideways = await call('GET', URL_, { query: { ordering: 'sideways' } });
    expect([sideways.statusCode, sideways.json().errors]).toEqual([422, ['admin.pagination.invalid_ordering']]);
  });

  it('keeps limit within Barong bounds', async () => {
    for (const limit of ['0', '101', 'ten']) {
      const res = await call('GET', URL_, { query: { limit } });
      expect(res.statusCode, limit).toBe(422);
    }
    expect((await call('GET', URL_, { query: { limit: '101' } })).json().errors).toEqual(['admin.pagination.invalid_limit']);
    expect((await call('GET', URL_, { query: { limit: '100' } })).statusCode).toBe(200);
  });

  it('filters by id, name (contains, case-insensitive, literal wildcards) and status', async () => {
    const byName = await call('GET', URL_, { query: { name: 'LT' } });
    expect(byName.json().map((r: { name: string }) => r.name)).toEqual(['delta']);
    expect(byName.headers.total).toBe('1');
    const wildcard = await call('GET', URL_, { query: { name: '%' } });
    expect([wildcard.statusCode, wildcard.json()]).toEqual([200, []]);
    const inactive = await call('GET', URL_, { query: { status: 'inactive' } });
    expect(inactive.json().map((r: { name: string }) => r.name)).toEqual(['alpha', 'delta', 'golf', 'juliet']);
    const id = inactive.json()[1].id;
    const one = await call('GET', URL_, { query: { id: String(id), status: 'inactive' } });
    expect(one.json().map((r: { id: number }) => r.id)).toEqual([id]);
    const badStatus = await call('GET', URL_, { query: { status: 'deleted' } });
    expect([badStatus.statusCode, badStatus.json().errors]).toEqual([422, ['admin.email_type.invalid_status']]);
  });

  it('refuses roles without the EmailType ability at the gateway (401 authz.invalid_permission)', async () => {
    const u = await createUser(t.db, { role: 'support' });
    const support = await signIn(t.app, { email: u.email, password: TEST_PASSWORD });
    const res = await call('GET', URL_, { as: support });
    expect([res.statusCode, res.json()]).toEqual([401, { errors: ['authz.invalid_permission'] }]);
  });
});
