// Two-zone time (issue 17 item 5): UTC as the spec requires, the local zone and the age on hover or focus
// (also of a grid cell, which AG Grid focuses itself), and a kept preference to read local time everywhere.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeApi } from './support/fake-api';
import { AUTH, signedIn } from './support/fixtures';
import { renderApp } from './support/render-app';
import { pagedList, signedInWithAbilities } from './support/resource-rows';
import { formatDate, relativeAge } from '../../src/client/resource-ui/format';
import { initialValues, parseShownDate, validateForm } from '../../src/client/resource-ui/form-model';
import { REGISTRY } from '../../src/shared/resources';
import { Timestamp } from '../../src/client/components/ui/Timestamp';
import { setLocalZone, ui } from '../../src/client/state/ui';

const HOUR = 3_600_000;
let api: FakeApi;
beforeEach(() => {
  localStorage.clear();
  ui.time = 'utc';
  setLocalZone('Asia/Kathmandu');
  api = fakeApi();
  signedIn(api, 'superadmin');
});
afterEach(() => { setLocalZone(null); ui.time = 'utc'; vi.unstubAllGlobals(); });

describe('the one timestamp format', () => {
  it('reads UTC by default and a named local zone when asked', () => {
    expect(formatDate('2026-11-26T11:20:00Z')).toBe('Nov 26, 2026 11:20');
    expect(formatDate('2026-11-26T11:20:00Z', 'Asia/Kathmandu')).toBe('Nov 26, 2026 17:05 GMT+5:45');
    expect(formatDate(1_795_000_000)).toBe(formatDate(new Date(1_795_000_000_000).toISOString()));
    expect(formatDate('not a time')).toBe('not a time');
    expect(formatDate(null)).toBe('');
  });

  it('gives the age in its largest whole unit, past or ahead', () => {
    const now = new Date('2026-11-26T12:00:00Z');
    expect(relativeAge(new Date('2026-11-26T11:59:40Z'), now)).toBe('just now');
    expect(relativeAge(new Date('2026-11-26T11:55:00Z'), now)).toBe('5 min ago');
    expect(relativeAge(new Date('2026-11-26T09:00:00Z'), now)).toBe('3 h ago');
    expect(relativeAge(new Date('2026-11-20T12:00:00Z'), now)).toBe('6 d ago');
    expect(relativeAge(new Date('2026-11-26T14:30:00Z'), now)).toBe('in 2 h');
    expect(relativeAge(new Date('2024-11-26T12:00:00Z'), now)).toBe('2 y ago');
  });
});

describe('one zone rule (issue 29 item 11)', () => {
  it('reads a time that names no zone as UTC, whatever zone the browser is in', () => {
    const was = process.env.TZ;
    process.env.TZ = 'America/Los_Angeles';
    try {
      // Sanity: the browser's own reading of the same text moves it to the next day's morning UTC.
      expect(new Date('2026-04-22T23:30:00').toISOString()).toBe('2026-04-23T06:30:00.000Z');
      expect(formatDate('2026-04-22T23:30:00')).toBe('Apr 22, 2026 23:30');
      expect(formatDate('2026-04-22 23:30:00.5')).toBe('Apr 22, 2026 23:30');
      expect(formatDate('2026-04-22T23:30:00-07:00')).toBe('Apr 23, 2026 06:30');
    } finally {
      if (was === undefined) delete process.env.TZ; else process.env.TZ = was;
    }
  });

  it("a form's time reads as the lists write it and goes back as the wire's ISO time", () => {
    const presales = REGISTRY.presales!;
    const row = { id: 2, name: 'TRST public sale', token_currency: 'trst', price_currency: 'usdt', price: '0.05', hard_cap: '500000',
      start_date: '2026-11-18T06:00:41.000Z', end_date: '2026-12-18T06:00:41.000Z', state: 'running' };
    const initial = initialValues(presales, row);
    expect([initial.start_date, initial.end_date]).toEqual(['Nov 18, 2026 06:00', 'Dec 18, 2026 06:00']);
    // Untouched, a time is not sent (so its seconds are not lost); changed, it goes as ISO in UTC.
    const edited = validateForm(presales, 'edit', { ...initial, end_date: 'Jan 5, 2027 09:30' }, initial, 2);
    expect(edited).toEqual({ ok: true, body: { end_date: '2027-01-05T09:30:00.000Z' } });
    expect(validateForm(presales, 'edit', { ...initial, end_date: '2027-01-05T09:30:00Z' }, initial, 2))
      .toEqual({ ok: true, body: { end_date: '2027-01-05T09:30:00Z' } });
    expect(validateForm(presales, 'edit', { ...initial, end_date: 'Feb 30, 2027 09:30' }, initial, 2).ok).toBe(false);
    expect(parseShownDate('Dec 31, 2026 23:59')).toBe('2026-12-31T23:59:00.000Z');
  });
});

describe('Timestamp', () => {
  it('shows UTC; keyboard focus opens both zones and the age, Escape closes', async () => {
    const at = new Date(Date.now() - 3 * HOUR - 60_000);
    render(<main><Timestamp value={at.toISOString()} /></main>);
    const time = screen.getByText(formatDate(at));
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('datetime')).toBe(at.toISOString());
    const trigger = time.parentElement as HTMLElement;
    expect(trigger.tabIndex).toBe(0);
    act(() => trigger.focus());
    const tip = await screen.findByRole('tooltip');
    expect(tip.textContent).toContain(`UTC ${formatDate(at)}`);
    expect(tip.textContent).toContain(`Local ${formatDate(at, 'Asia/Kathmandu')} (Asia/Kathmandu)`);
    expect(tip.textContent).toContain('3 h ago');
    expect(trigger.getAttribute('aria-describedby')).toBe(tip.id);
    fireEvent.keyDown(trigger, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('opens on hover too', async () => {
    render(<Timestamp value="2026-11-26T11:20:00Z" />);
    fireEvent.pointerEnter(screen.getByText('Nov 26, 2026 11:20'));
    expect((await screen.findByRole('tooltip')).textContent).toContain('Local Nov 26, 2026 17:05 GMT+5:45');
  });

  it('with local time everywhere it reads in the named zone and the tooltip gives UTC', async () => {
    ui.time = 'local';
    render(<Timestamp value="2026-11-26T11:20:00Z" />);
    const time = screen.getByText('Nov 26, 2026 17:05 GMT+5:45');
    act(() => (time.parentElement as HTMLElement).focus());
    expect((await screen.findByRole('tooltip')).textContent).toContain('UTC Nov 26, 2026 11:20');
  });
});

describe('in lists and the preference', () => {
  const rows = [{ id: 1, name: 'welcome', key: null, description: 'Hello', status: 'active', created_at: '2026-03-04T23:59:00Z', updated_at: '2026-03-05T00:01:00Z' }];

  it('a focused date cell opens its tooltip; the header switches every time to local and keeps the choice', async () => {
    signedInWithAbilities(api, { manage: ['EmailType'] });
    api.on('GET', `${AUTH}/admin/email-types`, pagedList(rows));
    const user = userEvent.setup();
    renderApp('/email-type');
    const text = await screen.findByText('Mar 4, 2026 23:59');
    const cell = text.closest('[role="gridcell"]') as HTMLElement;
    act(() => cell.focus());
    const tip = await screen.findByRole('tooltip');
    expect(tip.textContent).toContain('Local Mar 5, 2026 05:44 GMT+5:45 (Asia/Kathmandu)');
    expect(cell.getAttribute('aria-describedby')).toBe(tip.id);
    act(() => cell.blur());
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Times in UTC: show local time (Asia/Kathmandu)' }));
    expect(await screen.findByText('Mar 5, 2026 05:44 GMT+5:45')).toBeTruthy();
    expect(screen.queryByText('Mar 4, 2026 23:59')).toBeNull();
    expect(localStorage.getItem('steward.time')).toBe('local');
    expect(localStorage.getItem('steward.zone')).toBe('Asia/Kathmandu');
    const header = screen.getByRole('button', { name: 'Times in Asia/Kathmandu: show UTC' });
    expect(header.getAttribute('aria-pressed')).toBe('true');
  });

  it('Shift+Z toggles, and the palette sets the zone (an unknown one is refused)', async () => {
    signedInWithAbilities(api, { manage: ['EmailType'] });
    api.on('GET', `${AUTH}/admin/email-types`, pagedList(rows));
    const user = userEvent.setup();
    renderApp('/email-type');
    await screen.findByText('Mar 4, 2026 23:59');
    await user.keyboard('{Shift>}Z{/Shift}');
    expect(ui.time).toBe('local');
    await user.keyboard('{Control>}k{/Control}');
    const palette = await screen.findByRole('dialog', { name: 'Command palette' });
    await user.type(within(palette).getByRole('combobox'), 'Set local time zone');
    await user.keyboard('{Enter}');
    await user.keyboard('Mars/Olympus{Enter}');
    expect(await within(palette).findByText('Unknown time zone: Mars/Olympus')).toBeTruthy();
    expect(ui.zone).toBe('Asia/Kathmandu');
    await user.clear(within(palette).getByRole('combobox'));
    await user.keyboard('Europe/Berlin{Enter}');
    await waitFor(() => expect(ui.zone).toBe('Europe/Berlin'));
    expect(await screen.findByText('Mar 5, 2026 00:59 GMT+1')).toBeTruthy();
  });

  // Last: the modules loaded after a reset (the palette is a lazy chunk) would hold a store of their own.
  it('a reload starts from the kept preference and zone', async () => {
    ui.time = 'local';
    await waitFor(() => expect(localStorage.getItem('steward.time')).toBe('local'));
    vi.resetModules();
    const fresh = await import('../../src/client/state/ui');
    expect(fresh.ui.time).toBe('local');
    expect(fresh.ui.zone).toBe('Asia/Kathmandu');
  });
});
