// Money in a real Chromium against `npm start`'s server: every money screen draws its seeded rows; an
// accountant creates an adjustment and a second staff member (the admin) accepts it from the palette,
// confirming before → after; compliance rejects a pending withdrawal with a reason; a support agent
// cancels all open orders of a user from the user's page.
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

/** A GET of the exchange's admin API with the page's session. */
async function api<T>(path: string): Promise<T> {
  const res = await page.request.get(`${srv.url}/api/v2/peatio/admin${path}`);
  expect(res.ok(), await res.text()).toBe(true);
  return res.json() as Promise<T>;
}

describe.skipIf(!run)('money in Chromium', () => {
  beforeAll(async () => { journey = await openJourney(); ({ srv, page } = journey);
    steps = journeySteps(journey, DEFAULT_DEMO_PASSWORD); });
  afterAll(async () => { await journey?.close(); });

  it('draws every money screen with the seeded history', async () => {
    await steps.signIn('superadmin@steward.demo');
    const [order] = await api<{ id: number }[]>('/orders?limit=1');
    const [adjustment] = await api<{ id: number }[]>('/adjustments?state=pending&limit=1');
    for (const [path, text] of [
      ['/orders', 'btcusdt'], [`/orders/${order!.id}`, 'Average price'], ['/trades', 'btcusdt'], ['/adjustments', 'Unvalidated'],
      [`/adjustments-details/${adjustment!.id}`, 'Counterpart code'], ['/operations', 'Totals per currency'],
      ['/deposit', 'collected'], ['/withdrawls', 'Succeed'], ['/withdrawl-pending', 'pending'],
      ['/wallet-transfer', 'Quarterly sweep to cold storage'], ['/wallet-transfer/add', 'From wallet'],
    ] as const) {
      // Reached in the app, as the sidebar does (a page load per screen cost the browser a parse of the bundle each).
      await steps.visit(path);
      await steps.shows(text);
    }
    await page.screenshot({ path: '.tmp/e2e-operations.png' }).catch(() => undefined);
    // From anywhere, by keyboard: "order N" opens the order's page, "trade N" the trade beside its list.
    const [trade] = await api<{ id: number; market: string }[]>('/trades?limit=1&ordering=desc');
    for (const [typed, title, url] of [
      [`order ${order!.id}`, `Open Order #${order!.id}`, `**/orders/${order!.id}`],
      [`trade ${trade!.id}`, `Open Trade #${trade!.id}`, `**/trades?row=${trade!.id}`],
    ] as const) {
      await page.keyboard.press('Control+k');
      const dialog = page.getByRole('dialog', { name: 'Command palette' });
      await dialog.waitFor();
      await page.keyboard.type(typed);
      await dialog.getByRole('option').filter({ hasText: title }).first().waitFor();
      await page.keyboard.press('Enter');
      await page.waitForURL(url);
    }
    await page.getByRole('complementary').getByText(trade!.market).first().waitFor();
    await page.screenshot({ path: '.tmp/e2e-trade-jump.png' }).catch(() => undefined);
  });

  it('an accountant creates an adjustment and the admin accepts it from the palette', async () => {
    await steps.signIn('accountant@steward.demo');
    const [member] = await api<{ uid: string }[]>('/liabilities?limit=1');
    await steps.palette('New Adjustment');
    await page.waitForURL('**/adjustments-details/add');
    await page.getByRole('textbox', { name: 'Reason' }).fill('Wire 7731 without reference');
    await page.getByRole('textbox', { name: 'Description' }).fill('Matched by the bank statement of 24 Nov');
    await page.getByRole('textbox', { name: 'Amount' }).fill('0.0125');
    await steps.choose('currency', 'btc');
    await steps.choose('counterpart_code', '202 · Member balance (coin)');
    await page.getByRole('textbox', { name: 'Receiving member UID' }).fill(member!.uid);
    const created = page.waitForResponse((r) => r.url().endsWith('/admin/adjustments/new') && r.status() === 201);
    await page.getByRole('button', { name: 'Add Adjustment' }).click();
    const id = ((await (await created).json()) as { id: number }).id;
    await steps.toast('Adjustment created').waitFor();

    // Its creator is refused Accept, with the reason.
    await steps.palette('Accept adjustment', `#${id}`);
    await page.getByText('You created this adjustment: another staff member must accept it').waitFor();
    await page.keyboard.press('Escape');

    await steps.signIn('admin@steward.demo');
    await steps.palette('Accept adjustment', String(id));
    const confirm = page.getByRole('alertdialog', { name: `Accept adjustment ${id}?` });
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('State: Pending → Accepted');
    await confirm.getByRole('button', { name: 'Accept' }).click();
    await steps.toast('Adjustment accepted').waitFor();
    const done = await api<{ state: string; liability: { credit: string } }>(`/adjustments/${id}`);
    expect(done).toMatchObject({ state: 'accepted', liability: { credit: '0.0125' } });
    await page.screenshot({ path: '.tmp/e2e-adjustment.png' }).catch(() => undefined);
  });

  it('compliance rejects a pending withdrawal with a reason, from the queue', async () => {
    await steps.signIn('compliance@steward.demo');
    const [pending] = await api<{ id: number; sum: string; uid: string }[]>('/withdraws?state=pending&limit=1');
    await page.goto(`${srv.url}/withdrawl-pending`);
    // The id's own cell: a bare number can also be a pager button or another column's value.
    await page.locator('.ag-cell[col-id="id"]').getByText(String(pending!.id), { exact: true }).first().dblclick();
    await page.waitForURL(`**/withdrawls/${pending!.id}`);
    await page.getByRole('button', { name: 'Reject', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject withdrawal' });
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Destination address on a sanctions list');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await steps.toast('Withdrawal rejected: funds returned').waitFor();
    expect(await api<{ state: string; reject_reason: string }>(`/withdraws/${pending!.id}`))
      .toMatchObject({ state: 'rejected', reject_reason: 'Destination address on a sanctions list' });
    await page.screenshot({ path: '.tmp/e2e-withdrawal.png' }).catch(() => undefined);
  });

  it('a support agent cancels all open orders of a user from the user\'s page', async () => {
    await steps.signIn('support@steward.demo');
    const [open] = await api<{ uid: string }[]>('/orders?state=wait&limit=1');
    const before = await api<unknown[]>(`/orders?state=wait&uid=${open!.uid}&limit=100`);
    expect(before.length).toBeGreaterThan(0);
    await page.goto(`${srv.url}/user-directory/${open!.uid}?tab=orders`);
    await page.getByRole('tab', { name: 'Open Orders', selected: true }).waitFor();
    await page.getByRole('button', { name: 'Cancel all' }).click();
    const confirm = page.getByRole('alertdialog', { name: `Cancel all: ${before.length} ${before.length === 1 ? 'order' : 'orders'}?` });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Cancel all' }).click();
    await steps.toast('Orders canceled').waitFor();
    expect(await api<unknown[]>(`/orders?state=wait&uid=${open!.uid}`)).toEqual([]);
    // Still on the tab, its list empty now.
    await page.getByRole('tab', { name: 'Open Orders', selected: true }).waitFor();
    await page.getByText('No Record Found').waitFor();
    await page.screenshot({ path: '.tmp/e2e-open-orders.png' }).catch(() => undefined);
  });
});
