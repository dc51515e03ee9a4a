// Working at the speed of the keyboard (issue 17) in a real Chromium against `npm start`'s server:
// compliance types `users state:banned country:us` in the palette, saves the view and shares it with
// support; support signs in and opens it from the palette; the accountant reviews three pending
// adjustments with j/k/a/r/u and Enter without the mouse (the demo's first pending adjustments were
// raised by the admin, so four-eyes lets the accountant accept them).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { RunningServer } from '../helpers/server-process.js';
import { browserAvailable, journeySteps, openJourney, type Journey } from '../helpers/browser.js';
import { DEFAULT_DEMO_PASSWORD } from '../../src/server/config.js';

const run = browserAvailable();
let srv: RunningServer;
let page: Page;
let journey: Journey | undefined;
let steps: ReturnType<typeof journeySteps>;

describe.skipIf(!run)('saved views and queue review in Chromium', () => {
  // The demo seed may take minutes on a host shared with other suites: wait for it generously.
  beforeAll(async () => { journey = await openJourney({}, 420_000); ({ srv, page } = journey);
    steps = journeySteps(journey, DEFAULT_DEMO_PASSWORD); }, 480_000);
  afterAll(async () => { await journey?.close(); });

  it('compliance saves a filtered view and shares it with support, who opens it from the palette', async () => {
    await steps.signIn('compliance@steward.demo');
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await palette.waitFor();
    await page.keyboard.type('users state:banned country:us');
    await palette.getByRole('option', { name: /Open Users: state banned · country US/ }).waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/user-directory?country=US&state=banned');
    await page.getByRole('heading', { name: /Users/ }).first().waitFor();
    await steps.palette('Saved views of this list…');
    const dialog = page.getByRole('dialog', { name: /Saved views/ });
    await dialog.getByLabel('Save current view as…').fill('Banned in the US');
    await page.keyboard.press('Enter');
    await steps.toast('View “Banned in the US” saved').waitFor();
    // Choosing the role is not sharing: the Share button after it, reached by Tab, sends it.
    const shareWith = dialog.getByLabel('Share view Banned in the US with');
    await shareWith.selectOption('support');
    await shareWith.focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await steps.toast('View shared with support').waitFor();
    await dialog.getByText('shared with support').waitFor();
    // Issue 29 item 12: the dialog holds its rows, a 60-character name without a space too, with nothing past its
    // edge at 1280×720 (the name widened the row out of the dialog).
    const long = 'W'.repeat(60);
    await dialog.getByLabel('Save current view as…').fill(long);
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: `Open view ${long}` }).waitFor();
    await page.setViewportSize({ width: 1280, height: 720 });
    expect(await dialog.evaluate((d) => {
      const edge = d.getBoundingClientRect().right;
      return [...d.querySelectorAll('*')].filter((e) => e.getBoundingClientRect().right > edge + 1).map((e) => e.className);
    })).toEqual([]);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.keyboard.press('Escape');

    await steps.signIn('support@steward.demo');
    await steps.palette('View: Banned in the US (Users)');
    await page.waitForURL('**/user-directory?country=US&state=banned');
    await page.getByRole('heading', { name: /Users/ }).first().waitFor();
    // The filter panel opens with the view's filters applied.
    expect(await page.getByRole('button', { name: /Filter/ }).first().textContent()).toContain('2');
    await page.screenshot({ path: '.tmp/e2e-saved-view.png' }).catch(() => undefined);
  });

  it('the accountant reviews three pending adjustments with j/k, Enter, a, r and u, keyboard only', async () => {
    await steps.signIn('accountant@steward.demo');
    const pending = async () => {
      const res = await page.request.get(`${srv.url}/api/v2/peatio/admin/adjustments?state=pending&ordering=asc&limit=100`);
      expect(res.ok()).toBe(true);
      return (await res.json()) as { id: number; state: string }[];
    };
    const before = await pending();
    expect(before.length).toBeGreaterThanOrEqual(4);
    const [first, second, third] = before.slice(0, 3) as unknown as [{ id: number }, { id: number }, { id: number }];
    await page.goto(`${srv.url}/adjustments?state=pending`);
    await page.locator('.ag-cell[col-id="id"]').getByText(String(first.id), { exact: true }).waitFor();
    const focusedId = () => page.evaluate(() => document.activeElement?.closest('[row-id]')?.getAttribute('row-id') ?? null);
    await page.keyboard.press('j');
    await expect.poll(focusedId).toBe(String(first.id));
    // Enter: the row beside the list, following j/k.
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: `Adjustment #${first.id}` }).waitFor();
    await page.keyboard.press('j');
    await page.getByRole('heading', { name: `Adjustment #${second.id}` }).waitFor();
    await page.keyboard.press('k');
    await expect.poll(focusedId).toBe(String(first.id));
    // Accept the first, undo it (nothing sent), accept it again; reject the second; accept the third.
    await page.keyboard.press('a');
    await page.getByText(`Accepted #${first.id} — u to undo`).waitFor();
    await page.keyboard.press('u');
    await page.getByText(`Accept of #${first.id} undone: nothing was sent`).waitFor();
    await expect.poll(focusedId).toBe(String(first.id));
    expect((await pending()).map((a) => a.id)).toContain(first.id);
    await page.keyboard.press('a');
    await expect.poll(focusedId).toBe(String(second.id));
    await page.keyboard.press('r');
    await page.getByText(`Rejected #${second.id} — u to undo`).waitFor();
    await expect.poll(focusedId, { timeout: 15_000 }).toBe(String(third.id));
    await page.keyboard.press('a');
    await page.getByText(`Accepted #${third.id} — u to undo`).waitFor();
    await page.screenshot({ path: '.tmp/e2e-queue-review.png' }).catch(() => undefined);
    // The last decision goes out when its window ends.
    const stateOf = async (id: number) => {
      const res = await page.request.get(`${srv.url}/api/v2/peatio/admin/adjustments/${id}`);
      return ((await res.json()) as { state: string }).state;
    };
    await expect.poll(() => stateOf(third.id), { timeout: 20_000 }).toBe('accepted');
    expect(await stateOf(first.id)).toBe('accepted');
    expect(await stateOf(second.id)).toBe('rejected');
    // The queue reloaded without the decided rows, and the focus stayed on the row after the last one.
    await page.locator('.ag-cell[col-id="id"]').getByText(String(first.id), { exact: true }).waitFor({ state: 'detached' });
    await expect.poll(focusedId).toBe(String(before[3]!.id));
  });
});
