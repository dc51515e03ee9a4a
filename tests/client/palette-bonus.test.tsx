/**
 * Issue 16 item 6 in the palette: a pasted Stripe / Banxa / Simplex reference opens that transaction's
 * page (looked up on the server across providers; a miss is said in the palette); "Give bonus to user…"
 * checks the line, asks before giving, and sends the bonus create with an Idempotency-Key (the same key
 * when a failed give is retried); a role that only reads bonuses sees it disabled with the reason.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeApi } from './support/fake-api';
import { currentPath, freshBrowserState, renderApp } from './support/render-app';
import { pagedList, signedInWithAbilities } from './support/resource-rows';
import { toasts } from '../../src/client/state/toasts';

const AL = '/api/v2/applogic/admin';
const STRIPE_ROW = {
  id: 7, reference: 'pi_demo_1003', uid: 'ID00000000C1', email: 'c1@customer.test', member_id: 101, fiat_amount: '96.5', fiat_currency: 'usd',
  crypto_amount: '0.0015', crypto_currency: 'btc', fee: '0', state: 'completed', provider_status: 'succeeded', last_event_at: '2026-11-20T10:00:00Z',
  events: 3, credited_at: '2026-11-20T10:00:00Z', reversed_at: null, created_at: '2026-11-20T09:50:00Z', updated_at: '2026-11-20T10:00:00Z',
};

let api: FakeApi;
beforeEach(() => {
  freshBrowserState();
  api = fakeApi();
  api.on('GET', '/api/v2/peatio/public/currencies', { body: [] }).on('GET', '/api/v2/peatio/public/markets', { body: [] });
});
afterEach(() => vi.unstubAllGlobals());

async function palette(path: string, ready: string | RegExp) {
  renderApp(path);
  await screen.findByText(ready);
  const ue = userEvent.setup();
  await ue.keyboard('{Control>}k{/Control}');
  const dialog = await screen.findByRole('dialog', { name: 'Command palette' });
  return { ue, dialog, input: within(dialog).getByRole('combobox') as HTMLInputElement };
}

describe('a provider reference pasted into the palette', () => {
  it('opens the transaction the server finds, and says so in the palette when none has it', async () => {
    signedInWithAbilities(api, {}, { read: ['PaymentTransaction', 'Bonus'] });
    api.on('GET', `${AL}/bonuses`, pagedList([]));
    api.on('GET', `${AL}/provider_transactions/find`, (req) => ({ body: req.query.get('reference') === 'pi_demo_1003' ? [{ provider: 'stripe', id: 7, uid: STRIPE_ROW.uid, state: 'completed' }] : [] }));
    api.on('GET', `${AL}/stripe_transactions/7`, { body: STRIPE_ROW });
    const { ue, dialog, input } = await palette('/bonus-history', 'No rows');

    await ue.type(input, 'pi_demo_9999');
    expect(within(dialog).getAllByRole('option')[0].textContent).toBe('Open provider transaction pi_demo_9999');
    await ue.keyboard('{Enter}');
    expect((await within(dialog).findByRole('alert')).textContent).toBe('No Simplex, Banxa or Stripe transaction with reference pi_demo_9999');
    expect(currentPath()).toBe('/bonus-history');

    await ue.clear(input);
    await ue.type(input, 'pi_demo_1003');
    await ue.keyboard('{Enter}');
    await waitFor(() => expect(currentPath()).toBe('/stripe-history/7'));
    expect(await screen.findByText('succeeded')).toBeTruthy();
    expect(api.callsTo('GET', `${AL}/provider_transactions/find`).at(-1)!.query.get('reference')).toBe('pi_demo_1003');
    expect(JSON.parse(localStorage.getItem('steward.palette.recent')!)[0]).toMatchObject({ lookup: { resource: 'provider-transactions', id: 'pi_demo_1003' } });
  });

  it('is not offered to a role that cannot open the provider lists', async () => {
    signedInWithAbilities(api, {}, { read: ['Bonus'] });
    api.on('GET', `${AL}/bonuses`, pagedList([]));
    const { ue, dialog, input } = await palette('/bonus-history', 'No rows');
    await ue.type(input, 'pi_demo_1003');
    expect(within(dialog).queryByText('Open provider transaction pi_demo_1003')).toBeNull();
  });
});

describe('Give bonus to user…', () => {
  it('checks the line, confirms, and gives with one Idempotency-Key, reused when a failed give is retried', async () => {
    signedInWithAbilities(api, {}, { manage: ['Bonus'] });
    api.on('GET', `${AL}/bonuses`, pagedList([]));
    let attempt = 0;
    api.on('POST', `${AL}/bonuses/new`, (req) => {
      attempt += 1;
      return attempt === 1
        ? { status: 422, body: { errors: ['admin.bonus.member_doesnt_exist'] } }
        : { status: 201, body: { id: 5, ...(req.body as object), state: 'credited' } };
    });
    const { ue, dialog, input } = await palette('/bonus-history', 'No rows');
    await ue.type(input, 'give bonus');
    await ue.keyboard('{Enter}');
    expect(dialog.querySelector('.palette-crumb')!.textContent).toBe('Give bonus to user');

    await ue.type(input, 'ID00000000C1 25 usdt');
    await ue.keyboard('{Enter}');
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Type the UID, the amount, the currency and a reason: ID1A2B3C4D5E 25 usdt Goodwill');
    await ue.clear(input);
    await ue.type(input, 'ID00000000C1 -3 usdt Goodwill');
    await ue.keyboard('{Enter}');
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).not.toContain('Type the UID'));
    expect(api.callsTo('POST', `${AL}/bonuses/new`)).toHaveLength(0);

    await ue.clear(input);
    await ue.type(input, 'id00000000c1 25 USDT Delayed withdrawal');
    await ue.keyboard('{Enter}');
    expect(await within(dialog).findByText(/Give 25 USDT to ID00000000C1 \(Delayed withdrawal\)\?/)).toBeTruthy();
    expect(api.callsTo('POST', `${AL}/bonuses/new`)).toHaveLength(0);
    await ue.keyboard('{Enter}');
    expect((await within(dialog).findByRole('alert')).textContent).toBe('There is no user with this UID.');
    await ue.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Command palette' })).toBeNull());

    const calls = api.callsTo('POST', `${AL}/bonuses/new`);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.body).toEqual({ uid: 'ID00000000C1', amount: '25', currency: 'usdt', reason: 'Delayed withdrawal' });
    const key = calls[0]!.headers.get('idempotency-key');
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(calls[1]!.headers.get('idempotency-key')).toBe(key);
    expect(toasts.items.map((x) => x.message)).toContain('Bonus recorded and credited');
  });

  it('is shown disabled, with the reason, to a role that only reads bonuses', async () => {
    signedInWithAbilities(api, {}, { read: ['Bonus'] });
    api.on('GET', `${AL}/bonuses`, pagedList([]));
    const { ue, dialog, input } = await palette('/bonus-history', 'No rows');
    await ue.type(input, 'give bonus');
    const item = await within(dialog).findByText('Give bonus to user…');
    expect(item.closest('[role="option"]')!.textContent).toContain('Your role cannot give a bonus (needs manage on Bonus).');
  });
});

describe('Open user of focused row', () => {
  it('opens the member a history row names, on any list with a member link; not on lists without one', async () => {
    signedInWithAbilities(api, { read: ['User'] }, { read: ['Bonus', 'Reward', 'ReferralRule'] });
    const reward = {
      id: 3, uid: 'ID00000000C2', email: 'c2@customer.test', member_id: 102, kind: 'referral', currency: 'usdt', amount: '0.25', campaign: null,
      state: 'pending', source_uid: 'ID00000000C3', referral_rule: 'Direct referrals', created_at: '2026-11-20T09:00:00Z',
    };
    api.on('GET', `${AL}/rewards`, pagedList([reward]));
    api.on('GET', `${AL}/referral_rules`, pagedList([{ id: 1, name: 'Direct referrals', tier: 1, reward_share: '0.2', currency: null, min_volume: '0', state: 'active' }]));
    renderApp('/reward-history');
    await screen.findByText('c2@customer.test');
    const ue = userEvent.setup();
    await ue.keyboard('j');
    await ue.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Command palette' });
    await ue.type(within(dialog).getByRole('combobox'), 'open user of');
    expect(within(dialog).getAllByRole('option')[0].textContent).toContain('Open user of focused row');
    await ue.keyboard('{Enter}');
    await waitFor(() => expect(currentPath()).toBe('/user-directory/ID00000000C2'));

  });

  it('is not offered on a list whose rows name no member (referral rules)', async () => {
    signedInWithAbilities(api, { read: ['User'] }, { read: ['ReferralRule'] });
    api.on('GET', `${AL}/referral_rules`, pagedList([{ id: 1, name: 'Direct referrals', tier: 1, reward_share: '0.2', currency: null, min_volume: '0', state: 'active' }]));
    renderApp('/referral-rule');
    await screen.findByText('Direct referrals');
    const ue = userEvent.setup();
    await ue.keyboard('j');
    await ue.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Command palette' });
    await ue.type(within(dialog).getByRole('combobox'), 'open user of');
    expect(within(dialog).queryByText('Open user of focused row')).toBeNull();
  });
});
