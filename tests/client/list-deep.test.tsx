// Lists past 10,000 rows and lists whose rows open nothing: the pager never offers a page the server refuses
// and follows its cursors past the offset limit; totals say when they are estimates or floors; read-only
// rows open a side panel with the whole row; the row focus comes back after Back; filters fit their data.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeApi, type FakeRequest } from './support/fake-api';
import { AUTH, signedIn } from './support/fixtures';
import { renderApp } from './support/render-app';
import { pagedList, permissionRows } from './support/resource-rows';

const USERS = `${AUTH}/admin/users`;
const ADMIN_LOG = `${AUTH}/admin/activities/admin`;
let api: FakeApi;
beforeEach(() => {
  localStorage.clear();
  api = fakeApi();
  signedIn(api, 'superadmin');
});
afterEach(() => vi.unstubAllGlobals());

const lastQuery = (path: string) => Object.fromEntries(api.callsTo('GET', path).at(-1)!.query);
const pager = () => screen.getByRole('navigation', { name: 'Pagination' });
const focusedRowId = () => document.activeElement?.closest('[role="row"]')?.getAttribute('row-id');

/** A 1,000,000-row directory that pages by offset up to 10,000 rows and by cursor ("c<page>") beyond. */
function deepDirectory(opts: { cursors: boolean; kind?: string }) {
  return (req: FakeRequest) => {
    const limit = Number(req.query.get('limit'));
    const cursor = req.query.get('cursor');
    if (!cursor && (Number(req.query.get('page')) - 1) * limit > 10_000) return { status: 422, body: { errors: ['admin.pagination.page_too_deep'] } };
    const page = cursor ? Number(cursor.slice(1)) : Number(req.query.get('page'));
    const rows = Array.from({ length: limit }, (_, i) => {
      const id = (page - 1) * limit + i + 1;
      return { id, uid: `ID${String(id).padStart(10, '0')}`, email: `user${id}@customer.test`, role: 'member', level: 1, state: 'active' };
    });
    const headers: Record<string, string> = { Total: '1000000', 'Total-Estimated': opts.kind ?? 'true', 'Per-Page': String(limit) };
    if (opts.cursors) { headers['Next-Cursor'] = `c${page + 1}`; if (page > 1) headers['Prev-Cursor'] = `c${page - 1}`; }
    return { body: rows, headers };
  };
}

describe('deep pages', () => {
  it('links stop at the last page an offset can open; ] follows the server cursor past it and [ comes back', async () => {
    api.on('GET', USERS, deepDirectory({ cursors: true }));
    renderApp('/user-directory?page=400');
    await screen.findByText('user9976@customer.test');
    expect(screen.getByRole('heading', { name: /≈ 1,000,000\s*Users/ })).toBeTruthy();
    const links = () => within(pager()).getAllByRole('button', { name: /^Page / }).map((b) => b.textContent);
    expect(links()).toEqual(['397', '398', '399', '400', '401']);
    const user = userEvent.setup();
    await user.keyboard(']');
    await waitFor(() => expect(window.location.search).toBe('?page=401'));
    await screen.findByText('user10001@customer.test');
    await user.keyboard(']');
    await waitFor(() => expect(lastQuery(USERS)).toMatchObject({ cursor: 'c402', page: '402' }));
    await screen.findByText('user10026@customer.test');
    expect(new URLSearchParams(window.location.search).get('cursor')).toBe('c402');
    // The cursor page shows its number alone, after the gap, and the range keeps counting.
    expect(within(pager()).getByText('402').getAttribute('aria-current')).toBe('page');
    expect(within(pager()).getByText('10,026–10,050 of ≈ 1,000,000')).toBeTruthy();
    await user.keyboard(']');
    await screen.findByText('user10051@customer.test');
    await user.keyboard('[[');
    await waitFor(() => expect(lastQuery(USERS)).toMatchObject({ cursor: 'c402' }));
    await screen.findByText('user10026@customer.test');
    await user.keyboard('[[');
    // Back within the offsets: a plain page again, no cursor.
    await waitFor(() => expect(window.location.search).toBe('?page=401'));
    expect(api.calls.filter((c) => c.path === USERS).every((c) => c.query.get('page') !== '402' || c.query.has('cursor'))).toBe(true);
  });

  it('a list without cursors ends at the last offset page instead of asking for a page the server refuses', async () => {
    api.on('GET', USERS, deepDirectory({ cursors: false }));
    renderApp('/user-directory?page=401');
    await screen.findByText('user10001@customer.test');
    const next = within(pager()).getByRole('button', { name: 'Next page' }) as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    const calls = api.callsTo('GET', USERS).length;
    await userEvent.setup().keyboard(']');
    expect(api.callsTo('GET', USERS).length).toBe(calls);
    expect(window.location.search).toBe('?page=401');
  });

  it('a total the server can only bound shows as 10,000+', async () => {
    api.on('GET', USERS, deepDirectory({ cursors: true, kind: 'lower-bound' }));
    api.on('GET', USERS, (req) => ({ ...deepDirectory({ cursors: true, kind: 'lower-bound' })(req), headers: { Total: '10001', 'Total-Estimated': 'lower-bound', 'Next-Cursor': 'c2' } }));
    renderApp('/user-directory');
    await screen.findByText('user1@customer.test');
    expect(screen.getByRole('heading', { name: /10,000\+\s*Users/ })).toBeTruthy();
    expect(within(pager()).getByText('1–25 of 10,000+')).toBeTruthy();
    expect(screen.getByTitle('More than 10,000 rows match: narrow the filter for an exact count')).toBeTruthy();
  });

  it('a count stopped by its budget shows the rows known as a floor, and the next page is still there', async () => {
    // The server's count ran past DB_COUNT_BUDGET_MS: 25 rows shown and a page after them, so 26 are known.
    api.on('GET', USERS, (req) => ({ ...deepDirectory({ cursors: true, kind: 'lower-bound' })(req), headers: { Total: '26', 'Total-Estimated': 'lower-bound', 'Next-Cursor': 'c2' } }));
    renderApp('/user-directory');
    await screen.findByText('user1@customer.test');
    expect(within(pager()).getByText('1–25 of 25+')).toBeTruthy();
    expect(screen.getByTitle('More than 25 rows match: narrow the filter for an exact count')).toBeTruthy();
    await userEvent.setup().keyboard(']');
    await waitFor(() => expect(window.location.search).toBe('?page=2'));
  });
});

const activity = (id: number) => ({
  id, created_at: '2026-11-20T10:00:00Z', topic: 'users', action: 'update', result: 'succeed', user_ip: '203.0.113.7',
  user_agent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/150.0 Safari/537.36',
  data: JSON.stringify({ path: 'api/v2/barong/admin/users', params: { uid: `ID${id}`, state: 'banned' } }),
  admin: { email: 'ada@exchange.test', uid: 'ID0000000001', role: 'admin' }, target: { email: `t${id}@customer.test`, uid: `ID${id}` },
});

describe('the row panel of read-only rows', () => {
  it('Enter shows the whole row beside the list, j moves it along, Esc closes it and keeps the row focus', async () => {
    api.on('GET', ADMIN_LOG, pagedList([activity(11), activity(12), activity(13)]));
    renderApp('/admin-activities');
    await screen.findByText('t11@customer.test');
    const user = userEvent.setup();
    await user.keyboard('jj{Enter}');
    const panel = await screen.findByRole('complementary', { name: 'Admin Activity #12' });
    expect(window.location.search).toBe('?row=12');
    // The user agent and metadata in full, not cut at 30 characters.
    expect(within(panel).getByText(/Chrome\/150\.0 Safari\/537\.36$/)).toBeTruthy();
    expect(within(panel).getByText(/"state": "banned"/)).toBeTruthy();
    expect(within(panel).getByText('t12@customer.test')).toBeTruthy();
    await user.keyboard('j');
    await screen.findByRole('complementary', { name: 'Admin Activity #13' });
    expect(window.location.search).toBe('?row=13');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('complementary', { name: /Admin Activity/ })).toBeNull());
    expect(window.location.search).toBe('');
    await waitFor(() => expect(focusedRowId()).toBe('13'));
  });

  it('a row that is not on the page is fetched by id, and a missing one is said to be missing', async () => {
    api.on('GET', ADMIN_LOG, (req) => {
      const id = req.query.get('id');
      if (id === '77') return { body: [activity(77)], headers: { Total: '1' } };
      if (id) return { body: [], headers: { Total: '0' } };
      return pagedList([activity(11)])(req);
    });
    renderApp('/admin-activities?row=77');
    const panel = await screen.findByRole('complementary', { name: 'Admin Activity #77' });
    expect(await within(panel).findByText('t77@customer.test')).toBeTruthy();
    expect(api.callsTo('GET', ADMIN_LOG).some((c) => c.query.get('id') === '77' && c.query.get('limit') === '1')).toBe(true);

    renderApp('/admin-activities?row=78');
    expect(await screen.findByText('No Admin Activity with ID 78.')).toBeTruthy();
  });
});

describe('focus and filters', () => {
  it('Back to a list puts the focus on the row it left, so j continues from there', async () => {
    api.on('GET', `${AUTH}/admin/permissions`, pagedList(permissionRows(8)));
    renderApp('/setting-permissions');
    await screen.findByText('api/v2/barong/admin/thing1');
    const user = userEvent.setup();
    await user.keyboard('jjj');
    expect(focusedRowId()).toBe('3');
    // Away to another screen (the palette's "Go to User Directory"), then Back.
    api.on('GET', USERS, pagedList([]));
    window.history.pushState(null, '', '/user-directory');
    window.dispatchEvent(new PopStateEvent('popstate'));
    await screen.findByText('No Record Found');
    window.history.back();
    await waitFor(() => expect(window.location.pathname).toBe('/setting-permissions'));
    await screen.findByText('api/v2/barong/admin/thing3');
    await waitFor(() => expect(focusedRowId()).toBe('3'));
    await user.keyboard('j');
    expect(focusedRowId()).toBe('4');
  });

  it('after a confirmed delete the focus goes to the row now in its place, not back to row 1', async () => {
    let rows = permissionRows(5);
    api.on('GET', `${AUTH}/admin/permissions`, (req) => pagedList(rows)(req));
    api.on('DELETE', `${AUTH}/admin/permissions`, (req) => {
      rows = rows.filter((x) => String(x.id) !== req.query.get('id'));
      return { body: {} };
    });
    renderApp('/setting-permissions');
    await screen.findByText('api/v2/barong/admin/thing1');
    const user = userEvent.setup();
    await user.keyboard('jj{Delete}');
    const confirm = await screen.findByRole('alertdialog', { name: 'Are you sure?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('api/v2/barong/admin/thing2')).toBeNull(), { timeout: 4000 });
    await waitFor(() => expect(focusedRowId()).toBe('3'), { timeout: 4000 });
    await user.keyboard('j');
    expect(focusedRowId()).toBe('4');
  });

  it('the country filter is a picker of names sending the ISO code; Esc leaves the filter for the rows', async () => {
    api.on('GET', USERS, pagedList([{ id: 1, uid: 'ID0000000009', email: 'hans@customer.test', country: 'DE', state: 'active' }]));
    renderApp('/user-directory');
    await screen.findByText('hans@customer.test');
    const user = userEvent.setup();
    await user.keyboard('/');
    const panel = await screen.findByRole('search', { name: 'Filter Users' });
    const country = within(panel).getByLabelText('Country') as HTMLSelectElement;
    expect(country.tagName).toBe('SELECT');
    // The countries table loads with the first country field shown: wait for its names, as a user would.
    await within(country).findByRole('option', { name: 'Germany' }, { timeout: 10_000 });
    await user.selectOptions(country, 'Germany');
    await user.click(within(panel).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(lastQuery(USERS)).toMatchObject({ country: 'DE' }));
    await user.click(within(panel).getByLabelText('Email'));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(focusedRowId()).toBe('1'));
  });
});

describe('a row opened while the next page loads', () => {
  it('Back shows the page asked for, not a list stuck loading (a row of the page before opened meanwhile)', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => { release = r; });
    const directory = deepDirectory({ cursors: false, kind: 'exact' });
    api.on('GET', USERS, async (req) => {
      if (req.query.get('page') === '2') await held;
      return directory(req);
    });
    renderApp('/user-directory');
    await screen.findByText('user1@customer.test');
    const user = userEvent.setup();
    await user.keyboard(']');
    await waitFor(() => expect(window.location.search).toBe('?page=2'));
    // Page 1's rows are still drawn: j lands on the first of them and Enter opens that user.
    await user.keyboard('j');
    await waitFor(() => expect(focusedRowId()).toBeTruthy());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(window.location.pathname).toBe('/user-directory/ID0000000001'));
    release();
    window.history.back();
    await waitFor(() => expect(window.location.pathname + window.location.search).toBe('/user-directory?page=2'));
    expect(await screen.findByText('user26@customer.test')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Loading…')).toBeNull());
  });
});
