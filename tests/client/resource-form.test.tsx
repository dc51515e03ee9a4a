import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeApi } from './support/fake-api';
import { AUTH, EXCHANGE, signedIn } from './support/fixtures';
import { renderApp } from './support/render-app';
import { pagedList, permissionRows, signedInWithAbilities } from './support/resource-rows';

const LIST = `${AUTH}/admin/permissions`;
let api: FakeApi;
beforeEach(() => {
  localStorage.clear();
  api = fakeApi();
});
afterEach(() => vi.unstubAllGlobals());

async function permissionsAs(role: 'superadmin' | 'admin') {
  signedIn(api, role);
  api.on('GET', LIST, pagedList(permissionRows(3)));
  renderApp('/setting-permissions');
  await screen.findByText('api/v2/barong/admin/thing1');
  return userEvent.setup();
}

const errorsIn = (el: HTMLElement) => [...el.querySelectorAll('.field-error')].map((e) => e.textContent);

describe('permission modal form', () => {
  it('shows Required under each missing field, sends nothing, then creates and toasts', async () => {
    const user = await permissionsAs('superadmin');
    api.on('POST', LIST, (req) => ({ status: 201, body: { id: 99, ...(req.body as object) } }));
    await user.click(screen.getByRole('button', { name: 'Create' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Permission' });
    expect(window.location.search).toBe('?new=1');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(errorsIn(dialog)).toEqual(['Required', 'Required', 'Required']);
    expect(api.callsTo('POST', LIST)).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Role' }), 'support');
    await user.type(within(dialog).getByRole('textbox', { name: 'Path' }), 'api/v2/barong/admin/users');
    await user.type(within(dialog).getByRole('textbox', { name: 'Topic' }), 'users');
    expect(errorsIn(dialog)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Permission Successfully Added')).toBeTruthy();
    expect(api.callsTo('POST', LIST)[0].body).toEqual({ role: 'support', verb: 'all', path: 'api/v2/barong/admin/users', topic: 'users', action: 'accept' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New Permission' })).toBeNull());
    expect(window.location.search).toBe('');
  });

  it('sends only the changed field on edit and shows server field errors under the field', async () => {
    const user = await permissionsAs('superadmin');
    api.on('PUT', LIST, { status: 422, body: { errors: ['admin.permission.role_doesnt_exist'], fields: { role: ['admin.permission.role_doesnt_exist'] } } });
    await user.click(screen.getByText('api/v2/barong/admin/thing2'));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Permission' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    const role = within(dialog).getByRole('textbox', { name: 'Role' });
    await user.clear(role);
    await user.type(role, 'ghost');
    await user.click(save);
    expect(await within(dialog).findByText('Role does not exist')).toBeTruthy();
    // Verb and action arrive upper-case from Barong; unchanged, they are not sent back.
    expect(api.callsTo('PUT', LIST)[0].body).toEqual({ id: 2, role: 'ghost' });

    api.on('PUT', LIST, (req) => ({ body: { ...permissionRows(2)[1], ...(req.body as object) } }));
    await user.click(save);
    expect(await screen.findByText('Permission Successfully Edited')).toBeTruthy();
  });

  it('deletes only after Are you sure? and Delete', async () => {
    const user = await permissionsAs('superadmin');
    api.on('DELETE', LIST, { body: {} });
    await user.click(screen.getByRole('button', { name: 'Delete 3' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Are you sure?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('DELETE', LIST)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Delete 3' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Permission Successfully Deleted')).toBeTruthy();
    expect(api.callsTo('DELETE', LIST)[0].query.get('id')).toBe('3');
  });

  it('asks again when the server says a delete locks the writer out, and sends it confirmed', async () => {
    const user = await permissionsAs('superadmin');
    api.on('DELETE', LIST, (req) => (req.headers.get('x-confirm') === 'admin.permission.locks_you_out'
      ? { body: {} } : { status: 409, body: { errors: ['admin.permission.locks_you_out'] } }));
    await user.click(screen.getByRole('button', { name: 'Delete 3' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Delete' }));
    const again = await screen.findByRole('alertdialog', { name: 'Lock yourself out?' });
    expect(again.textContent).toContain('your own role could no longer manage permissions');
    await user.click(within(again).getByRole('button', { name: 'Save anyway' }));
    expect(await screen.findByText('Permission Successfully Deleted')).toBeTruthy();
    expect(api.callsTo('DELETE', LIST).map((c) => c.headers.get('x-confirm'))).toEqual([null, 'admin.permission.locks_you_out']);
  });

  it('a read-only role gets no Create or Delete, and a disabled form with the reason', async () => {
    const user = await permissionsAs('admin');
    expect(screen.queryByRole('button', { name: 'Create' })).toBeNull();
    expect((screen.getByRole('button', { name: 'Delete 1' }) as HTMLButtonElement).disabled).toBe(true);
    await user.keyboard('j');
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Permission' });
    expect((within(dialog).getByRole('textbox', { name: 'Role' }) as HTMLInputElement).disabled).toBe(true);
    // The disabled input takes no focus or hover itself; its wrapper carries the reason.
    act(() => (within(dialog).getByRole('textbox', { name: 'Role' }).closest('.field-locked') as HTMLElement).focus());
    expect(await screen.findByRole('tooltip')).toHaveProperty('textContent', 'Your role cannot edit role of Permission.');
  });
});

describe('page forms', () => {
  const faq = { id: 5, question: 'How do I reset 2FA?', answer: 'Ask support.', faq_category_id: 1, faq_category_name: 'Security', category_position: 1, position: 2, state: 'active', created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' };

  it('disables each field the ability does not cover, per attribute', async () => {
    signedInWithAbilities(api, {}, { read: ['Faq'], update: [{ Faq: ['answer'] }] });
    api.on('GET', `${EXCHANGE}/admin/faqs/5`, { body: faq });
    api.on('GET', `${EXCHANGE}/admin/faq_categories`, pagedList([{ id: 1, name: 'Security', position: 1, state: 'active' }]));
    api.on('PUT', `${EXCHANGE}/admin/faqs`, (req) => ({ body: { ...faq, ...(req.body as object) } }));
    renderApp('/faqs/5');
    const answer = await screen.findByRole('textbox', { name: 'Answer' });
    expect((answer as HTMLTextAreaElement).disabled).toBe(false);
    expect((screen.getByRole('textbox', { name: 'Question' }) as HTMLTextAreaElement).disabled).toBe(true);
    expect(screen.getByRole('textbox', { name: 'Position' }).hasAttribute('disabled')).toBe(true);
    const user = userEvent.setup();
    await user.clear(answer);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Answer is required')).toBeTruthy();
    await user.type(answer, 'Open a ticket from the app.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('FAQ Updated Successfully')).toBeTruthy();
    expect(api.callsTo('PUT', `${EXCHANGE}/admin/faqs`)[0].body).toEqual({ id: 5, answer: 'Open a ticket from the app.' });
  });

  it('email type: the name is locked on edit', async () => {
    signedInWithAbilities(api, { manage: ['EmailType'] });
    api.on('GET', `${AUTH}/admin/email-types/7`, { body: { id: 7, name: 'welcome', key: null, description: 'Hi', status: 'active' } });
    renderApp('/email-type/7');
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect((name as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('textbox', { name: 'Description' }) as HTMLTextAreaElement).disabled).toBe(false);
  });

  it('email type: validated on create with the spec message', async () => {
    signedInWithAbilities(api, { manage: ['EmailType'] });
    api.on('POST', `${AUTH}/admin/email-types`, (req) => ({ status: 201, body: { id: 8, ...(req.body as object) } }));
    api.on('GET', `${AUTH}/admin/email-types`, pagedList([]));
    renderApp('/email-type/add');
    const user = userEvent.setup();
    const fresh = await screen.findByRole('textbox', { name: 'Name' });
    await user.type(fresh, 'Welcome1');
    await user.click(screen.getByRole('button', { name: 'Add Email Type' }));
    expect(screen.getByText('Key must contain only lowercase letters')).toBeTruthy();
    await user.clear(fresh);
    await user.type(fresh, 'welcome');
    await user.click(screen.getByRole('button', { name: 'Add Email Type' }));
    expect(await screen.findByText('Email Type created successfully')).toBeTruthy();
    await waitFor(() => expect(window.location.pathname).toBe('/email-type'));
  });
});
