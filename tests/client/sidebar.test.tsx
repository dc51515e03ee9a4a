import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeApi } from './support/fake-api';
import { ABILITIES, AUTH, EXCHANGE, signedIn } from './support/fixtures';
import { currentPath, renderApp } from './support/render-app';
import { routes, type AppRoute } from '../../src/client/routes';
import { NAV_GROUPS } from '../../src/client/components/layout/nav';

// Screens land area by area; these tests are about abilities, so every nav item gets a screen here
// (except where a test takes one away) and the real routes are put back afterwards.
const realRoutes = [...routes];
function withScreensFor(hrefs: readonly string[]) {
  const present = new Set(routes.map((r) => r.path));
  for (const href of hrefs) {
    if (!present.has(href)) routes.push({ ...(realRoutes[0] as AppRoute), path: href, title: href });
  }
}
const ALL_HREFS = NAV_GROUPS.flatMap((g) => g.items.map((i) => i.href));

let api: FakeApi;
beforeEach(() => {
  localStorage.clear();
  api = fakeApi();
  withScreensFor(ALL_HREFS);
});
afterEach(() => {
  vi.unstubAllGlobals();
  routes.splice(0, routes.length, ...realRoutes);
});

async function sidebarFor(role: 'admin' | 'superadmin' | 'support', alsoReads: string[] = []) {
  signedIn(api, role);
  if (alsoReads.length) {
    const peatio: { read?: readonly string[] } = ABILITIES[role].peatio;
    api.on('GET', `${EXCHANGE}/admin/abilities`, { body: { ...peatio, read: [...(peatio.read ?? []), ...alsoReads] } });
  }
  renderApp('/dashboard');
  const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
  const links = within(nav).getAllByRole('link').map((a) => a.textContent);
  const groups = within(nav).queryAllByRole('heading', { level: 2 }).map((h) => h.textContent);
  return { links, groups };
}

describe('sidebar per role', () => {
  it('support sees users, currencies, deposits and withdrawals and activity logs, but no settings', async () => {
    const { links, groups } = await sidebarFor('support');
    expect(links).toEqual(['Dashboard', 'User Directory', 'Currencies', 'Markets', 'Deposits', 'Withdrawals', 'Pending Withdrawals',
      'Admin Activities', 'User Activities']);
    expect(groups).toEqual(['Users', 'Exchange', 'Money', 'Logs']);
  });

  it('admin also sees Blockchains and Permissions, still no Email items', async () => {
    const { links } = await sidebarFor('admin');
    expect(links).toContain('Blockchains');
    expect(links).toContain('Permissions');
    expect(links).not.toContain('Email Type');
    expect(links).not.toContain('Email Notification');
  });

  it('superadmin sees the Email items even without an EmailType ability; every id the shell refers to exists', async () => {
    const { links, groups } = await sidebarFor('superadmin', ['Bonus']);
    expect(groups).toContain('Bonuses & payments');
    expect(links).toContain('Email Type');
    expect(links).toContain('Email Notification');
    // aria-labelledby and aria-describedby hold lists of ids split at spaces: 'nav-Bonuses & Payments' named three.
    const refs = [...document.querySelectorAll('[aria-labelledby], [aria-describedby]')]
      .flatMap((el) => ['aria-labelledby', 'aria-describedby'].flatMap((a) => (el.getAttribute(a) ?? '').split(/\s+/).filter(Boolean)));
    expect(refs.length).toBeGreaterThan(groups.length - 1);
    expect(refs.filter((id) => !document.getElementById(id))).toEqual([]);
    // So each group is a region named by its heading.
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getAllByRole('region').map((r) => r.getAttribute('aria-labelledby') && document.getElementById(r.getAttribute('aria-labelledby')!)?.textContent))
      .toEqual(groups);
  });

  it('hides an item whose screen does not exist, whatever the ability', async () => {
    // Take away every screen of the Exchange group: its items and the group itself go.
    const exchange = NAV_GROUPS.find((g) => g.label === 'Exchange')!.items.map((i) => i.href);
    routes.splice(0, routes.length, ...realRoutes.filter((r) => !exchange.includes(r.path)));
    withScreensFor(ALL_HREFS.filter((h) => !exchange.includes(h)));
    const { links, groups } = await sidebarFor('support');
    expect(links).not.toContain('Currencies');
    expect(groups).not.toContain('Exchange');
  });

  it('asks before logging out and reports success', async () => {
    await sidebarFor('admin');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Do you want to Logout?' });
    await user.click(within(dialog).getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Logged Out Successfully')).toBeTruthy();
    expect(currentPath()).toBe('/login');
    expect(api.callsTo('DELETE', `${AUTH}/identity/sessions`)).toHaveLength(1);
  });

  it('stays signed in and says so when logout fails', async () => {
    await sidebarFor('admin');
    api.on('DELETE', `${AUTH}/identity/sessions`, { status: 500, body: { errors: ['server.internal_error'] } });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Oups! Error occurs, please try again later.')).toBeTruthy();
    expect(currentPath()).toBe('/dashboard');
  });
});
