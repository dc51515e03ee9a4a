/**
 * Restrictions in the console: the list, a rule added in the modal, the server's "this locks you out"
 * answered by a confirmation that sends the write again with X-Confirm, and the whitelist link dialog
 * that shows the link to copy.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeApi } from './support/fake-api';
import { AUTH } from './support/fixtures';
import { renderApp } from './support/render-app';
import { pagedList, signedInWithAbilities } from './support/resource-rows';

let api: FakeApi;
beforeEach(() => { localStorage.clear(); api = fakeApi(); });
afterEach(() => vi.unstubAllGlobals());

const RULE = { id: 7, category: 'blacklist', scope: 'country', value: 'KP', code: 423, state: 'enabled', created_at: '2026-11-01T08:00:00Z', updated_at: '2026-11-01T08:00:00Z' };

describe('restrictions', () => {
  it('asks before saving a rule that would lock the writer out, then sends it again confirmed', async () => {
    signedInWithAbilities(api, { manage: ['Restriction'] });
    api.on('GET', `${AUTH}/admin/restrictions`, pagedList([RULE]));
    api.on('POST', `${AUTH}/admin/restrictions`, (req) => (req.headers.get('x-confirm') === 'admin.restriction.locks_you_out'
      ? { status: 201, body: { ...RULE, id: 8, scope: 'ip', value: '198.51.100.10', code: 401 } }
      : { status: 409, body: { errors: ['admin.restriction.locks_you_out'] } }));
    renderApp('/restrictions');
    const user = userEvent.setup();
    expect(await screen.findByText('KP')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Add Restriction/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /Value/ }), '198.51.100.10');
    await user.click(within(dialog).getByRole('button', { name: /Add Restriction/ }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Lock yourself out?' });
    expect(confirm.textContent).toContain('would refuse your own address');
    await user.click(within(confirm).getByRole('button', { name: 'Save anyway' }));
    expect(await screen.findByText('Restrictions Successfully Added')).toBeTruthy();
    const posts = api.callsTo('POST', `${AUTH}/admin/restrictions`);
    expect(posts.map((p) => p.headers.get('x-confirm'))).toEqual([null, 'admin.restriction.locks_you_out']);
    expect(posts[1]!.body).toMatchObject({ category: 'blacklist', scope: 'ip', value: '198.51.100.10' });
  });

  it('makes a whitelist link and shows it to copy', async () => {
    signedInWithAbilities(api, { manage: ['Restriction'] });
    api.on('GET', `${AUTH}/admin/restrictions`, pagedList([RULE]));
    api.on('POST', `${AUTH}/admin/restrictions/whitelink`, { status: 201, body: { whitelink_token: 'ab'.repeat(32) } });
    renderApp('/restrictions');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Whitelist link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Whitelist link' });
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    expect(await screen.findByText('Whitelist Token Successfully Created')).toBeTruthy();
    const link = await within(dialog).findByRole('textbox', { name: 'Result to copy' });
    expect((link as HTMLTextAreaElement).value).toBe(`${window.location.origin}/whitelist?token=${'ab'.repeat(32)}`);
    expect(api.callsTo('POST', `${AUTH}/admin/restrictions/whitelink`)[0]!.body).toEqual({ expire_time: 1, range: 'day' });
  });

  it('hides the whitelist link from a role that may only read', async () => {
    signedInWithAbilities(api, { read: ['Restriction'] });
    api.on('GET', `${AUTH}/admin/restrictions`, pagedList([RULE]));
    renderApp('/restrictions');
    expect(await screen.findByText('KP')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Whitelist link' })).toBeNull());
  });
});

describe('restrictions from the palette', () => {
  async function palette(command: string) {
    signedInWithAbilities(api, { manage: ['Restriction'] });
    api.on('GET', `${AUTH}/admin/restrictions`, pagedList([RULE]));
    renderApp('/restrictions');
    await screen.findByText('KP');
    const ue = userEvent.setup();
    await ue.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Command palette' });
    const input = within(dialog).getByRole('combobox') as HTMLInputElement;
    await ue.type(input, command);
    await ue.keyboard('{Enter}');
    return { ue, dialog, input };
  }

  it('Block IP… checks the address, then blacklists it', async () => {
    api.on('POST', `${AUTH}/admin/restrictions`, { status: 201, body: { ...RULE, id: 9, scope: 'ip', value: '203.0.113.7', code: 401 } });
    const { ue, dialog, input } = await palette('Block IP');
    await ue.type(input, 'not-an-ip');
    await ue.keyboard('{Enter}');
    expect(within(dialog).getByRole('alert').textContent).toContain('IPv4 or IPv6');
    await ue.clear(input);
    await ue.type(input, '203.0.113.7');
    await ue.keyboard('{Enter}');
    expect(await screen.findByText('Restrictions Successfully Added')).toBeTruthy();
    expect(api.callsTo('POST', `${AUTH}/admin/restrictions`)[0]!.body).toEqual({ category: 'blacklist', scope: 'ip', value: '203.0.113.7', state: 'enabled' });
  });

  it('Maintenance on says who is shut out, then adds the rule', async () => {
    api.on('POST', `${AUTH}/admin/restrictions`, { status: 201, body: { ...RULE, id: 10, category: 'maintenance', scope: 'all', value: 'all', code: 471 } });
    const { ue, dialog } = await palette('Maintenance on');
    expect(dialog.textContent).toContain('Everyone but staff');
    await ue.keyboard('{Enter}');
    expect(await screen.findByText('Maintenance on: only staff can use the platform')).toBeTruthy();
    expect(api.callsTo('POST', `${AUTH}/admin/restrictions`)[0]!.body).toMatchObject({ category: 'maintenance', scope: 'all', value: 'all' });
  });
});
