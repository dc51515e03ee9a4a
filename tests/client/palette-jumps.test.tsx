/**
 * `#id` opens a row of the list on screen, whatever opens its rows: a user's detail by uid (looked up by
 * id first), a read-only log row in the list's own panel (`?row=`). Rows per page from the palette, and
 * paging keys from the rows-per-page select.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeApi } from './support/fake-api';
import { AUTH, signedIn } from './support/fixtures';
import { exchangeCodes } from '../../src/client/state/exchange-codes';
import { currentPath, renderApp, freshBrowserState } from './support/render-app';
import { pagedList, permissionRows } from './support/resource-rows';
import { toasts } from '../../src/client/state/toasts';
import { UID, customer, serveUser } from './users-fixtures';

const USERS = `${AUTH}/admin/users`;
let api: FakeApi;
beforeEach(() => {
  freshBrowserState();
  exchangeCodes.owner = null;
  api = fakeApi();
});
afterEach(() => vi.unstubAllGlobals());

async function paletteAt(path: string, ready: string | RegExp) {
  signedIn(api, 'admin');
  renderApp(path);
  await screen.findByText(ready);
  const ue = userEvent.setup();
  await ue.keyboard('{Control>}k{/Control}');
  const dialog = await screen.findByRole('dialog', { name: 'Command palette' });
  return { ue, dialog, input: within(dialog).getByRole('combobox') as HTMLInputElement };
}

describe('#id on every list', () => {
  it('on the user directory, finds the user with that id and opens their page; says so when there is none', async () => {
    const row = { id: 2100, uid: UID, email: 'grace@customer.test', role: 'member', level: 2, state: 'active', created_at: '2025-01-02T03:04:05Z' };
    // The list filtered by id, as the server answers `?id=`.
    api.on('GET', USERS, (req) => pagedList(req.query.has('id') ? [row].filter((r) => String(r.id) === req.query.get('id')) : [row])(req));
    serveUser(api, customer());
    const { ue, dialog, input } = await paletteAt('/user-directory', 'grace@customer.test');

    await ue.type(input, '#2101');
    expect(within(dialog).getAllByRole('option')[0].textContent).toBe('Open User #2101');
    await ue.keyboard('{Enter}');
    expect((await within(dialog).findByRole('alert')).textContent).toBe('No User with ID 2101');
    expect(input.value).toBe('#2101');
    expect(document.activeElement).toBe(input);
    expect(toasts.items).toEqual([]);
    expect(currentPath()).toBe('/user-directory');

    await ue.clear(input);
    await ue.type(input, '#2100');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await ue.keyboard('{Enter}');
    await waitFor(() => expect(currentPath()).toBe(`/user-directory/${UID}`));
    expect(await screen.findByRole('heading', { name: 'Grace Hopper' })).toBeTruthy();
    expect(Object.fromEntries(api.callsTo('GET', USERS).filter((c) => c.query.has('id')).at(-1)!.query)).toMatchObject({ id: '2100', limit: '1' });
    expect(JSON.parse(localStorage.getItem('steward.palette.recent')!)[0]).toMatchObject({ title: 'Open User #2100', lookup: { resource: 'users', id: '2100' } });
  });

  it('on admin activities, keeps the view and asks the list to show row 5', async () => {
    api.on('GET', `${AUTH}/admin/activities/admin`, pagedList([]));
    const { ue, input } = await paletteAt('/admin-activities?action=login', 'No rows');
    await ue.type(input, '#5');
    await ue.keyboard('{Enter}');
    await waitFor(() => expect(window.location.search).toBe('?action=login&row=5'));
    expect(currentPath()).toBe('/admin-activities');
  });

  it('on permissions, opens the edit modal of the row', async () => {
    api.on('GET', `${AUTH}/admin/permissions`, pagedList(permissionRows(3)));
    const { ue, input } = await paletteAt('/setting-permissions', 'api/v2/barong/admin/thing1');
    await ue.type(input, '#3');
    await ue.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Edit Permission' })).toBeTruthy();
    expect(window.location.search).toBe('?edit=3');
  });
});

describe('rows per page', () => {
  it('[ and ] page while the rows-per-page select has focus', async () => {
    api.on('GET', `${AUTH}/admin/permissions`, pagedList(permissionRows(60)));
    signedIn(api, 'admin');
    renderApp('/setting-permissions');
    await screen.findByText('api/v2/barong/admin/thing1');
    const ue = userEvent.setup();
    (screen.getByLabelText('Rows per page') as HTMLSelectElement).focus();
    await ue.keyboard(']');
    await waitFor(() => expect(api.callsTo('GET', `${AUTH}/admin/permissions`).at(-1)!.query.get('page')).toBe('2'));
    await ue.keyboard('[[');
    await waitFor(() => expect(api.callsTo('GET', `${AUTH}/admin/permissions`).at(-1)!.query.get('page') ?? '1').toBe('1'));
  });

  it('is set from the palette on the list on screen', async () => {
    api.on('GET', `${AUTH}/admin/permissions`, pagedList(permissionRows(60)));
    const { ue, dialog, input } = await paletteAt('/setting-permissions', 'api/v2/barong/admin/thing1');
    await ue.type(input, 'rows per page');
    expect(within(dialog).getAllByRole('option').map((o) => o.textContent)).toEqual(
      ['Rows per page: 10', 'Rows per page: 25', 'Rows per page: 50', 'Rows per page: 100'],
    );
    await ue.clear(input);
    await ue.type(input, 'rows per page 50');
    await ue.keyboard('{Enter}');
    await waitFor(() => expect(api.callsTo('GET', `${AUTH}/admin/permissions`).at(-1)!.query.get('limit')).toBe('50'));
    expect(await screen.findByText('api/v2/barong/admin/thing50')).toBeTruthy();
  });
});

describe('currency codes and exchange commands', () => {
  it('offers "Open currency" only for a code the exchange has, so words stay words', async () => {
    api.on('GET', '/api/v2/peatio/admin/currencies', pagedList([{ code: 'btc', name: 'Bitcoin' }, { code: 'usd', name: 'US Dollar' }]));
    api.on('GET', USERS, pagedList([]));
    const { ue, dialog, input } = await paletteAt('/user-directory', 'No Record Found');
    await ue.type(input, 'btc');
    await waitFor(() => expect(within(dialog).getAllByRole('option')[0]!.textContent).toBe('Open currency BTC'));
    await ue.clear(input);
    await ue.type(input, 'ban');
    expect(within(dialog).queryAllByRole('option').map((o) => o.textContent)).not.toContain('Open currency BAN');
    await ue.clear(input);
    await ue.type(input, 'btc');
    await ue.keyboard('{Enter}');
    await waitFor(() => expect(currentPath()).toBe('/currencies/btc'));
  });
});
