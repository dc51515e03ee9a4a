// Nothing lost (issue 17 item 6): every engine form and the user detail's label and state-remark forms keep
// a local draft as they are typed, restored with a "Draft restored" note and a Discard; never a secret;
// cleared by a successful submit and by a sign-out by the staff member's own action, kept by an idle one.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeApi } from './support/fake-api';
import { AUTH, EXCHANGE, signedIn } from './support/fixtures';
import { renderApp } from './support/render-app';
import { pagedList, permissionRows, signedInWithAbilities } from './support/resource-rows';
import { ADMIN, UID, customer, serveUser, staff } from './users-fixtures';
import { isSecretField, loadDraft, saveDraft } from '../../src/client/state/drafts';
import { expireSession, logout } from '../../src/client/state/session';

// Whole-app renders with typing: generous on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

const STAFF = 'ID0000000001';
const LIST = `${AUTH}/admin/permissions`;
let api: FakeApi;
beforeEach(() => {
  localStorage.clear();
  api = fakeApi();
});
afterEach(() => vi.unstubAllGlobals());

const stored = () => Object.keys(localStorage).filter((k) => k.startsWith('steward.draft:')).sort();
const draftOf = (form: string) => JSON.parse(localStorage.getItem(`steward.draft:${STAFF}:${form}`) ?? 'null') as { values: Record<string, unknown> } | null;

async function newPermission() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Create' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'New Permission' }) };
}

describe('what a draft may hold', () => {
  it('never a secret, by name in any case style or by type', () => {
    for (const name of ['password', 'new_password', 'otp', 'otp_code', 'totpCode', 'api_key', 'apiKey', 'private_key', 'client_secret',
      'secret', 'auth_token', 'token', 'pin', 'mnemonic', 'credentials']) expect(isSecretField(name), name).toBe(true);
    for (const name of ['reason', 'amount', 'description', 'remark', 'key', 'token_number', 'counterpart_code', 'blockchain_key', 'topic', 'spin_rate'])
      expect(isSecretField(name), name).toBe(false);
    expect(isSecretField('server', { writeOnly: true })).toBe(true);
    expect(isSecretField('note', { inputType: 'password' })).toBe(true);
  });

  it('drops secrets on the way in and on the way out', () => {
    saveDraft(STAFF, 'x/new', { name: 'Main', password: 'hunter2', server: 'http://u:p@node' }, (n) => n === 'server');
    expect(draftOf('x/new')!.values).toEqual({ name: 'Main' });
    localStorage.setItem(`steward.draft:${STAFF}:y/new`, JSON.stringify({ savedAt: 1, values: { name: 'A', otp_code: '123456' } }));
    expect(loadDraft(STAFF, 'y/new')!.values).toEqual({ name: 'A' });
  });
});

describe('an engine form', () => {
  it('keeps what is typed, restores it with a note after a reload, and Discard drops it', async () => {
    signedIn(api, 'superadmin');
    api.on('GET', LIST, pagedList(permissionRows(3)));
    renderApp('/setting-permissions');
    const { user, dialog } = await newPermission();
    await user.type(within(dialog).getByRole('textbox', { name: 'Role' }), 'support');
    await user.type(within(dialog).getByRole('textbox', { name: 'Topic' }), 'users');
    await waitFor(() => expect(draftOf('permissions/new')?.values).toEqual({ role: 'support', topic: 'users' }));

    cleanup();
    renderApp('/setting-permissions');
    const again = (await newPermission()).dialog;
    expect(within(again).getByRole('status').textContent).toContain('Draft restored');
    expect((within(again).getByRole('textbox', { name: 'Role' }) as HTMLInputElement).value).toBe('support');
    expect((within(again).getByRole('textbox', { name: 'Topic' }) as HTMLInputElement).value).toBe('users');
    await userEvent.setup().click(within(again).getByRole('button', { name: 'Discard draft' }));
    expect((within(again).getByRole('textbox', { name: 'Role' }) as HTMLInputElement).value).toBe('');
    expect(within(again).queryByText(/Draft restored/)).toBeNull();
    await waitFor(() => expect(stored()).toEqual([]));
  });

  it('is cleared by a successful submit', async () => {
    signedIn(api, 'superadmin');
    api.on('GET', LIST, pagedList(permissionRows(3)));
    api.on('POST', LIST, (req) => ({ status: 201, body: { id: 99, ...(req.body as object) } }));
    renderApp('/setting-permissions');
    const { user, dialog } = await newPermission();
    await user.type(within(dialog).getByRole('textbox', { name: 'Role' }), 'support');
    await user.type(within(dialog).getByRole('textbox', { name: 'Path' }), 'api/v2/barong/admin/users');
    await user.type(within(dialog).getByRole('textbox', { name: 'Topic' }), 'users');
    await waitFor(() => expect(stored()).toHaveLength(1));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Permission Successfully Added')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New Permission' })).toBeNull());
    await new Promise((r) => setTimeout(r, 600));
    expect(stored()).toEqual([]);
  });

  it('never stores a write-only field (a blockchain node URL, which may carry credentials)', async () => {
    signedIn(api, 'superadmin');
    api.on('GET', `${EXCHANGE}/admin/blockchains/clients`, { body: ['bitcoin'] });
    renderApp('/blockchain/add');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Bitcoin testnet');
    await user.type(screen.getByRole('textbox', { name: 'Server' }), 'http://rpc:s3cret@127.0.0.1:18443');
    await waitFor(() => expect(draftOf('blockchains/new')?.values).toEqual({ name: 'Bitcoin testnet' }));
    expect(JSON.stringify(localStorage)).not.toContain('s3cret');
  });
});

describe('an engine call dialog', () => {
  it('keeps the params typed (a blockchain\'s Scan block) and restores them when it opens again', async () => {
    signedInWithAbilities(api, {}, { manage: ['Blockchain'] });
    const chain = { id: 3, key: 'bitcoin', name: 'Bitcoin', client: 'bitcoin', height: 1, min_confirmations: 2, explorer_address: 'a', explorer_transaction: 't', status: 'active', created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' };
    api.on('GET', `${EXCHANGE}/admin/blockchains/3`, { body: chain });
    api.on('GET', `${EXCHANGE}/admin/blockchains/3/latest_block`, { body: 812345 });
    api.on('GET', `${EXCHANGE}/admin/blockchains/clients`, { body: ['bitcoin'] });
    renderApp('/blockchain/3');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Scan' }));
    let dialog = await screen.findByRole('dialog', { name: 'Scan block' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Block number' }), '77');
    // This fixture's staff member has a uid of their own.
    await waitFor(() => expect(stored()).toEqual([expect.stringMatching(/^steward\.draft:ID\w+:blockchains\/call\/scan-block\/3$/)]));
    expect(JSON.parse(localStorage.getItem(stored()[0]!)!).values).toEqual({ block_number: '77' });

    cleanup();
    renderApp('/blockchain/3');
    await user.click(await screen.findByRole('button', { name: 'Scan' }));
    dialog = await screen.findByRole('dialog', { name: 'Scan block' });
    expect(within(dialog).getByRole('status').textContent).toContain('Draft restored');
    expect((within(dialog).getByRole('textbox', { name: 'Block number' }) as HTMLInputElement).value).toBe('77');
  });
});

describe('sign-out', () => {
  async function typedDraft() {
    signedIn(api, 'superadmin');
    api.on('GET', LIST, pagedList(permissionRows(3)));
    renderApp('/setting-permissions');
    const { user, dialog } = await newPermission();
    await user.type(within(dialog).getByRole('textbox', { name: 'Role' }), 'support');
    await waitFor(() => expect(stored()).toHaveLength(1));
    await user.type(within(dialog).getByRole('textbox', { name: 'Topic' }), 'users');
  }

  it('by idle timeout keeps the draft, the last keys included (the form saves as it closes)', async () => {
    await typedDraft();
    await act(async () => { await expireSession(); });
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(draftOf('permissions/new')?.values).toEqual({ role: 'support', topic: 'users' });
  });

  it('by the staff member’s own action drops every draft of theirs, and the closing form writes none back', async () => {
    await typedDraft();
    localStorage.setItem('steward.draft:ID0000000999:permissions/new', JSON.stringify({ savedAt: 1, values: { role: 'x' } }));
    await act(async () => { await logout(); });
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    await new Promise((r) => setTimeout(r, 600));
    expect(stored()).toEqual(['steward.draft:ID0000000999:permissions/new']);
  });
});

describe('user detail forms', () => {
  it('the label form and the state remark keep their drafts across a reload', async () => {
    staff(api, 'admin', ADMIN);
    serveUser(api, customer());
    const user = userEvent.setup();
    renderApp(`/user-directory/${UID}`);
    await screen.findByRole('heading', { name: 'Grace Hopper' });
    await user.click(screen.getByRole('button', { name: /Add label/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Add label' });
    await user.type(within(dialog).getByLabelText('Key'), 'tier');
    await user.type(within(dialog).getByLabelText('Description'), 'VIP desk');
    await waitFor(() => expect(draftOf(`user:${UID}:label`)?.values).toEqual({ key: 'tier', description: 'VIP desk' }));
    localStorage.setItem(`steward.draft:${STAFF}:user:${UID}:state`, JSON.stringify({ savedAt: Date.now(), values: { remark: 'Chargeback' } }));

    cleanup();
    renderApp(`/user-directory/${UID}`);
    await screen.findByRole('heading', { name: 'Grace Hopper' });
    await user.click(screen.getByRole('button', { name: /Add label/ }));
    const again = await screen.findByRole('dialog', { name: 'Add label' });
    expect(within(again).getByRole('status').textContent).toContain('Draft restored');
    expect((within(again).getByLabelText('Key') as HTMLInputElement).value).toBe('tier');
    expect((within(again).getByLabelText('Description') as HTMLInputElement).value).toBe('VIP desk');
    await user.click(within(again).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: /State$/ }));
    await user.click(await screen.findByRole('option', { name: 'Banned' }));
    const remark = await screen.findByRole('dialog', { name: 'Change user state' });
    expect(within(remark).getByRole('status').textContent).toContain('Draft restored');
    expect((within(remark).getByLabelText('Remark') as HTMLInputElement).value).toBe('Chargeback');
  });
});
