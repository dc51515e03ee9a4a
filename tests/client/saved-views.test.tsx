// Saved views (issue 17 item 2): the list header's Views dialog saves the view on screen (filters, sort,
// size, columns) under a name, opens, renames, shares and deletes views; a view's columns shape the grid;
// the palette offers "View: <name> (<list>)" for each view the staff member sees, and opens its list.
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeApi } from './support/fake-api';
import { AUTH, signedIn } from './support/fixtures';
import { renderApp } from './support/render-app';
import type { SavedView } from '../../src/shared/saved-views';

const LIST = `${AUTH}/admin/users`;
const VIEWS = `${AUTH}/admin/views`;
let api: FakeApi;
let stored: SavedView[];

const users = [{ id: 1, uid: 'ID0000000001', email: 'banned@customer.test', username: null, role: 'member', level: 1, state: 'banned', country: 'US', created_at: '2026-01-05T09:07:00Z' }];
const view = (over: Partial<SavedView>): SavedView => ({
  id: 1, name: 'Banned in the US', list: 'users', query: { filters: { state: 'banned', country: 'US' }, order_by: 'created_at', ordering: 'desc', limit: 25 },
  owner_uid: 'IDSTAFF', role: null, mine: true, created_at: '2026-11-20T12:00:00Z', updated_at: '2026-11-20T12:00:00Z', ...over,
});

beforeEach(() => {
  localStorage.clear();
  stored = [];
  api = fakeApi();
  signedIn(api, 'superadmin');
  api.on('GET', LIST, { body: users, headers: { Total: '1', Page: '1', 'Per-Page': '25' } });
  api.on('GET', VIEWS, () => ({ body: stored }));
  api.on('POST', VIEWS, (req) => {
    const b = req.body as { name: string; list: string; query: SavedView['query'] };
    if (stored.some((v) => v.name.toLowerCase() === b.name.trim().toLowerCase())) return { status: 422, body: { errors: ['admin.view.name_taken'] } };
    const v = view({ id: stored.length + 1, name: b.name.trim(), list: b.list, query: b.query });
    stored.push(v);
    return { status: 201, body: v };
  });
  api.on('PUT', VIEWS, (req) => {
    const b = req.body as { id: number; name?: string; role?: string | null };
    const v = stored.find((x) => x.id === b.id)!;
    Object.assign(v, b.name !== undefined ? { name: b.name } : {}, b.role !== undefined ? { role: b.role } : {});
    return { body: v };
  });
  api.on('DELETE', VIEWS, (req) => {
    stored = stored.filter((v) => v.id !== (req.body as { id: number }).id);
    return { body: {} };
  });
});

async function openViews(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: /^Views/ }));
  return screen.findByRole('dialog', { name: /Saved views/ });
}

describe('the Views dialog of a list', () => {
  it('saves the view on screen under a name: filters, sort, size and columns', async () => {
    renderApp('/user-directory?state=banned&country=US&order_by=email&ordering=asc&limit=50&columns=uid,email,state');
    await screen.findByText('banned@customer.test');
    // The view's columns shape the grid.
    expect(screen.queryByRole('columnheader', { name: /Country/ })).toBeNull();
    const user = userEvent.setup();
    const dialog = await openViews(user);
    await user.type(within(dialog).getByLabelText('Save current view as…'), 'Banned in the US{Enter}');
    await waitFor(() => expect(api.callsTo('POST', VIEWS)).toHaveLength(1));
    expect(api.callsTo('POST', VIEWS)[0]!.body).toEqual({
      name: 'Banned in the US', list: 'users',
      query: { filters: { state: 'banned', country: 'US' }, order_by: 'email', ordering: 'asc', limit: 50, columns: ['uid', 'email', 'state'] },
    });
    expect(await screen.findByText('View “Banned in the US” saved')).toBeTruthy();
    expect(await within(dialog).findByRole('button', { name: 'Open view Banned in the US' })).toBeTruthy();
    // The same name again is refused inline, in the server's words.
    await user.type(within(dialog).getByLabelText('Save current view as…'), 'banned in the us{Enter}');
    expect(await within(dialog).findByText('You already have a view with this name.')).toBeTruthy();
  });

  it('opens a view as its list URL, and renames, shares and deletes the owner\'s own', async () => {
    stored = [view({ id: 7 })];
    renderApp('/user-directory');
    await screen.findByText('banned@customer.test');
    const user = userEvent.setup();
    let dialog = await openViews(user);
    await user.click(await within(dialog).findByRole('button', { name: 'Rename view Banned in the US' }));
    const input = within(dialog).getByLabelText('New name of view Banned in the US');
    await user.clear(input);
    await user.type(input, 'US bans{Enter}');
    await waitFor(() => expect(api.callsTo('PUT', VIEWS)[0]?.body).toEqual({ id: 7, name: 'US bans' }));
    // Choosing is not sharing: the arrow keys pass every role on the way, and none of them is sent.
    const share = await within(dialog).findByLabelText('Share view US bans with');
    share.focus();
    for (const key of ['{ArrowDown}', '{ArrowDown}', '{ArrowDown}']) await user.keyboard(key);
    await user.selectOptions(share, 'support');
    expect(api.callsTo('PUT', VIEWS)).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Share view US bans' }));
    await waitFor(() => expect(api.callsTo('PUT', VIEWS)[1]?.body).toEqual({ id: 7, role: 'support' }));
    expect(api.callsTo('PUT', VIEWS)).toHaveLength(2);
    expect(await within(dialog).findByText('shared with support')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Open view US bans' }));
    await waitFor(() => expect(window.location.search).toBe('?country=US&state=banned'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Saved views/ })).toBeNull());
    dialog = await openViews(user);
    await user.click(within(dialog).getByRole('button', { name: 'Delete view US bans' }));
    // Asked through the one confirmation, its focus on the safe answer.
    const ask = await screen.findByRole('alertdialog', { name: 'Delete view “US bans”?' });
    await waitFor(() => expect(document.activeElement).toBe(within(ask).getByRole('button', { name: 'Cancel' })));
    await user.click(within(ask).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('DELETE', VIEWS)[0]?.body).toEqual({ id: 7 }));
    expect(await within(dialog).findByText('No saved views of this list yet.')).toBeTruthy();
  });

  it('offers no rename, share or delete on a view shared with the staff member', async () => {
    stored = [view({ id: 3, mine: false, role: 'superadmin', owner_uid: 'IDOWNER' })];
    renderApp('/user-directory');
    await screen.findByText('banned@customer.test');
    const dialog = await openViews(userEvent.setup());
    expect(await within(dialog).findByText('shared by IDOWNER')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /Rename view/ })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /Delete view/ })).toBeNull();
  });
});

describe('saved views in the palette', () => {
  it('offers "View: <name> (<list>)" for each view and opens its list filtered', async () => {
    stored = [view({ id: 4, mine: false, owner_uid: 'IDOWNER', role: 'superadmin' })];
    renderApp('/dashboard');
    const user = userEvent.setup();
    await screen.findByRole('navigation');
    await user.keyboard('{Control>}k{/Control}');
    const palette = await screen.findByRole('dialog', { name: 'Command palette' });
    await user.keyboard('View: Banned');
    const item = await within(palette).findByRole('option', { name: /View: Banned in the US \(Users\)/ });
    await user.click(item);
    await waitFor(() => expect(window.location.pathname).toBe('/user-directory'));
    expect(window.location.search).toBe('?country=US&state=banned');
    expect(await screen.findByText('banned@customer.test')).toBeTruthy();
  });

  it('does not offer a view whose list the role may not open', async () => {
    stored = [view({ id: 5, name: 'Adjusted', list: 'adjustments', query: { filters: {}, order_by: 'id', ordering: 'desc', limit: 25 } })];
    api = fakeApi();
    signedIn(api, 'support');
    api.on('GET', VIEWS, { body: stored });
    renderApp('/dashboard');
    const user = userEvent.setup();
    await screen.findByRole('navigation');
    await user.keyboard('{Control>}k{/Control}');
    const palette = await screen.findByRole('dialog', { name: 'Command palette' });
    await waitFor(() => expect(api.callsTo('GET', VIEWS).length).toBeGreaterThan(0));
    await user.keyboard('View:');
    expect(within(palette).queryByRole('option', { name: /View: Adjusted/ })).toBeNull();
  });
});
