/**
 * Debian's Chromium driven by playwright-core (no Playwright browser download). Without a Chromium the
 * browser tests skip with a notice, unless STEWARD_REQUIRE_BROWSER=1 makes a missing browser a failure.
 */
import { existsSync } from 'node:fs';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { startServer, type RunningServer } from './server-process.js';
import { newStore, warmSeeded } from './store.js';

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

/**
 * A fresh browser context per launch (in memory: no profile on disk, so nothing is written there and no cookie
 * or localStorage leaks between runs).
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
      '--disable-sync', '--no-first-run', '--disable-quic'],
  });
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  return {
    context,
    async close() {
      await context.close();
      await browser.close();
    },
  };
}

/** Fills the sign-in form with a demo account (the page must be on /login) and submits it. */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The demo data sets the journeys run on: the default one most share, and a directory past 10,000 rows (keyboard.test.ts). */
export const JOURNEY_DEMOS = {
  standard: {},
  bigDirectory: { STEWARD_DEMO_USERS: '10200', STEWARD_DEMO_ACTIVITIES: '20000' },
} satisfies Record<string, Record<string, string>>;

/**
 * Seeds the journeys' demo templates now, in the background, so the journeys find them made rather than each
 * waiting at its start (the first ones waited 40–70 s in CI while the other worker sat idle): e2e's global
 * setup starts it in CI, where every journey runs; a local run of one journey seeds only what it needs, when it
 * needs it. Resolves when both are made; a failure is left to the journey that needs the template to report.
 */
export function warmJourneyTemplates(): Promise<unknown> {
  return Promise.allSettled(Object.values(JOURNEY_DEMOS).map((env) => warmSeeded(process.env.TEST_DATABASE_URL, env)));
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

/** `env` configures the server (e.g. a larger demo data set); `startMs`: how long seeding may take on a loaded host. */
export async function openJourney(env: Record<string, string> = {}, startMs?: number, opts: { embedded?: boolean } = {}): Promise<Journey> {
  const [srv, browser] = await Promise.all([startJourneyServer(env, startMs, opts.embedded), launchBrowser()]);
  return { srv, browser, ...(await watchedPage(browser)), close: async () => { await browser.close(); await srv.stop(); } };
}

/** A journey's page, with what its Content-Security-Policy refuses collected as Chromium reports it. */
export async function watchedPage(browser: Browser): Promise<{ page: Page; cspViolations: string[] }> {
  const page = await browser.context.newPage();
  const cspViolations: string[] = [];
  page.on('console', (m) => { if (/Content Security Policy/i.test(m.text())) cspViolations.push(m.text()); });
  return { page, cspViolations };
}

/**
 * A journey's server: on TEST_DATABASE_URL's PostgreSQL when there is one (a database of its own, a copy of a
 * seeded template; the production database, and the server's own queries cost a fraction of what the embedded
 * engine's WebAssembly costs), unless `embedded` asks for the embedded database `npm start` runs on — the
 * journeys that are about the quick start keep it. Without PostgreSQL every journey runs embedded.
 */
async function startJourneyServer(env: Record<string, string>, startMs?: number, embedded = false): Promise<RunningServer> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (embedded || !adminUrl) return startServer(env, startMs);
  const store = await newStore(adminUrl);
  await store.create?.(env);
  const srv = await startServer({ ...env, ...store.env }, startMs);
  return { ...srv, stop: async () => { await srv.stop(); await store.drop(); } };
}

/**
 * The steps journeys share, on a journey's page: sign in as a demo staff member (fresh cookies), run a
 * palette command by its title (answering its input page), open a route in the app, wait for a toast, pick a
 * form select's option.
 */
export function journeySteps(j: Journey, password: string) {
  const { page, srv } = j;
  return {
    async signIn(email: string): Promise<void> {
      await j.browser.context.clearCookies();
      await page.goto(`${srv.url}/login`);
      await submitSignIn(page, email, password);
      await page.waitForURL('**/dashboard');
      await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    },
    async palette(command: string, answer?: string): Promise<void> {
      await page.keyboard.press('Control+k');
      const dialog = page.getByRole('dialog', { name: 'Command palette' });
      await dialog.waitFor();
      await page.keyboard.type(command);
      await dialog.getByRole('option').first().filter({ hasText: command }).waitFor();
      await page.keyboard.press('Enter');
      if (answer !== undefined) {
        await page.keyboard.type(answer);
        await page.keyboard.press('Enter');
      }
    },
    /** In-app navigation as the sidebar and the palette do it (the router follows history.pushState): no page load. */
    async visit(path: string): Promise<void> {
      await page.evaluate((p) => history.pushState(null, '', p), path);
    },
    /**
     * Waits until the main area shows `text` (rendered text: innerText, not hidden options; as getByText, case and
     * runs of white space do not matter). Looks again 30 ms after the page changes, not on a timer: a locator's
     * wait backs off to 500 ms and then 1 s between looks, which made a screen ready in 0.3 s count as 0.9 s in
     * a sweep of many screens, and polling innerText every 50 ms doubled the browser's CPU.
     */
    async shows(text: string, timeoutMs = 30_000): Promise<void> {
      const found = await page.evaluate(([t, ms]) => new Promise<boolean>((resolve) => {
        const has = () => (document.querySelector('main') as HTMLElement | null)?.innerText.replace(/\s+/g, ' ').toLowerCase().includes(t) ?? false;
        if (has()) { resolve(true); return; }
        let queued: ReturnType<typeof setTimeout> | undefined;
        const done = (ok: boolean) => { observer.disconnect(); clearTimeout(queued); clearTimeout(limit); resolve(ok); };
        const observer = new MutationObserver(() => { queued ??= setTimeout(() => { queued = undefined; if (has()) done(true); }, 30); });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
        const limit = setTimeout(() => done(has()), ms);
      }), [text.replace(/\s+/g, ' ').toLowerCase(), timeoutMs] as const);
      if (!found) throw new Error(`${page.url()} did not show "${text}" within ${timeoutMs} ms`);
    },
    toast: (text: string | RegExp) => page.getByRole('status').filter({ hasText: text }).or(page.getByRole('alert').filter({ hasText: text })).first(),
    /**
     * By keyboard: focus the field's trigger, open it, pick. A picker opens once it has its choices, and a field
     * drawn again while the form's references load loses the focus, so it is opened again until the choice shows.
     */
    async choose(field: string, option: string): Promise<void> {
      const trigger = page.locator(`[data-field="${field}"] button`);
      const wanted = page.getByRole('option', { name: option, exact: true });
      for (let i = 0; ; i++) {
        if (await trigger.getAttribute('aria-expanded') !== 'true') { await trigger.focus(); await page.keyboard.press('Enter'); }
        if (await wanted.waitFor({ state: 'visible', timeout: 2_000 }).then(() => true, () => false)) break;
        if (i === 14) throw new Error(`${field}: no "${option}" in its picker within 30 s`);
      }
      await wanted.click();
    },
  };
}
