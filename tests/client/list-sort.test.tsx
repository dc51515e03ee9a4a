// Column sorting is the server's: a header click or Enter on a focused header reaches the request, the URL and
// the rows; a column the server cannot order by does not offer it. AG Grid must log no missing-module error.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeApi, type FakeRequest } from './support/fake-api';
import { AUTH, signedIn } from './support/fixtures';
import { renderApp } from './support/render-app';

const LIST = `${AUTH}/admin/users`;
let api: FakeApi;
let consoleErrors: string[];

const users = Array.from({ length: 30 }, (_, i) => ({
  id: i + 1, uid: `ID${String(i + 1).padStart(10, '0')}`, email: `${String.fromCharCode(97 + (i % 26))}${i}@customer.test`,
  username: null, role: 'member', level: 1, state: 'active', country: 'DE', created_at: '2026-01-05T09:07:00Z',
}));

/** The directory, sorted as asked, so the rows on screen show whether the sort reached the server. */
function sortedList(req: FakeRequest) {
  const by = req.query.get('order_by') ?? 'created_at';
  const dir = req.query.get('ordering') === 'asc' ? 1 : -1;
  const rows = [...users].sort((a, b) => dir * String(a[by as 'email']).localeCompare(String(b[by as 'email'])) || a.id - b.id);
  return { body: rows.slice(0, 25), headers: { Total: String(users.length), Page: '1', 'Per-Page': '25' } };
}

const lastQuery = () => Object.fromEntries(api.callsTo('GET', LIST).at(-1)!.query);
const firstEmail = () => document.querySelector('.ag-row[row-index="0"] [col-id="email"]')?.textContent;
const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });
/** Where a pointer lands on a header: its label (AG Grid listens there, not on the cell's padding). */
const headerLabel = (name: string) => header(name).querySelector('.ag-header-cell-label') as HTMLElement;

beforeEach(() => {
  localStorage.clear();
  api = fakeApi();
  signedIn(api, 'superadmin');
  api.on('GET', LIST, sortedList);
  consoleErrors = [];
  for (const m of ['error', 'warn'] as const) {
    vi.spyOn(console, m).mockImplementation((...args) => { consoleErrors.push(args.map(String).join(' ')); });
  }
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  expect(consoleErrors.filter((e) => e.includes('AG Grid'))).toEqual([]);
});

describe('sorting a list by its column headers', () => {
  it('a header click sorts on the server, both ways, and the URL keeps it', async () => {
    renderApp('/user-directory');
    await screen.findByText('a0@customer.test');
    const user = userEvent.setup();
    await user.click(headerLabel('Email'));
    await waitFor(() => expect(lastQuery()).toMatchObject({ order_by: 'email', ordering: 'asc', page: '1' }));
    await waitFor(() => expect(window.location.search).toBe('?ordering=asc&order_by=email'));
    await waitFor(() => expect(firstEmail()).toBe('a0@customer.test'));
    expect(header('Email').getAttribute('aria-sort')).toBe('ascending');

    await user.click(headerLabel('Email'));
    await waitFor(() => expect(lastQuery()).toMatchObject({ order_by: 'email', ordering: 'desc' }));
    await waitFor(() => expect(window.location.search).toBe('?order_by=email'));
    await waitFor(() => expect(firstEmail()).toBe('z25@customer.test'));
    expect(header('Email').getAttribute('aria-sort')).toBe('descending');
  });

  it('Enter on a focused header sorts from the keyboard', async () => {
    renderApp('/user-directory');
    await screen.findByText('a0@customer.test');
    const cell = header('Role');
    cell.focus();
    const user = userEvent.setup();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(lastQuery()).toMatchObject({ order_by: 'role', ordering: 'asc' }));
    await waitFor(() => expect(window.location.search).toBe('?ordering=asc&order_by=role'));
  });

  it('a column the server cannot order by does not look or act sortable', async () => {
    renderApp('/user-directory');
    await screen.findByText('a0@customer.test');
    const calls = api.callsTo('GET', LIST).length;
    const country = header('Country');
    expect(country.getAttribute('aria-sort')).toBeNull();
    expect(country.classList.contains('ag-header-cell-sortable')).toBe(false);
    await userEvent.setup().click(headerLabel('Country'));
    expect(api.callsTo('GET', LIST).length).toBe(calls);
    expect(window.location.search).toBe('');
    // The sortable ones say so.
    expect(header('Email').classList.contains('ag-header-cell-sortable')).toBe(true);
  });
});
