import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluatePermissions, auditTopic, PermissionCache } from '../../src/server/plugins/authz.js';
import { DEFAULT_PERMISSIONS } from '../../src/server/auth/permissions-seed.js';
import { testApp, type TestApp } from '../helpers/app.js';
import { createUser, TEST_PASSWORD } from '../helpers/users.js';
import { signIn } from '../helpers/auth.js';

const row = (verb: string, path: string, action: string, topic: string | null = null) => ({ verb, path, action, topic });

describe('evaluatePermissions (Barong §5.1)', () => {
  it('accepts on a matching ACCEPT row', () => {
    expect(evaluatePermissions([row('GET', 'api/v2/barong/admin', 'ACCEPT')], 'GET', '/api/v2/barong/admin/users').allowed).toBe(true);
  });

  it('lets a DROP beat an ACCEPT for any matching prefix', () => {
    const rows = [row('ALL', 'api/v2', 'ACCEPT'), row('ALL', 'api/v2/barong/admin/permissions', 'DROP')];
    expect(evaluatePermissions(rows, 'GET', '/api/v2/barong/admin/permissions').allowed).toBe(false);
    expect(evaluatePermissions(rows, 'GET', '/api/v2/barong/admin/users').allowed).toBe(true);
  });

  it('never grants on AUDIT alone, but reports the first AUDIT row', () => {
    const audit = row('POST', 'api/v2/', 'AUDIT', 'x');
    expect(evaluatePermissions([audit], 'POST', '/api/v2/barong/admin/users').allowed).toBe(false);
    const v = evaluatePermissions([row('ALL', 'api/v2', 'ACCEPT'), audit, row('POST', 'api/v2/', 'AUDIT', 'y')], 'POST', '/api/v2/a');
    expect(v).toEqual({ allowed: true, audit });
  });

  it('matches verb ALL and the exact verb only', () => {
    const rows = [row('GET', 'api/v2/peatio/admin', 'ACCEPT'), row('ALL', 'api/v2/peatio/admin/markets', 'ACCEPT')];
    expect(evaluatePermissions(rows, 'POST', '/api/v2/peatio/admin/currencies/new').allowed).toBe(false);
    expect(evaluatePermissions(rows, 'post', '/api/v2/peatio/admin/markets/new').allowed).toBe(true);
    expect(evaluatePermissions(rows, 'GET', '/api/v2/peatio/admin/currencies').allowed).toBe(true);
  });

  it('matches path prefixes on the path without leading slash or query', () => {
    const rows = [row('ALL', 'api/v2/barong/resource', 'ACCEPT')];
    expect(evaluatePermissions(rows, 'GET', '/api/v2/barong/resource/users/me?x=api/v2/barong/admin').allowed).toBe(true);
    expect(evaluatePermissions(rows, 'GET', '/api/v2/barong/admin/users?p=api/v2/barong/resource').allowed).toBe(false);
    // Barong's check is a plain prefix: 'resource' also covers 'resources'.
    expect(evaluatePermissions(rows, 'GET', '/api/v2/barong/resources').allowed).toBe(true);
  });

  it('refuses a role with no rows', () => {
    expect(evaluatePermissions([], 'GET', '/api/v2/barong/resource/users/me')).toEqual({ allowed: false, audit: null });
  });

  it('derives the activity topic like Barong', () => {
    expect(auditTopic('/api/v2/peatio/admin/currencies/update', null)).toBe('currencies');
    expect(auditTopic('/api/v2/barong/admin/users', row('POST', 'api/v2/', 'AUDIT', 'kyc'))).toBe('kyc');
    expect(auditTopic('/api/v2/barong/resource/users', null)).toBe('general');
  });
});

describe('default permission rows', () => {
  const can = (role: string, method: string, path: string) => evaluatePermissions(
    DEFAULT_PERMISSIONS.filter((r) => r.role === role).map((r) => row(r.verb.toUpperCase(), r.path, r.action.toUpperCase())),
    method, path,
  ).allowed;

  it('refuse every admin call to trader and member, but not their user APIs', () => {
    for (const role of ['trader', 'member']) {
      for (const p of ['/api/v2/barong/admin/users', '/api/v2/peatio/admin/abilities', '/api/v2/applogic/admin/tokens']) {
        expect(can(role, 'GET', p)).toBe(false);
      }
      expect(can(role, 'GET', '/api/v2/barong/resource/users/me')).toBe(true);
    }
  });

  it('open each staff role the admin trees its abilities reach: every verb where it changes something, GET where it reads', () => {
    expect(can('admin', 'POST', '/api/v2/barong/admin/permissions')).toBe(true);
    expect(can('admin', 'POST', '/api/v2/barong/admin/users/role')).toBe(true);
    expect(can('admin', 'GET', '/api/v2/barong/admin/activities/admin')).toBe(true);
    expect(can('compliance', 'POST', '/api/v2/barong/admin/users/labels')).toBe(true);
    // A manager only reads on the exchange side: its rows take no peatio write.
    expect(can('manager', 'GET', '/api/v2/peatio/admin/blockchains')).toBe(true);
    expect(can('manager', 'POST', '/api/v2/peatio/admin/blockchains/update')).toBe(false);
    // Compliance reviews withdrawals, so its rows open the exchange tree's writes (the abilities refuse the rest).
    expect(can('compliance', 'POST', '/api/v2/peatio/admin/withdraws/actions')).toBe(true);
    // Support's one write (2FA off) by either call the abilities allow it (issue 10 item 12).
    expect(can('support', 'POST', '/api/v2/barong/admin/users/update')).toBe(true);
    expect(can('support', 'PUT', '/api/v2/barong/admin/users')).toBe(true);
    // Support cancels orders (update Order), so its rows open the exchange tree's writes too; the abilities
    // still refuse what it may not do there (an adjustment: 403).
    expect(can('support', 'POST', '/api/v2/peatio/admin/orders/1/cancel')).toBe(true);
    // read Profile: the pending documents list too (the hand-written rows dropped it).
    for (const role of ['accountant', 'technical']) expect(can(role, 'GET', '/api/v2/barong/admin/users/documents/pending')).toBe(true);
    expect(can('accountant', 'POST', '/api/v2/peatio/admin/adjustments/new')).toBe(true);
    expect(can('accountant', 'POST', '/api/v2/barong/admin/users/role')).toBe(false);
    expect(can('technical', 'POST', '/api/v2/peatio/admin/blockchains/new')).toBe(true);
    expect(can('technical', 'DELETE', '/api/v2/finex/admin/bulk/orders_by_id')).toBe(true);
    for (const role of ['manager', 'investor', 'broker']) {
      expect(can(role, 'GET', '/api/v2/peatio/admin/currencies')).toBe(true);
      expect(can(role, 'POST', '/api/v2/peatio/admin/currencies/new')).toBe(false);
      expect(can(role, 'POST', '/api/v2/barong/admin/permissions')).toBe(false);
    }
  });
});

describe('PermissionCache', () => {
  it('reloads after the TTL and after clear()', async () => {
    let t = 0, loads = 0;
    const cache = new PermissionCache(60_000, () => t);
    const load = async () => { loads++; return []; };
    await cache.rows('admin', load); await cache.rows('admin', load);
    expect(loads).toBe(1);
    t = 60_000; await cache.rows('admin', load);
    expect(loads).toBe(2);
    cache.clear(); await cache.rows('admin', load);
    expect(loads).toBe(3);
  });
});

describe('authz through HTTP', () => {
  let t: TestApp;
  beforeAll(async () => { t = await testApp({ env: { ALLOWED_ROLES: 'admin,superadmin,support,technical,accountant,compliance,manager' } }); });
  afterAll(async () => { await t?.close(); });

  const as = async (role: string) => {
    const user = await createUser(t.db, { role });
    return { user, s: await signIn(t.app, { email: user.email, password: TEST_PASSWORD }) };
  };
  const denials = (userId: number) => t.db.kysely.selectFrom('activities').selectAll()
    .where('user_id', '=', userId).where('result', '=', 'denied').orderBy('id').execute();

  it('refuses member and trader on admin calls with authz.invalid_permission and logs the denial', async () => {
    for (const role of ['member', 'trader']) {
      const { user, s } = await as(role);
      for (const url of ['/api/v2/barong/admin/users', '/api/v2/barong/admin/abilities', '/api/v2/peatio/admin/abilities']) {
        const res = await t.app.inject({ url, headers: s.headers() });
        expect(res.statusCode, `${role} ${url}`).toBe(401);
        expect(res.json()).toEqual({ errors: ['authz.invalid_permission'] });
      }
      const logged = await denials(user.id);
      expect(logged).toHaveLength(3);
      expect(logged[0]).toMatchObject({ category: 'admin', action: 'read', topic: 'users', result: 'denied' });
      expect(logged[0]!.user_agent).toBe('steward-tests/1.0');
    }
  });

  it('lets a member reach its own user APIs', async () => {
    const { s } = await as('member');
    expect((await t.app.inject({ url: '/api/v2/barong/resource/users/me', headers: s.headers() })).statusCode).toBe(200);
  });

  it('refuses a role with no permission rows', async () => {
    await t.db.kysely.deleteFrom('permissions').where('role', '=', 'manager').execute();
    t.app.permissionCache.clear();
    const { s } = await as('manager');
    const res = await t.app.inject({ url: '/api/v2/barong/admin/abilities', headers: s.headers() });
    expect(res.statusCode).toBe(401);
    expect(res.json().errors).toEqual(['authz.invalid_permission']);
  });

  it('lets compliance through the exchange gateway for its withdrawal reviews, where its abilities still refuse an adjustment', async () => {
    const { s } = await as('compliance');
    expect((await t.app.inject({ url: '/api/v2/peatio/admin/abilities', headers: s.headers() })).statusCode).toBe(200);
    const post = await t.app.inject({ method: 'POST', url: '/api/v2/peatio/admin/adjustments/new', headers: s.headers(), payload: {} });
    expect(post.statusCode).toBe(403);
    expect(post.json().errors).toEqual(['admin.ability.not_permitted']);
  });


  it('refuses admin calls from roles off the allowed list even when rows accept them', async () => {
    const { s } = await as('investor');
    const res = await t.app.inject({ url: '/api/v2/peatio/admin/abilities', headers: s.headers() });
    expect(res.statusCode).toBe(401);
    expect(res.json().errors).toEqual(['authz.invalid_permission']);
    expect((await t.app.inject({ url: '/api/v2/barong/resource/users/me', headers: s.headers() })).statusCode).toBe(200);
  });

  it('caches rows per role for the TTL only', async () => {
    const { s } = await as('accountant');
    const get = () => t.app.inject({ url: '/api/v2/peatio/admin/abilities', headers: s.headers() });
    expect((await get()).statusCode).toBe(200);
    await t.db.kysely.insertInto('permissions')
      .values({ role: 'accountant', verb: 'GET', path: 'api/v2/peatio/admin/abilities', action: 'DROP', topic: null }).execute();
    // Written behind the API's back: this node still serves the cached rows until the TTL runs out.
    expect((await get()).statusCode).toBe(200);
    t.clock.advance(61_000);
    expect((await get()).statusCode).toBe(401);
  });
});
