/**
 * Raw error keys shown to staff (issue 29 item 10): a blockchain's latest block read
 * `admin.blockchain.node_unreachable` and the scan dialog `admin.blockchain.block_not_found`, because those
 * screens printed the server's codes as they came. Every failure shown on a screen goes through the one
 * translation (i18n errorText): plain words that say what to do, never a dotted code. That every code the
 * server can send has such words is tests/unit/i18n-codes.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeApi } from './support/fake-api';
import { AUTH, EXCHANGE } from './support/fixtures';
import { renderApp } from './support/render-app';
import { signedInWithAbilities } from './support/resource-rows';
import { t } from '../../src/client/i18n';

let api: FakeApi;
beforeEach(() => { localStorage.clear(); api = fakeApi(); });
afterEach(() => vi.unstubAllGlobals());

const CODE = /\b[a-z]+\.[a-z_]+\.[a-z_]+\b/;
const chain = { id: 3, key: 'bitcoin', name: 'Bitcoin', client: 'bitcoin', height: 1, min_confirmations: 2, explorer_address: 'a', explorer_transaction: 't', status: 'active', created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' };

describe('failures in words', () => {
  it('says why the node gave no latest block, and why a block cannot be scanned', async () => {
    signedInWithAbilities(api, {}, { manage: ['Blockchain'] });
    api.on('GET', `${EXCHANGE}/admin/blockchains/3`, { body: chain });
    api.on('GET', `${EXCHANGE}/admin/blockchains/3/latest_block`, { status: 502, body: { errors: ['admin.blockchain.node_unreachable'] } });
    api.on('POST', `${EXCHANGE}/admin/blockchains/process_block`, {
      status: 422, body: { errors: ['admin.blockchain.block_not_found'], fields: { block_number: ['admin.blockchain.block_not_found'] } },
    });
    renderApp('/blockchain/3');
    const latest = await waitFor(() => {
      const el = document.querySelector('.row-call-error');
      expect(el).toBeTruthy();
      return el!;
    });
    expect(latest.textContent).toBe(t('admin.blockchain.node_unreachable'));
    expect(latest.textContent).toMatch(/cannot be reached\. Check/);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Scan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Scan block' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Block number' }), '99999999');
    await user.click(within(dialog).getByRole('button', { name: 'Scan' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe(t('admin.blockchain.block_not_found'));
    expect(alert.textContent).not.toMatch(CODE);
  });

  it('says why a whitelist link did not work', async () => {
    api.on('POST', `${AUTH}/identity/users/access`, { status: 422, body: { errors: ['identity.user.access.invalid_token'] } });
    renderApp(`/whitelist?token=${'ab'.repeat(32)}`);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('This whitelist link is invalid, used or expired.');
  });
});
