/**
 * Payments in the console (issue 14 item 5): the payment methods table's five provider switches, each
 * saving at once and alone; the add form by purchase type with every switch on; the gateways list's
 * filters and state switch with the spec's toasts; the payment settings' Continents tab, and their columns hidden
 * by default (to fit 1440 px) chosen back in the Views dialog.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeApi, type FakeRequest } from './support/fake-api';
import { AUTH, EXCHANGE } from './support/fixtures';
import { renderApp } from './support/render-app';
import { pagedList, signedInWithAbilities } from './support/resource-rows';

let api: FakeApi;
beforeEach(() => { localStorage.clear(); api = fakeApi(); });
afterEach(() => vi.unstubAllGlobals());

const METHODS = `${EXCHANGE}/admin/payment_methods`, GATEWAYS = `${EXCHANGE}/admin/payment_gateways`, SETTINGS = `${EXCHANGE}/admin/payment_settings`;
const ON = { onramp_provider: true, card_provider: true, account: true, external: true, deposit: true };
const METHOD = { id: 1, purchase_type: 'card', payment_options: { ...ON, account: false }, created_at: '2026-10-01T08:00:00Z', updated_at: '2026-10-01T08:00:00Z' };
const FLAGS = ['On-ramp provider', 'Card provider', 'Account', 'External', 'Deposit'];

describe('payment methods', () => {
  it('shows five switches per purchase type, each saving at once and alone', async () => {
    signedInWithAbilities(api, {}, { manage: ['PaymentMethod'] });
    api.on('GET', METHODS, pagedList([METHOD, { ...METHOD, id: 2, purchase_type: 'crypto', payment_options: ON }]));
    api.on('PUT', METHODS, (req) => {
      const body = req.body as { id: number; payment_options: Record<string, boolean> };
      return { body: { ...METHOD, payment_options: { ...METHOD.payment_options, ...body.payment_options } } };
    });
    renderApp('/payment-methods');
    expect(await screen.findByText('crypto')).toBeTruthy();
    for (const flag of FLAGS) expect(screen.getAllByRole('switch', { name: new RegExp(`^${flag}: `) })).toHaveLength(2);
    expect(screen.getAllByRole('switch', { name: 'Account: false' })).toHaveLength(1);
    const user = userEvent.setup();
    await user.click(screen.getAllByRole('switch', { name: 'Deposit: true' })[0]!);
    expect(await screen.findByText('Payment Method updated successfully')).toBeTruthy();
    expect(api.callsTo('PUT', METHODS)[0]!.body).toEqual({ id: 1, payment_options: { deposit: false } });
    await waitFor(() => expect(screen.getAllByRole('switch', { name: 'Deposit: false' })).toHaveLength(1));
  });

  it('keeps the switches off, with the reason, for a role that only reads', async () => {
    signedInWithAbilities(api, {}, { read: ['PaymentMethod'] });
    api.on('GET', METHODS, pagedList([METHOD]));
    renderApp('/payment-methods');
    const sw = await screen.findByRole('switch', { name: 'Card provider: true' });
    expect((sw as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: /Add Payment Method/ })).toBeNull();
  });

  it('adds a method by purchase type, every switch on unless turned off', async () => {
    signedInWithAbilities(api, {}, { manage: ['PaymentMethod'] });
    api.on('GET', METHODS, pagedList([METHOD]));
    api.on('POST', METHODS, (req) => ({ status: 201, body: { ...METHOD, id: 3, ...(req.body as object) } }));
    renderApp('/payment-methods/add');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Purchase type' }), 'sepa');
    for (const flag of FLAGS) expect(screen.getByRole('switch', { name: flag }).closest('label')?.hasAttribute('data-selected')).toBe(true);
    await user.click(screen.getByRole('switch', { name: 'External' }));
    await user.click(screen.getByRole('button', { name: 'Add Payment Method' }));
    expect(await screen.findByText('Payment Method added successfully')).toBeTruthy();
    expect(api.callsTo('POST', METHODS)[0]!.body).toEqual({ purchase_type: 'sepa', payment_options: { ...ON, external: false } });
  });

  it("edits a method's switches on its page, sending only the ones flipped; the purchase type stays", async () => {
    signedInWithAbilities(api, {}, { manage: ['PaymentMethod'] });
    api.on('GET', `${METHODS}/1`, { body: METHOD });
    api.on('PUT', METHODS, { body: { ...METHOD, payment_options: { ...METHOD.payment_options, deposit: false } } });
    renderApp('/payment-methods/1');
    expect(((await screen.findByRole('textbox', { name: 'Purchase type' })) as HTMLInputElement).disabled).toBe(true);
    const user = userEvent.setup();
    await user.click(screen.getByRole('switch', { name: 'Deposit' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Payment Method updated successfully')).toBeTruthy();
    expect(api.callsTo('PUT', METHODS)[0]!.body).toEqual({ id: 1, payment_options: { deposit: false } });
  });

  it('shows the purchase type rule under the field before sending', async () => {
    signedInWithAbilities(api, {}, { manage: ['PaymentMethod'] });
    renderApp('/payment-methods/add');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Purchase type' }), 'Bank Transfer');
    await user.click(screen.getByRole('button', { name: 'Add Payment Method' }));
    expect(await screen.findByText('Lower-case letters, digits and _')).toBeTruthy();
    expect(api.callsTo('POST', METHODS)).toHaveLength(0);
  });
});

describe('payment gateways', () => {
  const GATEWAY = { id: 7, name: 'Banxa', key: 'banxa-btceur', state: 'enabled', market: 'btceur', currency_id: 'eur', created_at: '2026-10-01T08:00:00Z', updated_at: '2026-10-01T08:00:00Z' };
  const lastQuery = () => Object.fromEntries(api.callsTo('GET', GATEWAYS).at(-1)!.query);

  it('filters by name, key, state, market and currency', async () => {
    signedInWithAbilities(api, {}, { manage: ['PaymentGateway'] });
    api.on('GET', GATEWAYS, pagedList([GATEWAY]));
    renderApp('/payment-gateway');
    await screen.findByText('banxa-btceur');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Filter/ }));
    const panel = screen.getByRole('search', { name: 'Filter Payment Gateways' });
    await user.type(within(panel).getByLabelText('Name'), 'banxa');
    await user.type(within(panel).getByLabelText('Key'), 'banxa-');
    await user.selectOptions(within(panel).getByLabelText('State'), 'disabled');
    await user.type(within(panel).getByLabelText('Market'), 'btceur');
    await user.type(within(panel).getByLabelText('Currency'), 'eur');
    await user.click(within(panel).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ page: '1', name: 'banxa', key: 'banxa-', state: 'disabled', market: 'btceur', currency_id: 'eur' }));
  });

  it('switches a gateway off at once, and creates one, with the spec toasts', async () => {
    signedInWithAbilities(api, {}, { manage: ['PaymentGateway', 'Market', 'Currency'] });
    api.on('GET', GATEWAYS, pagedList([GATEWAY]));
    api.on('GET', `${EXCHANGE}/admin/markets`, pagedList([{ id: 'btceur', name: 'BTC/EUR' }]));
    api.on('GET', `${EXCHANGE}/admin/currencies`, pagedList([{ code: 'eur', name: 'Euro' }]));
    api.on('PUT', GATEWAYS, (req) => ({ body: { ...GATEWAY, ...(req.body as object) } }));
    api.on('POST', GATEWAYS, (req) => ({ status: 201, body: { ...GATEWAY, id: 8, ...(req.body as object) } }));
    renderApp('/payment-gateway');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('switch', { name: 'State: enabled' }));
    expect(await screen.findByText('Payment Gateway updated successfully')).toBeTruthy();
    expect(api.callsTo('PUT', GATEWAYS)[0]!.body).toEqual({ id: 7, state: 'disabled' });

    await user.click(screen.getByRole('button', { name: 'Add Payment Gateway' }));
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Simplex');
    await user.type(screen.getByRole('textbox', { name: 'Key' }), 'simplex-btceur');
    await user.click(screen.getByRole('button', { name: 'Add Payment Gateway' }));
    expect(await screen.findByText('Payment Gateway created successfully')).toBeTruthy();
    // Market and currency are optional (a bank rail has no market): left blank, they go as null.
    expect(api.callsTo('POST', GATEWAYS)[0]!.body).toEqual({ name: 'Simplex', key: 'simplex-btceur', state: 'enabled', market: null, currency_id: null });
  });
});

describe('payment settings', () => {
  const SETTING = {
    id: 11, country_code: 'DE', country_name: 'Germany', continent: 'EU', continent_name: 'Europe', payment_method_id: 1, purchase_type: 'card',
    payment_gateway_id: 7, payment_gateway_name: 'Banxa', currency_id: 'eur', min_amount: '30', max_amount: '15000', fee: '0.0199', fixed_fee: '0',
    state: 'enabled', created_at: '2026-10-01T08:00:00Z', updated_at: '2026-10-01T08:00:00Z',
  };
  const ROWS = [SETTING, { ...SETTING, id: 12, country_code: 'FR', country_name: 'France' }, { ...SETTING, id: 13, country_code: 'BR', country_name: 'Brazil', continent: 'SA', continent_name: 'South America', state: 'disabled' }];
  const byContinent = (req: FakeRequest) => pagedList(ROWS.filter((r) => !req.query.get('continent') || r.continent === req.query.get('continent')))(req);

  it('groups the settings by continent: counts in the headers, a continent opens to its countries', async () => {
    signedInWithAbilities(api, {}, { manage: ['PaymentSetting'] });
    api.on('GET', SETTINGS, byContinent);
    api.on('GET', `${SETTINGS}/12`, { body: ROWS[1] });
    renderApp('/payment-settings?tab=continents');
    const europe = await screen.findByRole('button', { name: /Europe/ });
    await waitFor(() => expect(europe.textContent).toBe('2Europe'));
    expect(screen.getByRole('button', { name: /South America/ }).textContent).toBe('1South America');
    expect(screen.getByRole('button', { name: /Africa/ }).textContent).toBe('0Africa');
    expect(screen.queryByText('France')).toBeNull();
    const user = userEvent.setup();
    await user.click(europe);
    const items = await screen.findByRole('list', { name: 'Payment Settings in Europe' });
    expect(within(items).getByText('Germany')).toBeTruthy();
    const opened = api.callsTo('GET', SETTINGS).filter((c) => c.query.get('limit') === '100');
    expect(Object.fromEntries(opened[0]!.query)).toMatchObject({ continent: 'EU', order_by: 'country_code', page: '1' });
    await user.click(within(items).getByText('France'));
    await waitFor(() => expect(window.location.pathname).toBe('/payment-settings/12'));
  });

  it('shows the list first, with a tab to the continents', async () => {
    signedInWithAbilities(api, {}, { read: ['PaymentSetting'] });
    api.on('GET', SETTINGS, byContinent);
    renderApp('/payment-settings');
    expect(await screen.findByText('Brazil')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Continents' }));
    await waitFor(() => expect(window.location.search).toBe('?tab=continents'));
    expect(await screen.findByRole('button', { name: /South America/ })).toBeTruthy();
  });

  it('leaves its hidden columns out until they are chosen in the Views dialog, and back out', async () => {
    signedInWithAbilities(api, {}, { read: ['PaymentSetting'] });
    api.on('GET', SETTINGS, byContinent);
    api.on('GET', `${AUTH}/admin/views`, { body: [] });
    renderApp('/payment-settings');
    expect(await screen.findByText('Brazil')).toBeTruthy();
    const headers = () => [...document.querySelectorAll('.ag-header-cell')].map((h) => h.textContent?.trim());
    expect(headers()).toEqual(expect.arrayContaining(['Country', 'Method', 'Min', 'Max (0: none)', 'Fee %', 'State']));
    expect(headers()).not.toContain('Continent');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^Views/ }));
    const columns = within(await screen.findByRole('dialog', { name: /Saved views/ })).getByRole('group', { name: 'Columns' });
    expect((within(columns).getByRole('checkbox', { name: 'Continent' }) as HTMLInputElement).checked).toBe(false);
    expect((within(columns).getByRole('checkbox', { name: 'Country' }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(columns).getByRole('checkbox', { name: 'Continent' }));
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('columns'))
      .toBe('country_name,continent_name,purchase_type,payment_gateway_name,currency_id,min_amount,max_amount,fee,fixed_fee,state'));
    await waitFor(() => expect(headers()).toContain('Continent'));
    await user.click(within(columns).getByRole('checkbox', { name: 'Continent' }));
    await waitFor(() => expect(window.location.search).not.toContain('columns'));
  });
});
