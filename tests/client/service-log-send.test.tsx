// /service-logs/add (issue 14 item 8): the list's "Send test message" opens the create-only page
// (`addPage`), the form sends uid/service_type/topic/message to POST /admin/service_logs, and the toast
// names the provider's result — red when the message did not go out — before the list comes back.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeApi } from './support/fake-api';
import { AUTH } from './support/fixtures';
import { currentPath, renderApp } from './support/render-app';
import { pagedList, signedInWithAbilities } from './support/resource-rows';
import { toasts } from '../../src/client/state/toasts';

const LOGS = `${AUTH}/admin/service_logs`;
let api: FakeApi;

const row = (result: string) => ({
  id: 91, uid: 'ID00000000B1', email: 'b1@customer.test', service_name: 'twilio', service_type: 'sms', topic: 'test_message', user_country: 'GB',
  user_ip: '127.0.0.1', phone_number: '+447700900123', result, metadata: '{"transport":"sms_http"}', created_at: '2026-11-20T10:00:00Z',
});

beforeEach(() => {
  localStorage.clear();
  api = fakeApi();
});
afterEach(() => vi.unstubAllGlobals());

async function sendFromList(result: string) {
  signedInWithAbilities(api, { manage: ['ServiceLog'] });
  api.on('GET', LOGS, pagedList([])).on('POST', LOGS, { status: 201, body: row(result) });
  const user = userEvent.setup();
  renderApp('/service-logs');
  await user.click(await screen.findByRole('button', { name: /Send test message/ }));
  await waitFor(() => expect(currentPath()).toBe('/service-logs/add'));
  const submit = await screen.findByRole('button', { name: 'Send test message' });
  await user.type(screen.getByLabelText(/UID/), 'ID00000000B1');
  await user.click(submit);
  expect(await screen.findByText('Message is required')).toBeTruthy();
  expect(api.callsTo('POST', LOGS)).toHaveLength(0);
  await user.click(screen.getByRole('button', { name: /Type/ }));
  await user.click(await screen.findByRole('option', { name: 'SMS' }));
  await user.type(screen.getByLabelText(/^Message/), 'Your code is 1234');
  await user.click(submit);
  await waitFor(() => expect(api.callsTo('POST', LOGS)).toHaveLength(1));
  expect(api.callsTo('POST', LOGS)[0].body).toEqual({ uid: 'ID00000000B1', service_type: 'sms', topic: 'test_message', message: 'Your code is 1234' });
  await waitFor(() => expect(currentPath()).toBe('/service-logs'));
}

describe('send a test message', () => {
  it('sends the form and toasts the provider result, then shows the list', async () => {
    await sendFromList('submitted');
    expect(toasts.items.map((t) => [t.type, t.message])).toContainEqual(['success', 'Test message submitted']);
  });

  it('toasts a refused message as an error', async () => {
    await sendFromList('rejected');
    expect(toasts.items.map((t) => [t.type, t.message])).toContainEqual(['error', 'Test message rejected']);
  });

  it('offers no Send button to a role that only reads service logs', async () => {
    signedInWithAbilities(api, { read: ['ServiceLog'] });
    api.on('GET', LOGS, pagedList([]));
    renderApp('/service-logs');
    await screen.findByText('No Record Found');
    expect(screen.queryByRole('button', { name: /Send test message/ })).toBeNull();
  });
});
