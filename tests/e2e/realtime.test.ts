// Realtime in a real Chromium against `npm start`'s server with the demo market trading: the market's
// Order Book tab moves while the simulator places and matches orders; cancelling an order from the book
// takes it off; the sidebar's pending-withdrawals count follows a withdrawal another staff member
// rejects elsewhere (a second session, over the API).
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

describe.skipIf(!run)('realtime in Chromium', () => {
  beforeAll(async () => {
    journey = await openJourney({ STEWARD_DEMO_MARKET_RATE: '4' });
    ({ srv, page } = journey);
    steps = journeySteps(journey, DEFAULT_DEMO_PASSWORD);
  });
  afterAll(async () => { await journey?.close(); });

  it('the order book moves with the demo market, and a cancel takes an order off it', async () => {
    await steps.signIn('admin@steward.demo');
    await page.goto(`${srv.url}/market-info/btcusdt?tab=order-book`);
    await page.getByRole('status').filter({ hasText: 'Up to date' }).waitFor({ timeout: 30_000 });
    await page.getByText('Live', { exact: true }).waitFor();
    const ladders = page.getByRole('table', { name: /price levels$/ });
    const before = (await ladders.allTextContents()).join('|');
    await expect.poll(async () => (await ladders.allTextContents()).join('|'), { timeout: 60_000, interval: 250 }).not.toBe(before);

    // The deepest bid (the lowest price), least likely to trade while we look at it.
    const buys = page.getByRole('table', { name: 'Open buy orders' });
    await buys.waitFor();
    const rows = await buys.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => ({
      id: tr.querySelector('th')!.textContent!, price: Number(tr.querySelectorAll('td')[0]!.textContent),
    })));
    const target = rows.sort((a, b) => a.price - b.price)[0]!;
    await page.getByRole('button', { name: `Cancel order ${target.id}` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Cancel order ${target.id}?` });
    await confirm.getByRole('button', { name: 'Cancel order' }).click();
    await steps.toast('Order canceled').waitFor();
    await page.getByRole('button', { name: `Cancel order ${target.id}` }).waitFor({ state: 'detached' });
    const res = await page.request.get(`${srv.url}/api/v2/peatio/admin/orders/${target.id}`);
    expect((await res.json()).state).toBe('cancel');
    await page.screenshot({ path: '.tmp/e2e-order-book.png' }).catch(() => undefined);
  });

  it('the sidebar\'s pending-withdrawals count follows a withdrawal rejected elsewhere', async () => {
    await steps.signIn('compliance@steward.demo');
    const link = page.getByRole('link', { name: /^Pending Withdrawals/ });
    const count = async () => Number(/(\d+) pending/.exec((await link.getAttribute('aria-label')) ?? (await link.textContent()) ?? '')?.[1] ?? 'NaN');
    await expect.poll(count, { timeout: 30_000 }).toBeGreaterThan(0);
    const was = await count();
    // Elsewhere: the admin, in a session of their own, rejects the oldest pending withdrawal.
    const other = await fetch(`${srv.url}/api/v2/barong/identity/sessions/new`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': 'elsewhere' },
      body: JSON.stringify({ identity: 'admin@steward.demo', password: DEFAULT_DEMO_PASSWORD }),
    });
    const cookie = other.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const headers = { cookie, 'user-agent': 'elsewhere', 'x-csrf-token': (await other.json()).csrf_token, 'content-type': 'application/json' };
    const list = await fetch(`${srv.url}/api/v2/peatio/admin/withdraws?state=pending&limit=1`, { headers });
    const [pending] = await list.json();
    const rejected = await fetch(`${srv.url}/api/v2/peatio/admin/withdraws/actions`, {
      method: 'POST', headers, body: JSON.stringify({ id: pending.id, action: 'reject', reason: 'Requested by the customer' }),
    });
    expect(rejected.status).toBe(201);
    await expect.poll(count, { timeout: 15_000 }).toBe(was - 1);
    await page.screenshot({ path: '.tmp/e2e-queue-count.png' }).catch(() => undefined);
  });
});
