import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeApi } from './support/fake-api';
import { AUTH } from './support/fixtures';
import { renderApp } from './support/render-app';
import { pagedList } from './support/resource-rows';
import { ADMIN, SUPERADMIN, SUPPORT, UID, USER_URL, bodies, customer, queries, serveUser, staff } from './users-fixtures';

let api: FakeApi;
beforeEach(() => {
  localStorage.clear();
  api = fakeApi();
});
afterEach(() => vi.unstubAllGlobals());

const tabNames = () => screen.getAllByRole('tab').map((t) => t.textContent);

describe('user detail', () => {
  it('shows the header band and every tab to a role holding all the abilities', async () => {
    staff(api, 'superadmin', SUPERADMIN);
    // Drafted one day, submitted the next: "Submitted" is the day the pending queue shows, not the draft's.
    const [profile] = customer().profiles;
    serveUser(api, customer({ profiles: [{ ...profile, created_at: '2026-04-22T09:00:00Z', updated_at: '2026-04-23T08:00:00Z' }] }));
    renderApp(`/user-directory/${UID}`);
    expect(await screen.findByRole('heading', { name: 'Grace Hopper' })).toBeTruthy();
    expect(screen.getByText('grace@customer.test')).toBeTruthy();
    expect(screen.getByRole('button', { name: `Copy UID ${UID}` })).toBeTruthy();
    expect(tabNames()).toEqual(['Main Info', 'Activities', 'Referrals', 'OTP Logs', 'Devices', 'Notification']);
    const dates = [...screen.getByRole('region', { name: 'Profile' }).querySelectorAll('dt')]
      .filter((dt) => ['Created', 'Submitted'].includes(dt.textContent!)).map((dt) => `${dt.textContent} ${dt.nextElementSibling!.textContent}`);
    expect(dates).toEqual(['Created Apr 22, 2026 09:00', 'Submitted Apr 23, 2026 08:00']);
  });

  it('says No Name when the user has no name', async () => {
    staff(api, 'superadmin', SUPERADMIN);
    serveUser(api, customer({ full_name: null }));
    renderApp(`/user-directory/${UID}`);
    expect(await screen.findByRole('heading', { name: 'No Name' })).toBeTruthy();
  });

  it('hides the tabs a role may not see: Notification needs Device update, logs need Activity / ServiceLog read', async () => {
    staff(api, 'support', SUPPORT);
    serveUser(api, customer());
    renderApp(`/user-directory/${UID}`);
    await screen.findByRole('heading', { name: 'Grace Hopper' });
    expect(tabNames()).toEqual(['Main Info', 'Activities', 'Referrals', 'OTP Logs', 'Devices']);
  });

  it('shows only Main Info to a role that reads users but no logs', async () => {
    staff(api, 'broker', { barong: { read: ['User'] }, peatio: {} });
    serveUser(api, customer());
    renderApp(`/user-directory/${UID}`, { allowedRoles: ['broker'] });
    await screen.findByRole('heading', { name: 'Grace Hopper' });
    expect(tabNames()).toEqual(['Main Info']);
    // Without Level read the KYC panel is not shown; without update everything is read-only.
    expect(screen.queryByRole('region', { name: 'KYC' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Add comment/ })).toBeNull();
  });

  it("toasts 'No data exists.' when the user cannot be loaded", async () => {
    staff(api, 'admin', ADMIN);
    api.on('GET', USER_URL, { status: 404, body: { errors: ['admin.user.doesnt_exist'] } });
    renderApp(`/user-directory/${UID}`);
    expect((await screen.findByRole('alert')).textContent).toContain('No data exists.');
  });

  it('loads a log tab for this user only, and keeps the tab in the URL', async () => {
    staff(api, 'admin', ADMIN);
    serveUser(api, customer());
    api.on('GET', `${AUTH}/admin/service_logs`, pagedList([
      { id: 7, uid: UID, email: 'grace@customer.test', service_name: 'twilio', service_type: 'sms', topic: 'otp', user_country: 'GB',
        user_ip: '10.0.0.1', phone_number: '447700900123', result: 'delivered', metadata: null, created_at: '2026-03-02T08:30:00Z' },
    ]));
    const user = userEvent.setup();
    renderApp(`/user-directory/${UID}`);
    await screen.findByRole('heading', { name: 'Grace Hopper' });
    await user.click(screen.getByRole('tab', { name: 'OTP Logs' }));
    const panel = await screen.findByRole('tabpanel');
    expect(await within(panel).findByText('twilio')).toBeTruthy();
    expect(within(panel).getByText('Mar 2, 2026 08:30')).toBeTruthy();
    expect(queries(api, 'GET', `${AUTH}/admin/service_logs`)[0]).toMatchObject({ uid: UID, page: '1', limit: '10', ordering: 'desc' });
    expect(window.location.search).toBe('?tab=otp-logs');
  });

  it('moves between tabs with the arrow keys', async () => {
    staff(api, 'admin', ADMIN);
    serveUser(api, customer());
    api.on('GET', `${AUTH}/admin/activities`, pagedList([]));
    const user = userEvent.setup();
    renderApp(`/user-directory/${UID}`);
    await screen.findByRole('heading', { name: 'Grace Hopper' });
    screen.getByRole('tab', { name: 'Main Info' }).focus();
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Activities' }).getAttribute('aria-selected')).toBe('true'));
    expect(await within(screen.getByRole('tabpanel')).findByText('No Record Found')).toBeTruthy();
    expect(queries(api, 'GET', `${AUTH}/admin/activities`)[0]).toMatchObject({ uid: UID });
  });
});

describe('the tabs\' tables by keyboard (issue 29 items 8, 16)', () => {
  const focusedRowId = () => document.activeElement?.closest('[role="row"]')?.getAttribute('row-id');
  const activity = (id: number, data: unknown) => ({
    id, created_at: '2026-03-02T08:30:00Z', topic: 'session', action: 'login', result: 'succeed', user_ip: '10.0.0.1',
    user_agent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36', data, user: { uid: UID, email: 'grace@customer.test', role: 'member' },
  });

  it('j/k and Enter reach a row; Enter shows its whole metadata, Escape gives the focus back; Referrals filters by state and opens the referred user', async () => {
    staff(api, 'admin', ADMIN);
    serveUser(api, customer());
    const metadata = { device: { os: 'Linux', browser: 'Chromium 131' }, note: 'a metadata value far longer than the thirty characters a cell shows' };
    api.on('GET', `${AUTH}/admin/activities`, pagedList([activity(1, '{"short":1}'), activity(2, JSON.stringify(metadata))]));
    api.on('GET', `${AUTH}/admin/referrals`, pagedList([{ id: 31, uid: 'IDREFERRED01', email: 'ada@customer.test', role: 'member', level: 1,
      state: 'active', referral_uid: UID, created_at: '2026-03-04T10:00:00Z' }]));
    const user = userEvent.setup();
    renderApp(`/user-directory/${UID}?tab=activities`);
    const panel = await screen.findByRole('tabpanel');
    await within(panel).findByText('{"short":1}');
    // The user's own e-mail and role are left out of their log; the metadata cell is cut.
    expect(within(panel).queryByRole('columnheader', { name: 'Email' })).toBeNull();
    expect(within(panel).queryByText(JSON.stringify(metadata))).toBeNull();
    await user.keyboard('j');
    expect(focusedRowId()).toBe('1');
    await user.keyboard('jjk');
    expect(focusedRowId()).toBe('1');
    await user.keyboard('j{Enter}');
    const details = await screen.findByRole('complementary', { name: 'User Activity #2' });
    // The whole metadata, indented: every key and the long value in full.
    const pre = details.querySelector('pre');
    expect(pre?.textContent).toBe(JSON.stringify(metadata, null, 2));
    expect(focusedRowId()).toBe('2');
    await user.keyboard('k');
    await waitFor(() => expect(screen.getByRole('complementary', { name: 'User Activity #1' })).toBeTruthy());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('complementary', { name: /User Activity/ })).toBeNull());
    await waitFor(() => expect(focusedRowId()).toBe('1'));

    // Referrals: the filter offers the referral's state (the uid is the page's), sent with the user's uid.
    await user.click(screen.getByRole('tab', { name: 'Referrals' }));
    await screen.findByText('ada@customer.test');
    await user.keyboard('/');
    const filter = await screen.findByRole('search', { name: 'Filter Referrals' });
    expect(within(filter).queryByLabelText('Referrer UID')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(within(filter).getByLabelText('State')));
    await user.selectOptions(within(filter).getByLabelText('State'), 'banned');
    await user.click(within(filter).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(queries(api, 'GET', `${AUTH}/admin/referrals`).at(-1)).toMatchObject({ uid: UID, state: 'banned' }));
    await user.keyboard('{Escape}');
    await user.keyboard('j{Enter}');
    await waitFor(() => expect(window.location.pathname).toBe('/user-directory/IDREFERRED01'));
  });
});

describe('2FA switch', () => {
  it('the Main Info tab\'s tables take the lists\' row keys: the first row is in the Tab order, j/k and the arrows move, Home/End reach the ends', async () => {
    staff(api, 'superadmin', SUPERADMIN);
    serveUser(api, customer({ accounts: ['btc', 'eth', 'usdt'].map((currency) => ({ currency, balance: '1', locked: '0' })) }));
    renderApp(`/user-directory/${UID}`);
    const balances = await screen.findByRole('table', { name: 'Balances' });
    const rows = within(balances).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.tabIndex)).toEqual([0, -1, -1]);
    const user = userEvent.setup();
    rows[0]!.focus();
    const on = () => document.activeElement?.textContent?.slice(0, 4);
    for (const [keys, row] of [['j', 'ETH1'], ['{ArrowDown}j', 'USDT'], ['k', 'ETH1'], ['{Home}', 'BTC1'],
      ['{Control>}{End}{/Control}', 'USDT'], ['{ArrowUp}', 'ETH1']] as const) {
      await user.keyboard(keys);
      expect(on(), keys).toBe(row);
    }
    const log = within(screen.getByRole('table', { name: 'State change log' })).getAllByRole('row');
    expect(log[1]!.tabIndex).toBe(0);
  });

  it('only turns 2FA off, after a confirmation', async () => {
    staff(api, 'support', SUPPORT);
    const served = serveUser(api, customer({ otp: true }));
    api.on('POST', `${AUTH}/admin/users/update`, () => {
      served.user = { ...served.user, otp: false };
      return { body: {} };
    });
    const user = userEvent.setup();
    renderApp(`/user-directory/${UID}`);
    const sw = await screen.findByRole('switch', { name: 'Two-factor authentication' });
    expect((sw as HTMLInputElement).checked).toBe(true);
    // Support's update rule is limited to the otp field: no comment form, no other edits.
    expect(screen.queryByRole('button', { name: 'Add comment' })).toBeNull();
    await user.click(sw);
    const dialog = await screen.findByRole('alertdialog', { name: 'Disable 2FA?' });
    await user.click(within(dialog).getByRole('button', { name: 'Disable 2FA' }));
    await screen.findByText('Updated Successfully');
    expect(bodies(api, 'POST', `${AUTH}/admin/users/update`)).toEqual([{ uid: UID, otp: false }]);
    await waitFor(() => expect((screen.getByRole('switch', { name: 'Two-factor authentication' }) as HTMLInputElement).checked).toBe(false));
    expect((screen.getByRole('switch', { name: 'Two-factor authentication' }) as HTMLInputElement).disabled).toBe(true);
  });

  it('is disabled when the user has no 2FA, so it cannot turn it on', async () => {
    staff(api, 'admin', ADMIN);
    serveUser(api, customer({ otp: false }));
    const user = userEvent.setup();
    renderApp(`/user-directory/${UID}`);
    const sw = await screen.findByRole('switch', { name: 'Two-factor authentication' });
    expect((sw as HTMLInputElement).disabled).toBe(true);
    await user.click(sw);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.callsTo('POST', `${AUTH}/admin/users/update`)).toHaveLength(0);
  });
});
