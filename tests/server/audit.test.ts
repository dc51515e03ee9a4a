import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import type { Database } from '../../src/server/db/index.js';
import { withAudit, auditData } from '../../src/server/plugins/audit.js';
import { fail } from '../../src/server/plugins/errors.js';
import { requireAbility } from '../../src/server/auth/require-ability.js';
import { openTestDb } from '../helpers/db.js';
import { fakeClock } from '../helpers/app.js';
import { createUser, TEST_PASSWORD } from '../helpers/users.js';
import { signIn, type SignedIn } from '../helpers/auth.js';

let app: FastifyInstance;
let db: Database;
let admin: SignedIn;
let adminId: number;

/** Routes that exist only here: a write that succeeds, one that throws after writing, one with no withAudit. */
async function testRoutes(a: FastifyInstance) {
  a.post('/api/v2/barong/admin/audit-probe/ok', (req) => withAudit(req, { topic: 'probe' }, (trx) =>
    trx.insertInto('levels').values({ id: 901, key: 'probe', value: 'ok', description: null }).returningAll().executeTakeFirstOrThrow()));
  a.post('/api/v2/barong/admin/audit-probe/boom', (req) => withAudit(req, { topic: 'probe', action: 'explode' }, async (trx) => {
    await trx.insertInto('levels').values({ id: 902, key: 'probe', value: 'boom', description: null }).execute();
    fail(422, 'admin.probe.exploded');
  }));
  a.post('/api/v2/barong/admin/audit-probe/plain', async () => ({ ok: true }));
  a.post('/api/v2/barong/admin/audit-probe/refused', async () => ({ ok: true }));
  a.get('/api/v2/peatio/admin/audit-probe/ability', async (req) => {
    await requireAbility(req, 'read', 'Adjustment', 'peatio');
    return { ok: true };
  });
}

beforeAll(async () => {
  db = await openTestDb();
  app = await buildApp({ config: loadConfig({ STEWARD_STATIC_DIR: '' }), db, now: fakeClock().now });
  await app.register(testRoutes);
  await app.ready();
  const u = await createUser(db, { role: 'superadmin' });
  adminId = u.id;
  admin = await signIn(app, { email: u.email, password: TEST_PASSWORD });
});
afterAll(async () => { await app?.close(); await db?.close(); });

const activitiesOf = (userId: number) =>
  db.kysely.selectFrom('activities').selectAll().where('user_id', '=', userId).where('category', '=', 'admin').orderBy('id').execute();

describe('withAudit', () => {
  it('commits the write and one succeed activity together', async () => {
    const target = await createUser(db);
    const before = (await activitiesOf(adminId)).length;
    const res = await app.inject({
      method: 'POST', url: '/api/v2/barong/admin/audit-probe/ok', headers: admin.headers(),
      payload: { uid: target.uid, password: 'hunter2', note: 'x' },
    });
    expect(res.statusCode).toBe(200);
    const acts = (await activitiesOf(adminId)).slice(before);
    // The POST also matches the superadmin AUDIT row; withAudit has logged it, so there is exactly one activity.
    expect(acts).toHaveLength(1);
    expect(acts[0]).toMatchObject({ topic: 'probe', action: 'create', result: 'succeed', target_id: target.id, user_agent: 'steward-tests/1.0' });
    expect(acts[0]!.data).toEqual({ uid: target.uid, password: '[FILTERED]', note: 'x' });
    expect(await db.kysely.selectFrom('levels').select('value').where('id', '=', 901).executeTakeFirst()).toEqual({ value: 'ok' });
  });

  it('rolls back a write that throws, keeps no succeed row, and logs a failed activity', async () => {
    const before = (await activitiesOf(adminId)).length;
    const res = await app.inject({ method: 'POST', url: '/api/v2/barong/admin/audit-probe/boom', headers: admin.headers(), payload: { a: 1 } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: ['admin.probe.exploded'] });
    expect(await db.kysely.selectFrom('levels').selectAll().where('id', '=', 902).executeTakeFirst()).toBeUndefined();
    const acts = (await activitiesOf(adminId)).slice(before);
    expect(acts).toHaveLength(1);
    expect(acts[0]).toMatchObject({ topic: 'probe', action: 'explode', result: 'failed' });
    expect(acts[0]!.data).toEqual({ a: 1, errors: ['admin.probe.exploded'] });
  });
});

describe('AUDIT rows', () => {
  it('log one admin activity for a write without withAudit', async () => {
    const target = await createUser(db);
    const before = (await activitiesOf(adminId)).length;
    const res = await app.inject({
      method: 'POST', url: '/api/v2/barong/admin/audit-probe/plain', headers: admin.headers(), payload: { user_uid: target.uid },
    });
    expect(res.statusCode).toBe(200);
    const acts = (await activitiesOf(adminId)).slice(before);
    expect(acts).toHaveLength(1);
    expect(acts[0]).toMatchObject({ topic: 'audit-probe', action: 'create', result: 'succeed', target_id: target.id, data: { user_uid: target.uid } });
  });

  it('use the AUDIT row topic and mark failed answers as failed', async () => {
    await db.kysely.deleteFrom('permissions').where('role', '=', 'superadmin').where('action', '=', 'AUDIT').execute();
    await db.kysely.insertInto('permissions').values([
      { role: 'superadmin', verb: 'POST', path: 'api/v2/barong/admin/audit-probe', action: 'AUDIT', topic: 'probing' },
      { role: 'superadmin', verb: 'POST', path: 'api/v2/barong/admin/audit-probe/refused', action: 'DROP', topic: null },
    ]).execute();
    app.permissionCache.clear();
    const before = (await activitiesOf(adminId)).length;
    const res = await app.inject({ method: 'POST', url: '/api/v2/barong/admin/audit-probe/nope', headers: admin.headers(), payload: {} });
    expect(res.statusCode).toBe(404);
    const refused = await app.inject({ method: 'POST', url: '/api/v2/barong/admin/audit-probe/refused', headers: admin.headers(), payload: {} });
    expect(refused.statusCode).toBe(401);
    const acts = (await activitiesOf(adminId)).slice(before);
    expect(acts.map((a) => [a.topic, a.result])).toEqual([['probing', 'failed'], ['audit-probe', 'denied']]);
  });

  it('log nothing for GETs without an AUDIT row', async () => {
    const before = (await activitiesOf(adminId)).length;
    expect((await app.inject({ url: '/api/v2/barong/admin/abilities', headers: admin.headers() })).statusCode).toBe(200);
    expect((await activitiesOf(adminId)).length).toBe(before);
  });
});

describe('requireAbility', () => {
  it('answers 403 on the exchange service and logs one denied activity', async () => {
    const u = await createUser(db, { role: 'technical' });
    const s = await signIn(app, { email: u.email, password: TEST_PASSWORD });
    // The probe is no route of the default rows' table: a row of its own lets technical past the gateway.
    await db.kysely.insertInto('permissions')
      .values({ role: 'technical', verb: 'GET', path: 'api/v2/peatio/admin/audit-probe/ability', action: 'ACCEPT', topic: null }).execute();
    app.permissionCache.clear();
    const res = await app.inject({ url: '/api/v2/peatio/admin/audit-probe/ability', headers: s.headers() });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ errors: ['admin.ability.not_permitted'] });
    const acts = await activitiesOf(u.id);
    expect(acts).toHaveLength(1);
    expect(acts[0]).toMatchObject({ result: 'denied', topic: 'audit-probe', data: { ability: { action: 'read', subject: 'Adjustment' } } });
    const ok = await app.inject({ url: '/api/v2/peatio/admin/audit-probe/ability', headers: admin.headers() });
    expect(ok.statusCode).toBe(200);
  });
});

describe('auditData', () => {
  it('masks secrets at any depth and keeps the rest', () => {
    expect(auditData({ a: { otp_code: '1', b: [{ new_password: 'x', c: 2 }] }, captcha_response: 'y' }))
      .toEqual({ a: { otp_code: '[FILTERED]', b: [{ new_password: '[FILTERED]', c: 2 }] }, captcha_response: '[FILTERED]' });
  });
});
