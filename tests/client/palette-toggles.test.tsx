/**
 * The palette's "toggle <name>" (issue 14 item 11): typed names list the matching rows from their list
 * calls with the change each would make; Enter asks with before → after; confirming sends the list
 * switch's own write once, toasts and refreshes the list on screen. Rows a role may not change show
 * disabled with the reason. "graph <country>" opens the service-log graph for that country.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeApi } from './support/fake-api';
import { AUTH } from './support/fixtures';
import { freshBrowserState, renderApp } from './support/render-app';
import { pagedList, signedInWithAbilities } from './support/resource-rows';
import { toasts } from '../../src/client/state/toasts';
import { serviceGraphView } from '../../src/client/state/service-graph';

let api: FakeApi;
beforeEach(() => { freshBrowserState(); api = fakeApi(); });
afterEach(() => vi.unstubAllGlobals());

const AT = { created_at: '2026-10-01T08:00:00Z', updated_at: '2026-10-01T08:00:00Z' };
const SENDER = { id: 5, platform_setting_id: 3, service_name: 'twilio', country_code: 'GB', country_name: 'United Kingdom', sender: 'Steward', status: 'active', ...AT };
const SETTING = { id: 3, service_type: 'sms', service_name: 'twilio', state: 'disabled', ...AT };
const TYPE = { id: 2, name: 'welcome', key: '', description: 'Sent after sign-up', status: 'inactive', ...AT };
const NOTE = { id: 9, uid: 'ID00000000B1', email: 'ada@example.test', email_type_id: 2, name: 'welcome', description: 'Sent after sign-up', enabled: true, ...AT };

/** A list call that honours the name filter `param` (contains, case-insensitive), as the server does. */
const byName = (rows: Record<string, unknown>[], param: string) => (req: Parameters<ReturnType<typeof pagedList>>[0]) => {
  const q = (req.query.get(param) ?? '').toLowerCase();
  return pagedList(rows.filter((r) => String(r[param]).toLowerCase().includes(q)))(req);
};

function serveAll() {
  api.on('GET', `${AUTH}/admin/sms_sender`, byName([SENDER, { ...SENDER, id: 6, service_name: 'messagebird', country_code: 'IN' }], 'service_name'))
    .on('GET', `${AUTH}/admin/platform_settings`, byName([SETTING], 'service_name'))
    .on('GET', `${AUTH}/admin/email-types`, byName([TYPE], 'name'))
    .on('GET', `${AUTH}/admin/email-notifications`, byName([NOTE], 'name'))
    .on('PUT', `${AUTH}/admin/sms_sender`, { body: { ...SENDER, status: 'inactive' } })
    .on('PUT', `${AUTH}/admin/platform_settings`, { body: { ...SETTING, state: 'enabled' } })
    .on('PUT', `${AUTH}/admin/email-types`, { body: { ...TYPE, status: 'active' } })
    .on('POST', `${AUTH}/admin/email-notifications`, { body: { ...NOTE, enabled: false } });
}

async function openPalette(path: string, ready: () => Promise<unknown>) {
  renderApp(path);
  await ready();
  const ue = userEvent.setup();
  await ue.keyboard('{Control>}k{/Control}');
  const dialog = await screen.findByRole('dialog', { name: 'Command palette' });
  const input = within(dialog).getByRole('combobox') as HTMLInputElement;
  return { ue, dialog, input };
}

const item = (dialog: HTMLElement, text: string) => within(dialog).getByText(text).closest('[cmdk-item]') as HTMLElement;

describe('toggle by name from the palette', () => {
  it('lists the rows a typed name matches, each with its change, from the list calls filtered by name', async () => {
    signedInWithAbilities(api, { manage: ['SmsSenderConfig', 'PlatformSetting', 'EmailType', 'EmailNotification'] });
    serveAll();
    const { ue, dialog, input } = await openPalette('/dashboard', () => screen.findByRole('heading', { name: 'Dashboard' }).catch(() => null));
    await ue.type(input, 'toggle twilio');
    expect(await within(dialog).findByText('SMS Sender twilio · GB · Steward: active → inactive')).toBeTruthy();
    expect(within(dialog).getByText('Platform Setting twilio · SMS: disabled → enabled')).toBeTruthy();
    expect(within(dialog).queryByText(/messagebird/)).toBeNull();
    expect(api.callsTo('GET', `${AUTH}/admin/sms_sender`).at(-1)!.query.get('service_name')).toBe('twilio');
    expect(api.callsTo('GET', `${AUTH}/admin/email-types`).at(-1)?.query.get('name')).toBe('twilio');

    // A resource's name narrows the lookup to it.
    await ue.clear(input);
    await ue.type(input, 'email notification welcome');
    expect(await within(dialog).findByText('Email Notification welcome · ada@example.test: on → off')).toBeTruthy();
    expect(within(dialog).queryByText(/Email Type welcome/)).toBeNull();
  });

  it('asks with before → after, then sends the switch\'s write once, toasts and refreshes the list on screen', async () => {
    signedInWithAbilities(api, { manage: ['SmsSenderConfig', 'PlatformSetting'] });
    serveAll();
    const { ue, dialog, input } = await openPalette('/sms-sender', () => screen.findByText('Steward'));
    const listed = api.callsTo('GET', `${AUTH}/admin/sms_sender`).filter((c) => !c.query.has('service_name')).length;
    await ue.type(input, 'sms sender twil');
    await within(dialog).findByText('SMS Sender twilio · GB · Steward: active → inactive');
    await ue.keyboard('{Enter}');
    expect(within(dialog).getByText('Status of SMS Sender twilio · GB · Steward: active → inactive')).toBeTruthy();
    expect(api.callsTo('PUT', `${AUTH}/admin/sms_sender`)).toHaveLength(0);
    await ue.keyboard('{Enter}');
    expect(await screen.findByText('Status Updated Successfully')).toBeTruthy();
    expect(api.callsTo('PUT', `${AUTH}/admin/sms_sender`).map((c) => c.body)).toEqual([{ id: 5, status: 'inactive' }]);
    expect(screen.queryByRole('dialog', { name: 'Command palette' })).toBeNull();
    await waitFor(() => expect(api.callsTo('GET', `${AUTH}/admin/sms_sender`).filter((c) => !c.query.has('service_name')).length).toBeGreaterThan(listed));
  });

  it('saves an e-mail notification through its own call, and a platform setting through its update', async () => {
    signedInWithAbilities(api, { manage: ['PlatformSetting', 'EmailNotification'] });
    serveAll();
    const { ue, dialog, input } = await openPalette('/dashboard', () => Promise.resolve());
    await ue.type(input, 'email notification welc');
    await within(dialog).findByText('Email Notification welcome · ada@example.test: on → off');
    await ue.keyboard('{Enter}{Enter}');
    expect(await screen.findByText('Status Updated successfully')).toBeTruthy();
    expect(api.callsTo('POST', `${AUTH}/admin/email-notifications`).map((c) => c.body)).toEqual([{ id: 9, enabled: false }]);

    await ue.keyboard('{Control>}k{/Control}');
    const again = await screen.findByRole('dialog', { name: 'Command palette' });
    await ue.type(within(again).getByRole('combobox'), 'platform setting twilio');
    await within(again).findByText('Platform Setting twilio · SMS: disabled → enabled');
    await ue.keyboard('{Enter}');
    expect(within(again).getByText('State of Platform Setting twilio · SMS: disabled → enabled')).toBeTruthy();
    await ue.keyboard('{Enter}');
    expect(await screen.findByText('platform Setting updated successfully')).toBeTruthy();
    expect(api.callsTo('PUT', `${AUTH}/admin/platform_settings`).map((c) => c.body)).toEqual([{ id: 3, state: 'enabled' }]);
  });

  it('"Toggle Email Type by name…" lists what the name matches on its own page', async () => {
    signedInWithAbilities(api, { manage: ['EmailType'] });
    serveAll();
    const { ue, dialog, input } = await openPalette('/dashboard', () => Promise.resolve());
    await ue.type(input, 'Toggle Email Type by name');
    await ue.keyboard('{Enter}');
    expect(dialog.querySelector('.palette-crumb')?.textContent).toBe('Toggle Email Type by name');
    await ue.type(input, 'welc');
    await within(dialog).findByText('Email Type welcome: inactive → active');
    await ue.keyboard('{Enter}');
    expect(within(dialog).getByText('Status of Email Type welcome: inactive → active')).toBeTruthy();
    await ue.keyboard('{Enter}');
    await waitFor(() => expect(api.callsTo('PUT', `${AUTH}/admin/email-types`).map((c) => c.body)).toEqual([{ id: 2, status: 'active' }]));
  });

  it('shows a row the role may not change disabled, with the reason, and Enter sends nothing', async () => {
    signedInWithAbilities(api, { read: ['SmsSenderConfig', 'PlatformSetting'] });
    serveAll();
    const { ue, dialog, input } = await openPalette('/dashboard', () => Promise.resolve());
    await ue.type(input, 'toggle twilio');
    await within(dialog).findByText('SMS Sender twilio · GB · Steward: active → inactive');
    const row = item(dialog, 'SMS Sender twilio · GB · Steward: active → inactive');
    expect(row.getAttribute('aria-disabled')).toBe('true');
    expect(row.textContent).toContain('Your role cannot edit status of SmsSenderConfig.');
    expect(item(dialog, 'Platform Setting twilio · SMS: disabled → enabled').textContent).toContain('Your role cannot edit state of PlatformSetting.');
    await ue.keyboard('{Enter}');
    await new Promise((r) => setTimeout(r, 50));
    expect(api.callsTo('PUT', `${AUTH}/admin/sms_sender`)).toHaveLength(0);
    expect(api.callsTo('PUT', `${AUTH}/admin/platform_settings`)).toHaveLength(0);
    expect(toasts.items).toEqual([]);
    // The "by name" command itself is shown disabled with the same reason.
    await ue.clear(input);
    await ue.type(input, 'toggle sms sender by');
    const command = await within(dialog).findByText('Toggle SMS Sender by service name…');
    expect(command.closest('[cmdk-item]')!.getAttribute('aria-disabled')).toBe('true');
    expect(command.closest('[cmdk-item]')!.textContent).toContain('Your role cannot edit status of SmsSenderConfig.');
  });

  it('looks nothing up for a role that cannot list the resource', async () => {
    signedInWithAbilities(api, { read: ['EmailType'] });
    serveAll();
    const { ue, dialog, input } = await openPalette('/dashboard', () => Promise.resolve());
    await ue.type(input, 'toggle twilio');
    await within(dialog).findByText('No matching commands');
    await new Promise((r) => setTimeout(r, 300));
    expect(api.callsTo('GET', `${AUTH}/admin/sms_sender`)).toHaveLength(0);
    expect(api.callsTo('GET', `${AUTH}/admin/email-types`).length).toBeGreaterThan(0);
  });
});

describe('service-log graph for a country from the palette', () => {
  it('"graph india" lists the country and opens the graph with it selected', async () => {
    serviceGraphView.reset();
    signedInWithAbilities(api, { read: ['ServiceLog'] });
    const METRICS = `${AUTH}/admin/metrics/service-logs`;
    api.on('GET', METRICS, { body: { success: 1, failed: 0, in_progress: 0, suspicious: 0, data: [] } });
    const { ue, dialog, input } = await openPalette('/dashboard', () => Promise.resolve());
    await ue.type(input, 'graph india');
    expect(within(dialog).getByText('Service-log graph for India (IN)')).toBeTruthy();
    await ue.keyboard('{Enter}');
    await waitFor(() => expect(window.location.pathname + window.location.search).toBe('/servicegraph?country=IN'));
    await waitFor(() => expect(api.callsTo('GET', METRICS).at(-1)?.query.get('country_code')).toBe('IN'));

    // On the graph, a two-letter code; the rest of the view stays.
    await ue.keyboard('{Control>}k{/Control}');
    const again = await screen.findByRole('dialog', { name: 'Command palette' });
    await ue.type(within(again).getByRole('combobox'), 'service log graph DE');
    expect(within(again).getAllByText(/^Service-log graph for /)[0]!.textContent).toBe('Service-log graph for Germany (DE)');
    await ue.keyboard('{Enter}');
    await waitFor(() => expect(window.location.search).toBe('?country=DE'));
  });

  it('offers no graph to a role that cannot open it', async () => {
    signedInWithAbilities(api, { read: ['User'] });
    api.on('GET', `${AUTH}/admin/users`, pagedList([]));
    const { ue, dialog, input } = await openPalette('/dashboard', () => Promise.resolve());
    await ue.type(input, 'graph india');
    expect(within(dialog).queryByText(/Service-log graph for/)).toBeNull();
  });
});
