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
    serveUser(api, customer());
    renderApp(`/user-directory/${UID}`);
    expect(await screen.findByRole('heading', { name: 'Grace Hopper' })).toBeTruthy();
    expect(screen.getByText('grace@customer.test')).toBeTruthy();
    expect(screen.getByRole('button', { name: `Copy UID ${UID}` })).toBeTruthy();
    expect(tabNames()).toEqual(['Main Info', 'Activities', 'Referrals', 'OTP Logs', 'Devices', 'Notification']);
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

describe('2FA switch', () => {
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
