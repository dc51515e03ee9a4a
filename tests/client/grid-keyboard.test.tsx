import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeApi } from './support/fake-api';
import { AUTH, signedIn } from './support/fixtures';
import { renderApp } from './support/render-app';
import { pagedList, permissionRows, signedInWithAbilities } from './support/resource-rows';

const LIST = `${AUTH}/admin/permissions`;
let api: FakeApi;
let consoleErrors: string[];
beforeEach(() => {
  localStorage.clear();
  api = fakeApi();
  consoleErrors = [];
  // AG Grid reports a feature used without its module as a console error (#200); none may appear.
  for (const m of ['error', 'warn'] as const) {
    vi.spyOn(console, m).mockImplementation((...args) => { consoleErrors.push(args.map(String).join(' ')); });
  }
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  expect(consoleErrors.filter((e) => e.includes('AG Grid'))).toEqual([]);
});

const focusedRowId = () => document.activeElement?.closest('[role="row"]')?.getAttribute('row-id');

describe('list keyboard', () => {
  it('j/k move the row focus, Enter opens it, focus comes back when the dialog closes', async () => {
    signedIn(api, 'superadmin');
    api.on('GET', LIST, pagedList(permissionRows(5)));
    renderApp('/setting-permissions');
    await screen.findByText('api/v2/barong/admin/thing1');
    const user = userEvent.setup();
    await user.keyboard('j');
    expect(focusedRowId()).toBe('1');
    await user.keyboard('jjk');
    expect(focusedRowId()).toBe('2');
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Permission' });
    expect(within(dialog).getByText('#2')).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(focusedRowId()).toBe('2'));
    // Delete on the focused row asks first, and the answer returns focus to the row as well.
    await user.keyboard('{Delete}');
    const confirm = await screen.findByRole('alertdialog', { name: 'Are you sure?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(focusedRowId()).toBe('2'));
  });

  it('Enter on a pending application shows it beside the queue, with the way to the applicant\'s page', async () => {
    signedIn(api, 'superadmin');
    const row = (i: number) => ({ id: 40 + i, uid: `IDAPPLICANT${i}`, email: `applicant${i}@customer.test`, country: 'DE',
      level: 2, state: 'active', submitted_at: '2026-11-01T10:00:00Z', created_at: '2026-10-01T10:00:00Z' });
    api.on('GET', `${AUTH}/admin/users/documents/pending`, pagedList([row(1), row(2)]));
    api.on('GET', `${AUTH}/admin/users/IDAPPLICANT2`, { body: {
      uid: 'IDAPPLICANT2', email: 'applicant2@customer.test', role: 'member', level: 2, otp: false, state: 'active', labels: [], phones: [],
      profiles: [], comments: [], user_state_logs: [], accounts: [], documents: [], created_at: '2026-10-01T10:00:00Z',
    } });
    renderApp('/pending-applications');
    await screen.findByText('applicant1@customer.test');
    const user = userEvent.setup();
    await user.keyboard('jj{Enter}');
    // The review panel of the second application (the queue's j/k/a/r/u review, issue 29 item 4), not a new page.
    await user.click(await screen.findByRole('link', { name: 'Open the user’s page' }));
    await waitFor(() => expect(window.location.pathname).toBe('/user-directory/IDAPPLICANT2'));
  });

  it('] and [ change page, / opens the filter with its first field focused', async () => {
    signedIn(api, 'superadmin');
    api.on('GET', LIST, pagedList(permissionRows(120)));
    renderApp('/setting-permissions');
    await screen.findByText('api/v2/barong/admin/thing1');
    const user = userEvent.setup();
    await user.keyboard(']');
    await waitFor(() => expect(window.location.search).toBe('?page=2'));
    await user.keyboard(']');
    await waitFor(() => expect(window.location.search).toBe('?page=3'));
    await user.keyboard(']');
    // 120 rows at 50 a page: there is no page 4.
    expect(window.location.search).toBe('?page=3');
    await user.keyboard('[[');
    await waitFor(() => expect(window.location.search).toBe('?page=2'));
    await user.keyboard('/');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Role')));
    // Typing in the filter is typing, not shortcuts.
    await user.keyboard('j]{Enter}');
    await waitFor(() => expect(window.location.search).toBe('?role=j%5D'));
  });

  it('Space on a status switch saves at once with the spec toast', async () => {
    signedInWithAbilities(api, { manage: ['EmailType'] });
    const row = { id: 4, name: 'welcome', key: null, description: 'x', status: 'active', created_at: null, updated_at: null };
    api.on('GET', `${AUTH}/admin/email-types`, pagedList([row]));
    api.on('PUT', `${AUTH}/admin/email-types`, (req) => ({ body: { ...row, ...(req.body as object) } }));
    renderApp('/email-type');
    const sw = await screen.findByRole('switch', { name: 'Status: active' });
    expect(sw.getAttribute('aria-checked')).toBe('true');
    const user = userEvent.setup();
    await user.click(sw);
    expect(await screen.findByText('Status Updated Successfully')).toBeTruthy();
    expect(api.callsTo('PUT', `${AUTH}/admin/email-types`)[0].body).toEqual({ id: 4, status: 'inactive' });
    expect(screen.getByRole('switch', { name: 'Status: inactive' }).getAttribute('aria-checked')).toBe('false');
    expect(window.location.pathname).toBe('/email-type');
  });
});
