/**
 * Staff entering a profile for a user from the user's page (POST /admin/profiles): offered when no
 * profile awaits review, validated by the server's struct, the new profile shown after the reload; a
 * role that may only read profiles sees the button disabled with the reason.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeApi } from './support/fake-api';
import { AUTH } from './support/fixtures';
import { freshBrowserState, renderApp } from './support/render-app';
import { ADMIN, SUPPORT, UID, bodies, customer, serveUser, staff } from './users-fixtures';

let api: FakeApi;
beforeEach(() => { freshBrowserState(); api = fakeApi(); });
afterEach(() => vi.unstubAllGlobals());

describe('adding a profile', () => {
  it('creates one from the Profile panel and shows it after the reload', async () => {
    staff(api, 'admin', ADMIN);
    const served = serveUser(api, customer({ profiles: [] }));
    api.on('POST', `${AUTH}/admin/profiles`, (req) => {
      served.user = customer({ profiles: [{ ...(req.body as object), state: 'submitted', created_at: '2026-11-26T05:00:00Z' }] });
      return { status: 201, body: {} };
    });
    renderApp(`/user-directory/${UID}`);
    const ue = userEvent.setup();
    await ue.click(await screen.findByRole('button', { name: 'Add profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add profile' });
    await ue.type(within(dialog).getByRole('textbox', { name: 'Date of birth' }), '1990-13-45');
    await ue.type(within(dialog).getByRole('textbox', { name: 'First name' }), 'Ada');
    await ue.click(within(dialog).getByRole('button', { name: 'Add profile' }));
    expect(bodies(api, 'POST', `${AUTH}/admin/profiles`)).toEqual([]);
    const dob = within(dialog).getByRole('textbox', { name: 'Date of birth' });
    await ue.clear(dob);
    await ue.type(dob, '1990-12-09');
    await ue.type(within(dialog).getByRole('textbox', { name: 'Last name' }), 'Lovelace');
    await ue.click(within(dialog).getByRole('button', { name: 'Add profile' }));
    expect(await screen.findByText('Profile created successfully')).toBeTruthy();
    expect(bodies(api, 'POST', `${AUTH}/admin/profiles`)).toEqual([{ uid: UID, first_name: 'Ada', last_name: 'Lovelace', dob: '1990-12-09' }]);
    expect(await screen.findByText('Ada Lovelace')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Verify' })).toBeTruthy());
    // Verify by keyboard: the button goes with the decision, the focus stays in the panel, never on <body> (issue 29 item 7).
    api.on('PUT', `${AUTH}/admin/profiles`, () => {
      served.user = customer({ profiles: [{ ...served.user.profiles[0], state: 'verified' }] });
      return { body: {} };
    });
    screen.getByRole('button', { name: 'Verify' }).focus();
    await ue.keyboard('{Enter}');
    expect(await screen.findByText('Profile verified successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Verify' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add profile' })));
  });

  it('shows Add profile disabled, with the reason, to a role that may only read profiles', async () => {
    staff(api, 'support', SUPPORT);
    serveUser(api, customer({ profiles: [] }));
    renderApp(`/user-directory/${UID}`);
    const add = await screen.findByRole('button', { name: 'Add profile' });
    expect((add as HTMLButtonElement).disabled).toBe(true);
  });
});
