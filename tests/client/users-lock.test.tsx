import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeApi } from './support/fake-api';
import { EXCHANGE } from './support/fixtures';
import { renderApp } from './support/render-app';
import { previewLock } from '../../src/client/screens/users/lock-preview';
import { ADMIN, SUPERADMIN, UID, bodies, customer, serveUser, staff } from './users-fixtures';

const LOCK = `${EXCHANGE}/admin/members/lock_funds`;
let api: FakeApi;
beforeEach(() => {
  localStorage.clear();
  api = fakeApi();
});
afterEach(() => vi.unstubAllGlobals());

const lockButton = () => screen.queryByRole('button', { name: /Lock\/Unlock funds/ });

describe('Lock/Unlock funds', () => {
  it('is not offered to an admin viewing an investor', async () => {
    staff(api, 'admin', ADMIN);
    serveUser(api, customer({ role: 'investor' }));
    renderApp(`/user-directory/${UID}`);
    await screen.findByRole('heading', { name: 'Grace Hopper' });
    expect(screen.getByRole('table', { name: 'Balances' })).toBeTruthy();
    expect(lockButton()).toBeNull();
  });

  it('is not offered to a superadmin viewing a user who is not an investor', async () => {
    staff(api, 'superadmin', SUPERADMIN);
    serveUser(api, customer({ role: 'member' }));
    renderApp(`/user-directory/${UID}`);
    await screen.findByRole('heading', { name: 'Grace Hopper' });
    expect(screen.getByRole('table', { name: 'Balances' })).toBeTruthy();
    expect(lockButton()).toBeNull();
  });

  it('keeps submit disabled while empty or zero, previews before → after, sends the percentage and shows the new balances', async () => {
    staff(api, 'superadmin', SUPERADMIN);
    const served = serveUser(api, customer({ role: 'investor' }));
    api.on('POST', LOCK, () => {
      served.user = { ...served.user, accounts: [{ currency: 'btc', balance: '1.125', locked: '0.375' }, { currency: 'usdt', balance: '750.075', locked: '250.225' }] };
      return { status: 201, body: { accounts: served.user.accounts } };
    });
    const user = userEvent.setup();
    renderApp(`/user-directory/${UID}`);
    await screen.findByRole('heading', { name: 'Grace Hopper' });
    await user.click(lockButton()!);
    const dialog = await screen.findByRole('dialog');
    const submit = () => within(dialog).getByRole('button', { name: /^Lock / }) as HTMLButtonElement;
    expect(submit().disabled).toBe(true);
    await user.type(within(dialog).getByLabelText('Percent of each account'), '0');
    expect(submit().disabled).toBe(true);
    await user.clear(within(dialog).getByLabelText('Percent of each account'));
    await user.type(within(dialog).getByLabelText('Percent of each account'), '25');
    expect(submit().disabled).toBe(false);
    const preview = within(within(dialog).getByRole('table', { name: 'Before and after' }));
    expect(preview.getByText('BTC').closest('tr')!.textContent).toMatch(/1\.5 → 1\.125.*0 → 0\.375/);
    expect(preview.getByText('USDT').closest('tr')!.textContent).toMatch(/1000\.1 → 750\.075.*0\.2 → 250\.225/);

    await user.click(submit());
    await screen.findByText('Updated Successfully');
    expect(bodies(api, 'POST', LOCK)).toEqual([{ uid: UID, type: 'lock', percentage: '25' }]);
    const balances = within(screen.getByRole('table', { name: 'Balances' }));
    await waitFor(() => expect(balances.getByText('BTC').closest('tr')!.textContent).toContain('0.375'));
    // The dialog gone, the focus is back on what opened it, never on <body> (issue 29 item 7).
    await waitFor(() => expect(document.activeElement).toBe(lockButton()));
  });

  it('unlocks an amount of one currency', async () => {
    staff(api, 'superadmin', SUPERADMIN);
    serveUser(api, customer({ role: 'investor', accounts: [{ currency: 'btc', balance: '1', locked: '0.75' }] }));
    api.on('POST', LOCK, { status: 201, body: { accounts: [] } });
    const user = userEvent.setup();
    renderApp(`/user-directory/${UID}`);
    await screen.findByRole('heading', { name: 'Grace Hopper' });
    await user.click(lockButton()!);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'Unlock' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Amount' }));
    await user.type(within(dialog).getByLabelText('Amount to move'), '0.8');
    // More than is locked: the preview says so and submit stays disabled.
    expect(within(dialog).getByText('Not enough locked funds to unlock')).toBeTruthy();
    await user.clear(within(dialog).getByLabelText('Amount to move'));
    await user.type(within(dialog).getByLabelText('Amount to move'), '0.5{Enter}');
    await screen.findByText('Updated Successfully');
    expect(bodies(api, 'POST', LOCK)).toEqual([{ uid: UID, type: 'unlock', amount: '0.5', currency: 'btc' }]);
    await waitFor(() => expect(document.activeElement).toBe(lockButton()));
  });
});

describe('lock preview arithmetic', () => {
  it('is exact decimal, truncated at 18 places like the server', () => {
    const p = previewLock([{ currency: 'eth', balance: '0.3', locked: '0.1' }], { type: 'lock', mode: 'amount', value: '0.2', currency: 'eth' });
    expect(p.rows[0]).toEqual({ currency: 'eth', balance: ['0.3', '0.1'], locked: ['0.1', '0.3'] });
    const q = previewLock([{ currency: 'eth', balance: '1', locked: '0' }], { type: 'lock', mode: 'percentage', value: '33.333333333333333333', currency: '' });
    expect(q.rows[0].locked[1]).toBe('0.333333333333333333');
    expect(previewLock([], { type: 'lock', mode: 'percentage', value: '100.5', currency: '' }).problem).toBe('At most 100');
  });

  it("keeps each currency's precision: a share truncated to it, a finer amount refused, like the server", () => {
    const accounts = [{ currency: 'usd', balance: '123.45', locked: '0', precision: 2 }, { currency: 'btc', balance: '0.12345679', locked: '0', precision: 8 }];
    const p = previewLock(accounts, { type: 'lock', mode: 'percentage', value: '10', currency: '' });
    expect(p).toEqual({ problem: null, rows: [
      { currency: 'usd', balance: ['123.45', '111.11'], locked: ['0', '12.34'] },
      { currency: 'btc', balance: ['0.12345679', '0.11111112'], locked: ['0', '0.01234567'] },
    ] });
    expect(previewLock(accounts, { type: 'lock', mode: 'amount', value: '0.005', currency: 'usd' }).problem).toBe('USD takes at most 2 decimals');
    expect(previewLock(accounts, { type: 'lock', mode: 'amount', value: '1.50', currency: 'usd' }))
      .toEqual({ problem: null, rows: [{ currency: 'usd', balance: ['123.45', '121.95'], locked: ['0', '1.5'] }] });
  });
});
