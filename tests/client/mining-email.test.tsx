/**
 * Mining and e-mail notifications in the console (spec §2, §4): the mining lists' badges (a session's
 * status other than active, pending or banned reads InActive; a reward's state succeed, pending or
 * banned), the reward with its currency, identity cells that open the user, and the e-mail notification
 * switch, which saves at once with POST {id, enabled} and shows what the server answered.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeApi } from './support/fake-api';
import { AUTH, EXCHANGE } from './support/fixtures';
import { currentPath, renderApp } from './support/render-app';
import { pagedList, signedInWithAbilities } from './support/resource-rows';

let api: FakeApi;
beforeEach(() => { localStorage.clear(); api = fakeApi(); });
afterEach(() => vi.unstubAllGlobals());

const AT = '2026-10-01T08:00:00Z';
const SESSION = {
  id: 1, uid: 'ID00000000B1', email: 'miner@example.com', phone_number: '447700900123', device_id: 'A1B2-IOS', device_type: 'ios',
  started_at: AT, created_at: AT, updated_at: AT, status: 'active',
};

describe('mining sessions', () => {
  it('shows Active, Pending and Banned badges and anything else as InActive', async () => {
    signedInWithAbilities(api, {}, { read: ['MiningSession'] });
    api.on('GET', `${EXCHANGE}/admin/mining_sessions`, pagedList([
      SESSION, { ...SESSION, id: 2, status: 'pending' }, { ...SESSION, id: 3, status: 'banned' }, { ...SESSION, id: 4, status: 'inactive' },
      { ...SESSION, id: 5, status: 'paused' },
    ]));
    renderApp('/mining_sessions');
    expect(await screen.findByText('Active')).toBeTruthy();
    expect(screen.getByText('Pending')).toBeTruthy();
    expect(screen.getByText('Banned')).toBeTruthy();
    expect(screen.getAllByText('InActive')).toHaveLength(2);
    expect(screen.queryByText('paused')).toBeNull();
    const [sent] = api.callsTo('GET', `${EXCHANGE}/admin/mining_sessions`);
    expect(sent!.query.get('ordering')).toBe('desc');
  });

  it('opens the user from the uid and e-mail cells', async () => {
    signedInWithAbilities(api, { read: ['User'] }, { read: ['MiningSession'] });
    api.on('GET', `${EXCHANGE}/admin/mining_sessions`, pagedList([SESSION]));
    renderApp('/mining_sessions');
    const uid = await screen.findByRole('link', { name: 'ID00000000B1' });
    expect(uid.getAttribute('href')).toBe('/user-directory/ID00000000B1');
    const email = screen.getByRole('link', { name: 'miner@example.com' });
    expect(email.getAttribute('href')).toBe('/user-directory/ID00000000B1');
    await userEvent.setup().click(email);
    await waitFor(() => expect(currentPath()).toBe('/user-directory/ID00000000B1'));
  });
});

describe('mining rewards', () => {
  it('shows the reward with its currency and the state badges', async () => {
    signedInWithAbilities(api, {}, { read: ['MiningReward'] });
    const reward = { id: 1, uid: 'ID00000000B1', email: 'miner@example.com', phone_number: null, reward: '12.5', currency: 'trst', type: 'daily', state: 'succeed', created_at: AT, updated_at: AT };
    api.on('GET', `${EXCHANGE}/admin/mining_rewards`, pagedList([
      reward, { ...reward, id: 2, reward: '0.00000001', state: 'pending' }, { ...reward, id: 3, state: 'banned' },
    ]));
    renderApp('/mining_rewards');
    expect(await screen.findByText('Succeed')).toBeTruthy();
    expect(screen.getByText('Pending')).toBeTruthy();
    expect(screen.getByText('Banned')).toBeTruthy();
    expect(screen.getAllByText('12.5 TRST')).toHaveLength(2);
    // Exact decimal text, never through a float (1e-8).
    expect(screen.getByText('0.00000001 TRST')).toBeTruthy();
  });
});

describe('email notifications', () => {
  const ROW = {
    id: 7, uid: 'ID00000000C1', email: 'reader@example.com', email_type_id: 3, name: 'newsletter', description: 'Monthly news.',
    enabled: true, created_at: AT, updated_at: AT,
  };

  it('switches a row at once with POST {id, enabled} and shows the answer', async () => {
    signedInWithAbilities(api, { manage: ['EmailNotification'] });
    api.on('GET', `${AUTH}/admin/email-notifications`, pagedList([ROW]));
    api.on('POST', `${AUTH}/admin/email-notifications`, (req) => ({ status: 201, body: { ...ROW, enabled: (req.body as { enabled: boolean }).enabled } }));
    renderApp('/email-notification');
    const user = userEvent.setup();
    expect(await screen.findByText('newsletter')).toBeTruthy();
    await user.click(screen.getByRole('switch', { name: 'Enabled: true' }));
    await waitFor(() => expect(api.callsTo('POST', `${AUTH}/admin/email-notifications`)).toHaveLength(1));
    expect(api.callsTo('POST', `${AUTH}/admin/email-notifications`)[0]!.body).toEqual({ id: 7, enabled: false });
    expect(await screen.findByText('Status Updated successfully')).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Enabled: false' }).getAttribute('aria-checked')).toBe('false');
    const [list] = api.callsTo('GET', `${AUTH}/admin/email-notifications`);
    expect(list!.query.get('ordering')).toBe('asc');
  });

  it('keeps the switch as it was when the server refuses', async () => {
    signedInWithAbilities(api, { manage: ['EmailNotification'] });
    api.on('GET', `${AUTH}/admin/email-notifications`, pagedList([ROW]));
    api.on('POST', `${AUTH}/admin/email-notifications`, { status: 404, body: { errors: ['admin.email_notification.doesnt_exist'] } });
    renderApp('/email-notification');
    await userEvent.setup().click(await screen.findByRole('switch', { name: 'Enabled: true' }));
    await waitFor(() => expect(api.callsTo('POST', `${AUTH}/admin/email-notifications`)).toHaveLength(1));
    expect(await screen.findByText('This email notification does not exist')).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Enabled: true' }).getAttribute('aria-checked')).toBe('true');
  });

  it('disables the switch for a role that may only read', async () => {
    signedInWithAbilities(api, { read: ['EmailNotification'] });
    api.on('GET', `${AUTH}/admin/email-notifications`, pagedList([ROW]));
    renderApp('/email-notification');
    const sw = await screen.findByRole('switch', { name: 'Enabled: true' });
    expect((sw as HTMLButtonElement).disabled).toBe(true);
  });
});
