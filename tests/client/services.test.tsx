/**
 * Services in the console (issue 14 item 3; spec §2 /services, /services-edit/{id}): the Continents tab
 * first (headers: country count and continent name, from GET …/country_services/continent; items:
 * country name and service type), the Service List tab (the spec's columns, ascending), the add form
 * with the spec's required messages and the provider picker listing the platform settings of the chosen
 * service type, and the edit form where only the status changes, each with the spec's toast.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeApi, type FakeRequest } from './support/fake-api';
import { AUTH } from './support/fixtures';
import { renderApp } from './support/render-app';
import { pagedList, signedInWithAbilities } from './support/resource-rows';

let api: FakeApi;
beforeEach(() => { localStorage.clear(); api = fakeApi(); });
afterEach(() => vi.unstubAllGlobals());

const SERVICES = `${AUTH}/admin/country_services`, PLATFORMS = `${AUTH}/admin/platform_settings`;
const STAMP = { created_at: '2026-10-01T08:00:00Z', updated_at: '2026-10-01T08:00:00Z' };
const GB = {
  id: 11, country_code: 'GB', country_name: 'United Kingdom', continent: 'EU', continent_name: 'Europe', service_type: 'sms',
  platform_setting_id: 3, service_name: 'twilio', platform_setting: { id: 3, service_name: 'twilio' }, state: 'enabled', ...STAMP,
};
const ROWS = [
  { ...GB, id: 15, country_code: 'all', country_name: 'All countries', continent: 'all', continent_name: 'All countries', service_type: 'email', platform_setting_id: 5, service_name: 'smtp' },
  { ...GB, id: 12, country_code: 'BR', country_name: 'Brazil', continent: 'SA', continent_name: 'South America', state: 'disabled' },
  GB,
];
const GROUPS = [
  { continent: 'EU', count: 2, countries: [
    { id: 13, country_name: 'Germany', country_code: 'DE', service_type: 'sms', state: 'enabled' },
    { id: 14, country_name: 'United Kingdom', country_code: 'GB', service_type: 'email', state: 'enabled' },
    { id: 11, country_name: 'United Kingdom', country_code: 'GB', service_type: 'sms', state: 'enabled' },
  ] },
  { continent: 'SA', count: 1, countries: [{ id: 12, country_name: 'Brazil', country_code: 'BR', service_type: 'sms', state: 'disabled' }] },
  { continent: 'all', count: 1, countries: [{ id: 15, country_name: 'All countries', country_code: 'all', service_type: 'email', state: 'enabled' }] },
];
const PROVIDERS = [
  { id: 3, service_type: 'sms', service_name: 'twilio', state: 'enabled', ...STAMP },
  { id: 4, service_type: 'sms', service_name: 'mock-verify', state: 'enabled', ...STAMP },
  { id: 5, service_type: 'email', service_name: 'smtp', state: 'enabled', ...STAMP },
];
const byType = (req: FakeRequest) => pagedList(PROVIDERS.filter((p) => !req.query.get('service_type') || p.service_type === req.query.get('service_type')))(req);

describe('services', () => {
  it('opens on the Continents tab: country counts and continent names, a continent opens to its services', async () => {
    signedInWithAbilities(api, { manage: ['ServiceLog', 'PlatformSetting'] });
    api.on('GET', `${SERVICES}/continent`, { body: GROUPS });
    api.on('GET', `${SERVICES}/13`, { body: { ...GB, id: 13, country_code: 'DE', country_name: 'Germany' } });
    api.on('GET', PLATFORMS, byType);
    renderApp('/services');
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Continents', 'Service List']);
    const europe = await screen.findByRole('button', { name: /Europe/ });
    expect(europe.textContent).toBe('2Europe');
    expect(screen.getByRole('button', { name: /South America/ }).textContent).toBe('1South America');
    expect(screen.getByRole('button', { name: /All countries/ }).textContent).toBe('1All countries');
    expect(screen.queryByRole('button', { name: /Africa/ })).toBeNull();
    const user = userEvent.setup();
    await user.click(europe);
    const items = await screen.findByRole('list', { name: 'Services in Europe' });
    expect(within(items).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['GermanySMS', 'United KingdomEmail', 'United KingdomSMS']);
    // The Continents answer is the one call: no list call per continent.
    expect(api.callsTo('GET', SERVICES)).toHaveLength(0);
    await user.click(within(items).getByText('Germany'));
    await waitFor(() => expect(window.location.pathname).toBe('/services-edit/13'));
  });

  it('lists the services on the Service List tab, ascending by country, with the spec columns', async () => {
    signedInWithAbilities(api, { read: ['ServiceLog'] });
    api.on('GET', `${SERVICES}/continent`, { body: GROUPS });
    api.on('GET', SERVICES, pagedList(ROWS));
    renderApp('/services');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Service List' }));
    await waitFor(() => expect(window.location.search).toBe('?tab=list'));
    expect(await screen.findByText('Brazil')).toBeTruthy();
    expect(screen.getAllByText('South America').length).toBeGreaterThan(0);
    for (const heading of ['Country', 'Continent', 'Service Type', 'Service Name', 'Status']) {
      expect(screen.getByRole('columnheader', { name: new RegExp(`^${heading}`) })).toBeTruthy();
    }
    expect(Object.fromEntries(api.callsTo('GET', SERVICES)[0]!.query)).toMatchObject({ ordering: 'asc', order_by: 'country_name' });
    // A reader sees the status switch but cannot flip it.
    expect((screen.getAllByRole('switch', { name: /^Status: / })[0] as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows the spec's required messages before sending anything", async () => {
    signedInWithAbilities(api, { manage: ['ServiceLog', 'PlatformSetting'] });
    api.on('GET', PLATFORMS, byType);
    renderApp('/services-edit/add');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add Service' }));
    expect(await screen.findByText('Country is required')).toBeTruthy();
    expect(screen.getByText('Service Type is required')).toBeTruthy();
    expect(screen.getByText('Service Name is required')).toBeTruthy();
    expect(api.callsTo('POST', SERVICES)).toHaveLength(0);
  });

  it('offers the providers of the chosen service type, and saves with the spec toast', async () => {
    signedInWithAbilities(api, { manage: ['ServiceLog', 'PlatformSetting'] });
    api.on('GET', PLATFORMS, byType);
    api.on('GET', SERVICES, pagedList(ROWS));
    api.on('GET', `${SERVICES}/continent`, { body: GROUPS });
    api.on('POST', SERVICES, (req) => ({ status: 201, body: { ...GB, id: 16, ...(req.body as object) } }));
    renderApp('/services-edit/add');
    const user = userEvent.setup();
    const pick = async (field: RegExp, option: string) => {
      await user.click(await screen.findByRole('button', { name: field }));
      await user.click(await screen.findByRole('option', { name: option }));
    };
    // No type yet: no provider to offer, and none asked for.
    await user.click(await screen.findByRole('button', { name: /Service Name$/ }));
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    await user.keyboard('{Escape}');
    expect(api.callsTo('GET', PLATFORMS)).toHaveLength(0);

    await pick(/Country$/, 'All countries');
    await pick(/Country$/, 'United Kingdom');
    await pick(/Service Type$/, 'Email');
    await waitFor(() => expect(api.callsTo('GET', PLATFORMS).at(-1)!.query.get('service_type')).toBe('email'));
    await user.click(screen.getByRole('button', { name: /Service Name$/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['smtp']);
    await user.keyboard('{Escape}');

    await pick(/Service Type$/, 'SMS');
    await waitFor(() => expect(api.callsTo('GET', PLATFORMS).at(-1)!.query.get('service_type')).toBe('sms'));
    await user.click(screen.getByRole('button', { name: /Service Name$/ }));
    await waitFor(() => expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['twilio', 'mock-verify']));
    await user.click(screen.getByRole('option', { name: 'mock-verify' }));
    await user.click(screen.getByRole('button', { name: 'Add Service' }));
    expect(await screen.findByText('Service saved successfully')).toBeTruthy();
    expect(api.callsTo('POST', SERVICES)[0]!.body).toEqual({ country_code: 'GB', service_type: 'sms', platform_setting_id: 4, state: 'enabled' });
  });

  it('locks country, type and provider when editing; the status saves with the spec toast', async () => {
    signedInWithAbilities(api, { manage: ['ServiceLog', 'PlatformSetting'] });
    api.on('GET', PLATFORMS, byType);
    api.on('GET', `${SERVICES}/11`, { body: GB });
    api.on('GET', `${SERVICES}/continent`, { body: GROUPS });
    api.on('PUT', SERVICES, (req) => ({ body: { ...GB, ...(req.body as object) } }));
    renderApp('/services-edit/11');
    const user = userEvent.setup();
    for (const field of [/Country$/, /Service Type$/, /Service Name$/]) {
      expect(((await screen.findByRole('button', { name: field })) as HTMLButtonElement).disabled, String(field)).toBe(true);
    }
    await waitFor(() => expect(screen.getByRole('button', { name: /Service Name$/ }).textContent).toContain('twilio'));
    await user.click(screen.getByRole('button', { name: /Status$/ }));
    await user.click(await screen.findByRole('option', { name: /^disabled$/i }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Service updated successfully')).toBeTruthy();
    expect(api.callsTo('PUT', SERVICES)[0]!.body).toEqual({ id: 11, state: 'disabled' });
  });
});
