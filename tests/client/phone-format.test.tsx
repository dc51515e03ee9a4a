// Phone numbers read one way on every screen, E.164 with '+', through one formatter (shared/phone.ts):
// a list's cells, the directory filter's echo, the user detail and the palette's "Open user by phone".
// The wire keeps the digits the server stores.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeApi } from './support/fake-api';
import { AUTH } from './support/fixtures';
import { renderApp } from './support/render-app';
import { pagedList, signedInWithAbilities } from './support/resource-rows';
import { customer, serveUser, USER_URL } from './users-fixtures';
import { formatPhone, phoneDigits } from '../../src/shared/phone';

let api: FakeApi;
beforeEach(() => {
  localStorage.clear();
  api = fakeApi();
  signedInWithAbilities(api, { manage: ['User', 'Device', 'Level', 'Label', 'Profile', 'ServiceLog'] }, { manage: ['Member'] });
});
afterEach(() => vi.unstubAllGlobals());

describe('phone display', () => {
  it('formats any spelling one way and keeps the digits for the wire', () => {
    expect(['447700900123', '+447700900123', '+44 7700 900123', '(44) 7700-900123'].map(formatPhone))
      .toEqual(Array(4).fill('+447700900123'));
    expect([formatPhone(null), formatPhone(''), formatPhone(undefined)]).toEqual(['', '', '']);
    expect(phoneDigits('+44 7700 900123')).toBe('447700900123');
  });

  it('shows list cells with the +, whatever the row holds', async () => {
    api.on('GET', `${AUTH}/admin/devices`, pagedList([
      { id: 1, uid: 'ID0000000001', email: 'a@x.test', phone_number: '49469856185', device_id: 'd1', device_type: 'ios', active: true,
        created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' },
      { id: 2, uid: 'ID0000000002', email: 'b@x.test', phone_number: '+4917000000', device_id: 'd2', device_type: 'android', active: true,
        created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' },
    ]));
    renderApp('/devices');
    expect(await screen.findByText('+49469856185')).toBeTruthy();
    expect(screen.getByText('+4917000000')).toBeTruthy();
    expect(screen.queryByText('49469856185')).toBeNull();
  });

  it("echoes the directory's phone filter the same way and sends its digits", async () => {
    api.on('GET', `${AUTH}/admin/users`, pagedList([]));
    const user = userEvent.setup();
    renderApp('/user-directory?phone_number=4420');
    await waitFor(() => expect(api.callsTo('GET', `${AUTH}/admin/users`).at(-1)?.query.get('phone_number')).toBe('4420'));
    // A filtered list opens with its panel showing what is applied.
    const panel = await screen.findByRole('search', { name: 'Filter Users' });
    const field = within(panel).getByLabelText('Phone') as HTMLInputElement;
    expect(field.value).toBe('+4420');
    await user.clear(field);
    await user.type(field, '+44 20 7946');
    await user.click(within(panel).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('phone_number')).toBe('44207946'));
    expect(field.value).toBe('+44207946');
  });

  it('shows the user detail phone, and its log tabs', async () => {
    serveUser(api, customer({ phone_number: '447700900123' }));
    api.on('GET', `${AUTH}/admin/service_logs`, pagedList([
      { id: 7, uid: 'ID5A1B2C3D4E', email: 'grace@customer.test', service_name: 'twilio', service_type: 'sms', topic: 'otp', user_country: 'GB',
        user_ip: '10.0.0.1', phone_number: '447700900124', result: 'delivered', metadata: null, created_at: '2026-03-02T08:30:00Z' },
    ]));
    const user = userEvent.setup();
    renderApp(USER_URL.replace(`${AUTH}/admin/users`, '/user-directory'));
    const label = await screen.findByText('Phone number');
    expect(within(label.parentElement!).getByText('+447700900123')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'OTP Logs' }));
    expect(await within(await screen.findByRole('tabpanel')).findByText('+447700900124')).toBeTruthy();
  });
});
