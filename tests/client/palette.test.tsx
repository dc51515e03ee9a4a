import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeApi } from './support/fake-api';
import { AUTH, signedIn } from './support/fixtures';
import { currentPath, renderApp, freshBrowserState } from './support/render-app';
import { pagedList, permissionRows } from './support/resource-rows';
import { jumpsFor } from '../../commands';
import { exchangeCodes } from '../../src/client/state/exchange-codes';

let api: FakeApi;
beforeEach(() => {
  freshBrowserState();
  api = fakeApi();
  api.on('GET', `${AUTH}/admin/permissions`, pagedList(permissionRows(3)));
});
afterEach(() => vi.unstubAllGlobals());

async function openPaletteAt(path: string, role: 'superadmin' | 'admin' | 'support' = 'superadmin') {
  signedIn(api, role);
  renderApp(path);
  await screen.findByRole('navigation', { name: 'Main navigation' });
  const user = userEvent.setup();
  await user.keyboard('{Control>}k{/Control}');
  const dialog = await screen.findByRole('dialog', { name: 'Command palette' });
  return { user, dialog, input: within(dialog).getByRole('combobox') };
}

const options = (dialog: HTMLElement) => within(dialog).queryAllByRole('option').map((o) => o.textContent ?? '');

describe('command palette', () => {
  it('opens with Ctrl+K, filters as you type and runs the chosen command', async () => {
    const { user, dialog, input } = await openPaletteAt('/dashboard');
    await user.type(input, 'go to perm');
    expect(options(dialog)[0]).toMatch(/^Go to Permissions/);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(currentPath()).toBe('/setting-permissions'));
    expect(screen.queryByRole('dialog', { name: 'Command palette' })).toBeNull();
  });

  it('opens from inside a text field too', async () => {
    signedIn(api, 'superadmin');
    renderApp('/setting-permissions');
    await screen.findByText('api/v2/barong/admin/thing1');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Filter/ }));
    await user.click(screen.getByLabelText('Role'));
    await user.keyboard('{Control>}k{/Control}');
    expect(await screen.findByRole('dialog', { name: 'Command palette' })).toBeTruthy();
  });

  it.each([
    ['admin', true, false],
    ['superadmin', true, true],
    ['support', false, false],
  ] as const)('offers %s only what the role may do (go to: %s, new: %s)', async (role, goTo, create) => {
    // admin reads permissions but may not create them; support has no Permission ability at all.
    const { dialog } = await openPaletteAt('/dashboard', role);
    expect(options(dialog).some((t) => t.startsWith('Go to Permissions'))).toBe(goTo);
    expect(options(dialog).some((t) => t.startsWith('New Permission'))).toBe(create);
  });

  it('asks for the argument on a second page; Backspace goes back', async () => {
    const { user, dialog, input } = await openPaletteAt('/dashboard');
    await user.type(input, 'find permissions');
    await user.keyboard('{Enter}');
    const crumb = () => dialog.querySelector('.palette-crumb')?.textContent;
    expect(crumb()).toBe('Find Permissions by role');
    await user.keyboard('{Backspace}');
    expect(crumb()).toBeUndefined();
    expect((input as HTMLInputElement).value).toBe('');
    await user.type(input, 'find permissions');
    await user.keyboard('{Enter}');
    await user.type(input, 'support');
    expect(options(dialog)).toEqual(['Search for “support”↵']);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(window.location.pathname + window.location.search).toBe('/setting-permissions?role=support'));
    await waitFor(() => expect(api.callsTo('GET', `${AUTH}/admin/permissions`).at(-1)!.query.get('role')).toBe('support'));
  });

  it('jumps to a pasted uid and remembers it as recent', async () => {
    const { user, dialog, input } = await openPaletteAt('/dashboard');
    await user.click(input);
    await user.paste('id1a2b3c4d5e');
    expect(options(dialog)[0]).toBe('Open user ID1A2B3C4D5E');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(currentPath()).toBe('/user-directory/ID1A2B3C4D5E'));

    await user.keyboard('{Control>}k{/Control}');
    const again = await screen.findByRole('dialog', { name: 'Command palette' });
    const recent = within(again).getByRole('group', { name: 'Recent' });
    expect(within(recent).getAllByRole('option').map((o) => o.textContent)).toEqual(['Open user ID1A2B3C4D5E']);
    expect(JSON.parse(localStorage.getItem('steward.palette.recent')!)[0].path).toBe('/user-directory/ID1A2B3C4D5E');
  });

  it('opens the one user a pasted e-mail names, the filtered directory when it names several, and looks up again from Recent', async () => {
    const users = ['ada@exchange.test', 'ada@exchange.test.org', 'ada@exchange.tech'].map((email, i) => ({ id: i + 1, uid: `ID00000000A${i}`, email, phone_number: null }));
    // The directory's e-mail filter is a prefix match, as the server's.
    api.on('GET', `${AUTH}/admin/users`, (req) => pagedList(users.filter((u) => u.email.startsWith(req.query.get('email') ?? '')))(req));
    const { user, dialog, input } = await openPaletteAt('/dashboard');
    await user.click(input);
    await user.paste('Ada@Exchange.test');
    expect(options(dialog)[0]).toBe('Open user by e-mail Ada@Exchange.test');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(currentPath()).toBe('/user-directory/ID00000000A0'));
    expect(api.callsTo('GET', `${AUTH}/admin/users`)[0].query.get('email')).toBe('ada@exchange.test');

    await user.keyboard('{Control>}k{/Control}');
    let again = await screen.findByRole('dialog', { name: 'Command palette' });
    await user.paste('ada@exchange.te');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(`${currentPath()}${window.location.search}`).toBe('/user-directory?email=ada%40exchange.te'));

    await user.keyboard('{Control>}k{/Control}');
    again = await screen.findByRole('dialog', { name: 'Command palette' });
    const recent = within(again).getByRole('group', { name: 'Recent' });
    const lookups = api.callsTo('GET', `${AUTH}/admin/users`).length;
    await user.click(within(recent).getByRole('option', { name: 'Open user by e-mail Ada@Exchange.test' }));
    await waitFor(() => expect(currentPath()).toBe('/user-directory/ID00000000A0'));
    expect(api.callsTo('GET', `${AUTH}/admin/users`).length).toBeGreaterThan(lookups);
  });

  it('#id opens that row of the list on screen', async () => {
    const { user, input } = await openPaletteAt('/setting-permissions');
    await user.type(input, '#2');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Edit Permission' })).toBeTruthy();
    expect(window.location.search).toBe('?edit=2');
  });
});

describe('shortcuts from the same command list', () => {
  it('? opens the sheet listing the go-to sequences; g p goes to permissions', async () => {
    signedIn(api, 'superadmin');
    renderApp('/dashboard');
    await screen.findByRole('navigation', { name: 'Main navigation' });
    const user = userEvent.setup();
    await user.keyboard('?');
    const sheet = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    const row = sheet.querySelector('[data-command="nav.permissions"]') as HTMLElement;
    expect(row.textContent).toContain('Permissions');
    expect(within(row).getByLabelText('G then P')).toBeTruthy();
    expect(sheet.querySelector('[data-command="palette.open"]')!.textContent).toMatch(/Ctrl.*K/);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).toBeNull());
    await user.keyboard('gp');
    await waitFor(() => expect(currentPath()).toBe('/setting-permissions'));
  });
});

describe('paste-and-go parsing', () => {
  const ctx = (location = '/dashboard', open = true) => ({
    ability: {} as never, role: 'admin', location, navigate: () => undefined, openUser: () => undefined, canOpen: () => open, list: null,
    toggleTheme: () => undefined, toggleTimeMode: () => undefined, setTimeZone: () => true, logout: () => undefined, openShortcuts: () => undefined,
  });

  it('turns e-mails, phones, markets, currencies and #ids into targets', () => {
    expect(jumpsFor('ada@exchange.test', ctx())).toEqual([{
      id: 'jump.email', title: 'Open user by e-mail ada@exchange.test', path: '/user-directory?email=ada%40exchange.test', term: 'ada@exchange.test',
    }]);
    expect(jumpsFor('+44 20 7946 0958', ctx()).map((j) => [j.title, j.path])).toEqual([['Open user by phone +442079460958', '/user-directory?phone_number=442079460958']]);
    expect(jumpsFor('btcusdt', ctx()).map((j) => j.path)).toEqual(['/market-info/btcusdt']);
    // A currency only when the exchange has that code: an ordinary word is not one.
    expect(jumpsFor('eth', ctx())).toEqual([]);
    exchangeCodes.currencies = ['eth'];
    expect(jumpsFor('eth', ctx()).map((j) => j.path)).toEqual(['/currencies/eth']);
    exchangeCodes.currencies = [];
    // A block explorer's link opens its chain; a block's page offers scanning that block.
    exchangeCodes.chains = [{ id: 3, key: 'bitcoin', name: 'Bitcoin', explorers: ['https://mempool.space/tx/#{txid}'] }];
    expect(jumpsFor('https://mempool.space/block/840000', ctx()).map((j) => [j.title, j.path]))
      .toEqual([['Scan block 840,000 on Bitcoin', '/blockchain/3?call=scan-block&block_number=840000']]);
    expect(jumpsFor('https://mempool.space/tx/4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b', ctx()).map((j) => j.path)).toEqual(['/blockchain/3']);
    expect(jumpsFor('https://etherscan.io/block/1', ctx())).toEqual([]);
    exchangeCodes.chains = [];
    expect(jumpsFor('#12', ctx('/faqs?state=active')).map((j) => j.path)).toEqual(['/faqs/12']);
    expect(jumpsFor('#12', ctx('/setting-permissions')).map((j) => j.path)).toEqual(['/setting-permissions?edit=12']);
    expect(jumpsFor('#12', ctx('/dashboard'))).toEqual([]);
  });

  it('turns #id into the row of the list on screen, whatever opens its rows', () => {
    // A user opens by uid: the id is looked up first, never taken for a uid.
    expect(jumpsFor('#2100', ctx('/user-directory?state=active'))).toEqual([
      { id: 'jump.row', title: 'Open User #2100', path: '/user-directory', lookup: { resource: 'users', id: '2100' } },
    ]);
    // A read-only log row is shown by its list, in the view the user is on.
    expect(jumpsFor('#5', ctx('/admin-activities?action=login&page=2')).map((j) => j.path)).toEqual(['/admin-activities?action=login&page=2&row=5']);
    // A form the role may not open is not offered.
    expect(jumpsFor('#12', ctx('/faqs', false))).toEqual([]);
  });

  it('turns "<thing> <id>" into that row of any list, and a TID into the transfers that carry it', () => {
    expect(jumpsFor('order 42', ctx()).map((j) => [j.title, j.path])).toEqual([['Open Order #42', '/orders/42']]);
    expect(jumpsFor('Withdrawal #7', ctx()).map((j) => [j.title, j.path])).toEqual([['Open Withdrawal #7', '/withdrawls/7']]);
    expect(jumpsFor('adjustments 3', ctx()).map((j) => j.path)).toEqual(['/adjustments-details/3']);
    // A read-only row (a trade) is shown beside its list.
    expect(jumpsFor('trade 9', ctx('/orders?state=wait')).map((j) => j.path)).toEqual(['/trades?row=9']);
    // A user opens by uid: looked up by id first.
    expect(jumpsFor('user 2100', ctx())).toEqual([{ id: 'jump.row', title: 'Open User #2100', path: '/user-directory', lookup: { resource: 'users', id: '2100' } }]);
    expect(jumpsFor('order 42', ctx('/dashboard', false))).toEqual([]);
    expect(jumpsFor('nothing 42', ctx())).toEqual([]);
    expect(jumpsFor('tidz000000001234', ctx()).map((j) => j.path)).toEqual(['/deposit?tid=TIDZ000000001234', '/withdrawls?tid=TIDZ000000001234']);
  });

  it('offers nothing the user may not open', () => {
    expect(jumpsFor('ID1A2B3C4D5E', ctx('/dashboard', false))).toEqual([]);
    expect(jumpsFor('ada@exchange.test', ctx('/dashboard', false))).toEqual([]);
  });
});
