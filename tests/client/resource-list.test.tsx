import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
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
  signedIn(api, 'superadmin');
});
afterEach(() => vi.unstubAllGlobals());

const lastQuery = () => Object.fromEntries(api.callsTo('GET', LIST).at(-1)!.query);

describe('permissions list kept in the URL', () => {
  it('requests what the URL says and shows the rows, total and pager', async () => {
    api.on('GET', LIST, pagedList(permissionRows(42)));
    renderApp('/setting-permissions?role=admin&page=2&limit=10&ordering=desc');
    expect(await screen.findByText('api/v2/barong/admin/thing11')).toBeTruthy();
    expect(lastQuery()).toEqual({ page: '2', limit: '10', ordering: 'desc', order_by: 'id', role: 'admin' });
    expect(screen.getByRole('heading', { name: /42\s*Permissions/ })).toBeTruthy();
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pager).getByText('11–20 of 42')).toBeTruthy();
    expect(within(pager).getAllByRole('button', { name: /^Page / }).map((b) => b.textContent)).toEqual(['1', '2', '3', '4', '5']);
    expect(within(pager).getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    expect((within(pager).getByRole('combobox') as HTMLSelectElement).value).toBe('10');
  });

  it('a changed filter goes into the URL, restarts at page 1, and reloading the URL repeats the request', async () => {
    api.on('GET', LIST, pagedList(permissionRows(42)));
    const user = userEvent.setup();
    renderApp('/setting-permissions?page=3&limit=10');
    await screen.findByText('api/v2/barong/admin/thing21');
    // The filter panel shows the definition's filters; empty ones are dropped.
    await user.click(screen.getByRole('button', { name: /Filter/ }));
    const panel = screen.getByRole('search', { name: 'Filter Permissions' });
    await user.type(within(panel).getByLabelText('Path'), 'api/v2/peatio');
    await user.selectOptions(within(panel).getByLabelText('Verb'), 'post');
    await user.click(within(panel).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(window.location.search).toBe('?limit=10&verb=post&path=api%2Fv2%2Fpeatio'));
    await waitFor(() => expect(lastQuery()).toEqual({ page: '1', limit: '10', ordering: 'asc', order_by: 'id', verb: 'post', path: 'api/v2/peatio' }));
    const before = lastQuery();

    renderApp(`/setting-permissions${window.location.search}`);
    await waitFor(() => expect(api.callsTo('GET', LIST).length).toBeGreaterThan(2));
    expect(lastQuery()).toEqual(before);
  });

  it('page links, size and Back move through the URL', async () => {
    api.on('GET', LIST, pagedList(permissionRows(120)));
    const user = userEvent.setup();
    renderApp('/setting-permissions');
    await screen.findByText('api/v2/barong/admin/thing1');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(window.location.search).toBe('?page=2'));
    expect(await screen.findByText('api/v2/barong/admin/thing51')).toBeTruthy();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '25');
    await waitFor(() => expect(window.location.search).toBe('?limit=25'));
    await waitFor(() => expect(lastQuery()).toMatchObject({ page: '1', limit: '25' }));
    window.history.back();
    await waitFor(() => expect(window.location.search).toBe('?page=2'));
    await waitFor(() => expect(lastQuery()).toMatchObject({ page: '2', limit: '50' }));
  });

  it('shows No Record Found, UTC dates and the estimated total', async () => {
    signedInWithAbilities(api, { manage: ['EmailType'] });
    api.on('GET', `${AUTH}/admin/email-types`, pagedList([
      { id: 1, name: 'welcome', key: null, description: 'Sent right after a customer confirms the e-mail address', status: 'active', created_at: '2026-03-04T23:59:00Z', updated_at: '2026-03-05T00:01:00+02:00' },
    ], { 'Total-Estimated': 'true' }));
    renderApp('/email-type');
    expect(await screen.findByText('Mar 4, 2026 23:59')).toBeTruthy();
    expect(screen.getByText('Mar 4, 2026 22:01')).toBeTruthy();
    expect(screen.getByText('Sent right after a customer confirm…')).toBeTruthy();
    expect(screen.getByRole('heading', { name: /≈ 1\s*Email Types/ })).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'Pagination' })).getByText('1–1 of ≈ 1')).toBeTruthy();

    api.on('GET', `${AUTH}/admin/email-types`, pagedList([]));
    renderApp('/email-type?name=nothing');
    expect(await screen.findByText('No Record Found')).toBeTruthy();
    // The first render is still mounted: the second app's pager is the last one.
    expect(within(screen.getAllByRole('navigation', { name: 'Pagination' }).at(-1)!).getByText('No rows')).toBeTruthy();
  });

  it('shows amounts right-aligned under right-aligned headers, grouped by thousands, with the fee currency; the text stays the raw value', async () => {
    api.on('GET', `${EXCHANGE}/admin/trades`, pagedList([{
      id: 1, maker_order_email: 'a@x.test', taker_order_email: 'b@x.test', maker_uid: 'IDB58523E2EE', taker_uid: 'IDA8832337E9',
      maker_fee_amount: '1234.125668', maker_fee_currency: 'usdt', taker_fee_amount: '0.00000194', taker_fee_currency: 'btc',
      market: 'btcusdt', price: '64710.81', amount: '0.000971', total: '1234567.00000001', taker_type: 'buy', created_at: '2026-10-29T06:07:17Z',
    }]));
    renderApp('/trades');
    const cell = (col: string) => document.querySelector(`.ag-row [col-id="${col}"]`) as HTMLElement;
    await waitFor(() => expect(cell('total')).toBeTruthy());
    expect(document.querySelector('.ag-header-cell[col-id="total"]')!.classList).toContain('ag-right-aligned-header');
    expect(cell('total').classList).toContain('ag-right-aligned-cell');
    // What a selection copies is the number as sent; the separators are drawn between the groups (CSS).
    expect(cell('total').textContent).toBe('1234567.00000001');
    expect([...cell('total').querySelectorAll('.amount-group')].map((g) => g.textContent)).toEqual(['234', '567']);
    expect(cell('maker_fee_amount').textContent).toBe('1234.125668 USDT');
    expect(cell('taker_fee_amount').textContent).toBe('0.00000194 BTC');
    expect(cell('market').classList).not.toContain('ag-right-aligned-cell');
  });
});
