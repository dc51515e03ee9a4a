// /recipients/{id}: a numeric id lists one notification's recipients, anything else one user's; and a
// notification row opens its recipients.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeApi } from './support/fake-api';
import { AUTH } from './support/fixtures';
import { currentPath, renderApp } from './support/render-app';
import { pagedList, signedInWithAbilities } from './support/resource-rows';

const RECIPIENTS = `${AUTH}/admin/notifications/recipients`;
let api: FakeApi;

const recipient = (id: number, uid: string) => ({
  id, uid, notification: { title: 'Maintenance', body: 'Tonight' }, phone_number: '+4917000000', device_id: `dev-${id}`,
  device_type: 'android', metadata: null, status: 'success', created_at: '2026-11-20T10:00:00Z', updated_at: '2026-11-20T10:00:00Z',
});

beforeEach(() => {
  localStorage.clear();
  api = fakeApi();
  signedInWithAbilities(api, { read: ['Notification', 'NotificationRecipient'] });
  api.on('GET', RECIPIENTS, pagedList([recipient(1, 'ID00000000B1'), recipient(2, 'ID00000000B1')]));
});
afterEach(() => vi.unstubAllGlobals());

const lastQuery = () => Object.fromEntries(api.callsTo('GET', RECIPIENTS).at(-1)!.query);

describe('notification recipients', () => {
  it('a numeric id is a notification', async () => {
    renderApp('/recipients/12');
    expect(await screen.findByText('dev-2')).toBeTruthy();
    expect(lastQuery()).toMatchObject({ notification_id: '12' });
    expect(lastQuery()).not.toHaveProperty('uid');
    expect(screen.getByRole('heading', { name: /notification #12/ })).toBeTruthy();
  });

  it('anything else is a user uid, and that filter is not offered again in the panel', async () => {
    const user = userEvent.setup();
    renderApp('/recipients/ID00000000B1');
    expect(await screen.findByText('dev-1')).toBeTruthy();
    expect(lastQuery()).toMatchObject({ uid: 'ID00000000B1' });
    expect(lastQuery()).not.toHaveProperty('notification_id');
    await user.click(screen.getByRole('button', { name: /Filter/ }));
    const panel = await screen.findByRole('search');
    expect(within(panel).getByLabelText(/Status/i)).toBeTruthy();
    expect(within(panel).getByLabelText(/Notification/i)).toBeTruthy();
    expect(within(panel).queryByLabelText(/^UID$/i)).toBeNull();
  });

  it('a notification row opens /recipients/{id}', async () => {
    const user = userEvent.setup();
    api.on('GET', `${AUTH}/admin/notifications`, pagedList([
      { id: 7, title: 'Maintenance', body: 'Tonight', metadata: null, created_at: '2026-11-20T10:00:00Z', updated_at: '2026-11-20T10:00:00Z' },
    ]));
    renderApp('/notifications');
    await user.click(await screen.findByText('Maintenance'));
    await waitFor(() => expect(currentPath()).toBe('/recipients/7'));
    await waitFor(() => expect(lastQuery()).toMatchObject({ notification_id: '7' }));
  });

  it("a notification's metadata opens in 'Metadata Details' from its View button, without opening the row", async () => {
    const user = userEvent.setup();
    api.on('GET', `${AUTH}/admin/notifications`, pagedList([
      { id: 8, title: 'Promo', body: 'Fees halved', metadata: '{"campaign":"nov","segment":"vip"}', created_at: '2026-11-20T10:00:00Z', updated_at: '2026-11-20T10:00:00Z' },
    ]));
    renderApp('/notifications');
    await user.click(await screen.findByRole('button', { name: 'View Metadata Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Metadata Details' });
    expect(dialog.textContent).toContain('"campaign": "nov"');
    expect(currentPath()).toBe('/notifications');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Metadata Details' })).toBeNull());
  });
});
