/**
 * Pending applications' tabs (spec §2: /pending-applications, tabs coin and profile): the engine's list
 * tabs (ListDecl.tabs) — the coin tab is the applogic service's coin applications (embedded under the
 * route), the profile tab Barong's pending profiles. The tab is in the URL, tabs switch from the
 * keyboard, a tab is hidden from a role that may not read it, and without ?tab= the profile list opens.
 * A coin application opens read-only at /pending-applications/{id}, where Approve is confirmed before →
 * after and Reject asks for a reason, then confirms; the palette has "Approve coin application…".
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { coinApplications } from '../../src/shared/resources/coin-applications';
import { pendingApplications } from '../../src/shared/resources/pending-applications';
import { resourceAt } from '../../src/client/resource-ui/presentation';
import { fakeApi, type FakeApi } from './support/fake-api';
import { AUTH } from './support/fixtures';
import { renderApp } from './support/render-app';
import { pagedList, signedInWithAbilities } from './support/resource-rows';

const PROFILE_LIST = `${AUTH}/admin/users/documents/pending`;
const COIN_LIST = '/api/v2/applogic/admin/coin_applications';
const COIN_ACTION = '/api/v2/applogic/admin/coin_applications/action';

const profileRow = { id: 41, uid: 'IDAPPLICANT1', email: 'applicant1@customer.test', country: 'DE', level: 2, state: 'active',
  submitted_at: '2026-11-01T10:00:00Z', created_at: '2026-10-01T10:00:00Z' };
const coinRow = {
  id: 7, project: 'Trustcoin Labs', token_name: 'Trustcoin', token_code: 'TRC', blockchain_key: 'ethereum',
  contract_address: '0x00000000000000000000000000000000000000a7', contact_email: 'issuer@token.test',
  documents: ['https://trustcoin.test/whitepaper.pdf'], submitted_at: '2026-11-18T09:00:00Z', state: 'pending',
  decided_by: null, decided_by_uid: null, decided_at: null, reason: null, currency_id: null,
};

let api: FakeApi;
beforeEach(() => {
  localStorage.clear();
  api = fakeApi();
  api.on('GET', PROFILE_LIST, pagedList([profileRow])).on('GET', COIN_LIST, pagedList([coinRow])).on('GET', `${COIN_LIST}/7`, { body: coinRow });
});
afterEach(() => vi.unstubAllGlobals());

const tabNames = () => screen.getAllByRole('tab').map((t) => t.textContent);
const selectedTab = () => screen.getAllByRole('tab').find((t) => t.getAttribute('aria-selected') === 'true')?.textContent;

describe('pending applications tabs', () => {
  it('shows only the Profile tab to a role that may not read coin applications', async () => {
    signedInWithAbilities(api, { read: ['Profile'] });
    renderApp('/pending-applications');
    expect(await screen.findByText('applicant1@customer.test')).toBeTruthy();
    expect(tabNames()).toEqual(['Profile']);
    expect(selectedTab()).toBe('Profile');
    expect(screen.getByRole('tablist', { name: 'Pending Applications tabs' })).toBeTruthy();
  });

  it('opens the tab the URL names and switches tabs from the keyboard, replacing the history entry', async () => {
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
    // The registry's index entry of the list (its declaration loads with the screen).
    expect(resourceAt('/pending-applications?tab=coin')?.name).toBe(coinApplications.name);
    expect(resourceAt('/pending-applications?tab=profile')?.name).toBe(pendingApplications.name);
    expect(resourceAt('/pending-applications')?.name).toBe(pendingApplications.name);
    expect(resourceAt('/pending-applications', '?tab=coin')?.name).toBe(coinApplications.name);
  });

  it('opens a coin application on its page and approves it after a before → after confirmation', async () => {
    signedInWithAbilities(api, { read: ['Profile'] }, { manage: ['Token'], read: ['Currency'] });
    api.on('POST', COIN_ACTION, { status: 201, body: { ...coinRow, state: 'approved', currency_id: 'trc', decided_by_uid: 'ID00000000AA', decided_at: '2026-11-20T12:00:00Z' } });
    renderApp('/pending-applications?tab=coin');
    const user = userEvent.setup();
    await user.dblClick(await screen.findByText('Trustcoin'));
    await waitFor(() => expect(window.location.pathname).toBe('/pending-applications/7'));
    expect(await screen.findByText('Trustcoin Labs')).toBeTruthy();
    expect(screen.getByText('issuer@token.test')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Approve coin application 7?' });
    expect(confirm.textContent).toContain('State: Pending → Approved');
    expect(api.callsTo('POST', COIN_ACTION)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api.callsTo('POST', COIN_ACTION)).toHaveLength(1));
    expect(api.callsTo('POST', COIN_ACTION)[0]!.body).toEqual({ id: 7, action: 'approve' });
    expect(await screen.findByText('Coin application approved: its currency was created, disabled')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull());
  });

  it('rejects a coin application only with a reason, confirmed before it is sent', async () => {
    signedInWithAbilities(api, {}, { manage: ['Token'] });
    api.on('POST', COIN_ACTION, { status: 201, body: { ...coinRow, state: 'rejected', reason: 'No audit of the contract' } });
    renderApp('/pending-applications/7');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject coin application' });
    const submit = within(dialog).getByRole('button', { name: 'Reject' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'No audit of the contract');
    await user.click(submit);
    const ask = await screen.findByRole('alertdialog', { name: 'Reject coin application?' });
    expect(within(ask).getByText('Pending')).toBeTruthy();
    expect(within(ask).getByText('Rejected')).toBeTruthy();
    expect(api.callsTo('POST', COIN_ACTION)).toHaveLength(0);
    await user.click(within(ask).getByRole('button', { name: /^Confirm/ }));
    await waitFor(() => expect(api.callsTo('POST', COIN_ACTION)).toHaveLength(1));
    expect(api.callsTo('POST', COIN_ACTION)[0]!.body).toEqual({ id: 7, action: 'reject', reason: 'No audit of the contract' });
    expect(await screen.findByText('Coin application rejected')).toBeTruthy();
  });

  it('offers no decision to a role that only reads coin applications', async () => {
    signedInWithAbilities(api, {}, { read: ['Token'] });
    renderApp('/pending-applications/7');
    expect(await screen.findByText('Trustcoin Labs')).toBeTruthy();
    const approve = screen.queryByRole('button', { name: 'Approve' }) as HTMLButtonElement | null;
    expect(approve === null || approve.disabled).toBe(true);
  });

  it('has "Approve coin application…" in the palette, opening the confirmation on the application', async () => {
    signedInWithAbilities(api, { read: ['Profile'] }, { manage: ['Token'] });
    renderApp('/pending-applications?tab=coin');
    await screen.findByText('Trustcoin');
    const user = userEvent.setup();
    await user.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Command palette' });
    await user.type(within(dialog).getByRole('combobox'), 'Approve coin application');
    expect(within(dialog).getAllByRole('option')[0]!.textContent).toContain('Approve coin application…');
    await user.keyboard('{Enter}');
    await user.type(within(dialog).getByRole('combobox'), '7');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(window.location.pathname).toBe('/pending-applications/7'));
    const confirm = await screen.findByRole('alertdialog', { name: 'Approve coin application 7?' });
    expect(confirm.textContent).toContain('State: Pending → Approved');
    expect(api.callsTo('POST', COIN_ACTION)).toHaveLength(0);
  });
});
