import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeApi } from './support/fake-api';
import { AUTH } from './support/fixtures';
import { renderApp } from './support/render-app';
import { ADMIN, SUPPORT, UID, bodies, customer, queries, serveUser, staff } from './users-fixtures';

const LABELS = `${AUTH}/admin/users/labels`;
let api: FakeApi;
beforeEach(() => {
  localStorage.clear();
  api = fakeApi();
});
afterEach(() => vi.unstubAllGlobals());

const kyc = () => within(screen.getByRole('region', { name: 'KYC' }));

describe('KYC switches', () => {
  it('turning one on creates the private verified label; off deletes it', async () => {
    staff(api, 'admin', ADMIN);
    serveUser(api, customer());
    api.on('POST', LABELS, { body: {} }).on('DELETE', LABELS, { body: {} });
    const user = userEvent.setup();
    renderApp(`/user-directory/${UID}`);
    await screen.findByRole('heading', { name: 'Grace Hopper' });
    // The fixture carries email=verified (private) only.
    expect((kyc().getByRole('switch', { name: 'Email' }) as HTMLInputElement).checked).toBe(true);
    expect((kyc().getByRole('switch', { name: 'Phone' }) as HTMLInputElement).checked).toBe(false);

    await user.click(kyc().getByRole('switch', { name: 'Phone' }));
    await screen.findByText('Updated Successfully');
    expect(bodies(api, 'POST', LABELS)).toEqual([{ uid: UID, key: 'phone', value: 'verified', scope: 'private' }]);

    await user.click(kyc().getByRole('switch', { name: 'Email' }));
    await vi.waitFor(() => expect(queries(api, 'DELETE', LABELS)).toEqual([{ uid: UID, key: 'email', scope: 'private' }]));
  });

  it('shows identity on for a partial profile label and residence from the document label', async () => {
    staff(api, 'admin', ADMIN);
    serveUser(api, customer({ labels: [
      { key: 'profile', value: 'partial', scope: 'private', description: null, created_at: null },
      { key: 'document', value: 'verified', scope: 'private', description: null, created_at: null },
      // A public label of the same key is not a KYC decision.
      { key: 'phone', value: 'verified', scope: 'public', description: null, created_at: null },
    ] }));
    renderApp(`/user-directory/${UID}`);
    await screen.findByRole('heading', { name: 'Grace Hopper' });
    const on = (name: string) => (kyc().getByRole('switch', { name }) as HTMLInputElement).checked;
    expect([on('Email'), on('Phone'), on('Identity'), on('Residence'), on('Accredited')]).toEqual([false, false, true, true, false]);
  });

  it('shows the panel read-only to a role with Level read but no Level update', async () => {
    staff(api, 'support', SUPPORT);
    serveUser(api, customer());
    renderApp(`/user-directory/${UID}`);
    await screen.findByRole('heading', { name: 'Grace Hopper' });
    expect((kyc().getByRole('switch', { name: 'Phone' }) as HTMLInputElement).disabled).toBe(true);
  });
});

describe('labels', () => {
  it("validates with the spec's messages before sending, then adds the label", async () => {
    staff(api, 'admin', ADMIN);
    serveUser(api, customer());
    api.on('POST', LABELS, { body: {} });
    const user = userEvent.setup();
    renderApp(`/user-directory/${UID}`);
    await screen.findByRole('heading', { name: 'Grace Hopper' });
    await user.click(screen.getByRole('button', { name: /Add label/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Add label' });
    await user.click(within(dialog).getByRole('button', { name: 'Add label' }));
    expect(within(dialog).getByText('Key is required')).toBeTruthy();
    expect(within(dialog).getByText('value is required')).toBeTruthy();

    await user.type(within(dialog).getByLabelText('Key'), 'a'.repeat(21));
    await user.type(within(dialog).getByLabelText('Value'), 'gold');
    await user.click(within(dialog).getByRole('button', { name: 'Add label' }));
    expect(within(dialog).getByText('Minimum 20 characters long')).toBeTruthy();
    expect(api.callsTo('POST', LABELS)).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Key'));
    await user.type(within(dialog).getByLabelText('Key'), 'tier');
    await user.selectOptions(within(dialog).getByLabelText('Scope'), 'private');
    await user.type(within(dialog).getByLabelText('Description'), 'VIP desk');
    await user.click(within(dialog).getByRole('button', { name: 'Add label' }));
    await screen.findByText('Updated Successfully');
    expect(bodies(api, 'POST', LABELS)).toEqual([{ uid: UID, key: 'tier', value: 'gold', scope: 'private', description: 'VIP desk' }]);
  });

  it('removes a label after Are you sure?', async () => {
    staff(api, 'admin', ADMIN);
    serveUser(api, customer());
    api.on('DELETE', LABELS, { body: {} });
    const user = userEvent.setup();
    renderApp(`/user-directory/${UID}`);
    await screen.findByRole('heading', { name: 'Grace Hopper' });
    await user.click(screen.getByRole('button', { name: 'Remove label email' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Are you sure?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Updated Successfully');
    expect(queries(api, 'DELETE', LABELS)).toEqual([{ uid: UID, key: 'email', scope: 'private' }]);
  });

  it('edits a label in place: its value and description, key and scope as they are (PUT)', async () => {
    staff(api, 'admin', ADMIN);
    serveUser(api, customer());
    api.on('PUT', LABELS, { body: {} });
    const user = userEvent.setup();
    renderApp(`/user-directory/${UID}`);
    await screen.findByRole('heading', { name: 'Grace Hopper' });
    await user.click(screen.getByRole('button', { name: 'Edit label email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit label email' });
    expect((within(dialog).getByRole('textbox', { name: 'Key' }) as HTMLInputElement).readOnly).toBe(true);
    const value = within(dialog).getByRole('textbox', { name: 'Value' });
    await user.clear(value);
    await user.type(value, 'pending');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'asked again');
    await user.click(within(dialog).getByRole('button', { name: 'Save label' }));
    await screen.findByText('Updated Successfully');
    expect(bodies(api, 'PUT', LABELS)).toEqual([{ uid: UID, key: 'email', value: 'pending', scope: 'private', description: 'asked again' }]);
  });

  it("shows the server's refusal as a toast", async () => {
    staff(api, 'admin', ADMIN);
    serveUser(api, customer());
    api.on('POST', LABELS, { status: 422, body: { errors: ['key.taken'] } });
    const user = userEvent.setup();
    renderApp(`/user-directory/${UID}`);
    await screen.findByRole('heading', { name: 'Grace Hopper' });
    await user.click(screen.getByRole('button', { name: /Add label/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Add label' });
    await user.type(within(dialog).getByLabelText('Key'), 'tier');
    await user.type(within(dialog).getByLabelText('Value'), 'gold{Enter}');
    // The open modal hides the page from the accessibility tree, so the toast is found by its text.
    expect(await screen.findByText('This label already exists.')).toBeTruthy();
    // The dialog stays open with what was typed, so the user can correct it.
    expect((within(dialog).getByLabelText('Key') as HTMLInputElement).value).toBe('tier');
  });
});
