// Working at the speed of the keyboard (issue 17) in a real Chromium against `npm start`'s server:
// compliance opens the user directory filtered by URL, saves the view and shares it with support; support
// signs in and opens it from the palette.
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
  beforeAll(async () => { journey = await openJourney(); ({ srv, page } = journey);
    steps = journeySteps(journey, DEFAULT_DEMO_PASSWORD); });
  afterAll(async () => { await journey?.close(); });

  it('compliance saves a filtered view and shares it with support, who opens it from the palette', async () => {
    await steps.signIn('compliance@steward.demo');
    await page.goto(`${srv.url}/user-directory?state=banned&country=US`);
    await page.getByRole('heading', { name: /Users/ }).first().waitFor();
    await page.getByRole('button', { name: /^Views/ }).click();
    const dialog = page.getByRole('dialog', { name: /Saved views/ });
    await dialog.getByLabel('Save current view as…').fill('Banned in the US');
    await page.keyboard.press('Enter');
    await steps.toast('View “Banned in the US” saved').waitFor();
    await dialog.getByLabel('Share view Banned in the US with').selectOption('support');
    await steps.toast('View shared with support').waitFor();
    await dialog.getByText('shared with support').waitFor();
    await page.keyboard.press('Escape');

    await steps.signIn('support@steward.demo');
    await steps.palette('View: Banned in the US (Users)');
    await page.waitForURL('**/user-directory?country=US&state=banned');
    await page.getByRole('heading', { name: /Users/ }).first().waitFor();
    // The filter panel opens with the view's filters applied.
    expect(await page.getByRole('button', { name: /Filter/ }).first().textContent()).toContain('2');
    await page.screenshot({ path: '.tmp/e2e-saved-view.png' }).catch(() => undefined);
  });
});
