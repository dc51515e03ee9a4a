/**
 * Issue 29 item 19: the investment form's presale picker and the token config's token picker offer what the
 * server would take. They ask the list for candidates only (running presales, fungible tokens) and show the
 * rest of what the server refuses greyed out with its words: a presale out of its dates or at its hard cap,
 * a burned token, a token that already has its config (create). The server still refuses each
 * (tests/server/presales.test.ts, token-configs in tests/server/tokens.test.ts).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeApi } from './support/fake-api';
import { renderApp } from './support/render-app';
import { pagedList, signedInWithAbilities } from './support/resource-rows';

const AL = '/api/v2/applogic/admin';
const presale = (id: number, name: string, over: Record<string, unknown>) => ({
  id, name, token_currency: 'trst', price_currency: 'usdt', price: '0.05', hard_cap: '1000', raised: '10', state: 'running',
  start_date: '2020-01-01T00:00:00Z', end_date: '2099-01-01T00:00:00Z', ...over,
});
const token = (id: number, name: string, state: string) => ({ id, kind: 'fungible', name, code: name.toLowerCase(), supply: '100', state });

let api: FakeApi;
beforeEach(() => {
  localStorage.clear();
  api = fakeApi();
});

const optionsOf = async (user: ReturnType<typeof userEvent.setup>, name: RegExp) => {
  await user.click(await screen.findByRole('button', { name }));
  const list = await screen.findByRole('listbox');
  return within(list).getAllByRole('option').map((o) => [o.textContent, o.getAttribute('aria-disabled') === 'true']);
};

describe('pickers offer what the server takes', () => {
  it('investments: running presales, those out of dates or full disabled with the reason; token configs: fungible tokens, burned or configured ones disabled', async () => {
    signedInWithAbilities(api, {}, { manage: ['Investment', 'Token'], read: ['Presale'] });
    api.on('GET', `${AL}/presales`, pagedList([
      presale(1, 'Open sale', {}), presale(2, 'Ended sale', { end_date: '2021-01-01T00:00:00Z' }), presale(3, 'Full sale', { raised: '1000' }),
    ]));
    api.on('GET', `${AL}/investments`, pagedList([]));
    const view = renderApp('/investments/add');
    const user = userEvent.setup();
    expect(await optionsOf(user, /Presale/)).toEqual([
      ['Open sale', false],
      ['Ended sale — The presale is not taking investments: it has not started, has ended, or is closed.', true],
      ["Full sale — The presale's hard cap would be passed: it cannot take this amount.", true],
    ]);
    expect(api.callsTo('GET', `${AL}/presales`).every((c) => c.query.get('state') === 'running')).toBe(true);
    // A disabled presale is not chosen by a click; the open one is.
    await user.click(screen.getByRole('option', { name: /Full sale/ }));
    await user.click(screen.getByRole('option', { name: 'Open sale' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /Presale/ }).textContent).toContain('Open sale'));
    view.unmount();

    api.on('GET', `${AL}/tokens`, pagedList([token(1, 'TRST', 'active'), token(2, 'OLD', 'burned'), token(3, 'USDT', 'active')]));
    api.on('GET', `${AL}/token_configs`, pagedList([{ id: 9, token_id: 3, token: 'USDT', code: 'usdt', state: 'active' }]));
    renderApp('/token-config/add');
    await waitFor(() => expect(api.callsTo('GET', `${AL}/token_configs`).length).toBeGreaterThan(0));
    const options = await optionsOf(user, /Fungible token/);
    expect(options[0]).toEqual(['TRST', false]);
    expect(options[1]).toEqual(['OLD — This token is burned: it cannot change any more.', true]);
    expect(options[2]).toEqual(['USDT — This token already has its config: edit that one.', true]);
    expect(api.callsTo('GET', `${AL}/tokens`).every((c) => c.query.get('kind') === 'fungible')).toBe(true);
  });
});

describe('the fiat deposit form', () => {
  it('offers fiat currencies only: staff record bank transfers, the server refuses a coin', async () => {
    signedInWithAbilities(api, {}, { manage: ['Deposit'], read: ['Currency'] });
    const currency = (code: string, type: string) => ({ code, name: code.toUpperCase(), type, visible: true, position: 1, precision: 2 });
    api.on('GET', '/api/v2/peatio/admin/currencies', pagedList([currency('usd', 'fiat'), currency('eur', 'fiat')]));
    renderApp('/deposit/add');
    const user = userEvent.setup();
    expect((await optionsOf(user, /Currency/)).map(([name]) => name)).toEqual(['usd', 'eur']);
    const asked = api.callsTo('GET', '/api/v2/peatio/admin/currencies');
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((c) => c.query.get('type') === 'fiat')).toBe(true);
  });
});
