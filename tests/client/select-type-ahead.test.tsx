/**
 * Type-ahead in selects (issue 29 item 2): New Adjustment → Currency, typing `usd` chose usdt, the first
 * code starting with it in id order (btc, eth, usdt, trst, usd). An exact code or label wins, then the
 * first label the text starts; in the form's choice field (react-aria, closed and open) and in every
 * native select (the dashboard's country: `ca` is Canada, not Cabo Verde).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeApi } from './support/fake-api';
import { AUTH, EXCHANGE, signedIn } from './support/fixtures';
import { renderApp } from './support/render-app';
import { pagedList, signedInWithAbilities } from './support/resource-rows';
import { choiceForTyping, typeAhead } from '../../src/client/components/form/type-ahead';

let api: FakeApi;
beforeEach(() => { localStorage.clear(); api = fakeApi(); });
afterEach(() => vi.unstubAllGlobals());

const CODES = ['btc', 'eth', 'usdt', 'trst', 'usd'];
const currencies = CODES.map((value) => ({ value, label: value }));
const picked = (typed: string, from?: number) => CODES[choiceForTyping(currencies, typed, from)];

describe('the type-ahead rule', () => {
  it('prefers an exact code or label, then the first label the text starts from the current choice on', () => {
    expect(picked('usd')).toBe('usd');
    expect(picked('USD')).toBe('usd');
    expect(picked('us')).toBe('usdt');
    expect(picked('usdt')).toBe('usdt');
    expect(picked('t')).toBe('trst');
    expect(picked('x')).toBeUndefined();
    // One letter again steps to the next choice it starts: u → usdt, u again → usd, u again → usdt.
    expect(picked('u', 2)).toBe('usd');
    expect(picked('u', 4)).toBe('usdt');
    expect(picked('uu', 2)).toBe('usd');
    const countries = [{ value: 'CV', label: 'Cabo Verde' }, { value: 'KH', label: 'Cambodia' }, { value: 'CA', label: 'Canada' }];
    expect(choiceForTyping(countries, 'ca')).toBe(2);
    expect(choiceForTyping(countries, 'cam')).toBe(1);
    expect(choiceForTyping(countries, 'canada')).toBe(2);
  });

  it('leaves a key that starts no choice to others, even right after another, and ends a search that finds nothing', () => {
    const sizes = ['10', '25', '50', '100'].map((value) => ({ value, label: value }));
    const list = {};
    // `]` then `[`: list shortcuts on the rows-per-page select, not a search for "][".
    expect(typeAhead(list, ']', sizes, 0, 1000)).toBeUndefined();
    expect(typeAhead(list, '[', sizes, 0, 1100)).toBeUndefined();
    expect(typeAhead(list, '5', sizes, 0, 1200)).toEqual({ typed: '5', at: 2 });
    // "5x" finds nothing more: the key is the list's and does nothing; the next key starts afresh.
    expect(typeAhead(list, 'x', sizes, 2, 1300)).toEqual({ typed: '5x', at: -1 });
    expect(typeAhead(list, '1', sizes, 2, 1400)).toEqual({ typed: '1', at: 3 });
    expect(typeAhead(list, '0', sizes, 3, 1500)).toEqual({ typed: '10', at: 0 });
    // After a pause of more than a second a key starts a new search: `0` alone starts no choice.
    expect(typeAhead(list, '0', sizes, 0, 2600)).toBeUndefined();
  });
});

async function newAdjustment() {
  signedInWithAbilities(api, {}, { manage: ['Adjustment'], read: ['Currency'] });
  api.on('GET', `${EXCHANGE}/admin/currencies`, pagedList(CODES.map((code, i) => ({ id: i + 1, code, name: code.toUpperCase() }))));
  renderApp('/adjustments-details/add');
  await screen.findByRole('textbox', { name: 'Reason' });
  const trigger = () => screen.getByRole('button', { name: /Currency$/ });
  return { user: userEvent.setup(), trigger };
}

describe('the form\'s choice field', () => {
  it('chooses usd for `usd` typed on the closed Currency field', async () => {
    const { user, trigger } = await newAdjustment();
    // The options come with the currencies list: once the list shows them, it is closed again.
    await user.click(trigger());
    await screen.findByRole('option', { name: 'usd' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    trigger().focus();
    await user.keyboard('usd');
    expect(trigger().textContent).toContain('usd');
    expect(trigger().textContent).not.toContain('usdt');
  });

  it('moves to usd in the open list, and Enter chooses it', async () => {
    const { user, trigger } = await newAdjustment();
    await user.click(trigger());
    const list = await screen.findByRole('listbox');
    await within(list).findByRole('option', { name: 'usd' });
    await user.keyboard('usd');
    expect(document.activeElement?.textContent).toBe('usd');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(trigger().textContent).toContain('usd');
    expect(trigger().textContent).not.toContain('usdt');
  });
});

describe('native selects', () => {
  it('picks the country whose code is typed, and goes on to prefixes as more is typed', async () => {
    signedIn(api);
    api.on('GET', `${AUTH}/admin/metrics/statistic`, { body: { signups: 0, successful_logins: 0, failed_logins: 0, pending_applications: 0, data: [] } });
    renderApp('/dashboard');
    const country = await screen.findByLabelText('Country') as HTMLSelectElement;
    country.focus();
    const user = userEvent.setup();
    await user.keyboard('ca');
    await waitFor(() => expect(country.value).toBe('CA'));
    await user.keyboard('m');
    await waitFor(() => expect(country.value).toBe('KH'));
    // The choice went through the select's own change handler: the dashboard follows it in the URL.
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('country')).toBe('KH'));
  });
});
