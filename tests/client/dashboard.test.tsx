import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeApi, type FakeRequest } from './support/fake-api';
import { AUTH, signedIn } from './support/fixtures';
import { renderApp } from './support/render-app';
import { signedInWithAbilities } from './support/resource-rows';
import { resetDashboard } from '../../src/client/state/dashboard';
import { toasts } from '../../src/client/state/toasts';

let api: FakeApi;
const STAT = `${AUTH}/admin/metrics/statistic`;

function body(scale = 1) {
  const point = (date: string, n: number) => ({
    date, signups: 3 * n, signups_email: 2 * n, signups_phone: n, successful_logins: 10 * n, failed_logins: n,
  });
  return {
    signups: 12 * scale, successful_logins: 340 * scale, failed_logins: 7 * scale, pending_applications: 5 * scale,
    data: [point('2026-11-19', scale), point('2026-11-20', 2 * scale)],
  };
}

const statCalls = () => api.callsTo('GET', STAT);
const lastQuery = (): URLSearchParams => statCalls().at(-1)!.query;
const tile = (key: string) => screen.getByTestId(`tile-${key}`).textContent;

beforeEach(() => {
  localStorage.clear();
  resetDashboard();
  // Only Date is faked: "today" for the pickers is 20 Nov 2026 in the viewer's zone.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 20, 12, 0, 0));
  api = fakeApi();
  signedIn(api);
  api.on('GET', STAT, (req: FakeRequest) => ({ body: body(req.query.get('period') === 'yearly' ? 10 : 1) }));
});
afterEach(() => { vi.useRealTimers(); vi.unstubAllGlobals(); });

async function open() {
  const user = userEvent.setup();
  renderApp('/dashboard');
  await waitFor(() => expect(tile('signups')).toBe('12'));
  return user;
}

describe('dashboard metrics', () => {
  it('loads 1D in UTC for all countries and shows the tiles and legend totals', async () => {
    await open();
    expect(Object.fromEntries(lastQuery())).toEqual({ period: 'daily', timezone: 'UTC' });
    expect([tile('successful_logins'), tile('failed_logins'), tile('pending_applications')]).toEqual(['340', '7', '5']);
    for (const label of ['New Signup 24h', 'Login Last 24h', 'Failed Login 24h', 'Pending Applications 24h']) {
      expect(screen.getByText(label)).toBeTruthy();
    }
    const phone = screen.getByRole('button', { name: /Signups with phone/ });
    expect(within(phone).getByText('3')).toBeTruthy(); // 1 + 2 over the two points
    // The chart says which span the legend totals cover.
    expect(screen.getByText(/^Nov 19, 2026 – Nov 20, 2026 · hover the chart/)).toBeTruthy();
    expect(screen.getByRole('button', { name: '1D' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('links the pending applications tile to the queue for a role that may open it', async () => {
    const user = await open();
    const link = screen.getByRole('link', { name: 'Review the queue' });
    await user.click(link);
    await waitFor(() => expect(window.location.pathname).toBe('/pending-applications'));
    // The tile counts profile applications: it opens that tab, whatever tab comes first.
    expect(window.location.search).toBe('?tab=profile');
  });

  it('shows the tile without the link to a role that may not open the queue', async () => {
    signedInWithAbilities(api, { read: ['User'] });
    await open();
    expect(tile('pending_applications')).toBe('5');
    expect(screen.queryByRole('link', { name: 'Review the queue' })).toBeNull();
  });

  it('switches the period and sends it', async () => {
    const user = await open();
    await user.click(screen.getByRole('button', { name: '1Y' }));
    await waitFor(() => expect(tile('signups')).toBe('120'));
    expect(lastQuery().get('period')).toBe('yearly');
    expect(screen.getByRole('button', { name: '1Y' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: '1D' }).getAttribute('aria-pressed')).toBe('false');
    await user.click(screen.getByRole('button', { name: 'All' }));
    await waitFor(() => expect(lastQuery().get('period')).toBe('all'));
  });

  it('sends the chosen time zone and country with every call', async () => {
    const user = await open();
    await user.selectOptions(screen.getByLabelText('Time zone'), 'America/St_Johns');
    await waitFor(() => expect(lastQuery().get('timezone')).toBe('America/St_Johns'));
    await user.selectOptions(screen.getByLabelText('Country'), 'NP');
    await waitFor(() => expect(lastQuery().get('country_code')).toBe('NP'));
    await user.click(screen.getByRole('button', { name: '1W' }));
    await waitFor(() => expect(Object.fromEntries(lastQuery())).toEqual({
      period: 'weekly', timezone: 'America/St_Johns', country_code: 'NP',
    }));
    const zones = within(screen.getByLabelText('Time zone')).getAllByRole('option');
    expect(zones[0]!.getAttribute('value')).toBe('UTC');
    expect(zones.length).toBeGreaterThan(300);
  });

  it('checks Customised Date before searching, then sends whole UTC days', async () => {
    const user = await open();
    const calls = statCalls().length;
    await user.click(screen.getByRole('radio', { name: 'Customised Date' }));
    const form = screen.getByRole('form', { name: 'Customised Date' });
    const search = within(form).getByRole('button', { name: 'Search' });
    await user.click(search);
    expect(within(form).getAllByText('Required')).toHaveLength(2);

    const from = screen.getByLabelText('From date'), to = screen.getByLabelText('To date');
    fireEvent.change(from, { target: { value: '2026-11-21' } });
    fireEvent.change(to, { target: { value: '2026-11-10' } });
    await user.click(search);
    expect(within(form).getByText('Date cannot be later than today')).toBeTruthy();

    fireEvent.change(from, { target: { value: '2026-11-12' } });
    await user.click(search);
    expect(within(form).getByText('End date cannot be before start date')).toBeTruthy();
    expect(statCalls().length).toBe(calls);

    fireEvent.change(to, { target: { value: '2026-11-20' } });
    await user.click(search);
    await waitFor(() => expect(statCalls().length).toBe(calls + 1));
    expect(Object.fromEntries(lastQuery())).toEqual({
      timezone: 'UTC',
      from: String(Date.UTC(2026, 10, 12) / 1000),
      to: String(Date.UTC(2026, 10, 21) / 1000 - 1),
    });
    expect(within(form).queryByText(/Required|cannot/)).toBeNull();
    expect(screen.queryByRole('button', { name: '1D' })).toBeNull();
  });

  it('offers Filter Date or Customised Date as one choice by keyboard, showing only the chosen inputs (issue 29 item 17)', async () => {
    const user = await open();
    const filterDate = screen.getByRole('radio', { name: 'Filter Date' });
    const custom = screen.getByRole('radio', { name: 'Customised Date' });
    expect((filterDate as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('group', { name: 'Filter Date' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Customised Date' })).toBeNull();
    expect(screen.queryByLabelText('From date')).toBeNull();
    // Tab reaches the choice once; an arrow key changes it and commits nothing.
    filterDate.focus();
    const calls = statCalls().length;
    await user.keyboard('{ArrowRight}');
    expect((custom as HTMLInputElement).checked).toBe(true);
    expect(document.activeElement).toBe(custom);
    expect(screen.queryByRole('group', { name: 'Filter Date' })).toBeNull();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByLabelText('From date'));
    expect(statCalls().length).toBe(calls);
    // Back to Filter Date: the period buttons again, the pickers gone; a period pressed loads it.
    await user.tab({ shift: true });
    await user.keyboard('{ArrowLeft}');
    expect((filterDate as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByLabelText('From date')).toBeNull();
    await user.click(screen.getByRole('button', { name: '1Y' }));
    await waitFor(() => expect(lastQuery().get('period')).toBe('yearly'));
    // A view applied elsewhere (a Customised Date link) sets the choice to its kind.
    act(() => window.history.pushState(null, '', '/dashboard?from=2026-11-12&to=2026-11-20'));
    act(() => window.dispatchEvent(new PopStateEvent('popstate')));
    await waitFor(() => expect((screen.getByRole('radio', { name: 'Customised Date' }) as HTMLInputElement).checked).toBe(true));
    expect((screen.getByLabelText('From date') as HTMLInputElement).value).toBe('2026-11-12');
  });

  it('switches the period from the command palette', async () => {
    const user = await open();
    await user.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Command palette' });
    await user.type(within(dialog).getByRole('combobox'), 'dashboard 1Y');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(lastQuery().get('period')).toBe('yearly'));
    expect(screen.getByRole('button', { name: '1Y' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('toggles series from the legend cards', async () => {
    const user = await open();
    const card = screen.getByRole('button', { name: /Failed Logins/ });
    await user.click(card);
    expect(card.getAttribute('aria-pressed')).toBe('false');
    await user.click(card);
    expect(card.getAttribute('aria-pressed')).toBe('true');
  });

  it('keeps the last numbers and says nothing when a load fails', async () => {
    const user = await open();
    api.on('GET', STAT, { status: 500, body: { errors: ['server.internal_error'] } });
    await user.click(screen.getByRole('button', { name: '1M' }));
    await waitFor(() => expect(lastQuery().get('period')).toBe('monthly'));
    await waitFor(() => expect(screen.getByRole('region', { name: 'Metrics' }).getAttribute('aria-busy')).toBe('false'));
    expect(tile('signups')).toBe('12');
    expect(toasts.items).toHaveLength(0);
  });

  it("falls back to Barong's /admin/metrics where /metrics/statistic does not exist", async () => {
    api.on('GET', STAT, { status: 404, body: { errors: ['route.not_found'] } });
    api.on('GET', `${AUTH}/admin/metrics`, {
      body: { signups: { '2026-11-19': 4, '2026-11-20': 1 }, sucessful_logins: { '2026-11-20': 9 }, failed_logins: {}, pending_applications: 2 },
    });
    renderApp('/dashboard');
    await waitFor(() => expect(tile('signups')).toBe('5'));
    expect([tile('successful_logins'), tile('failed_logins'), tile('pending_applications')]).toEqual(['9', '0', '2']);
  });
});
