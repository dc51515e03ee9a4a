/**
 * Palette input pages check the text before running: what is wrong shows under the input (role=alert),
 * stating the rule; the text and the focus stay, nothing is sent and no toast appears until it is valid.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeApi } from './support/fake-api';
import { AUTH } from './support/fixtures';
import { renderApp, freshBrowserState } from './support/render-app';
import { toasts } from '../../src/client/state/toasts';
import { ADMIN, UID, bodies, customer, serveUser, staff } from './users-fixtures';

let api: FakeApi;
beforeEach(() => {
  freshBrowserState();
  api = fakeApi();
  api.on('POST', `${AUTH}/admin/users/update`, { body: {} }).on('POST', `${AUTH}/admin/users/labels`, { body: {} });
});
afterEach(() => vi.unstubAllGlobals());

/** The palette on a user's page, on the second page of the command `name`. */
async function inputPage(name: string) {
  staff(api, 'admin', ADMIN);
  serveUser(api, customer());
  renderApp(`/user-directory/${UID}`);
  await screen.findByRole('heading', { name: 'Grace Hopper' });
  const ue = userEvent.setup();
  await ue.keyboard('{Control>}k{/Control}');
  const dialog = await screen.findByRole('dialog', { name: 'Command palette' });
  const input = within(dialog).getByRole('combobox') as HTMLInputElement;
  await ue.type(input, name);
  await ue.keyboard('{Enter}');
  expect(dialog.querySelector('.palette-crumb')?.textContent).toBe(name.replace(/…$/, ''));
  /** Enter on `text`; returns what the palette says is wrong ('' when nothing). */
  const submit = async (text: string) => {
    await ue.clear(input);
    if (text) await ue.paste(text);
    await ue.keyboard('{Enter}');
    return within(dialog).queryByRole('alert')?.textContent ?? '';
  };
  return { dialog, input, submit };
}

/** Still open, with the text typed and the focus in the input; nothing sent, no toast. */
function kept(dialog: HTMLElement, input: HTMLInputElement, text: string) {
  expect(screen.getByRole('dialog', { name: 'Command palette' })).toBe(dialog);
  expect(input.value).toBe(text);
  expect(document.activeElement).toBe(input);
  expect(input.getAttribute('aria-invalid')).toBe('true');
  expect(toasts.items).toEqual([]);
}

describe('palette input checks', () => {
  it('a ban without a remark says so in the palette and keeps the text', async () => {
    const { dialog, input, submit } = await inputPage('Ban this user…');
    expect(await submit('   ')).toBe('Remark is required: type why the state changes');
    kept(dialog, input, '   ');
    expect(await submit('')).toBe('Remark is required: type why the state changes');
    kept(dialog, input, '');
    expect(await submit('Chargeback fraud')).toBe('');
    expect(await screen.findByRole('dialog', { name: 'Change user state' })).toBeTruthy();
  });

  it('a state change without a remark is not sent', async () => {
    const { dialog, input, submit } = await inputPage('Set this user Inactive…');
    expect(await submit(' ')).toBe('Remark is required: type why the state changes');
    kept(dialog, input, ' ');
    expect(bodies(api, 'POST', `${AUTH}/admin/users/update`)).toEqual([]);
    expect(await submit('Asked to close')).toBe('');
    await waitFor(() => expect(bodies(api, 'POST', `${AUTH}/admin/users/update`)).toEqual([{ uid: UID, state: 'inactive', remark: 'Asked to close' }]));
  });

  it('a label names the rule it breaks', async () => {
    const { dialog, input, submit } = await inputPage('Add a label to this user…');
    expect(await submit('novalue')).toBe('Value is required: type key=value');
    kept(dialog, input, 'novalue');
    const allowed = "may only contain letters a–z, digits, '-' and '_'";
    expect(await submit('key=<img src=x>')).toBe(`Value ${allowed}`);
    kept(dialog, input, 'key=<img src=x>');
    expect(await submit('tier=😀')).toBe(`Value ${allowed}`);
    expect(await submit('😀')).toBe(`Key ${allowed}Value is required: type key=value`);
    expect(await submit('=gold')).toBe('Key is required: type key=value');
    expect(bodies(api, 'POST', `${AUTH}/admin/users/labels`)).toEqual([]);
    expect(await submit('Tier=Gold private')).toBe('');
    await waitFor(() => expect(bodies(api, 'POST', `${AUTH}/admin/users/labels`)).toEqual([{ uid: UID, key: 'tier', value: 'gold', scope: 'private' }]));
  });

  it('a problem follows the text and goes once it is valid', async () => {
    const { dialog, submit } = await inputPage('Change role of this user…');
    expect(await submit('wizard')).toMatch(/^Role must be one of: admin, superadmin/);
    const ue = userEvent.setup();
    await ue.clear(within(dialog).getByRole('combobox'));
    await ue.type(within(dialog).getByRole('combobox'), 'member');
    expect(within(dialog).getByRole('alert').textContent).toBe('The user already has this role: type another one');
    await ue.clear(within(dialog).getByRole('combobox'));
    await ue.type(within(dialog).getByRole('combobox'), 'broker');
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });
});
