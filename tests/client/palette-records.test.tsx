/**
 * Recent and pinned records (issue 17 item 7): the palette's empty state lists the staff member's pinned
 * records and the record pages they opened last, across areas, and Enter opens one; "Pin this record" (or
 * Shift+P) on a record's page pins it on the server, and again unpins it. Recent records are kept per
 * staff member (localStorage under their uid).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeApi } from './support/fake-api';
import { AUTH, signedIn } from './support/fixtures';
import { currentPath, freshBrowserState, renderApp } from './support/render-app';
import { customer, serveUser, UID } from './users-fixtures';

let api: FakeApi;
const PINS = `${AUTH}/resource/pins`;
const ME = 'ID0000000001';

beforeEach(() => {
  freshBrowserState();
  api = fakeApi();
});
afterEach(() => vi.unstubAllGlobals());

async function start(path: string) {
  signedIn(api, 'admin');
  renderApp(path);
  await screen.findByRole('navigation', { name: 'Main navigation' });
  return userEvent.setup();
}

async function openPalette(user: ReturnType<typeof userEvent.setup>) {
  await user.keyboard('{Control>}k{/Control}');
  const dialog = await screen.findByRole('dialog', { name: 'Command palette' });
  return { dialog, input: within(dialog).getByRole('combobox') as HTMLInputElement };
}

const group = (dialog: HTMLElement, name: string) => {
  const heading = within(dialog).queryByText(name, { selector: '[cmdk-group-heading]' });
  return heading ? within(heading.parentElement!).queryAllByRole('option').map((o) => o.textContent) : [];
};

describe('recent records', { timeout: 90_000 }, () => {
  it('lists the record pages opened, newest first, and opens one from the empty palette', async () => {
    api.on('GET', PINS, { body: [] });
    serveUser(api, customer());
    const other = 'ID0000000222';
    api.on('GET', `${AUTH}/admin/users/${other}`, { body: customer({ uid: other, full_name: 'Alan Turing', profiles: [] }) })
      .on('GET', `${AUTH}/admin/users/${other}/verifications`, { body: [] });
    const user = await start(`/user-directory/${UID}`);
    await screen.findByRole('heading', { name: 'Grace Hopper' });
    let p = await openPalette(user);
    await user.type(p.input, other);
    await user.keyboard('{Enter}');
    await screen.findByRole('heading', { name: 'Alan Turing' });
    p = await openPalette(user);
    await user.type(p.input, 'go to dashboard{Enter}');
    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
    p = await openPalette(user);
    expect(group(p.dialog, 'Recently opened')).toEqual([`User ${other}`, `User ${UID}`]);
    // Kept for this staff member only.
    expect(JSON.parse(localStorage.getItem(`steward.records.recent.${ME}`)!).map((r: { path: string }) => r.path))
      .toEqual([`/user-directory/${other}`, `/user-directory/${UID}`]);
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(currentPath()).toBe(`/user-directory/${UID}`));
    await screen.findByRole('heading', { name: 'Grace Hopper' });
  });

  it('shows a staff member their own recent records, not another’s on the same browser', async () => {
    api.on('GET', PINS, { body: [] });
    localStorage.setItem('steward.records.recent.ID0000000999', JSON.stringify([{ path: '/currencies/eth', title: 'Currency eth' }]));
    localStorage.setItem(`steward.records.recent.${ME}`, JSON.stringify([{ path: '/market-info/btcusdt', title: 'Market btcusdt' }]));
    const user = await start('/dashboard');
    const { dialog } = await openPalette(user);
    expect(group(dialog, 'Recently opened')).toEqual(['Market btcusdt']);
  });

  it('does not note a page that is no record (a list)', async () => {
    api.on('GET', PINS, { body: [] });
    const user = await start('/currencies');
    const { dialog } = await openPalette(user);
    expect(group(dialog, 'Recently opened')).toEqual([]);
    expect(localStorage.getItem(`steward.records.recent.${ME}`)).toBeNull();
  });
});

describe('pinned records', { timeout: 90_000 }, () => {
  it('lists the staff member’s pins first on the empty palette and opens one with Enter', async () => {
    api.on('GET', PINS, { body: [
      { id: 3, path: '/user-directory/ID1234567890', title: 'VIP customer', created_at: '2026-11-26T10:00:00Z' },
      { id: 2, path: '/adjustments-details/7', title: 'Adjustment #7', created_at: '2026-11-25T10:00:00Z' },
    ] });
    const user = await start('/dashboard');
    const { dialog } = await openPalette(user);
    await waitFor(() => expect(group(dialog, 'Pinned')).toEqual(['VIP customer', 'Adjustment #7']));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(currentPath()).toBe('/user-directory/ID1234567890'));
  });

  it('pins the record on screen from the palette, and Shift+P unpins it', async () => {
    let stored: Array<Record<string, unknown>> = [];
    api.on('GET', PINS, () => ({ body: stored }))
      .on('POST', PINS, (req) => {
        const body = req.body as { path: string; title: string };
        stored = [{ id: 5, ...body, created_at: '2026-11-26T11:00:00Z' }];
        return { status: 201, body: stored[0] };
      })
      .on('DELETE', `${PINS}/5`, () => { const gone = stored[0]; stored = []; return { body: gone }; });
    serveUser(api, customer());
    const user = await start(`/user-directory/${UID}`);
    await screen.findByRole('heading', { name: 'Grace Hopper' });
    await waitFor(() => expect(api.callsTo('GET', PINS).length).toBe(1));
    const p = await openPalette(user);
    await user.type(p.input, 'pin this');
    expect(within(p.dialog).getAllByRole('option')[0]!.textContent).toMatch(/^Pin this record/);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(api.callsTo('POST', PINS).map((c) => c.body)).toEqual([{ path: `/user-directory/${UID}`, title: `User ${UID}` }]));
    expect(await screen.findByText(`Pinned User ${UID}`)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Command palette' })).toBeNull());
    // Pinned now: the palette offers the unpin, and lists the pin.
    const again = await openPalette(user);
    expect(group(again.dialog, 'Pinned')).toEqual([`User ${UID}`]);
    await user.type(again.input, 'unpin');
    expect(within(again.dialog).getAllByRole('option')[0]!.textContent).toMatch(/^Unpin this record/);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Command palette' })).toBeNull());
    (document.activeElement as HTMLElement | null)?.blur();
    await user.keyboard('{Shift>}P{/Shift}');
    await waitFor(() => expect(api.callsTo('DELETE', `${PINS}/5`).length).toBe(1));
    expect(await screen.findByText(`Unpinned User ${UID}`)).toBeTruthy();
  });

  it('offers no pin where no record is on screen', async () => {
    api.on('GET', PINS, { body: [] });
    const user = await start('/dashboard');
    const { dialog, input } = await openPalette(user);
    await user.type(input, 'pin this');
    expect(within(dialog).queryAllByRole('option').some((o) => /^Pin this record/.test(o.textContent ?? ''))).toBe(false);
  });

  it('lists Shift+P in the ? sheet on a record page', async () => {
    api.on('GET', PINS, { body: [] });
    serveUser(api, customer());
    const user = await start(`/user-directory/${UID}`);
    await screen.findByRole('heading', { name: 'Grace Hopper' });
    (document.activeElement as HTMLElement | null)?.blur();
    await user.keyboard('?');
    const sheet = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    const row = sheet.querySelector('[data-command="record.pin"]');
    expect(row?.textContent).toMatch(/Pin this record/);
    expect(row?.querySelector('[aria-label]')?.getAttribute('aria-label')).toBe('Shift+P');
  });
});
