/** The shared list-query model and the definition-derived structs, on the pilot resources. */
import { describe, expect, it } from 'vitest';
import {
  decodeListState, encodeListState, pageCount, pageLinks, readTotal, toRequestQuery, type ListDefaults,
} from '../../src/shared/list-query.js';
import {
  defineResource, emailTypes, faqs, messageForCode, permissions, validateCreate, validateListQuery, validateUpdate,
} from '../../src/shared/resources/index.js';
import { singularWord } from '../../src/shared/resources/names.js';
import { endpointPath } from '../../src/shared/resources/endpoints.js';

describe('names', () => {
  it('singularises the plural shapes entity names take', () => {
    expect(['categories', 'faqs', 'statuses', 'addresses', 'permissions', 'keys', 'settings'].map(singularWord))
      .toEqual(['category', 'faq', 'status', 'address', 'permission', 'key', 'setting']);
  });
});

describe('defineResource', () => {
  const base = {
    name: 'widgets', service: 'barong', table: 'widgets', server: 'generic', route: 'widgets', label: 'Widget',
    labelPlural: 'Widgets', api: { path: '/admin/widgets', style: 'new-update', operations: ['list', 'create', 'update'] },
    fields: { id: { kind: 'id', readOnly: true }, name: { kind: 'text' } },
    list: { pageSize: 10, ordering: 'asc' },
  } as const;

  it('spells Peatio-style endpoints and derives subject and error prefix', () => {
    const w = defineResource({ ...base, columns: [{ field: 'name' }] });
    expect(w.endpoints).toEqual({
      list: { method: 'GET', path: '/admin/widgets' },
      create: { method: 'POST', path: '/admin/widgets/new' },
      update: { method: 'POST', path: '/admin/widgets/update' },
    });
    expect([w.subject, w.errorPrefix, w.sortable]).toEqual(['Widget', 'admin.widget', ['id', 'name']]);
    expect(endpointPath(faqs.endpoints.get!, 7)).toBe('/admin/faqs/7');
  });

  it('refuses columns, filters or orderings of unknown fields at load time', () => {
    expect(() => defineResource({ ...base, columns: [{ field: 'nope' as 'name' }] })).toThrow(/unknown field 'nope'/);
    expect(() => defineResource({ ...base, columns: [], list: { ...base.list, orderBy: 'name' } })).toThrow(/not sortable/);
  });
});

describe('create and update structs', () => {
  it('gives the spec messages and wire codes for an email type name', () => {
    const bad = validateCreate(emailTypes, { name: 'Promo1' });
    expect(bad).toEqual({
      ok: false,
      errors: ['admin.email_type.invalid_name'],
      fields: { name: ['admin.email_type.invalid_name'] },
      messages: { name: 'Key must contain only lowercase letters' },
    });
    expect(validateCreate(emailTypes, {})).toMatchObject({ ok: false, errors: ['admin.email_type.missing_name'] });
    expect(validateCreate(emailTypes, { name: 'promo' })).toEqual({ ok: true, value: { name: 'promo', status: 'active' } });
  });

  it('gives the FAQ messages for missing question, answer and status', () => {
    const res = validateCreate(faqs, { faq_category_id: 1 });
    expect(res.ok).toBe(false);
    if (!res.ok) expect(res.messages).toEqual({ question: 'Question is required', answer: 'Answer is required', state: 'Status is required' });
    const blank = validateCreate(faqs, { question: '   ', answer: 'a', faq_category_id: 1, state: 'active' });
    expect(blank).toMatchObject({ ok: false, errors: ['admin.faq.empty_question'] });
  });

  it('coerces what forms and query strings send, and nothing looser', () => {
    expect(validateCreate(faqs, { question: 'q', answer: 'a', faq_category_id: '12', position: '3', state: 'ACTIVE' }))
      .toEqual({ ok: true, value: { question: 'q', answer: 'a', faq_category_id: 12, position: 3, state: 'active' } });
    for (const position of [1e309, 2.5, '1e3', 2 ** 31, true, null]) {
      expect(validateCreate(faqs, { question: 'q', answer: 'a', faq_category_id: 1, state: 'active', position }))
        .toMatchObject({ ok: false, fields: { position: [expect.stringMatching(/^admin\.faq\.(invalid|missing)_position$/)] } });
    }
    expect(validateCreate(faqs, [])).toMatchObject({ ok: false, errors: ['admin.faq.invalid_body'] });
  });

  it('applies the permission defaults and the spec Required messages', () => {
    expect(validateCreate(permissions, { role: 'admin', path: 'api/v2', topic: 'users' }))
      .toEqual({ ok: true, value: { role: 'admin', path: 'api/v2', topic: 'users', verb: 'all', action: 'accept' } });
    const res = validateCreate(permissions, { verb: 'GET', action: 'nope' });
    expect(res.ok).toBe(false);
    if (!res.ok) {
      expect(res.messages).toMatchObject({ role: 'Required', path: 'Required', topic: 'Required' });
      expect(res.fields.action).toEqual(['admin.permission.invalid_action']);
      expect(res.fields.verb).toBeUndefined();
    }
  });

  it('locks the email type name on update and allows clearing optional text', () => {
    expect(validateUpdate(emailTypes, { id: 3, name: 'other' })).toMatchObject({
      ok: false, errors: ['admin.email_type.immutable_name'], messages: { name: 'Name cannot be changed' },
    });
    expect(validateUpdate(emailTypes, { id: '3', description: null, status: 'inactive' }))
      .toEqual({ ok: true, value: { id: 3, description: null, status: 'inactive' } });
    expect(validateUpdate(faqs, { id: 1, question: '' })).toMatchObject({ ok: false, errors: ['admin.faq.empty_question'] });
    expect(validateUpdate(faqs, { id: 0 })).toMatchObject({ ok: false, errors: ['admin.faq.invalid_id'] });
  });
});

describe('messageForCode', () => {
  it('turns a server field code back into the spec message under the right field', () => {
    expect(messageForCode(emailTypes, 'admin.email_type.invalid_name'))
      .toEqual({ field: 'name', message: 'Key must contain only lowercase letters' });
    expect(messageForCode(faqs, 'admin.faq.missing_state')).toEqual({ field: 'state', message: 'Status is required' });
    expect(messageForCode(emailTypes, 'admin.email_type.name_taken')).toEqual({ field: 'name', message: 'Name is already taken' });
    expect(messageForCode(faqs, 'admin.faq.faq_category_doesnt_exist')).toEqual({ field: 'faq_category_id', message: 'Category does not exist' });
    expect(messageForCode(faqs, 'admin.faq.doesnt_exist')).toBeUndefined();
    expect(messageForCode(faqs, 'admin.email_type.invalid_name')).toBeUndefined();
    expect(messageForCode(faqs, 'admin.faq.invalid_nonexistent')).toBeUndefined();
  });
});

describe('list query struct', () => {
  it('turns filters into SQL conditions and date ranges into bounds', () => {
    const res = validateListQuery(emailTypes, { name: 'pro', status: 'active', id: '4', page: '2', limit: '25', ordering: 'desc', order_by: 'name' });
    expect(res).toEqual({
      ok: true,
      value: {
        page: 2, limit: 25, ordering: 'desc', orderBy: 'name',
        filters: [{ field: 'id', op: 'eq', value: 4 }, { field: 'name', op: 'ilike', value: 'pro' }, { field: 'status', op: 'eq', value: 'active' }],
      },
    });
    expect(validateListQuery(faqs, {}).ok && validateListQuery(faqs, {})).toMatchObject({ value: { ordering: 'desc', limit: 100 } });
  });

  it('answers paging and filter mistakes with their codes', () => {
    const codes = (q: Record<string, unknown>) => { const r = validateListQuery(faqs, q); return r.ok ? [] : r.errors; };
    expect(codes({ page: '0' })).toEqual(['admin.pagination.non_positive_page']);
    expect(codes({ page: 'x' })).toEqual(['admin.pagination.non_integer_page']);
    expect(codes({ page: '99999999999' })).toEqual(['admin.pagination.invalid_page']);
    expect(codes({ limit: '1001' })).toEqual(['admin.pagination.invalid_limit']);
    expect(codes({ limit: '1000' })).toEqual([]);
    expect(codes({ limit: '2.5' })).toEqual(['admin.pagination.non_integer_limit']);
    expect(codes({ ordering: 'up' })).toEqual(['admin.pagination.invalid_ordering']);
    expect(codes({ state: 'gone' })).toEqual(['admin.faq.invalid_state']);
    expect(codes({ page: ['1', '2'] })).toEqual(['admin.pagination.non_integer_page']);
    expect(codes({ unrelated: 'x' })).toEqual([]);
    expect(validateListQuery(emailTypes, { limit: '101' })).toMatchObject({ ok: false, errors: ['admin.pagination.invalid_limit'] });
  });

  it('checks each sent key the same whatever else is sent, past the key sets it keeps a struct for too', () => {
    // Every subset of seven parameters: 128 sets, more than are kept; in both orders of keys.
    const all: Record<string, string> = { page: '2', limit: '25', ordering: 'desc', name: 'pro', status: 'active', id: '4', order_by: 'name' };
    const keys = Object.keys(all);
    for (let mask = 0; mask < 2 ** keys.length; mask++) {
      const chosen = keys.filter((_, i) => mask & (1 << i));
      const q = Object.fromEntries(chosen.map((k) => [k, all[k]!]));
      const back = Object.fromEntries([...chosen].reverse().map((k) => [k, all[k]!]));
      const res = validateListQuery(emailTypes, { ...q, stray: 'x' });
      expect(res).toEqual(validateListQuery(emailTypes, back));
      expect(res.ok && res.value).toMatchObject({
        page: chosen.includes('page') ? 2 : 1, limit: chosen.includes('limit') ? 25 : expect.any(Number),
        filters: expect.arrayContaining(chosen.includes('id') ? [{ field: 'id', op: 'eq', value: 4 }] : []),
      });
      expect(validateListQuery(emailTypes, { ...q, status: 'gone' })).toMatchObject({ ok: false, errors: ['admin.email_type.invalid_status'] });
    }
  });
});

describe('list state in the URL', () => {
  const d: ListDefaults = { limit: 50, ordering: 'asc', orderBy: 'id', filterParams: ['name', 'status', 'from', 'to'] };

  it('round-trips and leaves defaults and empty filters out', () => {
    const s = { page: 3, limit: 25, ordering: 'desc' as const, orderBy: 'name', filters: { name: 'pro mo', status: '' } };
    const search = encodeListState(s, d);
    expect(search).toBe('page=3&limit=25&ordering=desc&order_by=name&name=pro+mo');
    expect(decodeListState(search, d)).toEqual({ ...s, filters: { name: 'pro mo' } });
    expect(encodeListState({ page: 1, limit: 50, ordering: 'asc', orderBy: 'id', filters: {} }, d)).toBe('');
  });

  it('falls back to defaults on hand-edited nonsense', () => {
    expect(decodeListState('page=-2&limit=37&ordering=sideways&evil=1', d))
      .toEqual({ page: 1, limit: 50, ordering: 'asc', orderBy: 'id', filters: {} });
  });

  it('sends whole UTC days in each dialect and drops empty filters', () => {
    const s = { page: 1, limit: 10, ordering: 'asc' as const, orderBy: 'id', filters: { from: '2026-03-01', to: '2026-03-02', name: ' ' } };
    expect(toRequestQuery(s, 'barong')).toEqual({ page: '1', limit: '10', ordering: 'asc', order_by: 'id', from: '1772323200', to: '1772495999' });
    expect(toRequestQuery(s, 'peatio')).toMatchObject({ from: '2026-03-01T00:00:00.000Z', to: '2026-03-02T23:59:59.999Z' });
  });

  it('pages with five links clipped to the ends and reads Total', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(101, 50)).toBe(3);
    expect(pageLinks(1, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(pageLinks(10, 20)).toEqual([8, 9, 10, 11, 12]);
    expect(pageLinks(20, 20)).toEqual([16, 17, 18, 19, 20]);
    expect(pageLinks(2, 3)).toEqual([1, 2, 3]);
    expect(readTotal({ total: '42' })).toBe(42);
    expect(readTotal(new Headers({ Total: '7' }))).toBe(7);
    expect(readTotal({})).toBeUndefined();
    expect(readTotal({ total: 'abc' })).toBeUndefined();
  });
});
