/**
 * The user detail's accredited verifications (spec §3: verification_id, status, created_at; §7
 * "accredited verification (uid)"): GET /admin/users/{uid}/verifications, asked with the detail, shown
 * as a table on Main Info, an empty state without any, an error state with a retry, and nothing at all
 * for a role that may not read User.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeApi } from './support/fake-api';
import { renderApp } from './support/render-app';
import { ADMIN, SUPPORT, UID, USER_URL, customer, serveUser, staff } from './users-fixtures';

const VERIFICATIONS = `${USER_URL}/verifications`;
const ROWS = [
  { verification_id: 'acc-7f3a21', status: 'approved', created_at: '2026-02-01T09:30:00Z' },
  { verification_id: 'acc-1c09e4', status: 'rejected', created_at: '2026-01-12T17:05:00Z' },
];

let api: FakeApi;
beforeEach(() => {
  localStorage.clear();
  api = fakeApi();
});
afterEach(() => vi.unstubAllGlobals());

const panel = () => screen.findByRole('region', { name: 'Accredited verifications' });

describe('accredited verifications on the user detail', () => {
  it('asks for them with the detail and lists them newest first: id, status badge, created in UTC', async () => {
    staff(api, 'support', SUPPORT);
    serveUser(api, customer());
    // The detail held back: the verifications are asked for beside it, not after it.
    let release!: () => void;
    const held = new Promise<void>((r) => { release = r; });
    api.on('GET', USER_URL, async () => { await held; return { body: customer() }; });
    api.on('GET', VERIFICATIONS, { body: ROWS });
    renderApp(`/user-directory/${UID}`);
    await waitFor(() => expect(api.callsTo('GET', VERIFICATIONS)).toHaveLength(1));
    release();
    const table = within(await panel()).getByRole('table', { name: 'Accredited verifications' });
    const rows = within(table).getAllByRole('row').map((r) => within(r).queryAllByRole('cell').map((c) => c.textContent));
    expect(rows.slice(1)).toEqual([
      ['acc-7f3a21', 'Approved', 'Feb 1, 2026 09:30'],
      ['acc-1c09e4', 'Rejected', 'Jan 12, 2026 17:05'],
    ]);
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Verification ID', 'Status', 'Created']);
    expect(within(table).getByText('Approved').className).toContain('u-badge-green');
    expect(within(table).getByText('Rejected').className).toContain('u-badge-red');
  });

  it('says No Record Found for a user without any', async () => {
    staff(api, 'admin', ADMIN);
    serveUser(api, customer());
    renderApp(`/user-directory/${UID}`);
    const region = await panel();
    expect(await within(region).findByText('No Record Found')).toBeTruthy();
    expect(within(region).queryByRole('table')).toBeNull();
  });

  it('shows a failure in the panel, with a retry that loads them', async () => {
    staff(api, 'admin', ADMIN);
    serveUser(api, customer());
    api.on('GET', VERIFICATIONS, { status: 500 });
    renderApp(`/user-directory/${UID}`);
    const region = await panel();
    const alert = await within(region).findByRole('alert');
    expect(alert.textContent).toContain('Could not load the verifications: Server error');
    // The rest of the detail is there.
    expect(screen.getByRole('heading', { name: 'Grace Hopper' })).toBeTruthy();
    api.on('GET', VERIFICATIONS, { body: ROWS.slice(0, 1) });
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(region).findByText('acc-7f3a21')).toBeTruthy();
    expect(within(region).queryByRole('alert')).toBeNull();
  });

  it('is neither shown nor asked for without User read', async () => {
    staff(api, 'compliance', { barong: { update: ['User'], read: ['Level'] }, peatio: {} });
    serveUser(api, customer());
    renderApp(`/user-directory/${UID}`, { allowedRoles: ['compliance'] });
    await screen.findByRole('heading', { name: 'Grace Hopper' });
    expect(await screen.findByRole('region', { name: 'KYC' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Accredited verifications' })).toBeNull();
    expect(api.callsTo('GET', VERIFICATIONS)).toHaveLength(0);
  });
});
