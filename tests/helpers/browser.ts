/**
 * Debian's Chromium driven by playwright-core (no Playwright browser download). Without a Chromium the
 * browser tests skip with a notice, unless STEWARD_REQUIRE_BROWSER=1 makes a missing browser a failure.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { startServer, type RunningServer } from './server-process.js';

export const CHROMIUM = '/usr/bin/chromium';

/** Whether browser tests can run here; logs why not, or throws when the browser is required. */
export function browserAvailable(): boolean {
  if (existsSync(CHROMIUM)) return true;
  const why = `${CHROMIUM} is missing (apt-get install -y --no-install-recommends chromium)`;
  if (process.env.STEWARD_REQUIRE_BROWSER === '1') throw new Error(`STEWARD_REQUIRE_BROWSER=1 but ${why}`);
  console.warn(`[e2e] skipping browser tests: ${why}`);
  return false;
}

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** A fresh profile per launch, so no cookie or localStorage leaks between runs. */
export async function launchBrowser(): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'steward-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1440, height: 900 },
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
      '--disable-sync', '--no-first-run', '--disable-quic'],
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Fills the sign-in form with a demo account (the page must be on /login) and submits it. */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** What a browser journey runs against: the real server on a fresh database, and one page in Chromium. */
export interface Journey {
  srv: RunningServer;
  browser: Browser;
  page: Page;
  /** What the page's Content-Security-Policy refused so far, as Chromium reported it (none expected). */
  cspViolations: string[];
  close(): Promise<void>;
}

/** `env` configures the server (e.g. a larger demo data set). */
export async function openJourney(env: Record<string, string> = {}): Promise<Journey> {
  const [srv, browser] = await Promise.all([startServer(env), launchBrowser()]);
  const page = await browser.context.newPage();
  const cspViolations: string[] = [];
  page.on('console', (m) => { if (/Content Security Policy/i.test(m.text())) cspViolations.push(m.text()); });
  return { srv, browser, page, cspViolations, close: async () => { await browser.close(); await srv.stop(); } };
}
