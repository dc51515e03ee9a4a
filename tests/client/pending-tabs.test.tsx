/**
 * Pending applications' tabs (spec §2: /pending-applications, tabs coin and profile): the engine's list
 * tabs (ListDecl.tabs). Today only the profile tab is declared; a coin tab is declared here for the
 * length of a test, exactly as the token issue will add it (an embedded resource under the same route),
 * to see the tab in the URL, the keyboard switch and a tab hidden from a role that may not read it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defineResource, ID_FIELD, REGISTRY, type ListTabDef, type Resource } from '../../src/shared/resources';
import { pendingApplications } from '../../src/shared/resources/pending-applications';
import { resourceAt } from '../../src/client/resource-ui/presentation';
import { fakeApi, type FakeApi } from './support/fake-api';
import { AUTH } from './support/fixtures';
import { renderApp } from './support/render-app';
import { pagedList, signedInWithAbilities } from './support/resource-rows';

const PROFILE_LIST = `${AUTH}/admin/users/documents/pending`;
const COIN_LIST = '/api/v2/applogic/admin/coin_applications';

const coinApplications = defineResource({
  name: 'coin-applications', subject: 'Token', service: 'applogic', table: 'coin_applications', server: 'bespoke',
  route: 'pending-applications', embedded: true, label: 'Coin Application', labelPlural: 'Coin Applications',
  api: { path: '/admin/coin_applications', style: 'verbs', operations: ['list'] },
  fields: { id: ID_FIELD, coin_name: { kind: 'text', readOnly: true }, email: { kind: 'text', readOnly: true } },
  columns: [{ field: 'coin_name' }, { field: 'email' }],
  list: { pageSize: 10, ordering: 'asc' },
});

const profileRow = { id: 41, uid: 'IDAPPLICANT1', email: 'applicant1@customer.test', country: 'DE', level: 2, state: 'active',
  submitted_at: '2026-11-01T10:00:00Z', created_at: '2026-10-01T10:00:00Z' };
const coinRow = { id: 7, coin_name: 'Trustcoin', email: 'issuer@token.test' };

const list = pendingApplications.list as { tabs?: readonly ListTabDef[] };
const declared = list.tabs;
/** Adds the coin tab as the token issue will: its resource in the registry, its tab in the declaration. */
function declareCoinTab() {
  (REGISTRY as Record<string, Resource>)['coin-applications'] = coinApplications;
  list.tabs = [{ value: 'coin', label: 'Coin', resource: 'coin-applications' }, ...declared!];
}

let api: FakeApi;
beforeEach(() => {
  localStorage.clear();
  api = fakeApi();
  api.on('GET', PROFILE_LIST, pagedList([profileRow])).on('GET', COIN_LIST, pagedList([coinRow]));
});
afterEach(() => {
  vi.unstubAllGlobals();
  list.tabs = declared;
  delete (REGISTRY as Record<string, Resource>)['coin-applications'];
});

const tabNames = () => screen.getAllByRole('tab').map((t) => t.textContent);
const selectedTab = () => screen.getAllByRole('tab').find((t) => t.getAttribute('aria-selected') === 'true')?.textContent;

describe('pending applications tabs', () => {
  it('shows the Profile tab, the only one today, over the profile applications', async () => {
    signedInWithAbilities(api, { read: ['Profile'] });
    renderApp('/pending-applications');
    expect(await screen.findByText('applicant1@customer.test')).toBeTruthy();
    expect(tabNames()).toEqual(['Profile']);
    expect(selectedTab()).toBe('Profile');
    expect(screen.getByRole('tablist', { name: 'Pending Applications tabs' })).toBeTruthy();
  });

  it('opens the tab the URL names and switches tabs from the keyboard, replacing the history entry', async () => {
    declareCoinTab();
    signedInWithAbilities(api, { read: ['Profile'] }, { read: ['Token'] });
    renderApp('/pending-applications?tab=coin');
    expect(await screen.findByText('Trustcoin')).toBeTruthy();
    expect(tabNames()).toEqual(['Coin', 'Profile']);
    expect(selectedTab()).toBe('Coin');
    expect(api.callsTo('GET', PROFILE_LIST)).toHaveLength(0);
    const depth = window.history.length;
    const user = userEvent.setup();
    act(() => screen.getByRole('tab', { name: 'Coin' }).focus());
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(window.location.search).toBe('?tab=profile'));
    expect(await screen.findByText('applicant1@customer.test')).toBeTruthy();
    expect(screen.queryByText('Trustcoin')).toBeNull();
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(window.location.search).toBe('?tab=coin'));
    expect(await screen.findByText('Trustcoin')).toBeTruthy();
    expect(window.history.length).toBe(depth);
  });

  it('opens the route\'s own list without ?tab=, and a tab starts afresh: the other list\'s filters stay behind', async () => {
    declareCoinTab();
    signedInWithAbilities(api, { read: ['Profile'] }, { read: ['Token'] });
    renderApp('/pending-applications?email=applicant1%40customer.test');
    expect(await screen.findByText('applicant1@customer.test')).toBeTruthy();
    expect(selectedTab()).toBe('Profile');
    expect(api.callsTo('GET', PROFILE_LIST).at(-1)!.query.get('email')).toBe('applicant1@customer.test');
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Coin' }));
    await waitFor(() => expect(window.location.search).toBe('?tab=coin'));
    expect(await screen.findByText('Trustcoin')).toBeTruthy();
    expect(api.callsTo('GET', COIN_LIST).at(-1)!.query.get('email')).toBeNull();
  });

  it('hides a tab whose list the role may not read, and a URL naming it opens the list it may', async () => {
    declareCoinTab();
    signedInWithAbilities(api, { read: ['Profile'] });
    renderApp('/pending-applications?tab=coin');
    expect(await screen.findByText('applicant1@customer.test')).toBeTruthy();
    expect(tabNames()).toEqual(['Profile']);
    expect(api.callsTo('GET', COIN_LIST)).toHaveLength(0);
  });

  it('tells a role admitted to the route but able to read none of its lists so', async () => {
    signedInWithAbilities(api, { read: ['Document'] });
    renderApp('/pending-applications');
    expect(await screen.findByText('Your role may not read any of these lists.')).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(api.callsTo('GET', PROFILE_LIST)).toHaveLength(0);
  });

  it('knows which list a tabbed URL is on (the palette\'s #id jumps and the first-load preload)', () => {
    declareCoinTab();
    expect(resourceAt('/pending-applications?tab=coin')).toBe(coinApplications);
    expect(resourceAt('/pending-applications?tab=profile')).toBe(pendingApplications);
    expect(resourceAt('/pending-applications')).toBe(pendingApplications);
    expect(resourceAt('/pending-applications', '?tab=coin')).toBe(coinApplications);
  });
});
