/**
 * `npm run measure:first-load`: how long a direct link takes from navigation start to the first grid
 * row (or the user header) in Chromium, measured the same way every time so figures compare across
 * changes. Builds dist/ when stale, starts the real server on a fresh temporary database, signs in once,
 * then opens /user-directory and /user-directory/<uid> FIRST_LOAD_RUNS times each:
 * - cold: a new browser context with the signed-in browser state (the session cookie and the CSRF
 *   token in localStorage) and an empty HTTP cache: a staff member opening a link after a deploy;
 * - warm: one context that already loaded the page once (cached assets, no-cache index.html).
 * each over two networks (FIRST_LOAD_NETWORK=loopback|vpn picks one): the loopback itself, where only
 * the CPU counts, and a staff VPN emulated by Chromium (40 ms round trip, 20 Mbit/s down, 5 up), where
 * bytes and request chains show. The time is taken inside the page (performance.now() when a
 * MutationObserver first sees the element laid out), so the driver's round trips are not counted;
 * bytes are the Resource Timing transfer sizes.
 */
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { buildIfStale } from './build-if-stale.js';
import { CHROMIUM, submitSignIn } from '../../../tests/helpers/browser.js';
import { startServer } from '../../../tests/helpers/server-process.js';

const RUNS = Number(process.env.FIRST_LOAD_RUNS || 10);
const EMAIL = 'superadmin@steward.demo';
const PASSWORD = process.env.STEWARD_DEMO_PASSWORD || 'Steward-demo-2026!';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--no-first-run', '--disable-quic'];
/** What "the page is usable" means per route: a laid-out data row, or the user's header band. */
const READY = '.data-grid .ag-row, .u-header';

interface Sample { ms: number; bytes: number; jsBytes: number; requests: number }

/** Chromium's network emulation (Network.emulateNetworkConditions); null: the loopback as it is. */
type Network = { latency: number; downloadThroughput: number; uploadThroughput: number } | null;
const NETWORKS: Record<string, Network> = {
  loopback: null,
  vpn: { latency: 40, downloadThroughput: 20e6 / 8, uploadThroughput: 5e6 / 8 },
};
const chosen = process.env.FIRST_LOAD_NETWORK;
if (chosen && !(chosen in NETWORKS)) throw new Error(`FIRST_LOAD_NETWORK must be one of ${Object.keys(NETWORKS).join(', ')}`);

// Page-side code goes as source text: tsx's transform would wrap functions in a helper the page lacks.
/**
 * Runs before any of the page's scripts: notes the time the READY element is first laid out. Checked on
 * every DOM change and every frame (a stylesheet arriving lays an element out without a DOM change).
 */
const WATCH_READY = `(() => {
  const check = () => {
    if (window.__firstLoadReady !== undefined) return true;
    const el = document.querySelector(${JSON.stringify(READY)});
    if (!el || el.getBoundingClientRect().height === 0) return false;
    window.__firstLoadReady = performance.now();
    observer.disconnect();
    return true;
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true, attributes: true });
  const frame = () => { if (!check()) requestAnimationFrame(frame); };
  requestAnimationFrame(frame);
})()`;

/** Transfer sizes (0 for a cache hit) and requests sent of what loaded before the READY time, and that time. */
const COLLECT = `(() => {
  const ready = window.__firstLoadReady;
  const nav = performance.getEntriesByType('navigation')[0];
  const res = performance.getEntriesByType('resource').filter((r) => r.startTime < ready);
  const sum = (list) => list.reduce((n, r) => n + r.transferSize, 0);
  const js = res.filter((r) => /\\.js(\\?|$)/.test(r.name));
  return { ms: ready, bytes: nav.transferSize + sum(res), jsBytes: sum(js), requests: res.filter((r) => r.transferSize > 0).length + 1 };
})()`;

async function visit(context: BrowserContext, url: string, network: Network): Promise<Sample> {
  const page = await context.newPage();
  try {
    if (network) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, ...network });
    }
    await page.addInitScript(WATCH_READY);
    await page.goto(url);
    await page.waitForFunction('window.__firstLoadReady !== undefined', null, { timeout: 60_000 });
    return (await page.evaluate(COLLECT)) as Sample;
  } finally {
    await page.close();
  }
}

const median = (xs: number[]) => quantile(xs, 0.5);
function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.max(0, Math.ceil(q * s.length) - 1)];
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

async function signIn(browser: Browser, base: string): Promise<{ state: StorageState; uid: string }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await submitSignIn(page, EMAIL, PASSWORD);
  await page.waitForURL(/\/dashboard/, { timeout: 60_000 });
  const res = await page.request.get(`${base}/api/v2/barong/admin/users?limit=1&page=1`);
  const [user] = (await res.json()) as { uid: string }[];
  const state = await context.storageState();
  await context.close();
  return { state, uid: user.uid };
}

async function main(): Promise<void> {
  await buildIfStale();
  const srv = await startServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
  try {
    const { state, uid } = await signIn(browser, srv.url);
    const newContext = () => browser.newContext({ storageState: state, viewport: { width: 1440, height: 900 } });
    const routes = [
      { name: '/user-directory', url: `${srv.url}/user-directory` },
      { name: '/user-directory/<uid>', url: `${srv.url}/user-directory/${uid}` },
    ];
    const samples = new Map<string, Sample[]>();
    const add = (key: string, s: Sample) => samples.set(key, [...(samples.get(key) ?? []), s]);

    for (const [net, network] of Object.entries(NETWORKS).filter(([n]) => !chosen || n === chosen)) {
      // Cold: a fresh context (empty cache) per visit; the routes alternate so drift hits both alike.
      for (let i = 0; i < RUNS; i++) {
        for (const r of routes) {
          const context = await newContext();
          add(`${net}|${r.name}|cold`, await visit(context, r.url, network));
          await context.close();
        }
      }
      // Warm: one context per route, primed by one uncounted visit.
      for (const r of routes) {
        const context = await newContext();
        await visit(context, r.url, network);
        for (let i = 0; i < RUNS; i++) add(`${net}|${r.name}|warm`, await visit(context, r.url, network));
        await context.close();
      }
    }

    const kib = (n: number) => (n / 1024).toFixed(1);
    console.log(`\nnavigation start → first row / user header, Chromium headless, ${RUNS} runs each\n`);
    console.log('| network | route | cache | median ms | p95 ms | transferred KiB (JS) | requests sent |');
    console.log('|---|---|---|---|---|---|---|');
    for (const [key, list] of samples) {
      const [net, route, cache] = key.split('|');
      const ms = list.map((s) => s.ms);
      console.log(`| ${net} | ${route} | ${cache} | ${median(ms).toFixed(0)} | ${quantile(ms, 0.95).toFixed(0)} | ` +
        `${kib(median(list.map((s) => s.bytes)))} (${kib(median(list.map((s) => s.jsBytes)))}) | ${median(list.map((s) => s.requests))} |`);
    }
  } finally {
    await browser.close();
    await srv.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
