/**
 * The palette ranks what was typed first (whole words and prefixes of the title above fuzzy matches, the
 * page's own commands above navigation), and follows the page while open: a palette opened while the
 * user page loads offers that user's commands once it has loaded.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeApi, type FakeReply } from './support/fake-api';
import { renderApp, freshBrowserState } from './support/render-app';
import { seedAbilities } from './support/seed-abilities';
import { UID, USER_URL, customer, serveUser, staff } from './users-fixtures';

let api: FakeApi;
beforeEach(() => {
  freshBrowserState();
  api = fakeApi();
});
afterEach(() => vi.unstubAllGlobals());

const options = (dialog: HTMLElement) => within(dialog).queryAllByRole('option').map((o) => o.textContent ?? '');

async function openPalette() {
  // No pause between keys: the cases below type a few dozen of them.
  const ue = userEvent.setup({ delay: null });
  await ue.keyboard('{Control>}k{/Control}');
  const dialog = await screen.findByRole('dialog', { name: 'Command palette' });
  return { ue, dialog, input: within(dialog).getByRole('combobox') };
}

describe('palette ranking', () => {
  it('puts what was typed first on a user page', async () => {
    // A superadmin on an investor: every user command is offered, next to every screen of the console.
    staff(api, 'superadmin', seedAbilities('superadmin'));
    serveUser(api, customer({ role: 'investor' }));
    renderApp(`/user-directory/${UID}`);
    await screen.findByRole('heading', { name: 'Grace Hopper' });
    const { ue, dialog, input } = await openPalette();
    const first = async (text: string) => {
      await ue.clear(input);
      // One input event for the whole text: the ranking of what was typed is the point, and re-ranking the
      // console's several hundred commands after every key made this test the slowest of the suite.
      await ue.paste(text);
      return options(dialog)[0];
    };
    expect(await first('ban')).toBe('Ban this user…');
    expect(await first('lock')).toMatch(/^Lock \/ unlock funds/);
    expect(await first('add label')).toBe('Add a label to this user…');
    expect(await first('log out')).toBe('Log out');
    expect(await first('theme')).toMatch(/^Toggle light \/ dark theme/);
    // Ordinary ones keep working: a word prefix, a verb, and a single letter that still finds fuzzy matches.
    expect(await first('perm')).toMatch(/^Go to Permissions/);
    expect(await first('kyc phone')).toBe('Toggle KYC: Phone verified');
    expect(await first('g')).toMatch(/^Go to /);
    expect(options(dialog).some((t) => t.startsWith('Toggle light / dark theme'))).toBe(true);
    // A plain noun reaches its screen (issue 29 item 5), a verb its actions; `kyc` is the applications queue.
    expect(await first('orders')).toMatch(/^Go to Orders/);
    expect(await first('withdraw')).toMatch(/^Go to Withdrawals/);
    expect(await first('kyc')).toMatch(/^Go to Pending Applications/);
    expect(await first('users')).toMatch(/^Go to User Directory/);
    expect(await first('deposits')).toMatch(/^Go to Deposits/);
    expect(await first('cancel')).toMatch(/^Cancel /);
    expect(await first('accept')).toMatch(/^Accept /);
  }, 60_000);
});

describe('palette follows the page', () => {
  it("offers the user's commands once the page opened behind it has loaded", async () => {
    staff(api, 'superadmin', seedAbilities('superadmin'));
    let answer: (reply: FakeReply) => void = () => undefined;
    api.on('GET', USER_URL, () => new Promise<FakeReply>((resolve) => { answer = resolve; }));
    renderApp(`/user-directory/${UID}`);
    await screen.findByRole('navigation', { name: 'Main navigation' });
    const { ue, dialog, input } = await openPalette();
    await ue.type(input, 'this user');
    expect(options(dialog).some((t) => t.startsWith('Ban this user'))).toBe(false);

    answer({ body: customer() });
    expect(await within(dialog).findByRole('option', { name: 'Ban this user…' })).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Command palette' })).toBe(dialog);
  });
});
