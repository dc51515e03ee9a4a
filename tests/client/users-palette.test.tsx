import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeApi } from './support/fake-api';
import { AUTH, EXCHANGE } from './support/fixtures';
import { currentPath, renderApp, freshBrowserState } from './support/render-app';
import { seedAbilities } from './support/seed-abilities';
import { ADMIN, SUPERADMIN, SUPPORT, UID, bodies, customer, serveUser, staff } from './users-fixtures';

let api: FakeApi;
beforeEach(() => {
  freshBrowserState();
  api = fakeApi();
});
afterEach(() => vi.unstubAllGlobals());

async function paletteOnUser(sets: Parameters<typeof staff>[2], role: string, user = customer()) {
  staff(api, role, sets);
  const served = serveUser(api, user);
  renderApp(`/user-directory/${UID}`);
  await screen.findByRole('heading', { name: user.full_name ?? 'No Name' });
  const ue = userEvent.setup();
  await ue.keyboard('{Control>}k{/Control}');
  const dialog = await screen.findByRole('dialog', { name: 'Command palette' });
  return { ue, dialog, input: within(dialog).getByRole('combobox'), served };
}

const titles = (dialog: HTMLElement) => within(dialog).queryAllByRole('option').map((o) => o.textContent ?? '');

describe('users palette commands', () => {
  it("offers a user's commands on the user's page, only with the ability", async () => {
    const { dialog, input, ue } = await paletteOnUser(SUPPORT, 'support');
    await ue.type(input, 'this user');
    const offered = titles(dialog).join('\n');
    // Support may switch 2FA off and read logs, nothing else.
    expect(offered).toContain('Disable 2FA of this user');
    expect(offered).toContain("Open this user's OTP logs");
    expect(offered).not.toContain('Ban this user');
    expect(offered).not.toContain('Change role');
    expect(offered).not.toContain('Lock / unlock funds');
  });

  it('bans with the remark typed in the palette, confirmed in the state dialog', async () => {
    const { dialog, input, ue } = await paletteOnUser(ADMIN, 'admin');
    api.on('POST', `${AUTH}/admin/users/update`, { body: {} });
    const entries = window.history.length;
    await ue.type(input, 'ban this');
    await ue.keyboard('{Enter}');
    await ue.type(within(dialog).getByRole('combobox'), 'Chargeback fraud');
    // The run item says what Enter does with the text: a remark, not a search.
    expect(within(dialog).getByRole('option').textContent).toMatch(/^Use as remark “Chargeback fraud”/);
    await ue.keyboard('{Enter}');
    const confirm = await screen.findByRole('dialog', { name: 'Change user state' });
    expect(confirm.textContent).toMatch(/Active\s*→\s*Banned/);
    expect((within(confirm).getByLabelText('Remark') as HTMLInputElement).value).toBe('Chargeback fraud');
    expect(api.callsTo('POST', `${AUTH}/admin/users/update`)).toHaveLength(0);
    await ue.click(within(confirm).getByRole('button', { name: 'Set Banned' }));
    await screen.findByText('Updated Successfully');
    expect(bodies(api, 'POST', `${AUTH}/admin/users/update`)).toEqual([{ uid: UID, state: 'banned', remark: 'Chargeback fraud' }]);
    // The dialog opened on the page it was asked from: no history entry, so Back leaves the user page.
    expect(window.history.length).toBe(entries);
  });

  it('opens the lock dialog for a superadmin on an investor only', async () => {
    const { dialog, input, ue } = await paletteOnUser(SUPERADMIN, 'superadmin', customer({ role: 'investor' }));
    api.on('POST', `${EXCHANGE}/admin/members/lock_funds`, { status: 201, body: { accounts: [] } });
    await ue.type(input, 'lock funds');
    expect(titles(dialog)[0]).toMatch(/Lock \/ unlock funds/);
    await ue.keyboard('{Enter}');
    const lock = await screen.findByRole('dialog', { name: /Lock\/Unlock funds/ });
    await ue.type(within(lock).getByLabelText('Percent of each account'), '25{Enter}');
    await screen.findByText('Updated Successfully');
    // What opened it (the palette) is gone: the focus goes to the page's content, never <body> (issue 29 item 7).
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement?.id).toBe('main'));
  });

  it("fills a command's user from the page on screen, and takes another one typed (issue 29 item 6)", async () => {
    const { dialog, input, ue } = await paletteOnUser(seedAbilities('superadmin'), 'superadmin');
    api.on('GET', `${EXCHANGE}/admin/orders`, { body: [], headers: { Total: '0' } });
    await ue.click(input);
    await ue.paste('cancel open orders of user');
    await ue.keyboard('{Enter}');
    // Nothing typed: the user on screen is the argument, shown before Enter runs it.
    expect(within(dialog).getByRole('option').textContent).toMatch(new RegExp(`^Cancel open orders of user “${UID}”`));
    await ue.type(within(dialog).getByRole('combobox'), 'ID00000000BB');
    expect(within(dialog).getByRole('option').textContent).toMatch(/^Cancel open orders of user “ID00000000BB”/);
    await ue.clear(within(dialog).getByRole('combobox'));
    await ue.keyboard('{Enter}');
    await waitFor(() => expect(currentPath()).toBe('/orders'));
    expect(Object.fromEntries(new URLSearchParams(window.location.search))).toMatchObject({ uid: UID, state: 'wait', bulk: 'cancel-all' });
  });

  it('toggles a KYC switch and jumps to a log tab', async () => {
    const { input, ue } = await paletteOnUser(ADMIN, 'admin');
    api.on('POST', `${AUTH}/admin/users/labels`, { body: {} });
    await ue.type(input, 'kyc phone');
    await ue.keyboard('{Enter}');
    await screen.findByText('Updated Successfully');
    expect(bodies(api, 'POST', `${AUTH}/admin/users/labels`)).toEqual([{ uid: UID, key: 'phone', value: 'verified', scope: 'private' }]);

    api.on('GET', `${AUTH}/admin/devices`, { body: [], headers: { Total: '0' } });
    await ue.keyboard('{Control>}k{/Control}');
    const again = await screen.findByRole('dialog', { name: 'Command palette' });
    await ue.type(within(again).getByRole('combobox'), "this user's devices");
    expect(titles(again)[0]).toBe("Open this user's devices");
    await ue.keyboard('{Enter}');
    await waitFor(() => expect(window.location.search).toBe('?tab=devices'));
    expect(screen.getByRole('tab', { name: 'Devices' }).getAttribute('aria-selected')).toBe('true');
  });

  it('finds users by name and e-mail prefix, listed under the commands (issue 29 item 5)', async () => {
    staff(api, 'admin', ADMIN);
    serveUser(api, customer());
    api.on('GET', `${AUTH}/admin/users/search`, (req) => ({
      body: ['pedro lindqvist', 'pedro.lind'].includes(String(req.query.get('q')))
        ? [{ uid: UID, email: 'pedro.lindqvist@mail.test', username: null, role: 'member', state: 'active', first_name: 'Pedro', last_name: 'Lindqvist' }] : [],
    }));
    renderApp('/dashboard');
    await screen.findByRole('navigation', { name: 'Main navigation' });
    const ue = userEvent.setup();
    await ue.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Command palette' });
    const input = within(dialog).getByRole('combobox');
    await ue.paste('pedro.lind');
    expect(await within(dialog).findByRole('option', { name: `Open user Pedro Lindqvist · pedro.lindqvist@mail.test · ${UID}` })).toBeTruthy();
    await ue.clear(input);
    await ue.paste('Pedro  Lindqvist');
    const option = await within(dialog).findByRole('option', { name: /^Open user Pedro Lindqvist/ });
    // Nothing else matches: the user found is the one Enter opens.
    await waitFor(() => expect(option.getAttribute('aria-selected')).toBe('true'));
    await ue.keyboard('{Enter}');
    await waitFor(() => expect(currentPath()).toBe(`/user-directory/${UID}`));
    expect(api.callsTo('GET', `${AUTH}/admin/users/search`).map((c) => c.query.get('q'))).toEqual(['pedro.lind', 'pedro lindqvist']);
  });

  it('opens a user by e-mail through the directory', async () => {
    staff(api, 'admin', ADMIN);
    serveUser(api, customer());
    api.on('GET', `${AUTH}/admin/users`, { body: [{ uid: 'ID0000000077', email: 'grace.h@customer.test', phone_number: null },
      { uid: UID, email: 'grace@customer.test', phone_number: '447700900123' }], headers: { Total: '2' } });
    renderApp('/dashboard');
    await screen.findByRole('navigation', { name: 'Main navigation' });
    const ue = userEvent.setup();
    await ue.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Command palette' });
    await ue.type(within(dialog).getByRole('combobox'), 'open user by');
    await ue.keyboard('{Enter}');
    await ue.type(within(dialog).getByRole('combobox'), 'grace@customer.test{Enter}');
    await waitFor(() => expect(currentPath()).toBe(`/user-directory/${UID}`));
    expect(Object.fromEntries(api.callsTo('GET', `${AUTH}/admin/users`)[0].query)).toMatchObject({ email: 'grace@customer.test' });
  });
});
