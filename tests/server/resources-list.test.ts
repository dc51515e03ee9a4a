/**
 * The generic list SQL on a real database, through a definition over the faqs table that uses every
 * filter operator: eq, ilike, prefix, a date range, and a filter on a joined field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/index.js';
import { listRows } from '../../src/server/db/queries/resources.js';
import { defineResource, ID_FIELD, TIMESTAMPS, validateListQuery } from '../../src/shared/resources/index.js';
import { openTestDb } from '../helpers/db.js';

const probe = defineResource({
  name: 'faqs', service: 'peatio', table: 'faqs', server: 'generic', route: 'faqs', label: 'FAQ', labelPlural: 'FAQ',
  api: { path: '/admin/faqs', style: 'verbs', operations: ['list'] },
  fields: {
    id: ID_FIELD,
    question: { kind: 'text' },
    answer: { kind: 'text' },
    faq_category_id: { kind: 'reference', references: 'faq-categories' },
    faq_category_name: { kind: 'text', readOnly: true, from: { via: 'faq_category_id', field: 'name' } },
    position: { kind: 'number' },
    state: { kind: 'enum', values: ['active', 'inactive', 'pending'] },
    ...TIMESTAMPS,
  },
  columns: [{ field: 'question' }, { field: 'position' }, { field: 'created_at' }, { field: 'faq_category_name' }],
  filters: [
    { field: 'question', op: 'prefix' }, { field: 'answer' }, { field: 'state' }, { field: 'created_at' },
    { field: 'faq_category_name', op: 'eq' },
  ],
  list: { pageSize: 10, ordering: 'asc' },
});

let db: Database;
let ids: number[] = [];

beforeAll(async () => {
  db = await openTestDb();
  const [a, b] = await db.kysely.insertInto('faq_categories')
    .values([{ name: 'Alpha', state: 'active' }, { name: 'Beta', state: 'active' }]).returning('id').execute();
  const rows = [
    { question: 'How to deposit?', answer: '100% safe', state: 'active', day: '2026-03-01T10:00:00Z', cat: a.id, position: 3 },
    { question: 'How to withdraw?', answer: 'with_underscore', state: 'pending', day: '2026-03-02T23:59:59Z', cat: b.id, position: 1 },
    { question: 'What is KYC?', answer: 'identity checks', state: 'active', day: '2026-03-03T00:00:00Z', cat: b.id, position: 2 },
  ];
  ids = (await db.kysely.insertInto('faqs').values(rows.map((r) => ({
    question: r.question, answer: r.answer, state: r.state, faq_category_id: r.cat, position: r.position,
    created_at: r.day, updated_at: r.day,
  }))).returning('id').execute()).map((r) => r.id);
});
afterAll(async () => { await db?.close(); });

async function list(query: Record<string, string>) {
  const q = validateListQuery(probe, query);
  if (!q.ok) throw new Error(q.errors.join());
  const { rows, total } = await listRows(db.kysely, probe, q.value);
  return { ids: rows.map((r) => r.id), total, rows };
}

describe('generic list query', () => {
  it('filters with each operator and counts exactly', async () => {
    expect(await list({ question: 'how' })).toMatchObject({ ids: [ids[0], ids[1]], total: 2 });
    expect((await list({ question: 'to deposit' })).total).toBe(0);
    expect((await list({ answer: 'CHECK' })).ids).toEqual([ids[2]]);
    expect((await list({ state: 'active' })).ids).toEqual([ids[0], ids[2]]);
    expect((await list({ faq_category_name: 'Beta' })).ids).toEqual([ids[1], ids[2]]);
  });

  it('matches % and _ literally', async () => {
    expect((await list({ answer: '%' })).ids).toEqual([ids[0]]);
    expect((await list({ answer: '_' })).ids).toEqual([ids[1]]);
  });

  it('takes date ranges as epoch seconds or ISO, inclusive at both ends', async () => {
    const from = String(Date.parse('2026-03-02T00:00:00Z') / 1000);
    const to = String(Date.parse('2026-03-02T23:59:59Z') / 1000);
    expect((await list({ from, to })).ids).toEqual([ids[1]]);
    expect((await list({ from: '2026-03-02T00:00:00Z' })).ids).toEqual([ids[1], ids[2]]);
    expect((await list({ to: '2026-03-01' })).ids).toEqual([]);
    expect(validateListQuery(probe, { from: 'yesterday' })).toMatchObject({ ok: false, errors: ['admin.filter.range_from_invalid'] });
  });

  it('orders by a whitelisted column with id as tie-breaker, pages, and joins the category name', async () => {
    expect((await list({ order_by: 'position' })).ids).toEqual([ids[1], ids[2], ids[0]]);
    expect((await list({ order_by: 'position', ordering: 'desc', limit: '1', page: '2' })).ids).toEqual([ids[2]]);
    const page = await list({ limit: '2', page: '2' });
    expect(page).toMatchObject({ ids: [ids[2]], total: 3 });
    expect(page.rows[0]).toMatchObject({ faq_category_name: 'Beta', position: 2 });
    expect(page.rows[0].created_at).toBeInstanceOf(Date);
  });
});
