/** The referrer on Main Info: change by uid or e-mail after a confirmation, remove, and who may. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeApi } from './support/fake-api';
import { AUTH } from './support/fixtures';
import { renderApp } from './support/render-app';
import { pagedList } from './support/resource-rows';
import { ADMIN, SUPPORT, UID, bodies, customer, queries, serveUser, staff } from './users-fixtures';

let api: FakeApi;
beforeEach(() => {
  localStorage.clear();
  api = fakeApi();
});
afterEach(() => vi.unstubAllGlobals());

/** PUT /admin/users answering like the server: the referrer changes on the served user. */
function acceptReferrer(served: { user: ReturnType<typeof customer> }) {
  api.on('PUT', `${AUTH}/admin/users`, (req) => {
    const next = (req.body as { referral_uid: string }).referral_uid;
    served.user = { ...served.user, referral_uid: next === '' ? null : next } as typeof served.user;
    return { body: {} };
  });
}

describe('referrer', () => {
  it('resolves an e-mail to one user, shows before → after, and saves that uid', async () => {
    staff(api, 'admin', ADMIN);
    const served = serveUser(api, customer({ referral_uid: 'IDREF0000001' }));
    acceptReferrer(served);
    api.on('GET', `${AUTH}/admin/users`, pagedList([{ uid: 'IDNEWREF0002', email: 'ada@customer.test', phone_number: null }]));
    const user = userEvent.setup();
    renderApp(`/user-directory/${UID}`);
    expect(await screen.findByRole('link', { name: 'IDREF0000001' })).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'New referrer' }), 'Ada@Customer.test{Enter}');
    const dialog = await screen.findByRole('alertdialog', { name: 'Change referrer?' });
    expect(within(dialog).getByText('IDREF0000001')).toBeTruthy();
    expect(within(dialog).getByText('IDNEWREF0002')).toBeTruthy();
    expect(within(dialog).getByText('(Ada@Customer.test)')).toBeTruthy();
    expect(queries(api, 'GET', `${AUTH}/admin/users`)).toEqual([expect.objectContaining({ email: 'ada@customer.test' })]);
    await user.click(within(dialog).getByRole('button', { name: 'Change referrer' }));
    await screen.findByText('Referrer updated');
    expect(bodies(api, 'PUT', `${AUTH}/admin/users`)).toEqual([{ uid: UID, referral_uid: 'IDNEWREF0002' }]);
    expect(await screen.findByRole('link', { name: 'IDNEWREF0002' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'New referrer' }) as HTMLInputElement).value).toBe('');
  });

  it('takes a typed uid without a lookup, and refuses the user themself before calling the server', async () => {
    staff(api, 'admin', ADMIN);
    acceptReferrer(serveUser(api, customer()));
    const user = userEvent.setup();
    renderApp(`/user-directory/${UID}`);
    const input = await screen.findByRole('textbox', { name: 'New referrer' });
    await user.type(input, `${UID.toLowerCase()}{Enter}`);
    expect(await screen.findByText('A user cannot be their own referrer.')).toBeTruthy();
    await user.clear(input);
    await user.type(input, 'ID00000000AB{Enter}');
    const dialog = await screen.findByRole('alertdialog', { name: 'Change referrer?' });
    // Cancel leaves everything as it was.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.callsTo('GET', `${AUTH}/admin/users`)).toHaveLength(0);
    expect(api.callsTo('PUT', `${AUTH}/admin/users`)).toHaveLength(0);
  });

  it('removes the referrer after a confirmation', async () => {
    staff(api, 'admin', ADMIN);
    acceptReferrer(serveUser(api, customer({ referral_uid: 'IDREF0000001' })));
    const user = userEvent.setup();
    renderApp(`/user-directory/${UID}`);
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove referrer?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove referrer' }));
    await screen.findByText('Referrer removed');
    expect(bodies(api, 'PUT', `${AUTH}/admin/users`)).toEqual([{ uid: UID, referral_uid: '' }]);
    await waitFor(() => expect(screen.queryByRole('link', { name: 'IDREF0000001' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
  });

  it('shows the server refusal (a referral loop) and keeps the referrer', async () => {
    staff(api, 'admin', ADMIN);
    serveUser(api, customer({ referral_uid: 'IDREF0000001' }));
    api.on('PUT', `${AUTH}/admin/users`, { status: 422, body: { errors: ['admin.user.referral_cycle'] } });
    const user = userEvent.setup();
    renderApp(`/user-directory/${UID}`);
    await user.type(await screen.findByRole('textbox', { name: 'New referrer' }), 'ID00000000AB{Enter}');
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Change referrer' }));
    await waitFor(() => expect(api.callsTo('PUT', `${AUTH}/admin/users`)).toHaveLength(1));
    expect(await screen.findByRole('link', { name: 'IDREF0000001' })).toBeTruthy();
  });

  it('is read-only for a role without update on the referrer, with the reason', async () => {
    staff(api, 'support', SUPPORT);
    serveUser(api, customer({ referral_uid: 'IDREF0000001' }));
    renderApp(`/user-directory/${UID}`);
    const input = await screen.findByRole('textbox', { name: 'New referrer' });
    expect((input as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Change' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(screen.getByRole('link', { name: 'IDREF0000001' })).toBeTruthy();
  });
});
