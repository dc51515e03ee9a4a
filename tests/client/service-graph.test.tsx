/** /servicegraph through what the user sees: the cards and their totals, toggling, and the queries sent. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeApi } from './support/fake-api';
import { AUTH } from './support/fixtures';
import { signedInWithAbilities } from './support/resource-rows';
import { renderApp } from './support/render-app';
import { serviceGraphView } from '../../src/client/state/service-graph';

let api: FakeApi;
const URL = `${AUTH}/admin/metrics/service-logs`;
const point = (period: string, n: number) => ({ period, success: 10 * n, failed: 2 * n, in_progress: 3 * n, suspicious: n });

beforeEach(() => {
  localStorage.clear();
  serviceGraphView.reset();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 20, 12, 0, 0));
  api = fakeApi();
  signedInWithAbilities(api, { read: ['Ability', 'ServiceLog'] });
  api.on('GET', URL, { body: { success: 30, failed: 6, in_progress: 9, suspicious: 3, data: [point('2026-11-19', 1), point('2026-11-20', 2)] } });
});
afterEach(() => { vi.useRealTimers(); });

const lastQuery = () => Object.fromEntries(api.callsTo('GET', URL).at(-1)!.query);
const card = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}`) });

describe('service-log graph', () => {
  it('shows the four cards with the totals, 1D in UTC for all countries', async () => {
    renderApp('/servicegraph');
    await waitFor(() => expect(screen.getByTestId('card-success').textContent).toBe('30'));
    expect(lastQuery()).toEqual({ period: 'daily', timezone: 'UTC' });
    expect(['failed', 'in_progress', 'suspicious'].map((k) => screen.getByTestId(`card-${k}`).textContent)).toEqual(['6', '9', '3']);
    for (const name of ['Success', 'Failed', 'In Progress', 'Suspicious']) expect(card(name).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('figure', { name: 'Service logs chart' })).toBeTruthy();
  });

  it('toggles a series from its card', async () => {
    const user = userEvent.setup();
    renderApp('/servicegraph');
    await waitFor(() => expect(screen.getByTestId('card-success').textContent).toBe('30'));
    await user.click(card('In Progress'));
    expect(card('In Progress').getAttribute('aria-pressed')).toBe('false');
    expect(serviceGraphView.state.hidden).toEqual(['in_progress']);
    await user.click(card('In Progress'));
    expect(card('In Progress').getAttribute('aria-pressed')).toBe('true');
  });

  it('asks for the chosen period, zone, country and Customised Date', async () => {
    const user = userEvent.setup();
    renderApp('/servicegraph');
    await waitFor(() => expect(api.callsTo('GET', URL).length).toBeGreaterThan(0));
    await user.click(screen.getByRole('button', { name: '1W' }));
    await waitFor(() => expect(lastQuery()).toEqual({ period: 'weekly', timezone: 'UTC' }));
    expect(screen.getByRole('button', { name: '1W' }).getAttribute('aria-pressed')).toBe('true');
    await user.selectOptions(screen.getByLabelText('Time zone'), 'Asia/Kathmandu');
    await waitFor(() => expect(lastQuery()).toEqual({ period: 'weekly', timezone: 'Asia/Kathmandu' }));
    await user.selectOptions(screen.getByLabelText('Country'), 'IN');
    await waitFor(() => expect(lastQuery()).toEqual({ period: 'weekly', timezone: 'Asia/Kathmandu', country_code: 'IN' }));
    await user.click(screen.getByRole('button', { name: 'All' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ period: 'all' }));
    await user.click(screen.getByRole('radio', { name: 'Customised Date' }));
    await user.type(screen.getByLabelText('From date'), '2026-11-01');
    await user.type(screen.getByLabelText('To date'), '2026-11-02');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(lastQuery()).toEqual({
      timezone: 'Asia/Kathmandu', country_code: 'IN', from: String(Date.UTC(2026, 10, 1) / 1000), to: String(Date.UTC(2026, 10, 2, 23, 59, 59) / 1000),
    }));
  });
});
