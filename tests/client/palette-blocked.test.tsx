/** The palette shows commands a role lacks, disabled, with the ability that is missing. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from './support/fake-api';
import { freshBrowserState, renderApp } from './support/render-app';
import { pagedList, signedInWithAbilities } from './support/resource-rows';

beforeEach(() => freshBrowserState());
afterEach(() => vi.unstubAllGlobals());
describe('commands a role lacks', () => {
  it('shows them disabled with the ability that is missing, and running them does nothing', async () => {
    const api = fakeApi();
    signedInWithAbilities(api, {}, { read: ['Market', 'Currency', 'Engine'] });
    api.on('GET', '/api/v2/peatio/admin/markets', pagedList([]));
    renderApp('/markets');
    await screen.findByText('No Record Found');
    const ue = userEvent.setup();
    await ue.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Command palette' });
    await ue.type(within(dialog).getByRole('combobox'), 'new market');
    const row = await within(dialog).findByText('Your role cannot manage Market.');
    const item = row.closest('[cmdk-item]')!;
    expect(item.getAttribute('aria-disabled')).toBe('true');
    expect(item.textContent).toContain('New Market');
    await ue.keyboard('{Enter}');
    expect(window.location.pathname).toBe('/markets');
  });
});
