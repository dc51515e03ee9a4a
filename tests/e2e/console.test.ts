// The console's critical journey in a real Chromium against `npm start`'s server on a fresh database:
// sign in, palette, add a permission in the modal, a filtered and paged list that survives a reload,
// logout through the sidebar, and a 2FA sign-in. With STEWARD_SHOTS_DIR set it also saves screenshots.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { generate } from 'otplib';
import type { RunningServer } from '../helpers/server-process.js';
import { browserAvailable, openJourney, submitSignIn, type Browser, type Journey } from '../helpers/browser.js';
import { DEFAULT_DEMO_PASSWORD } from '../../src/server/config.js';
import { DEMO_TOTP_SECRET } from '../../src/server/db/seed/staff.js';

const run = browserAvailable();
const shots = process.env.STEWARD_SHOTS_DIR;
let srv: RunningServer;
let browser: Browser;
let page: Page;

/** Saves the current view in both themes, switched through the console's own toggle so every icon agrees. */
async function shoot(name: string): Promise<void> {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  for (const theme of ['light', 'dark'] as const) {
    // A JS click reaches the toggle even under a modal overlay, without closing the palette.
    await page.evaluate((t) => (document.querySelector(`button[aria-label="Switch to ${t} theme"]`) as HTMLElement | null)?.click(), theme);
    await page.waitForTimeout(200);
    await page.screenshot({ path: join(shots, `${name}-${theme}.png`) });
  }
  await page.evaluate(() => (document.querySelector('button[aria-label="Switch to light theme"]') as HTMLElement | null)?.click());
}

async function signIn(email: string): Promise<void> {
  await submitSignIn(page, email, DEFAULT_DEMO_PASSWORD);
}

describe.skipIf(!run)('console journey in Chromium', () => {
  let journey: Journey | undefined;
  beforeAll(async () => { journey = await openJourney(); ({ srv, browser, page } = journey); });
  afterAll(async () => { await journey?.close(); });

  it('signs in, uses the palette, adds a permission, keeps the list view in the URL, logs out', async () => {
    await page.goto(`${srv.url}/login`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await shoot('sign-in');
    await signIn('superadmin@steward.demo');
    await page.waitForURL('**/dashboard');
    // The shell (and its Ctrl+K handler) arrives in a lazy chunk after the URL changes.
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();

    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await palette.getByRole('option').first().waitFor();
    await shoot('palette');
    await palette.getByRole('combobox').fill('go to permissions');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/setting-permissions');
    await page.locator('.ag-row').first().waitFor();
    await page.getByText('Logged In Successfully').waitFor({ state: 'hidden' });
    await shoot('permissions');

    await page.getByRole('button', { name: 'Create', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'New Permission' });
    await modal.getByRole('button', { name: 'Create' }).click();
    expect(await modal.locator('.field-error').allTextContents()).toEqual(['Required', 'Required', 'Required']);
    await modal.getByRole('textbox', { name: 'Role' }).fill('support');
    await modal.getByRole('textbox', { name: 'Path' }).fill('api/v2/barong/admin/e2e-journey');
    await modal.getByRole('textbox', { name: 'Topic' }).fill('e2e');
    await modal.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Permission Successfully Added').waitFor();
    await modal.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: /Filter/ }).click();
    await page.getByLabel('Path').fill('api/v2/');
    await page.getByLabel('Path').press('Enter');
    await page.waitForURL(/path=api%2Fv2%2F/);
    await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('10');
    await page.waitForURL(/limit=10/);
    await expect.poll(() => page.locator('.ag-row').count()).toBe(10);
    const pageOneFirst = await page.locator('.ag-row[row-index="0"]').innerText();
    await page.getByRole('button', { name: 'Page 2' }).click();
    await page.waitForURL(/page=2/);
    // Page 1 also shows 10 rows: wait for page 2's to replace them.
    await expect.poll(() => page.locator('.ag-row[row-index="0"]').innerText()).not.toBe(pageOneFirst);
    await expect.poll(() => page.locator('.ag-row').count()).toBe(10);
    const view = new URL(page.url());
    const firstRow = await page.locator('.ag-row[row-index="0"]').innerText();

    await page.reload();
    await page.locator('.ag-row').first().waitFor();
    expect(new URL(page.url()).search).toBe(view.search);
    expect(await page.locator('.ag-row[row-index="0"]').innerText()).toBe(firstRow);
    expect(await page.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    expect(await page.getByLabel('Path').inputValue()).toBe('api/v2/');

    await page.getByRole('button', { name: 'Logout' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Do you want to Logout?' });
    await confirm.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    await page.getByText('Logged Out Successfully').waitFor();
  });

  it('signs in with 2FA using the TOTP code and lands on the dashboard', async () => {
    // Independent of the first journey's outcome: start without any session.
    await browser.context.clearCookies();
    await page.goto(`${srv.url}/login`);
    await signIn('2fa@steward.demo');
    await page.getByRole('heading', { name: '2FA Verification' }).waitFor();
    await page.getByLabel('Authentication code').fill(await generate({ secret: DEMO_TOTP_SECRET }));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
  });

  it('runs under its Content-Security-Policy without a refusal, and will not be framed by another site', async () => {
    // Everything above (sign-in, dashboard chart, palette, grid, modal form, 2FA) ran under the policy.
    expect(journey!.cspViolations).toEqual([]);
    // A page on another origin that frames the console: Chromium refuses to draw it (frame-ancestors 'none').
    const framer = createServer((_req, res) => {
      res.setHeader('content-type', 'text/html');
      res.end(`<!doctype html><iframe id="f" src="${srv.url}/login" width="800" height="600"></iframe>`);
    });
    await new Promise<void>((done) => framer.listen(0, '127.0.0.1', done));
    try {
      const { port } = framer.address() as AddressInfo;
      const refused = page.waitForEvent('console', (m) => /frame-ancestors|refused to (display|frame)/i.test(m.text()));
      await page.goto(`http://localhost:${port}/`);
      await refused;
      const frame = page.frames().find((f) => f !== page.mainFrame());
      expect(await frame?.locator('input[type="password"]').count()).toBe(0);
    } finally {
      framer.close();
    }
  });
});
