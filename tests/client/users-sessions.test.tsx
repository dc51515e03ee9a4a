/**
 * "End all sessions" of the open user (issue 10 item 11): a button on the Account panel and a palette
 * command, both asking first, both only for a viewer who may change the user's state.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeApi } from './support/fake-api';
import { AUTH } from './support/fixtures';
import { renderApp, freshBrowserState } from './support/render-app';
import { ADMIN, SUPPORT, UID, USER_URL, customer, serveUser, staff } from './users-fixtures';

const SESSIONS = `${USER_URL}/sessions`;
let api: FakeApi;
beforeEach(() => {
  freshBrowserState();
  api = fakeApi();
});
afterEach(() => vi.unstubAllGlobals());

async function openUser(role: string, sets: Parameters<typeof staff>[2], user = customer()) {
  staff(api, role, sets);
  serveUser(api, user);
  renderApp(`/user-directory/${UID}`);
  await screen.findByRole('heading', { name: 'Grace Hopper' });
  return userEvent.setup();
}

describe('End all sessions', () => {
  it('asks first, then ends them and says how many', async () => {
    const ue = await openUser('admin', ADMIN);
    api.on('DELETE', SESSIONS, { body: { ended: 3 } });
    await ue.click(screen.getByRole('button', { name: 'End all sessions' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'End all sessions?' });
    expect(dialog.textContent).toContain('grace@customer.test is signed out on every device');
    expect(api.callsTo('DELETE', SESSIONS)).toHaveLength(0);
    await ue.click(within(dialog).getByRole('button', { name: 'End all sessions' }));
    await screen.findByText('Ended 3 sessions');
    expect(api.callsTo('DELETE', SESSIONS)).toHaveLength(1);
  });

  it('cancelling sends nothing', async () => {
    const ue = await openUser('admin', ADMIN);
    await ue.click(screen.getByRole('button', { name: 'End all sessions' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'End all sessions?' });
    await ue.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.callsTo('DELETE', SESSIONS)).toHaveLength(0);
  });

  it('is disabled for a role that may not change the state', async () => {
    await openUser('support', SUPPORT);
    const button = screen.getByRole('button', { name: 'End all sessions' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
  });

  it('is a palette command on the user page, confirmed on its own page', async () => {
    const ue = await openUser('admin', ADMIN);
    api.on('DELETE', SESSIONS, { body: { ended: 1 } });
    await ue.keyboard('{Control>}k{/Control}');
    const palette = await screen.findByRole('dialog', { name: 'Command palette' });
    await ue.type(within(palette).getByRole('combobox'), 'end all sessions');
    expect(within(palette).getAllByRole('option')[0]!.textContent).toMatch(/End all sessions of this user/);
    await ue.keyboard('{Enter}');
    expect(await within(palette).findByText('End all sessions? The user is signed out on every device at once.')).toBeTruthy();
    expect(api.callsTo('DELETE', SESSIONS)).toHaveLength(0);
    await ue.keyboard('{Enter}');
    await screen.findByText('Ended 1 session');
    expect(api.callsTo('DELETE', SESSIONS)).toHaveLength(1);
  });

  it('is not offered to support', async () => {
    const ue = await openUser('support', SUPPORT);
    await ue.keyboard('{Control>}k{/Control}');
    const palette = await screen.findByRole('dialog', { name: 'Command palette' });
    await ue.type(within(palette).getByRole('combobox'), 'sessions');
    const titles = within(palette).queryAllByRole('option').map((o) => o.textContent ?? '');
    expect(titles.join('\n')).not.toContain('End all sessions of this user');
  });
});
