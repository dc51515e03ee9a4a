/**
 * The palette's filter grammar at the keyboard (issue 17 item 1): a query typed into the palette opens
 * that list filtered; the key and the value being typed complete with Tab or Enter (enum values, the
 * markets the exchange has, the staff member's recent values); an unknown key or a bad value shows in the
 * palette before Enter and is never sent; the syntax is in the palette's hint and the `?` sheet.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeApi } from './support/fake-api';
import { AUTH, EXCHANGE, signedIn } from './support/fixtures';
import { currentPath, freshBrowserState, renderApp } from './support/render-app';
import { pagedList } from './support/resource-rows';
import { sinceDay } from '../../src/shared/filter-grammar';

let api: FakeApi;
beforeEach(() => {
  freshBrowserState();
  api = fakeApi();
  api.on('GET', `${EXCHANGE}/admin/orders`, pagedList([]))
    .on('GET', `${AUTH}/admin/users`, pagedList([]))
    .on('GET', `${EXCHANGE}/admin/markets`, pagedList([
      { id: 'btcusdt', name: 'BTC/USDT', base_unit: 'btc', quote_unit: 'usdt', state: 'enabled' },
      { id: 'ethusdt', name: 'ETH/USDT', base_unit: 'eth', quote_unit: 'usdt', state: 'enabled' },
    ]));
});
afterEach(() => vi.unstubAllGlobals());

async function openPalette(user: ReturnType<typeof userEvent.setup>) {
  await user.keyboard('{Control>}k{/Control}');
  const dialog = await screen.findByRole('dialog', { name: 'Command palette' });
  return { dialog, input: within(dialog).getByRole('combobox') as HTMLInputElement };
}

async function start(path = '/dashboard') {
  signedIn(api, 'admin');
  renderApp(path);
  await screen.findByRole('navigation', { name: 'Main navigation' });
  const user = userEvent.setup();
  return { user, ...(await openPalette(user)) };
}

const search = () => new URLSearchParams(window.location.search);
const options = (dialog: HTMLElement) => within(dialog).queryAllByRole('option').map((o) => o.textContent ?? '');

describe('palette → filtered list', { timeout: 90_000 }, () => {
  it('opens orders market:btcusdt state:wait since:7d as the orders list with those filters', async () => {
    const { user, dialog, input } = await start();
    await user.type(input, 'orders market:btcusdt state:wait since:7d');
    expect(options(dialog)[0]).toMatch(/^Open Orders: market btcusdt · state wait · since 7d/);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(currentPath()).toBe('/orders'));
    expect(Object.fromEntries(search())).toEqual({ market: 'btcusdt', state: 'wait', from: sinceDay('7d', new Date()) });
    expect(screen.queryByRole('dialog', { name: 'Command palette' })).toBeNull();
    // The list asks the server for exactly that view.
    await waitFor(() => expect(api.callsTo('GET', `${EXCHANGE}/admin/orders`).length).toBeGreaterThan(0));
    const sent = api.callsTo('GET', `${EXCHANGE}/admin/orders`).at(-1)!.query;
    expect([sent.get('market'), sent.get('state')]).toEqual(['btcusdt', 'wait']);
    expect(sent.get('from')).toBe(new Date(`${sinceDay('7d', new Date())}T00:00:00Z`).toISOString());
  });

  it('opens users state:banned country:us as the user directory, the country as its code', async () => {
    const { user, input } = await start();
    await user.type(input, 'users state:banned country:us');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(currentPath()).toBe('/user-directory'));
    expect(Object.fromEntries(search())).toEqual({ state: 'banned', country: 'US' });
  });

  it('completes the key and the value being typed with Tab and Enter, markets from the exchange', async () => {
    const { user, dialog, input } = await start();
    await user.type(input, 'orders sta');
    expect(options(dialog)).toContain('state:State');
    await user.keyboard('{Tab}');
    expect(input.value).toBe('orders state:');
    await user.type(input, 'ca');
    // The first completion is selected: Enter puts it in the text rather than opening an unfinished query.
    await user.keyboard('{Enter}');
    expect(input.value).toBe('orders state:cancel ');
    await user.type(input, 'market:e');
    await waitFor(() => expect(options(dialog)).toContain('market:ethusdtETH/USDT'));
    await user.keyboard('{Tab}');
    expect(input.value).toBe('orders state:cancel market:ethusdt ');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(currentPath()).toBe('/orders'));
    expect(Object.fromEntries(search())).toEqual({ state: 'cancel', market: 'ethusdt' });
  });

  it('offers the staff member’s recent values first', async () => {
    const { user, input } = await start();
    await user.type(input, 'orders state:reject{Enter}');
    await waitFor(() => expect(currentPath()).toBe('/orders'));
    const again = await openPalette(user);
    await user.type(again.input, 'orders state:');
    const first = within(again.dialog).getAllByRole('option')[0]!;
    expect(first.textContent).toBe('state:rejectrecent');
  });

  it('shows an unknown key before Enter, and Enter sends nothing', async () => {
    const { user, dialog, input } = await start('/user-directory');
    await waitFor(() => expect(api.callsTo('GET', `${AUTH}/admin/users`).length).toBe(1));
    await user.type(input, 'users colour:blue ');
    expect(within(dialog).getByRole('status').textContent).toMatch(/Unknown key “colour” for Users — keys: since, from, to, email, uid/);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    await user.keyboard('{Enter}');
    expect(within(dialog).getByRole('alert').textContent).toMatch(/Unknown key “colour”/);
    expect(screen.getByRole('dialog', { name: 'Command palette' })).toBeTruthy();
    expect(window.location.search).toBe('');
    expect(api.callsTo('GET', `${AUTH}/admin/users`).length).toBe(1);
  });

  it.each([
    ['orders state:sleeping ', /state: “sleeping” is not one of wait, done, cancel, pending, reject/],
    ['orders price:cheap ', /price: “cheap” is not a decimal number/],
    ['orders from:2026-02-30 ', /from: “2026-02-30” is not a date/],
    ['orders since:7y ', /since: “7y” is not a period/],
  ])('shows the bad value of %s before Enter, and never opens it', async (text, message) => {
    const { user, dialog, input } = await start();
    await user.type(input, text);
    expect(within(dialog).getByRole('status').textContent).toMatch(message);
    await user.keyboard('{Enter}');
    expect(within(dialog).getByRole('alert').textContent).toMatch(message);
    expect(currentPath()).toBe('/dashboard');
    expect(api.callsTo('GET', `${EXCHANGE}/admin/orders`)).toEqual([]);
  });

  it('keeps a value with spaces in quotes', async () => {
    const { user, input } = await start();
    await user.type(input, 'users email:"ada lovelace@x.io"');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(currentPath()).toBe('/user-directory'));
    expect(search().get('email')).toBe('ada lovelace@x.io');
  });

  it('hints the syntax on the empty palette and lists it in the ? sheet', async () => {
    const { user, dialog } = await start();
    expect(within(dialog).getByText(/Filter a list:/).textContent).toContain('orders state:wait since:7d');
    await user.keyboard('{Escape}');
    await user.keyboard('?');
    const sheet = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    const section = within(sheet).getByRole('region', { name: 'Palette: filter a list' });
    expect(section.textContent).toContain('since:7d');
    expect(section.textContent).toContain('from:2026-11-01 to:2026-11-15');
    expect(section.textContent).toContain('email:"a b"');
    // The pin key is listed once a record is on screen (palette-records.test.tsx); here the sheet lists the grammar.
  });
});
