// Accessibility and drafts in a real Chromium (issue 17 items 8 and 6). axe-core checks the sign-in page, the
// dashboard, a list, a form and the user detail and fails on any serious or critical violation; by keyboard
// alone, every control that takes the focus shows a visible ring, and a dialog keeps the focus inside and hands
// it back. A half-typed new adjustment survives an idle sign-out (the browser's clock jumps past the hour) and
// is gone after a sign-out by the staff member's own action.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { browserAvailable, journeySteps, openJourney, type Journey } from '../helpers/browser.js';
import { DEFAULT_DEMO_PASSWORD } from '../../src/server/config.js';

const run = browserAvailable();
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const AXE_PATH = '/__test/axe.min.js';
let journey: Journey | undefined;
let page: Page;

interface Violation { id: string; impact: string | null; help: string; nodes: string[] }

/**
 * Runs axe on the page as it is (WCAG 2.1 A and AA rules plus best practices); the serious and critical findings.
 * The console's CSP allows scripts from its own origin only, so axe is served from there (a routed path),
 * not inlined: the policy under test stays the one shipped.
 */
async function axe(): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ url: `${journey!.srv.url}${AXE_PATH}` });
  const found = await page.evaluate(async () => {
    const w = window as unknown as { axe: { run(ctx: Document, o: object): Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> }> }> } };
    const r = await w.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => JSON.stringify(n.target)) }));
  });
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** The focused element's outline or box-shadow ring, as computed: something visible must be drawn. */
const focusRing = () => page.evaluate(() => {
  const el = document.activeElement as HTMLElement | null;
  if (!el || el === document.body) return null;
  const s = getComputedStyle(el);
  const outline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0;
  const shadow = s.boxShadow !== 'none' && s.boxShadow !== '';
  return { tag: el.tagName.toLowerCase(), label: el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '', ring: outline || shadow };
});

describe.skipIf(!run)('accessibility and drafts in Chromium', () => {
  beforeAll(async () => {
    // The demo data set every journey shares (seeded once per run): a set of its own cost a seed of its own.
    journey = await openJourney();
    ({ page } = journey);
    await page.route(`${journey.srv.url}${AXE_PATH}`, (route) => route.fulfill({ path: AXE, contentType: 'application/javascript' }));
  });
  afterAll(async () => { await journey?.close(); });

  it('axe finds no serious or critical violation on sign-in, dashboard, a list, a form and the user detail', async () => {
    const steps = journeySteps(journey!, DEFAULT_DEMO_PASSWORD);
    const found: Record<string, Violation[]> = {};
    await page.goto(`${journey!.srv.url}/login`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    found.login = await axe();

    await steps.signIn('superadmin@steward.demo');
    // The metrics loaded (the selector this waited on before matched nothing: every run lost its 30 s here).
    await page.locator('section[aria-label="Metrics"][aria-busy="false"]').waitFor({ timeout: 30_000 });
    found.dashboard = await axe();

    await page.goto(`${journey!.srv.url}/user-directory`);
    await page.locator('.ag-row').first().waitFor({ timeout: 30_000 });
    found.list = await axe();
    const uid = await page.locator('.ag-row[row-index="0"] [col-id="uid"]').textContent();

    await page.goto(`${journey!.srv.url}/adjustments-details/add`);
    await page.getByRole('textbox', { name: 'Reason' }).waitFor({ timeout: 30_000 });
    found.form = await axe();

    await page.goto(`${journey!.srv.url}/user-directory/${uid}`);
    await page.getByRole('tablist').first().waitFor({ timeout: 30_000 });
    found.user = await axe();

    // The dark theme has its own colours: the list and the user detail again in it.
    await page.evaluate(() => (document.querySelector('button[aria-label="Switch to dark theme"]') as HTMLElement).click());
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    // Buttons fade their background to the new theme: measured mid-fade, light text would sit on a light background.
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
    found.userDark = await axe();
    await page.goto(`${journey!.srv.url}/user-directory`);
    await page.locator('.ag-row').first().waitFor({ timeout: 30_000 });
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
    found.listDark = await axe();
    await page.evaluate(() => (document.querySelector('button[aria-label="Switch to light theme"]') as HTMLElement).click());

    expect(found).toEqual({ login: [], dashboard: [], list: [], form: [], user: [], userDark: [], listDark: [] });
  });

  it('asked for reduced motion, nothing keeps moving: the spinners and the live pulse run once, at once', async () => {
    // On the dashboard: its styles come with its screen.
    await page.goto(`${journey!.srv.url}/`);
    await page.locator('.dash').waitFor({ timeout: 30_000 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    try {
      // The console's endless animations: the loading spinner, the dashboard's loading pulse.
      const styles = await page.evaluate(() => ([['spinner', null], ['dash-status is-loading', '::before']] as const).map(([name, pseudo]) => {
        const el = document.body.appendChild(document.createElement('span'));
        el.className = name;
        const { animationName, animationIterationCount, animationDuration } = getComputedStyle(el, pseudo);
        el.remove();
        return { name, animationName, animationIterationCount, animationDuration };
      }));
      expect(styles).toEqual([
        { name: 'spinner', animationName: 'spin', animationIterationCount: '1', animationDuration: '0.001s' },
        { name: 'dash-status is-loading', animationName: 'dash-pulse', animationIterationCount: '1', animationDuration: '0.001s' },
      ]);
    } finally {
      await page.emulateMedia({ reducedMotion: null });
    }
  });

  it('every control Tab reaches shows a focus ring; a dialog traps the focus and gives it back', async () => {
    const missing: string[] = [];
    const walk = async (path: string, ready: string, stops: number) => {
      await page.goto(`${journey!.srv.url}${path}`);
      await page.locator(ready).first().waitFor({ timeout: 30_000 });
      for (let i = 0; i < stops; i++) {
        await page.keyboard.press('Tab');
        const f = await focusRing();
        if (f && !f.ring) missing.push(`${path}: ${f.tag} "${f.label}"`);
      }
    };
    await walk('/dashboard', '.dash-choice input', 70);
    await walk('/adjustments-details/add', '.resource-form', 30);
    await walk('/user-directory', '.ag-row', 40);
    expect(missing).toEqual([]);

    // The palette: opened from the header button, Tab cycles inside it, Escape gives the focus back to the button.
    const opener = page.getByRole('button', { name: /Search or jump to/ });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Command palette' });
    await dialog.waitFor();
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-keyshortcuts') ?? '')).toMatch(/K$/);

    // A form dialog (react-aria): the same on a user's Add label.
    await page.locator('.ag-row[row-index="0"] [col-id="uid"]').click();
    await page.waitForURL(/\/user-directory\/ID/);
    const add = page.getByRole('button', { name: /Add label/ });
    await add.focus();
    await page.keyboard.press('Enter');
    const form = page.getByRole('dialog', { name: 'Add label' });
    await form.waitFor();
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      const inside = await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'));
      const f = await focusRing();
      expect(inside).toBe(true);
      if (f && !f.ring) missing.push(`${f.tag} "${f.label}" (dialog)`);
    }
    expect(missing).toEqual([]);
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toContain('Add label');
  });

  it('a half-typed adjustment survives an idle sign-out, and a sign-out by choice drops it', async () => {
    const steps = journeySteps(journey!, DEFAULT_DEMO_PASSWORD);
    const drafts = () => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('steward.draft:')));
    await steps.signIn('accountant@steward.demo');
    // The browser's clock is the idle timer's: installed now, it runs on until the test jumps it forward.
    await page.clock.install();
    await page.goto(`${journey!.srv.url}/adjustments-details/add`);
    await page.getByRole('textbox', { name: 'Reason' }).fill('Wire 7731 without reference');
    await page.getByRole('textbox', { name: 'Amount' }).fill('0.0125');
    await expect.poll(drafts, { timeout: 15_000 }).toHaveLength(1);

    // No activity for an hour (minutesUntilAutoLogout, 60 in the runtime config): the console signs out.
    await page.clock.fastForward(61 * 60_000);
    await page.waitForURL('**/login', { timeout: 30_000 });
    await steps.toast('Session expired, Please login again.').waitFor();
    expect(await drafts()).toHaveLength(1);

    await steps.signIn('accountant@steward.demo');
    await page.goto(`${journey!.srv.url}/adjustments-details/add`);
    await page.getByRole('status').filter({ hasText: 'Draft restored' }).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('textbox', { name: 'Reason' }).inputValue()).toBe('Wire 7731 without reference');
    expect(await page.getByRole('textbox', { name: 'Amount' }).inputValue()).toBe('0.0125');

    // Logging out by choice (the palette's Log out, confirmed) drops the staff member's drafts.
    await steps.palette('Log out');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/login', { timeout: 30_000 });
    expect(await drafts()).toEqual([]);
  });
});
