/**
 * The generic routes in both endpoint styles, including delete, which no pilot offers: probe
 * definitions over the pilot tables, mounted the way the service trees mount the registry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import type { Database } from '../../src/server/db/index.js';
import { registerResource } from '../../src/server/resources/routes.js';
import { defineResource, emailTypes, faqCategories, faqs } from '../../src/shared/resources/index.js';
import { fromDbError } from '../../src/server/resources/wire.js';
import { ApiError } from '../../src/server/plugins/errors.js';
import { openTestDb } from '../helpers/db.js';
import { fakeClock } from '../helpers/app.js';
import { type SignedIn, signInAs } from '../helpers/auth.js';

const barongProbe = defineResource({
  ...emailTypes,
  api: { path: '/admin/probe/email-types', style: 'verbs', operations: ['list', 'get', 'create', 'update', 'delete'] },
});
const peatioProbe = defineResource({
  ...faqCategories,
  api: { path: '/admin/probe/faq_categories', style: 'new-update', operations: ['list', 'get', 'create', 'update', 'delete'] },
});

let app: FastifyInstance;
let db: Database;
let su: SignedIn;

beforeAll(async () => {
  db = await openTestDb();
  app = await buildApp({ config: loadConfig({ STEWARD_STATIC_DIR: '' }), db, now: fakeClock().now });
  await app.register(async (b) => registerResource(b, barongProbe), { prefix: '/api/v2/barong' });
  await app.register(async (p) => registerResource(p, peatioProbe), { prefix: '/api/v2/peatio' });
  await app.ready();
  su = (await signInAs({ app, db }, 'superadmin')).session;
});
afterAll(async () => { await app?.close(); await db?.close(); });

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, payload, headers: su.headers() });

const lastAdminActivity = (topic: string) => db.kysely.selectFrom('activities').selectAll()
  .where('category', '=', 'admin').where('topic', '=', topic).orderBy('id', 'desc').executeTakeFirst();

describe('Barong-style verbs', () => {
  const URL_ = '/api/v2/barong/admin/probe/email-types';

  it('deletes with DELETE ?id=, answering 200 and the deleted entity, audited', async () => {
    const created = (await call('POST', URL_, { name: 'doomed' })).json();
    const res = await call('DELETE', `${URL_}?id=${created.id}`);
    expect([res.statusCode, res.json()]).toEqual([200, created]);
    expect(await lastAdminActivity('email-types')).toMatchObject({ action: 'delete', result: 'succeed', data: { id: created.id } });
    expect(await db.kysely.selectFrom('email_types').select('id').where('id', '=', created.id).execute()).toEqual([]);
    const again = await call('DELETE', `${URL_}?id=${created.id}`);
    expect([again.statusCode, again.json()]).toEqual([404, { errors: ['admin.email_type.doesnt_exist'] }]);
  });

  it('takes the id from the body as well, and requires one', async () => {
    const created = (await call('POST', URL_, { name: 'bodyid' })).json();
    expect((await call('DELETE', URL_, { id: created.id })).statusCode).toBe(200);
    const none = await call('DELETE', URL_);
    expect([none.statusCode, none.json().errors]).toEqual([422, ['admin.email_type.missing_id']]);
  });
});

describe('Peatio-style new/update', () => {
  const URL_ = '/api/v2/peatio/admin/probe/faq_categories';

  it('creates with POST /new and updates with POST /update, both 201 like Grape', async () => {
    const created = await call('POST', `${URL_}/new`, { name: 'Probe', state: 'active' });
    expect(created.statusCode).toBe(201);
    const updated = await call('POST', `${URL_}/update`, { id: created.json().id, position: 9 });
    expect([updated.statusCode, updated.json().position]).toEqual([201, 9]);
    expect((await call('PUT', URL_, { id: created.json().id })).statusCode).toBe(404);
  });

  it('refuses to delete a category still holding FAQs, and deletes it once empty', async () => {
    const cat = (await call('POST', `${URL_}/new`, { name: 'Busy', state: 'active' })).json();
    const faq = await db.kysely.insertInto('faqs').values({ question: 'q', answer: 'a', faq_category_id: cat.id, state: 'active' })
      .returning('id').executeTakeFirstOrThrow();
    const busy = await call('POST', `${URL_}/delete`, { id: cat.id });
    expect([busy.statusCode, busy.json()]).toEqual([422, { errors: ['admin.faq_category.in_use'] }]);
    expect(await lastAdminActivity('faq-categories')).toMatchObject({ action: 'delete', result: 'failed' });
    await db.kysely.deleteFrom('faqs').where('id', '=', faq.id).execute();
    const done = await call('POST', `${URL_}/delete`, { id: cat.id });
    expect([done.statusCode, done.json().id]).toEqual([201, cat.id]);
  });
});

describe('database refusals that slip past the pre-checks (concurrent writes)', () => {
  const codes = (e: unknown) => (e instanceof ApiError ? [e.status, e.codes, e.fields] : e);

  it('maps them to the codes the pre-checks give, and leaves other errors alone', () => {
    expect(codes(fromDbError(emailTypes, { code: '23505', constraint: 'email_types_name_key' })))
      .toEqual([422, ['admin.email_type.name_taken'], { name: ['admin.email_type.name_taken'] }]);
    expect(codes(fromDbError(faqs, { code: '23503', constraint: 'faqs_faq_category_id_fkey' })))
      .toEqual([422, ['admin.faq.faq_category_doesnt_exist'], { faq_category_id: ['admin.faq.faq_category_doesnt_exist'] }]);
    expect(codes(fromDbError(faqCategories, { code: '23001' }, true))).toEqual([422, ['admin.faq_category.in_use'], undefined]);
    const other = { code: '57014', message: 'canceling statement due to statement timeout' };
    expect(fromDbError(faqs, other)).toBe(other);
    expect(fromDbError(faqCategories, { code: '23505' })).toMatchObject({ code: '23505' });
  });
});
