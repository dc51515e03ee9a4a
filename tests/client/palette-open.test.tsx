/**
 * The palette's "open <name or code>" (issue 15 item 7): resources that declare `lookup` fields (tokens,
 * presales) list the rows a typed name or code matches, from their list calls filtered by each field (a
 * code as typed and in lower and upper case), and Enter opens the row's page (a reader: the row beside the
 * list). A role that cannot read the resource gets no call and no row; "Open Token by name or code…" does
 * the same on its own page.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeApi } from './support/fake-api';
import { freshBrowserState, renderApp } from './support/render-app';
import { pagedList, signedInWithAbilities } from './support/resource-rows';

const AL = '/api/v2/applogic';
let api: FakeApi;
beforeEach(() => { freshBrowserState(); api = fakeApi(); });
afterEach(() => vi.unstubAllGlobals());

const AT = { created_at: '2026-10-01T08:00:00Z', updated_at: '2026-10-01T08:00:00Z' };
const TOKENS = [
  { id: 1, kind: 'fungible', name: 'Trust Token', code: 'trst', supply: '1000000000', state: 'active', ...AT },
  { id: 7, kind: 'nfe', name: 'Trust Genesis #1', code: 'TRSTART', token_number: '1', nfe_category_id: 1, supply: '1', state: 'active', ...AT },
  { id: 9, kind: 'fungible', name: 'Chainlink', code: 'link', supply: '1000000000', state: 'active', ...AT },
];
const PRESALES = [
  { id: 2, name: 'TRST public sale', token_currency: 'trst', price_currency: 'usdt', price: '0.05', state: 'running', ...AT },
  { id: 3, name: 'LINK round', token_currency: 'link', price_currency: 'usdt', price: '10', state: 'upcoming', ...AT },
];

/** A list call that honours a name filter (contains) and a code filter (exact), as the server does. */
const served = (rows: Record<string, unknown>[], name: string, code: string) => (req: Parameters<ReturnType<typeof pagedList>>[0]) => {
  const n = req.query.get(name), c = req.query.get(code);
  return pagedList(rows.filter((r) => (n === null || String(r[name]).toLowerCase().includes(n.toLowerCase())) && (c === null || r[code] === c)))(req);
};

function serveAll() {
  api.on('GET', `${AL}/admin/tokens`, served(TOKENS, 'name', 'code'))
    .on('GET', `${AL}/admin/presales`, served(PRESALES, 'name', 'token_currency'))
    .on('GET', `${AL}/admin/tokens/1`, { body: TOKENS[0] })
    .on('GET', `${AL}/admin/presales/2`, { body: PRESALES[0] });
}

async function openPalette() {
  renderApp('/dashboard');
  await screen.findByRole('heading', { name: 'Dashboard' }).catch(() => null);
  const ue = userEvent.setup();
  await ue.keyboard('{Control>}k{/Control}');
  const dialog = await screen.findByRole('dialog', { name: 'Command palette' });
  return { ue, dialog, input: within(dialog).getByRole('combobox') as HTMLInputElement };
}

describe('open by name or code from the palette', () => {
  it('lists the tokens and presales a code matches, whatever its case, and opens the one picked', async () => {
    signedInWithAbilities(api, {}, { manage: ['Token'], read: ['Presale'] });
    serveAll();
    const { ue, dialog, input } = await openPalette();
    await ue.type(input, 'open TRST');
    expect(await within(dialog).findByText('Open Token Trust Token · trst')).toBeTruthy();
    expect(within(dialog).getByText('Open Presale TRST public sale · trst')).toBeTruthy();
    expect(within(dialog).queryByText(/Chainlink|LINK round|Trust Genesis/)).toBeNull();
    // The token whose own code it is comes first, then the presales that only refer to the code.
    const opens = within(dialog).getAllByRole('option').map((o) => o.textContent ?? '').filter((t) => /^Open (Token|Presale) /.test(t));
    expect(opens[0]).toBe('Open Token Trust Token · trst');
    expect(opens.slice(1).every((t) => t.startsWith('Open Presale'))).toBe(true);
    // The code filter was asked as typed and in lower case; the name filter as typed. (On a loaded machine
    // the typing can pause long enough for a search of what was typed so far, `TR`: a prefix of the code.)
    const codes = api.callsTo('GET', `${AL}/admin/tokens`).map((c) => c.query.get('code')).filter((c) => c !== null);
    expect(codes).toEqual(expect.arrayContaining(['TRST', 'trst']));
    expect(codes.filter((c) => !'trst'.startsWith(c!.toLowerCase()))).toEqual([]);
    expect(api.callsTo('GET', `${AL}/admin/presales`).some((c) => c.query.get('name') === 'TRST')).toBe(true);

    await ue.clear(input);
    await ue.type(input, 'open presale public');
    const row = await within(dialog).findByText('Open Presale TRST public sale · trst');
    expect(within(dialog).queryByText(/Open Token/)).toBeNull();
    await ue.click(row);
    // Presales are read here: the row opens beside the list (its page is the edit form).
    await waitFor(() => expect(`${window.location.pathname}${window.location.search}`).toBe('/presales?row=2'));
    expect(screen.queryByRole('dialog', { name: 'Command palette' })).toBeNull();

    // Tokens are managed here: the token's own page.
    await ue.keyboard('{Control>}k{/Control}');
    const again = await screen.findByRole('dialog', { name: 'Command palette' });
    await ue.type(within(again).getByRole('combobox'), 'open token trst');
    await ue.click(await within(again).findByText('Open Token Trust Token · trst'));
    await waitFor(() => expect(window.location.pathname).toBe('/tokens/1'));
  });

  it('asks nothing of what the role cannot read, and "Open Token by name or code…" opens from its own page', async () => {
    signedInWithAbilities(api, {}, { read: ['Token'] });
    serveAll();
    const { ue, dialog, input } = await openPalette();
    await ue.type(input, 'open trust');
    expect(await within(dialog).findByText('Open Token Trust Token · trst')).toBeTruthy();
    expect(within(dialog).getByText('Open Token Trust Genesis #1 · TRSTART')).toBeTruthy();
    expect(api.callsTo('GET', `${AL}/admin/presales`)).toHaveLength(0);

    await ue.clear(input);
    await ue.type(input, 'Open Token by name or code');
    await ue.keyboard('{Enter}');
    expect(dialog.querySelector('.palette-crumb')?.textContent).toBe('Open Token by name or code');
    await ue.type(input, 'link');
    await within(dialog).findByText('Open Token Chainlink · link');
    await ue.click(within(dialog).getByText('Open Token Chainlink · link'));
    // A reader opens the row beside the list (a token's own page is its edit form, which needs update).
    await waitFor(() => expect(`${window.location.pathname}${window.location.search}`).toBe('/tokens?row=9'));
  });
});
