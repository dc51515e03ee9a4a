/**
 * The engine's new capabilities on the exchange screens: a string key (currencies by code), per-attribute
 * fields, fields shown or disabled by another field (fiat vs coin, swap fee type, bot switches), a
 * key/value map with fixed keys, percent-scaled fees, a row's calls (latest block, scan a block) and a
 * confirmed state change with before → after.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeApi } from './support/fake-api';
import { EXCHANGE } from './support/fixtures';
import { renderApp } from './support/render-app';
import { pagedList, signedInWithAbilities } from './support/resource-rows';

let api: FakeApi;
beforeEach(() => { localStorage.clear(); api = fakeApi(); });
afterEach(() => vi.unstubAllGlobals());

const CURRENCY = {
  code: 'btc', name: 'Bitcoin', type: 'coin', visible: true, position: 1, icon_url: null, deposit_enabled: true, withdrawal_enabled: true,
  swap_enabled: true, token_swap_enabled: false, wonka_swap_enabled: false, presale_bonus: '0', purchase_fee_bonus: '0', subunits: 8,
  precision: 8, blockchain_key: 'bitcoin', deposit_fee: '0', min_deposit_amount: '0.0001', withdraw_fee: '0.0005', min_withdraw_amount: '0.001',
  min_amount_for_us_users: '0', max_amount_for_us_users: '0', min_amount_for_non_us_users: '0', max_amount_for_non_us_users: '0',
  swap_fees_type: 'percentage', swap_fees: '0.5', swap_fees_usd: '0', options: { gas_limit: '', gas_price: '' }, lock_peer: false,
  created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z',
};
const input = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

describe('currency form', () => {
  it('opens by code, locks code and type, and lets the accountant change only its attributes', async () => {
    signedInWithAbilities(api, {}, { read: ['Currency', 'Blockchain'], update: [{ Currency: ['visible', 'deposit_enabled', 'withdrawal_enabled'] }] });
    api.on('GET', `${EXCHANGE}/admin/currencies/btc`, { body: CURRENCY });
    api.on('GET', `${EXCHANGE}/admin/blockchains`, pagedList([{ id: 1, key: 'bitcoin', name: 'Bitcoin' }]));
    api.on('POST', `${EXCHANGE}/admin/currencies/update`, (req) => ({ status: 201, body: { ...CURRENCY, ...(req.body as object) } }));
    renderApp('/currencies/btc');
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect((name as HTMLInputElement).disabled).toBe(true);
    expect(input('Code').disabled).toBe(true);
    const visible = screen.getByRole('switch', { name: 'Visible' }) as HTMLInputElement;
    expect(visible.disabled).toBe(false);
    expect((screen.getByRole('switch', { name: 'Swap enabled' }) as HTMLInputElement).disabled).toBe(true);
    const user = userEvent.setup();
    await user.click(visible);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Currency updated successfully')).toBeTruthy();
    expect(api.callsTo('POST', `${EXCHANGE}/admin/currencies/update`)[0]!.body).toEqual({ code: 'btc', visible: false });
  });

  it('drops the blockchain and sends empty options for fiat; keeps gas_limit and gas_price for coins', async () => {
    signedInWithAbilities(api, {}, { manage: ['Currency', 'Blockchain'] });
    api.on('GET', `${EXCHANGE}/admin/blockchains`, pagedList([{ id: 1, key: 'bitcoin', name: 'Bitcoin' }]));
    api.on('GET', `${EXCHANGE}/admin/currencies`, pagedList([]));
    api.on('POST', `${EXCHANGE}/admin/currencies/new`, (req) => ({ status: 201, body: { ...CURRENCY, ...(req.body as object) } }));
    renderApp('/currencies/add');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Code' }), 'chf');
    await user.type(input('Name'), 'Swiss Franc');
    // A coin: the options start with the two fixed keys, which cannot be removed; another can be added and removed.
    expect(input('Setting 1 name').value).toBe('gas_limit');
    expect(input('Setting 2 name').value).toBe('gas_price');
    expect(screen.queryByRole('button', { name: 'Remove gas_limit' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add setting' }));
    expect(screen.getByRole('button', { name: 'Remove setting 3' })).toBeTruthy();
    expect(screen.getByText('Blockchain')).toBeTruthy();
    // Fiat: the blockchain and the options go away.
    await user.click(screen.getByRole('button', { name: /Type/ }));
    await user.click(await screen.findByRole('option', { name: 'Fiat' }));
    await waitFor(() => expect(screen.queryByText('Blockchain')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Add setting' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add Currency' }));
    expect(await screen.findByText('Currency added successfully')).toBeTruthy();
    const body = api.callsTo('POST', `${EXCHANGE}/admin/currencies/new`)[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ code: 'chf', name: 'Swiss Franc', type: 'fiat', options: {} });
    expect(body).not.toHaveProperty('blockchain_key');
  });

  it('lists the currency\'s other networks and its markets in tabs, each limited to it', async () => {
    signedInWithAbilities(api, {}, { manage: ['Currency', 'Blockchain', 'CryptoSetting', 'Market'] });
    api.on('GET', `${EXCHANGE}/admin/currencies/btc`, { body: CURRENCY });
    api.on('GET', `${EXCHANGE}/admin/blockchains`, pagedList([]));
    api.on('GET', `${EXCHANGE}/admin/crypto_settings`, pagedList([{ id: 4, currency_id: 'btc', blockchain_key: 'ethereum', status: 'hidden', deposit_fee: '0', withdraw_fee: '0.0005' }]));
    api.on('GET', `${EXCHANGE}/admin/markets`, pagedList([{ id: 'btcusdt', name: 'BTC/USDT', base_unit: 'btc', quote_unit: 'usdt', state: 'enabled' }]));
    renderApp('/currencies/btc');
    await screen.findByRole('textbox', { name: 'Name' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Networks' }));
    expect(await screen.findByText('ethereum')).toBeTruthy();
    expect(window.location.search).toBe('?tab=networks');
    expect(api.callsTo('GET', `${EXCHANGE}/admin/crypto_settings`).at(-1)!.query.get('currency_id')).toBe('btc');
    await user.click(screen.getByRole('tab', { name: 'Markets' }));
    expect(await screen.findByText('BTC/USDT')).toBeTruthy();
    expect(api.callsTo('GET', `${EXCHANGE}/admin/markets`).at(-1)!.query.get('base_unit')).toBe('btc');
    await user.click(screen.getByRole('tab', { name: 'Settings' }));
    expect(await screen.findByRole('textbox', { name: 'Name' })).toBeTruthy();
  });

  it('disables the swap fee that does not apply to the fee type', async () => {
    signedInWithAbilities(api, {}, { manage: ['Currency', 'Blockchain'] });
    api.on('GET', `${EXCHANGE}/admin/currencies/btc`, { body: CURRENCY });
    api.on('GET', `${EXCHANGE}/admin/blockchains`, pagedList([]));
    renderApp('/currencies/btc');
    expect((await screen.findByRole('textbox', { name: 'Swap fee %' }) as HTMLInputElement).disabled).toBe(false);
    expect(input('Swap fee (USD)').disabled).toBe(true);
  });
});

describe('blockchain detail', () => {
  it('shows the latest block and scans a block typed in the dialog, Scan disabled until then', async () => {
    signedInWithAbilities(api, {}, { manage: ['Blockchain'] });
    const chain = { id: 3, key: 'bitcoin', name: 'Bitcoin', client: 'bitcoin', height: 1, min_confirmations: 2, explorer_address: 'a', explorer_transaction: 't', status: 'active', created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' };
    api.on('GET', `${EXCHANGE}/admin/blockchains/3`, { body: chain });
    api.on('GET', `${EXCHANGE}/admin/blockchains/3/latest_block`, { body: 812345 });
    api.on('GET', `${EXCHANGE}/admin/blockchains/clients`, { body: ['bitcoin', 'ethereum'] });
    api.on('POST', `${EXCHANGE}/admin/blockchains/process_block`, { status: 201, body: { ...chain, processed_block: { number: 77, deposits_recorded: 2, outputs_matched: 3 } } });
    renderApp('/blockchain/3');
    expect(await screen.findByText('812,345')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Scan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Scan block' });
    const scan = within(dialog).getByRole('button', { name: 'Scan' }) as HTMLButtonElement;
    expect(scan.disabled).toBe(true);
    const height = within(dialog).getByRole('textbox', { name: 'Block number' });
    await user.type(height, '7');
    await user.clear(height);
    // Emptied, the required height says so (issue 29 item 18), and Scan stays off.
    expect(await within(dialog).findByText('Required')).toBeTruthy();
    expect(scan.disabled).toBe(true);
    await user.type(height, '77');
    expect(within(dialog).queryByText('Required')).toBeNull();
    expect(scan.disabled).toBe(false);
    await user.click(scan);
    expect(await screen.findByText('Block 77 scanned: 2 deposit(s) recorded, 1 already known or below the minimum')).toBeTruthy();
    expect(api.callsTo('POST', `${EXCHANGE}/admin/blockchains/process_block`)[0]!.body).toEqual({ id: 3, block_number: 77 });

    // The palette's scan takes the chain on screen: the block number alone (issue 29 item 6).
    api.on('GET', `${EXCHANGE}/admin/blockchains`, pagedList([chain]));
    await user.keyboard('{Control>}k{/Control}');
    const palette = await screen.findByRole('dialog', { name: 'Command palette' });
    await user.type(within(palette).getByRole('combobox'), 'scan block');
    await user.keyboard('{Enter}');
    await user.type(within(palette).getByRole('combobox'), '870');
    expect(within(palette).getByRole('option').textContent).toMatch(/^Scan block “870 bitcoin”/);
    await user.keyboard('{Enter}');
    const again = await screen.findByRole('dialog', { name: 'Scan block' });
    const field = within(again).getByRole('textbox', { name: 'Block number' }) as HTMLInputElement;
    expect(field.value).toBe('870');
    // The second dialog too has its field focused, not the dialog (issue 29 item 7). In Chromium react-aria
    // focused the dialog itself (its field's autofocus waited for the modal's transition); jsdom has no
    // transitions, so the dialog taking the focus is done here by hand: it hands it to its field.
    await waitFor(() => expect(document.activeElement).toBe(field));
    again.focus();
    await waitFor(() => expect(document.activeElement).toBe(field));
  });

  it('resets the height to the node\'s latest block, sent on Save', async () => {
    signedInWithAbilities(api, {}, { manage: ['Blockchain'] });
    const chain = { id: 3, key: 'bitcoin', name: 'Bitcoin', client: 'bitcoin', height: 5, min_confirmations: 2, explorer_address: 'a', explorer_transaction: 't', status: 'active', updated_at: '2026-01-01T00:00:00Z' };
    api.on('GET', `${EXCHANGE}/admin/blockchains/3`, { body: chain });
    api.on('GET', `${EXCHANGE}/admin/blockchains/3/latest_block`, { body: 812345 });
    api.on('POST', `${EXCHANGE}/admin/blockchains/update`, (req) => ({ status: 201, body: { ...chain, ...(req.body as object) } }));
    renderApp('/blockchain/3');
    const height = await screen.findByRole('textbox', { name: 'Height' }) as HTMLInputElement;
    expect(height.value).toBe('5');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(height.value).toBe('812345'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Blockchain Successfully Updated')).toBeTruthy();
    expect(api.callsTo('POST', `${EXCHANGE}/admin/blockchains/update`)[0]!.body).toEqual({ id: 3, height: 812345 });
  });

  it('says what is wrong with the node instead of a number', async () => {
    signedInWithAbilities(api, {}, { manage: ['Blockchain'] });
    api.on('GET', `${EXCHANGE}/admin/blockchains/4`, { body: { id: 4, key: 'ltc', name: 'Litecoin', client: 'bitcoin', height: 1, min_confirmations: 6, status: 'disabled' } });
    api.on('GET', `${EXCHANGE}/admin/blockchains/4/latest_block`, { status: 502, body: { errors: ['admin.blockchain.node_unreachable'] } });
    renderApp('/blockchain/4');
    await waitFor(() => expect(document.querySelector('.row-call-error')?.textContent).toMatch(/node/i));
  });
});

describe('market state change', () => {
  it('confirms Disable with the state before → after, then saves it', async () => {
    signedInWithAbilities(api, {}, { manage: ['Market', 'Currency'], read: ['Engine'] });
    const market = { id: 'btcusdt', name: 'BTC/USDT', engine_id: 1, base_unit: 'btc', quote_unit: 'usdt', state: 'enabled', min_price: '1', max_price: '0', min_amount: '0.1', price_precision: 2, amount_precision: 6, position: 1, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' };
    api.on('GET', `${EXCHANGE}/admin/markets/btcusdt`, { body: market });
    api.on('GET', `${EXCHANGE}/admin/engines`, pagedList([{ id: 1, name: 'Default' }]));
    api.on('GET', `${EXCHANGE}/admin/currencies`, pagedList([]));
    api.on('POST', `${EXCHANGE}/admin/markets/update`, (req) => ({ status: 201, body: { ...market, ...(req.body as object), updated_at: '2026-02-01T00:00:00Z' } }));
    renderApp('/market-info/btcusdt?action=disable');
    const confirm = await screen.findByRole('alertdialog', { name: 'Disable market btcusdt?' });
    expect(confirm.textContent).toContain('State: Enabled → Disabled');
    const user = userEvent.setup();
    await user.click(within(confirm).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Market disabled')).toBeTruthy();
    expect(api.callsTo('POST', `${EXCHANGE}/admin/markets/update`)[0]!.body).toEqual({ id: 'btcusdt', state: 'disabled' });
    // Disabled now: Disable is no longer offered, Enable is.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Disable' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Enable' })).toBeTruthy();
  });
});

describe('fee schedules', () => {
  it('shows fractions as percent and sends percent typed as fractions', async () => {
    signedInWithAbilities(api, {}, { manage: ['TradingFee', 'Market'] });
    const row = { id: 2, group: 'vip-1', market_id: 'any', maker: '0.0015', taker: '0.002', updated_at: '2026-01-01T00:00:00Z' };
    api.on('GET', `${EXCHANGE}/admin/trading_fees`, pagedList([row]));
    api.on('GET', `${EXCHANGE}/admin/markets`, pagedList([]));
    api.on('GET', `${EXCHANGE}/admin/members/groups`, { body: ['any', 'vip-1'] });
    api.on('POST', `${EXCHANGE}/admin/trading_fees/update`, (req) => ({ status: 201, body: { ...row, ...(req.body as object) } }));
    renderApp('/fees-schedules');
    expect(await screen.findByText('0.15 %')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByText('vip-1'));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Fee Schedule' });
    const maker = within(dialog).getByRole('textbox', { name: 'Maker fee %' }) as HTMLInputElement;
    expect(maker.value).toBe('0.15');
    await user.clear(maker);
    await user.type(maker, '0.1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Fee schedule updated successfully')).toBeTruthy();
    expect(api.callsTo('POST', `${EXCHANGE}/admin/trading_fees/update`)[0]!.body).toEqual({ id: 2, maker: '0.001' });
  });
});

describe('bot form', () => {
  it('shows market making and trading only while the bot is enabled', async () => {
    signedInWithAbilities(api, {}, { manage: ['BotSetting', 'Market'] });
    api.on('GET', `${EXCHANGE}/admin/markets`, pagedList([{ id: 'trstusdt', name: 'TRST/USDT' }]));
    api.on('GET', `${EXCHANGE}/admin/bot_settings`, pagedList([]));
    // The list's own route with add (issue 29 item 18: it asked for a bot called "add", 422) opens the create form.
    renderApp('/botSettings/add');
    const enable = await screen.findByRole('switch', { name: 'Enable bot' });
    expect(window.location.pathname).toBe('/bot-edit/add');
    expect(screen.queryByRole('switch', { name: 'Market making' })).toBeNull();
    await userEvent.setup().click(enable);
    expect(screen.getByRole('switch', { name: 'Market making' })).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Trading' })).toBeTruthy();
  });

  it('shows a bot\'s switches as switches on its read-only page, not true / false', async () => {
    signedInWithAbilities(api, {}, { manage: ['BotSetting', 'Market'] });
    api.on('GET', `${EXCHANGE}/admin/bot_settings/7`, { body: {
      id: 7, market_id: 'trstusdt', price: 'uniswap', time_frequency: 60, mm_time: 60, spread: '1', total_vol: '10', min_vol: '1',
      max_vol: '0', token: null, active: true, market_making: false, enable_trading: true, created_at: '2026-11-01T10:00:00Z', updated_at: '2026-11-01T10:00:00Z',
    } });
    renderApp('/botSettings/7');
    const enabled = await screen.findByRole('switch', { name: 'Enable bot' });
    expect(enabled.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('switch', { name: 'Market making' }).getAttribute('aria-checked')).toBe('false');
    expect(screen.queryByText('true')).toBeNull();
    expect(screen.queryByText('false')).toBeNull();
  });
});
