/** Saved views (issue 17 item 2): the query trimmed to the viewer, and the list URL a view opens. */
import { describe, expect, it } from 'vitest';
import { resourceNamed } from '../../src/shared/resources/index.js';
import { checkViewQuery, viewForViewer, viewOfSearch, viewSearch, type ViewQuery } from '../../src/shared/saved-views.js';

const users = resourceNamed('users');
const q: ViewQuery = { filters: { state: 'banned', country: 'US', email: 'a@' }, order_by: 'email', ordering: 'asc', limit: 50, columns: ['uid', 'email', 'country', 'state'] };

describe('viewForViewer', () => {
  it('keeps everything for a viewer who reads every field', () => {
    expect(viewForViewer(users, q, () => true)).toEqual(q);
  });
  it('drops the filters, columns and sort on fields the viewer may not read', () => {
    const hidden = new Set(['email', 'country']);
    expect(viewForViewer(users, q, (f) => !hidden.has(f))).toEqual({
      filters: { state: 'banned' }, order_by: users.orderBy, ordering: users.list.ordering, limit: 50, columns: ['uid', 'state'],
    });
  });
  it('drops a date range with its field', () => {
    const ranged: ViewQuery = { ...q, filters: { from: '2026-11-01', to: '2026-11-15' } };
    expect(viewForViewer(users, ranged, (f) => f !== 'created_at').filters).toEqual({});
  });
});

describe('the list URL of a view', () => {
  it('round-trips through the URL the list keeps', () => {
    const search = viewSearch(users, q);
    expect(new URLSearchParams(search).get('state')).toBe('banned');
    expect(new URLSearchParams(search).get('columns')).toBe('uid,email,country,state');
    expect(viewOfSearch(users, search)).toEqual(q);
    const checked = checkViewQuery(users, viewOfSearch(users, search));
    expect(checked).toEqual({ ok: true, value: q });
  });
  it('leaves defaults out, and ignores undeclared columns in a hand-edited URL', () => {
    expect(viewSearch(users, { filters: {}, order_by: users.orderBy, ordering: users.list.ordering, limit: users.list.pageSize })).toBe('');
    expect(viewOfSearch(users, 'columns=nope,email').columns).toEqual(['email']);
  });
});
