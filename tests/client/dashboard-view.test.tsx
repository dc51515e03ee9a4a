// The dashboard's view in the URL (country, zone, period or range survive reload, Back/Forward move
// between them), the zone list without deprecated aliases, the spans each figure states, and a refused
// metrics call told apart from an empty period and from a failure.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeApi, type FakeRequest } from './support/fake-api';
import { AUTH, signedIn } from './support/fixtures';
import { renderApp } from './support/render-app';
import { resetDashboard } from '../../src/client/state/dashboard';
import { toasts } from '../../src/client/state/toasts';

const STAT = `${AUTH}/admin/metrics/statistic`;
let api: FakeApi;

const point = (date: string, n: number) => ({
  date, signups: 3 * n, signups_email: 2 * n, signups_phone: n, successful_logins: 10 * n, failed_logins: n,
});
const body = (extra: object = {}) => ({
  signups: 12, successful_logins: 389, failed_logins: 7, pending_applications: 5,
  data: [point('2026-11-19 15:00', 1), point('2026-11-20 14:00', 2)], ...extra,
});

const statCalls = () => api.callsTo('GET', STAT);
const lastQuery = () => Object.fromEntries(statCalls().at(-1)!.query);
const tile = (key: string) => screen.getByTestId(`tile-${key}`).textContent;
const pressed = (name: string) => screen.getByRole('button', { name }).getAttribute('aria-pressed');
const search = () => window.location.search;

beforeEach(() => {
  localStorage.clear();
  resetDashboard();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 20, 12, 0, 0));
  api = fakeApi();
  signedIn(api);
  api.on('GET', STAT, () => ({ body: body() }));
});
afterEach(() => { vi.useRealTimers(); vi.unstubAllGlobals(); });

describe('dashboard view in the URL', () => {
  it('restores country, zone and period from the URL on load', async () => {
    renderApp('/dashboard?country=US&tz=Asia%2FKathmandu&period=monthly');
    await waitFor(() => expect(tile('signups')).toBe('12'));
    expect(statCalls()).toHaveLength(1);
    expect(lastQuery()).toEqual({ period: 'monthly', timezone: 'Asia/Kathmandu', country_code: 'US' });
    expect((screen.getByLabelText('Country') as HTMLSelectElement).value).toBe('US');
    expect((screen.getByLabelText('Time zone') as HTMLSelectElement).value).toBe('Asia/Kathmandu');
    expect(pressed('1M')).toBe('true');
  });

  it('writes each change to the URL without the defaults, and Back/Forward move between views', async () => {
    const user = userEvent.setup();
    renderApp('/dashboard');
    await waitFor(() => expect(tile('signups')).toBe('12'));
    expect(search()).toBe('');
    await user.click(screen.getByRole('button', { name: '1W' }));
    await waitFor(() => expect(search()).toBe('?period=weekly'));
    await user.selectOptions(screen.getByLabelText('Country'), 'NP');
    await waitFor(() => expect(search()).toBe('?country=NP&period=weekly'));
    await user.selectOptions(screen.getByLabelText('Time zone'), 'America/St_Johns');
    await waitFor(() => expect(search()).toBe('?country=NP&tz=America%2FSt_Johns&period=weekly'));
    await user.click(screen.getByRole('button', { name: '1D' }));
    await waitFor(() => expect(search()).toBe('?country=NP&tz=America%2FSt_Johns'));
    const calls = statCalls().length;

    act(() => window.history.back());
    await waitFor(() => expect(pressed('1W')).toBe('true'));
    await waitFor(() => expect(lastQuery()).toEqual({ period: 'weekly', timezone: 'America/St_Johns', country_code: 'NP' }));
    act(() => window.history.back());
    await waitFor(() => expect((screen.getByLabelText('Time zone') as HTMLSelectElement).value).toBe('UTC'));
    await waitFor(() => expect(lastQuery()).toEqual({ period: 'weekly', timezone: 'UTC', country_code: 'NP' }));
    act(() => window.history.forward());
    await waitFor(() => expect(lastQuery()).toEqual({ period: 'weekly', timezone: 'America/St_Johns', country_code: 'NP' }));
    expect(statCalls().length).toBe(calls + 3);
  });

  it('keeps a Customised Date as from/to and restores it', async () => {
    const user = userEvent.setup();
    const first = renderApp('/dashboard?period=yearly');
    await waitFor(() => expect(tile('signups')).toBe('12'));
    await user.click(screen.getByRole('radio', { name: 'Customised Date' }));
    fireEvent.change(screen.getByLabelText('From date'), { target: { value: '2026-11-12' } });
    fireEvent.change(screen.getByLabelText('To date'), { target: { value: '2026-11-20' } });
    await user.click(within(screen.getByRole('form', { name: 'Customised Date' })).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(search()).toBe('?from=2026-11-12&to=2026-11-20'));

    first.unmount();
    resetDashboard();
    renderApp('/dashboard?from=2026-11-12&to=2026-11-20');
    await waitFor(() => expect(lastQuery()).toEqual({
      timezone: 'UTC', from: String(Date.UTC(2026, 10, 12) / 1000), to: String(Date.UTC(2026, 10, 21) / 1000 - 1),
    }));
    expect((screen.getByLabelText('From date') as HTMLInputElement).value).toBe('2026-11-12');
    expect((screen.getByLabelText('To date') as HTMLInputElement).value).toBe('2026-11-20');
    expect((screen.getByRole('radio', { name: 'Customised Date' }) as HTMLInputElement).checked).toBe(true);
  });

  it('maps a deprecated zone alias to its current name, and anything unknown to the defaults', async () => {
    renderApp('/dashboard?tz=Asia%2FKatmandu&country=us&period=daily');
    await waitFor(() => expect(lastQuery()).toEqual({ period: 'daily', timezone: 'Asia/Kathmandu', country_code: 'US' }));
    // The link is rewritten (not a new history entry) to the view it opened.
    expect(search()).toBe('?country=US&tz=Asia%2FKathmandu');
    cleanup();
    resetDashboard();
    renderApp('/dashboard?tz=Mars%2FOlympus&country=Germany&period=hourly&from=2026-11-30&to=2026-12-01');
    await waitFor(() => expect(lastQuery()).toEqual({ period: 'daily', timezone: 'UTC' }));
    expect(search()).toBe('');
    expect(statCalls()).toHaveLength(2);
  });
});

describe('dashboard zone list', () => {
  it('offers current IANA names only, UTC first', async () => {
    renderApp('/dashboard');
    await waitFor(() => expect(tile('signups')).toBe('12'));
    const values = within(screen.getByLabelText('Time zone')).getAllByRole('option').map((o) => o.getAttribute('value'));
    expect(values[0]).toBe('UTC');
    expect(values).toEqual(expect.arrayContaining(['Asia/Kathmandu', 'Asia/Kolkata', 'Europe/Kyiv', 'America/Argentina/Buenos_Aires']));
    for (const alias of ['Asia/Katmandu', 'Asia/Calcutta', 'Europe/Kiev', 'Asia/Saigon', 'America/Buenos_Aires', 'Etc/UTC']) {
      expect(values).not.toContain(alias);
    }
    expect(new Set(values).size).toBe(values.length);
    expect(values.length).toBeGreaterThan(300);
  });
});

describe('dashboard spans and refusals', () => {
  it('says which span the tiles and the legend totals each cover, in the selected zone', async () => {
    api.on('GET', STAT, () => ({ body: body({ spans: {
      tiles: { from: '2026-11-19T14:37:23.456Z', to: '2026-11-20T14:37:23.456Z' },
      series: { from: '2026-11-19T15:00:00.000Z', to: '2026-11-20T14:37:23.457Z' },
    } }) }));
    renderApp('/dashboard');
    await waitFor(() => expect(screen.getByTestId('tiles-span').textContent).toBe('Tiles: Last 24 h, until Nov 20, 2026 14:37 UTC'));
    expect(screen.getByTestId('series-span').textContent)
      .toBe('Totals Nov 19, 2026 15:00 – Nov 20, 2026 14:37 UTC (1D) · hover the chart to read a point');
    cleanup();
    resetDashboard();
    renderApp('/dashboard?tz=Asia%2FKathmandu&period=weekly');
    await waitFor(() => expect(screen.getByTestId('tiles-span').textContent).toBe('Tiles: Last 24 h, until Nov 20, 2026 20:22 Asia/Kathmandu'));
    expect(screen.getByTestId('series-span').textContent).toMatch(/^Totals Nov 19, 2026 20:45 – Nov 20, 2026 20:22 Asia\/Kathmandu \(1W\)/);
  });

  it('tells a refused call apart from an empty period and from a failure', async () => {
    api.on('GET', STAT, { status: 401, body: { errors: ['admin.ability.not_permitted'] } });
    renderApp('/dashboard');
    expect(await screen.findByText('Your role may not view user activity metrics.')).toBeTruthy();
    expect(screen.queryByText('No data for this period')).toBeNull();
    expect(tile('signups')).toBe('—');
    expect(toasts.items).toHaveLength(0);

    cleanup();
    resetDashboard();
    api.on('GET', STAT, (_req: FakeRequest) => ({ body: body({ data: [] }) }));
    renderApp('/dashboard');
    expect(await screen.findByText('No data for this period')).toBeTruthy();

    cleanup();
    resetDashboard();
    api.on('GET', STAT, { status: 500, body: { errors: ['server.internal_error'] } });
    renderApp('/dashboard');
    expect(await screen.findByText('The metrics could not be loaded.')).toBeTruthy();
    expect(screen.queryByText('No data for this period')).toBeNull();
    expect(toasts.items).toHaveLength(0);
  });
});
