import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeApi } from './support/fake-api';
import { AUTH } from './support/fixtures';
import { renderApp } from './support/render-app';
import { ADMIN, SUPPORT, UID, bodies, customer, serveUser, staff } from './users-fixtures';

let api: FakeApi;
beforeEach(() => {
  localStorage.clear();
  api = fakeApi();
});
afterEach(() => vi.unstubAllGlobals());

async function pick(user: ReturnType<typeof userEvent.setup>, field: RegExp, option: string) {
  await user.click(screen.getByRole('button', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('state change with a remark', () => {
  it('asks for a remark, refuses an empty or space-led one, then saves {uid, state, remark} and shows the log entry', async () => {
    staff(api, 'admin', ADMIN);
    const served = serveUser(api, customer());
    api.on('POST', `${AUTH}/admin/users/update`, (req) => {
      const b = req.body as { state: string; remark: string };
      served.user = {
        ...served.user, state: b.state,
        user_state_logs: [{ past_state: 'active', state: b.state, remark: b.remark, change_by_user_email: 'ada@exchange.test',
          change_by_user_uid: 'ID0000000001', created_at: '2026-04-01T12:00:00Z' }, ...served.user.user_state_logs],
      };
      return { body: {} };
    });
    const user = userEvent.setup();
    renderApp(`/user-directory/${UID}`);
    await screen.findByRole('heading', { name: 'Grace Hopper' });
    await pick(user, /State$/, 'Banned');

    const dialog = await screen.findByRole('dialog', { name: 'Change user state' });
    await user.click(within(dialog).getByRole('button', { name: 'Set Banned' }));
    expect(within(dialog).getByText('Required!')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Remark'), ' chargeback');
    await user.click(within(dialog).getByRole('button', { name: 'Set Banned' }));
    expect(within(dialog).getByText('Please enter valid data!')).toBeTruthy();
    expect(api.callsTo('POST', `${AUTH}/admin/users/update`)).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Remark'));
    await user.type(within(dialog).getByLabelText('Remark'), 'Chargeback fraud{Enter}');
    await screen.findByText('Updated Successfully');
    expect(bodies(api, 'POST', `${AUTH}/admin/users/update`)).toEqual([{ uid: UID, state: 'banned', remark: 'Chargeback fraud' }]);
    const log = await screen.findByRole('table', { name: 'State change log' });
    await waitFor(() => expect(within(log).getByText('Chargeback fraud')).toBeTruthy());
    expect(within(log).getAllByRole('row')[1].textContent).toContain('ada@exchange.test');
    expect(screen.queryByRole('dialog', { name: 'Change user state' })).toBeNull();
  });

  it('cancelling the dialog changes nothing', async () => {
    staff(api, 'admin', ADMIN);
    serveUser(api, customer());
    const user = userEvent.setup();
    renderApp(`/user-directory/${UID}`);
    await screen.findByRole('heading', { name: 'Grace Hopper' });
    await pick(user, /State$/, 'Inactive');
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('POST', `${AUTH}/admin/users/update`)).toHaveLength(0);
    expect(screen.getByRole('button', { name: /State$/ }).textContent).toContain('Active');
  });

  it('is disabled, with the reason, for a role without update on the state', async () => {
    staff(api, 'support', SUPPORT);
    serveUser(api, customer());
    renderApp(`/user-directory/${UID}`);
    await screen.findByRole('heading', { name: 'Grace Hopper' });
    const trigger = screen.getByRole('button', { name: /State$/ });
    expect(trigger.hasAttribute('disabled') || trigger.getAttribute('data-disabled') === 'true').toBe(true);
    expect(trigger.closest('.field-locked')).toBeTruthy();
  });
});

describe('role, superadmin protection and contact', () => {
  it('changes the role after showing before → after', async () => {
    staff(api, 'admin', ADMIN);
    serveUser(api, customer());
    api.on('POST', `${AUTH}/admin/users/role`, { body: {} });
    const user = userEvent.setup();
    renderApp(`/user-directory/${UID}`);
    await screen.findByRole('heading', { name: 'Grace Hopper' });
    await pick(user, /Role$/, 'support');
    const dialog = await screen.findByRole('alertdialog', { name: 'Change role?' });
    expect(dialog.textContent).toMatch(/member\s*→\s*support/);
    await user.click(within(dialog).getByRole('button', { name: 'Change role' }));
    await screen.findByText('Role updated');
    expect(bodies(api, 'POST', `${AUTH}/admin/users/role`)).toEqual([{ uid: UID, role: 'support' }]);
  });

  it("an admin cannot change a superadmin's role and cannot add or remove its labels", async () => {
    staff(api, 'admin', ADMIN);
    serveUser(api, customer({ role: 'superadmin' }));
    renderApp(`/user-directory/${UID}`);
    await screen.findByRole('heading', { name: 'Grace Hopper' });
    const role = screen.getByRole('button', { name: /Role$/ });
    expect(role.hasAttribute('disabled') || role.getAttribute('data-disabled') === 'true').toBe(true);
    expect((screen.getByRole('button', { name: /Add label/ }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Remove label email' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('sends the phone as dial-code digits plus the number, and lets an admin change the email (spec §6)', async () => {
    staff(api, 'admin', ADMIN);
    serveUser(api, customer());
    api.on('PUT', `${AUTH}/admin/users`, { body: {} });
    const user = userEvent.setup();
    renderApp(`/user-directory/${UID}`);
    await screen.findByRole('heading', { name: 'Grace Hopper' });
    expect((screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement).disabled).toBe(false);
    expect(screen.getByRole('button', { name: 'Save email' })).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Country code'), '49');
    await user.type(screen.getByLabelText('New number'), '0151 2345-678');
    await user.click(screen.getByRole('button', { name: 'Save phone' }));
    await screen.findByText('Phone Number updated successfully');
    expect(bodies(api, 'PUT', `${AUTH}/admin/users`)).toEqual([{ uid: UID, phone_number: '491512345678' }]);
  });
});
