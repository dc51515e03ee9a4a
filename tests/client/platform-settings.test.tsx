/**
 * Platform settings in the console: the list's state badge, and a row's page where only the state can
 * change (service type and name locked), saved with Barong's PUT {id, state} and the spec's toast.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeApi } from './support/fake-api';
import { AUTH } from './support/fixtures';
import { renderApp } from './support/render-app';
import { pagedList, signedInWithAbilities } from './support/resource-rows';

let api: FakeApi;
beforeEach(() => { localStorage.clear(); api = fakeApi(); });
afterEach(() => vi.unstubAllGlobals());

const ROW = { id: 3, service_type: 'sms', service_name: 'twilio', state: 'enabled', created_at: '2026-10-01T08:00:00Z', updated_at: '2026-11-01T08:00:00Z' };

describe('platform settings', () => {
  it('lists providers with their state', async () => {
    signedInWithAbilities(api, { manage: ['PlatformSetting'] });
    api.on('GET', `${AUTH}/admin/platform_settings`, pagedList([ROW, { ...ROW, id: 4, service_name: 'messagebird', state: 'disabled' }]));
    renderApp('/platform-settings');
    expect(await screen.findByText('messagebird')).toBeTruthy();
    expect(screen.getAllByText('disabled').length).toBeGreaterThan(0);
  });

  it('edits only the state', async () => {
    signedInWithAbilities(api, { manage: ['PlatformSetting'] });
    api.on('GET', `${AUTH}/admin/platform_settings`, pagedList([ROW]));
    api.on('GET', `${AUTH}/admin/platform_settings/3`, { body: ROW });
    api.on('PUT', `${AUTH}/admin/platform_settings`, { body: { ...ROW, state: 'disabled' } });
    renderApp('/platform-settings/3');
    const user = userEvent.setup();
    const name = await screen.findByRole('textbox', { name: 'Service name' });
    expect((name as HTMLInputElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: /State$/ }));
    await user.click(await screen.findByRole('option', { name: /^disabled$/i }));
    await user.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(api.callsTo('PUT', `${AUTH}/admin/platform_settings`)).toHaveLength(1));
    const [sent] = api.callsTo('PUT', `${AUTH}/admin/platform_settings`);
    expect(sent!.body).toMatchObject({ id: 3, state: 'disabled' });
    expect(sent!.body).not.toHaveProperty('service_name');
    expect(await screen.findByText('platform Setting updated successfully')).toBeTruthy();
  });
});

describe('sms senders', () => {
  const S = { id: 5, platform_setting_id: 3, service_name: 'twilio', country_code: 'GB', country_name: 'United Kingdom', sender: 'Steward', status: 'active', created_at: '2026-10-01T08:00:00Z', updated_at: '2026-10-01T08:00:00Z' };

  it('keeps Delete disabled for an active sender, with the reason, and deletes an inactive one', async () => {
    signedInWithAbilities(api, { manage: ['SmsSenderConfig', 'PlatformSetting'] });
    api.on('GET', `${AUTH}/admin/sms_sender`, pagedList([S, { ...S, id: 6, country_code: 'IN', country_name: 'India', status: 'inactive' }]));
    api.on('DELETE', `${AUTH}/admin/sms_sender`, { body: { ...S, id: 6, status: 'inactive' } });
    renderApp('/sms-sender');
    const user = userEvent.setup();
    const active = await screen.findByRole('button', { name: 'Delete 5' });
    expect((active as HTMLButtonElement).disabled).toBe(true);
    expect(active.getAttribute('title')).toBe('Switch the sender off before deleting it');
    await user.click(screen.getByRole('button', { name: 'Delete 6' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('DELETE', `${AUTH}/admin/sms_sender`)).toHaveLength(1));
    expect(await screen.findByText('Sms Service deleted Successfully')).toBeTruthy();
  });

  it('filters by country name from the keyboard, sent as P-A34\'s `country` (issue 29 item 16)', async () => {
    signedInWithAbilities(api, { manage: ['SmsSenderConfig', 'PlatformSetting'] });
    api.on('GET', `${AUTH}/admin/sms_sender`, pagedList([S]));
    renderApp('/sms-sender');
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Delete 5' });
    await user.keyboard('/');
    const country = await screen.findByRole('textbox', { name: 'Country' });
    // `/` lands on the first filter (the provider); the country comes after the service name.
    await waitFor(() => expect(document.activeElement?.id).toBe('filter-sms-sender-configs-platform_setting_id'));
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(country);
    await user.keyboard('united{Enter}');
    await waitFor(() => expect(api.callsTo('GET', `${AUTH}/admin/sms_sender`).at(-1)!.query.get('country')).toBe('united'));
    expect(new URLSearchParams(window.location.search).get('country')).toBe('united');
  });
});

