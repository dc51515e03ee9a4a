/** FAQ categories and FAQ entries (P-E16) in the exchange service, through the generic handlers. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { createUser, TEST_PASSWORD } from '../helpers/users.js';
import { signIn, type SignedIn, signInAs } from '../helpers/auth.js';

const CATS = '/api/v2/peatio/admin/faq_categories';
const FAQS = '/api/v2/peatio/admin/faqs';
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
const call = (method: 'GET' | 'POST' | 'PUT', url: string, o: Opts = {}) =>
  t.app.inject({ method, url, query: o.query, payload: o.payload as object, headers: (o.as ?? su).headers() });

const lastActivity = (topic: string) => t.db.kysely.selectFrom('activities').selectAll()
  .where('category', '=', 'admin').where('user_id', '=', suId).where('topic', '=', topic)
  .orderBy('id', 'desc').executeTakeFirst();

let general: { id: number };
let billing: { id: number };

describe('FAQ categories', () => {
  it('creates with the position default and audits under faq-categories', async () => {
    const res = await call('POST', CATS, { payload: { name: 'General', description: 'Everything else', state: 'active' } });
    expect(res.statusCode).toBe(201);
    general = res.json();
    expect(general).toEqual({
      id: expect.any(Number), name: 'General', description: 'Everything else', position: 1, state: 'active',
      created_at: '2026-11-20T12:00:00.000Z', updated_at: '2026-11-20T12:00:00.000Z',
    });
    expect(await lastActivity('faq-categories')).toMatchObject({ action: 'create', result: 'succeed', data: { name: 'General' } });
    billing = (await call('POST', CATS, { payload: { name: 'Billing', position: 2, state: 'pending' } })).json();
  });

  it('requires name and status with the spec codes', async () => {
    const res = await call('POST', CATS, { payload: { description: 'nameless' } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      errors: ['admin.faq_category.missing_name', 'admin.faq_category.missing_state'],
      fields: { name: ['admin.faq_category.missing_name'], state: ['admin.faq_category.missing_state'] },
    });
  });

  it('filters by name and state, and updates with PUT', async () => {
    const byName = await call('GET', CATS, { query: { name: 'bill' } });
    expect([byName.headers.total, byName.json().map((c: { name: string }) => c.name)]).toEqual(['1', ['Billing']]);
    const pending = await call('GET', CATS, { query: { state: 'pending' } });
    expect(pending.json().map((c: { id: number }) => c.id)).toEqual([billing.id]);
    const upd = await call('PUT', CATS, { payload: { id: billing.id, state: 'active', position: 5 } });
    expect([upd.statusCode, upd.json()]).toMatchObject([200, { id: billing.id, state: 'active', position: 5 }]);
    expect(await lastActivity('faq-categories')).toMatchObject({ action: 'update', result: 'succeed' });
    const got = await call('GET', `${CATS}/${billing.id}`);
    expect(got.json()).toMatchObject({ name: 'Billing', position: 5 });
  });
});

describe('FAQs', () => {
  const ids: number[] = [];

  it('creates entries only in an existing category', async () => {
    const missing = await call('POST', FAQS, { payload: { question: 'Why?', answer: 'Because.', faq_category_id: 999999, state: 'active' } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({ errors: ['admin.faq.faq_category_doesnt_exist'], fields: { faq_category_id: ['admin.faq.faq_category_doesnt_exist'] } });
    expect(await lastActivity('faqs')).toMatchObject({ action: 'create', result: 'failed' });
    expect(await t.db.kysely.selectFrom('faqs').select('id').execute()).toEqual([]);

    for (let i = 1; i <= 7; i++) {
      const res = await call('POST', FAQS, {
        payload: { question: `Question ${i}?`, answer: `Answer ${i}.`, faq_category_id: i % 2 ? general.id : billing.id, position: i, state: i === 4 ? 'pending' : 'active' },
      });
      expect(res.statusCode).toBe(201);
      ids.push(res.json().id);
    }
    expect(await lastActivity('faqs')).toMatchObject({ action: 'create', result: 'succeed', data: { question: 'Question 7?' } });
  });

  it('requires question, answer and status', async () => {
    const res = await call('POST', FAQS, { payload: { question: ' ', faq_category_id: general.id } });
    expect(res.json()).toEqual({
      errors: ['admin.faq.empty_question', 'admin.faq.missing_answer', 'admin.faq.missing_state'],
      fields: { question: ['admin.faq.empty_question'], answer: ['admin.faq.missing_answer'], state: ['admin.faq.missing_state'] },
    });
  });

  it('lists newest first with the category name and position joined in', async () => {
    const res = await call('GET', FAQS, { query: { limit: '3' } });
    expect([res.statusCode, res.headers.total, res.headers.page, res.headers['per-page']]).toEqual([200, '7', '1', '3']);
    const rows = res.json();
    expect(rows.map((r: { id: number }) => r.id)).toEqual([ids[6], ids[5], ids[4]]);
    expect(rows[0]).toEqual({
      id: ids[6], question: 'Question 7?', answer: 'Answer 7.', faq_category_id: general.id, faq_category_name: 'General',
      category_position: 1, position: 7, state: 'active', created_at: '2026-11-20T12:00:00.000Z', updated_at: '2026-11-20T12:00:00.000Z',
    });
    expect(rows[1]).toMatchObject({ faq_category_name: 'Billing', category_position: 5 });
    const asc = await call('GET', FAQS, { query: { ordering: 'asc', order_by: 'position', page: '3', limit: '3' } });
    expect(asc.json().map((r: { position: number }) => r.position)).toEqual([7]);
  });

  it('filters by state and category', async () => {
    const pending = await call('GET', FAQS, { query: { state: 'pending' } });
    expect([pending.headers.total, pending.json().map((r: { id: number }) => r.id)]).toEqual(['1', [ids[3]]]);
    const billingOnly = await call('GET', FAQS, { query: { faq_category_id: String(billing.id) } });
    expect(billingOnly.json().map((r: { id: number }) => r.id)).toEqual([ids[5], ids[3], ids[1]]);
  });

  it('keeps limit within Peatio bounds', async () => {
    expect((await call('GET', FAQS, { query: { limit: '1000' } })).statusCode).toBe(200);
    const over = await call('GET', FAQS, { query: { limit: '1001' } });
    expect([over.statusCode, over.json().errors]).toEqual([422, ['admin.pagination.invalid_limit']]);
  });

  it('gets one, updates its category, and 404s unknown ids', async () => {
    t.clock.advance(5_000);
    const upd = await call('PUT', FAQS, { payload: { id: ids[0], faq_category_id: billing.id, answer: 'Changed.' } });
    expect(upd.statusCode).toBe(200);
    expect(upd.json()).toMatchObject({ id: ids[0], answer: 'Changed.', faq_category_name: 'Billing', updated_at: '2026-11-20T12:00:05.000Z' });
    expect(await lastActivity('faqs')).toMatchObject({ action: 'update', result: 'succeed', data: { id: ids[0], answer: 'Changed.' } });
    const badCat = await call('PUT', FAQS, { payload: { id: ids[0], faq_category_id: 424242 } });
    expect([badCat.statusCode, badCat.json().errors]).toEqual([422, ['admin.faq.faq_category_doesnt_exist']]);
    const got = await call('GET', `${FAQS}/${ids[0]}`);
    expect(got.json()).toMatchObject({ faq_category_id: billing.id, answer: 'Changed.' });
    const gone = await call('GET', `${FAQS}/424242`);
    expect([gone.statusCode, gone.json()]).toEqual([404, { errors: ['admin.faq.doesnt_exist'] }]);
    const goneUpd = await call('PUT', FAQS, { payload: { id: 424242, state: 'inactive' } });
    expect([goneUpd.statusCode, goneUpd.json()]).toEqual([404, { errors: ['admin.faq.doesnt_exist'] }]);
  });

  it('lets a role with Faq read list but answers its writes 403 admin.ability.not_permitted', async () => {
    // Open the gateway for technical on FAQs, so the refusal below is the service's ability check.
    await t.db.kysely.insertInto('permissions')
      .values({ role: 'technical', verb: 'ALL', path: 'api/v2/peatio/admin/faqs', action: 'ACCEPT', topic: null }).execute();
    const u = await createUser(t.db, { role: 'technical' });
    const tech = await signIn(t.app, { email: u.email, password: TEST_PASSWORD });
    const list = await call('GET', FAQS, { as: tech });
    expect([list.statusCode, list.headers.total]).toEqual([200, '7']);
    const write = await call('POST', FAQS, { as: tech, payload: { question: 'q', answer: 'a', faq_category_id: general.id, state: 'active' } });
    expect([write.statusCode, write.json()]).toEqual([403, { errors: ['admin.ability.not_permitted'] }]);
    const edit = await call('PUT', FAQS, { as: tech, payload: { id: ids[1], state: 'inactive' } });
    expect(edit.statusCode).toBe(403);
    expect(await t.db.kysely.selectFrom('faqs').select('id').where('question', '=', 'q').execute()).toEqual([]);
    expect((await t.db.kysely.selectFrom('faqs').select('state').where('id', '=', ids[1]).executeTakeFirstOrThrow()).state).toBe('active');
  });
});
