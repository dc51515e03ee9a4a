// The keyboard journey of issue 9, in a real Chromium against the real server, by keyboard alone: sign in, open
// the directory from the palette, sort by e-mail both ways from the header, page past row 10,000 with `]` from
// page 98 (a deep link; offsets end at page 101, the server's cursors carry on), open a user with `#id`, ban with an empty remark (the
// palette says why and keeps the text) and then a real one, go Back and continue with `j` from the same row.
// The server seeds 10,200 customers so the directory has rows past the offset limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserAvailable, JOURNEY_DEMOS, openJourney, submitSignIn, type Journey } from '../helpers/browser.js';
import { DEFAULT_DEMO_PASSWORD } from '../../src/server/config.js';

const run = browserAvailable();
let journey: Journey | undefined;
let page: Page;

const focusedRow = () => page.evaluate(() => {
  const row = document.activeElement?.closest('[role="row"]');
  return row ? { id: row.getAttribute('row-id'), index: Number(row.getAttribute('row-index')) } : null;
});
/** The e-mails of the rows on screen, in row order (AG Grid's DOM order need not follow its rows'). */
const emails = () => page.evaluate(() => [...document.querySelectorAll('.ag-row[row-index]')]
  .map((r) => [Number(r.getAttribute('row-index')), r.querySelector('[col-id="email"]')?.textContent ?? ''] as const)
  .sort((a, b) => a[0] - b[0]).map(([, email]) => email));
const search = () => new URL(page.url()).searchParams;
const firstRowId = () => page.evaluate(() => document.querySelector('.ag-row[row-index="0"]')?.getAttribute('row-id') ?? null);

async function palette(text: string, option: string | RegExp): Promise<void> {
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Command palette' });
  await dialog.getByRole('combobox').fill(text);
  await dialog.getByRole('option', { name: option }).first().waitFor();
  await page.keyboard.press('Enter');
}

describe.skipIf(!run)('keyboard journey over a directory past 10,000 rows', () => {
  beforeAll(async () => {
    journey = await openJourney(JOURNEY_DEMOS.bigDirectory);
    ({ page } = journey);
  });
  afterAll(async () => { await journey?.close(); });

  it('sorts, pages past the offset limit, opens #id, bans with a remark and comes Back to the same row', async () => {
    await page.goto(`${journey!.srv.url}/login`);
    await submitSignIn(page, 'superadmin@steward.demo', DEFAULT_DEMO_PASSWORD);
    await page.waitForURL('**/dashboard');
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();

    await palette('go to user directory', /Go to User Directory/);
    await page.waitForURL('**/user-directory');
    await page.locator('.ag-row').first().waitFor();

    // Tab enters the grid at its header; arrows move to E-mail; Enter sorts ascending, again descending.
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('col-id'))).toBe('uid');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect.poll(() => search().get('order_by')).toBe('email');
    expect(search().get('ordering')).toBe('asc');
    await expect.poll(async () => { const e = await emails(); return e.length > 1 && [...e].sort().join() === e.join(); }).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => search().get('ordering')).toBe(null);
    await expect.poll(async () => { const e = await emails(); return e.length > 1 && [...e].sort().reverse().join() === e.join(); }).toBe(true);

    // 100 rows a page (a palette command). Then the address bar: page 98 of the same sorted list (a deep link,
    // as a staff member pastes one), and `]` to page 102: rows 10,101–10,200, past the offset limit (offsets
    // serve pages up to 101 at this size; the server's cursor carries on from there).
    await palette('rows per page 100', /Rows per page: 100/);
    await expect.poll(() => search().get('limit')).toBe('100');
    const deepLink = new URL(page.url());
    deepLink.searchParams.set('page', '98');
    await page.goto(deepLink.href);
    const pagerRange = page.getByRole('navigation', { name: 'Pagination' }).locator('.pager-range');
    await expect.poll(() => pagerRange.textContent(), { timeout: 15_000 }).toContain('9,701–');
    await page.locator('main').focus();
    for (let p = 99; p <= 102; p++) {
      const before = await firstRowId();
      await page.keyboard.press(']');
      // The grid draws the new page's rows a frame after the pager shows its range.
      await expect.poll(firstRowId, { timeout: 15_000 }).not.toBe(before);
      await expect.poll(() => search().get('page'), { timeout: 15_000 }).toBe(String(p));
      await expect.poll(() => pagerRange.textContent(), { timeout: 15_000 }).toContain(`${((p - 1) * 100 + 1).toLocaleString('en-US')}–`);
    }
    expect(search().get('cursor')).toBeTruthy();
    const deepEmails = await emails();
    expect(deepEmails.length).toBeGreaterThan(0);
    expect([...deepEmails].sort().reverse().join()).toBe(deepEmails.join());

    // j j j: the third row; #id of that row opens its user.
    await page.locator('main').focus();
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    const row = await focusedRow();
    expect(row?.index).toBe(2);
    const listUrl = page.url();
    const email = await page.evaluate(() => document.activeElement?.closest('[role="row"]')?.querySelector('[col-id="email"]')?.textContent ?? '');
    expect(deepEmails).toContain(email);
    await palette(`#${row!.id}`, /Open User #/);
    await page.waitForURL('**/user-directory/ID*');
    await page.getByText(email).first().waitFor();

    // Ban: an empty remark is refused inline, the palette stays open with the text kept.
    await palette('ban', /Ban this user/);
    const dialog = page.getByRole('dialog', { name: 'Command palette' });
    const input = dialog.getByRole('combobox');
    await input.fill('   ');
    await page.keyboard.press('Enter');
    await dialog.getByRole('alert').waitFor();
    expect(await input.inputValue()).toBe('   ');
    expect(await dialog.isVisible()).toBe(true);
    await input.fill('E2E keyboard: account takeover');
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Change user state' });
    await confirm.waitFor();
    await page.keyboard.press('Enter');
    await page.getByText('Updated Successfully').waitFor();
    await page.getByRole('table', { name: 'State change log' }).getByRole('row').filter({ hasText: 'E2E keyboard: account takeover' }).waitFor();

    // Back: the same deep page, the focus on the same row, and j goes on from it.
    await page.goBack();
    await expect.poll(() => page.url()).toBe(listUrl);
    await expect.poll(focusedRow, { timeout: 15_000 }).toEqual(row);
    await page.keyboard.press('j');
    await expect.poll(async () => (await focusedRow())?.index).toBe(3);
  });
});
