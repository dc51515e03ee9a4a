// /fcm-notification: the push form validates with the shared struct, sends uid/title/message to
// POST /admin/notification/push, and lands on the new notification's recipients.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeApi } from './support/fake-api';
import { AUTH } from './support/fixtures';
import { currentPath, renderApp } from './support/render-app';
import { pagedList, signedInWithAbilities } from './support/resource-rows';
import { toasts } from '../../src/client/state/toasts';

const PUSH = `${AUTH}/admin/notification/push`;
let api: FakeApi;

beforeEach(() => {
  localStorage.clear();
  api = fakeApi();
});
afterEach(() => vi.unstubAllGlobals());

describe('FCM notification', () => {
  it('shows the spec messages, sends the push and opens its recipients', async () => {
    signedInWithAbilities(api, { manage: ['Device', 'Notification', 'NotificationRecipient'] });
    api.on('POST', PUSH, { status: 201, body: { id: 31, title: 'Hi', body: 'Hello', metadata: null, created_at: '2026-11-20T10:00:00Z', updated_at: '2026-11-20T10:00:00Z' } })
      .on('GET', `${AUTH}/admin/notifications/recipients`, pagedList([]));
    const user = userEvent.setup();
    renderApp('/fcm-notification');
    const submit = await screen.findByRole('button', { name: /Send|Save|Create|Add/ });
    await user.type(screen.getByLabelText(/UID/), 'ID00000000B1');
    await user.click(submit);
    expect(await screen.findByText('Title is required')).toBeTruthy();
    expect(screen.getByText('Message is required')).toBeTruthy();
    expect(api.callsTo('POST', PUSH)).toHaveLength(0);

    await user.type(screen.getByLabelText(/Title/), 'Hi');
    await user.type(screen.getByLabelText(/Message/), 'Hello');
    await user.click(submit);
    await waitFor(() => expect(api.callsTo('POST', PUSH)).toHaveLength(1));
    expect(api.callsTo('POST', PUSH)[0].body).toEqual({ uid: 'ID00000000B1', title: 'Hi', message: 'Hello' });
    expect(await screen.findByText('Notification added successfully')).toBeTruthy();
    await waitFor(() => expect(currentPath()).toBe('/recipients/31'));
  });

  it('says an unknown UID under the UID field and keeps what was typed', async () => {
    signedInWithAbilities(api, { manage: ['Device', 'Notification', 'NotificationRecipient'] });
    api.on('POST', PUSH, { status: 404, body: {
      errors: ['admin.notification.uid_doesnt_exist'], fields: { uid: ['admin.notification.uid_doesnt_exist'] },
    } });
    const user = userEvent.setup();
    renderApp('/fcm-notification');
    const submit = await screen.findByRole('button', { name: /Send|Save|Create|Add/ });
    await user.type(screen.getByLabelText(/UID/), 'ID0000000BAD');
    await user.type(screen.getByLabelText(/Title/), 'Maintenance');
    await user.type(screen.getByLabelText(/Message/), 'Back at 10:00');
    await user.click(submit);
    expect(await screen.findByText('There is no user with this UID.')).toBeTruthy();
    const uid = screen.getByLabelText(/UID/) as HTMLInputElement;
    expect(uid.getAttribute('aria-invalid')).toBe('true');
    expect([uid.value, (screen.getByLabelText(/Title/) as HTMLInputElement).value, (screen.getByLabelText(/Message/) as HTMLTextAreaElement).value])
      .toEqual(['ID0000000BAD', 'Maintenance', 'Back at 10:00']);
    expect(toasts.items).toHaveLength(0);
    expect(currentPath()).toBe('/fcm-notification');
  });

  it('is in the sidebar for a role that may update devices, not for one that only reads them', async () => {
    signedInWithAbilities(api, { read: ['Device', 'Notification'] });
    renderApp('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const links = within(nav).getAllByRole('link').map((a) => a.textContent);
    expect(links).toContain('Notifications');
    expect(links).not.toContain('FCM Notification');
  });
});
