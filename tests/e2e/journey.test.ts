// One customer's journey, end to end (issue 27 item 5; tests/e2e/README.md says what it proves): the customer
// through the HTTP API exactly as baseapp 2.6 calls it, staff by keyboard in the console in Chromium, on one
// server (`npm start`'s, the demo seeded, its demo node) with loopback SMTP and SMS providers whose mail the
// customer reads. Sign-up → e-mail → phone → profile and two documents → compliance verifies by keyboard →
// deposit address, the node pays it, staff scan and accept → orders placed, cancelled, traded → 2FA,
// beneficiary, a withdrawal above the review amount, live in the queue, two staff approve → the ledger balances.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { generate } from 'otplib';
import { browserAvailable, journeySteps } from '../helpers/browser.js';
import { freePort } from '../helpers/server-process.js';
import { openKeptJourney, type KeptJourney } from '../helpers/journey-store.js';
import { CustomerApi, documentForm } from '../helpers/customer-api.js';
import { smsFake, smtpFake, type SmsFake, type SmtpFake } from '../server/messaging-fakes.js';
import { DEFAULT_DEMO_PASSWORD } from '../../src/server/config.js';
import { samplePdf, samplePng } from '../../src/server/db/seed/sample-documents.js';
import { segwitAddress } from '../../src/server/money/chain-addresses.js';

const run = browserAvailable();
/** How long a poll of the screen or the API may wait: a loaded 2-core machine draws slowly (expect.poll's default is 1 s). */
const SLOW = { timeout: 20_000 };
let j: KeptJourney | undefined;
let page: Page;
let steps: ReturnType<typeof journeySteps>;
let smtp: SmtpFake, sms: SmsFake;
let me: CustomerApi;
const EMAIL = `journey-${Date.now().toString(36)}@customer.example`;
const PASSWORD = 'Journey-Pass-2026!';
const PHONE = '447700900123';
let uid = '';
let nodePort = 0;

/** Waits for the condition (an answer, a mail), looking again every 50 ms; never a fixed sleep. */
async function until<T>(what: string, probe: () => Promise<T | undefined | false> | T | undefined | false, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const got = await probe();
    if (got) return got;
    if (Date.now() > end) throw new Error(`waited ${ms} ms for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
const mailTo = (n: number) => until(`e-mail ${n} to the customer`, () => smtp.received.filter((m) => m.to.includes(EMAIL))[n - 1]?.data);
/** The private labels baseapp's verification screen reads (its label saga: GET /resource/labels), as key:value. */
const kycLabels = async () => (await me.ok<{ key: string; value: string; scope: string }[]>(200, 'GET', '/barong/resource/labels'))
  .filter((l) => l.scope === 'private').map((l) => `${l.key}:${l.value}`).sort();
/** A staff GET with the page's session. */
const staffGet = async <T = any>(path: string): Promise<T> => {
  const res = await page.request.get(`${j!.srv.url}/api/v2${path}`);
  expect(res.ok(), await res.text()).toBe(true);
  return res.json() as Promise<T>;
};
/** A JSON-RPC call to the demo node's bitcoin chain (the port the server was given). */
async function node<T = unknown>(method: string, params: unknown[]): Promise<T> {
  const res = await fetch(`http://127.0.0.1:${nodePort}/bitcoin`, { method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  const answer = (await res.json()) as { result?: T; error?: unknown };
  if (answer.error) throw new Error(`${method}: ${JSON.stringify(answer.error)}`);
  return answer.result as T;
}
/**
 * A row's state action from the palette ("Accept deposit…" #id): the row's page opens with the confirmation
 * (before → after), on Cancel — the safe key; Tab reaches the action, Enter sends it.
 */
async function byPalette(command: string, id: number | string, change: string, button: string, done: string): Promise<void> {
  await steps.palette(command, `#${id}`);
  const confirm = page.getByRole('alertdialog');
  await confirm.getByText(change).waitFor();
  await page.keyboard.press('Tab');
  await confirm.getByRole('button', { name: button, exact: true }).and(page.locator(':focus')).waitFor();
  await page.keyboard.press('Enter');
  await steps.toast(done).first().waitFor();
  await confirm.waitFor({ state: 'detached' });
}
const focusedRow = () => page.evaluate(() => document.activeElement?.closest('[row-id]')?.getAttribute('row-id') ?? null);

describe.skipIf(!run)('a customer journey, API and console', () => {
  beforeAll(async () => {
    [smtp, sms] = await Promise.all([smtpFake(), smsFake()]);
    nodePort = await freePort();
    j = await openKeptJourney({ SMTP_URL: smtp.url, SMS_HTTP_URL: sms.url, STEWARD_NODE_SIMULATOR_PORT: String(nodePort) });
    page = j.page;
    steps = journeySteps(j, DEFAULT_DEMO_PASSWORD);
    me = new CustomerApi(j.srv.url);
  }, 480_000);
  // What the console showed when a step failed (CI keeps .tmp).
  afterEach(async (ctx) => { if (ctx.task.result?.state === 'fail') await page?.screenshot({ path: '.tmp/e2e-journey-failed.png' }).catch(() => undefined); });
  afterAll(async () => { await j?.close(); await Promise.all([smtp?.close(), sms?.close()]); });

  it('1. signs up, confirms the e-mail from the mail sent, signs in, verifies a phone, sends a profile and two documents', async () => {
    expect((await me.call('GET', '/barong/identity/configs')).status).toBe(200);
    const made = await me.ok(201, 'POST', '/barong/identity/users', { email: EMAIL, password: PASSWORD, data: JSON.stringify({ language: 'en' }) });
    expect(made).toMatchObject({ email: EMAIL, level: 0, state: 'pending', role: 'member' });
    uid = made.uid;
    const token = decodeURIComponent(/email-verification\?token=([^\s&]+)/.exec((await mailTo(1)).replace(/=\r?\n/g, '').replace(/=3D/g, '='))![1]!);
    expect(await me.ok(201, 'POST', '/barong/identity/users/email/confirm_code', { token })).toMatchObject({ level: 1, state: 'active' });
    // baseapp signs in afresh after the confirmation page.
    await me.ok(200, 'DELETE', '/barong/identity/sessions');
    expect((await me.call('GET', '/barong/resource/users/me')).status).toBe(401);
    expect(await me.ok(200, 'POST', '/barong/identity/sessions', { email: EMAIL, password: PASSWORD })).toMatchObject({ uid, level: 1 });

    await me.ok(200, 'POST', '/barong/resource/phones', { phone_number: `+${PHONE}` });
    const code = await until('the SMS code', () => /\b(\d{6})\b/.exec(JSON.stringify(sms.received.at(-1)?.body ?? ''))?.[1]);
    await me.ok(201, 'POST', '/barong/resource/phones/verify', { phone_number: `+${PHONE}`, verification_code: code });
    await me.ok(201, 'POST', '/barong/resource/profiles', {
      first_name: 'Jo', last_name: 'Journey', dob: '1990-04-12', address: '1 Sample Street', postcode: 'SW1A 1AA', city: 'London', country: 'GB', confirm: true,
    });
    const passport = await me.ok(201, 'POST', '/barong/resource/documents', documentForm(
      { doc_type: 'Passport', doc_number: 'JP 1234567', doc_expire: '2034-06-30' }, [{ name: 'passport.png', type: 'image/png', bytes: samplePng('Jo Journey') }]));
    const bill = await me.ok(201, 'POST', '/barong/resource/documents', documentForm(
      { doc_type: 'Utility Bill', doc_number: 'UB 778' }, [{ name: 'bill.pdf', type: 'application/pdf', bytes: samplePdf('Jo Journey') }]));
    expect([passport[0].content_type, bill[0].content_type]).toEqual(['image/png', 'application/pdf']);
    expect(await me.ok(200, 'GET', '/barong/resource/users/me')).toMatchObject({ level: 2 });
    // baseapp's verification screen shows the steps from the customer's labels.
    expect(await kycLabels()).toEqual(['document:pending', 'email:verified', 'phone:verified', 'profile:submitted']);
  });

  it('2. compliance reviews the application with its documents on screen, verifies identity and application by keyboard; the level rises', async () => {
    await steps.signIn('compliance@steward.demo');
    await page.goto(`${j!.srv.url}/pending-applications?tab=profile&email=${encodeURIComponent(EMAIL)}`);
    await page.locator('.ag-cell[col-id="uid"]').getByText(uid, { exact: true }).waitFor();
    await page.keyboard.press('j');
    await expect.poll(focusedRow, SLOW).toBe(uid);
    // Enter: the documents beside the queue, served by the staff route — the image drawn, then the PDF (`.`).
    await page.keyboard.press('Enter');
    const viewer = page.getByRole('region', { name: 'Documents' });
    await viewer.getByText('Passport · 1 of 2').waitFor();
    await expect.poll(() => viewer.getByRole('img', { name: 'Passport' }).evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0), SLOW).toBe(true);
    await page.keyboard.press('+');
    await expect.poll(() => viewer.getByRole('img', { name: 'Passport' }).getAttribute('data-zoom'), SLOW).not.toBe('1');
    await page.keyboard.press('.');
    await viewer.getByText('Utility Bill · 2 of 2').waitFor();
    await viewer.locator('iframe[title="Utility Bill"]').waitFor();
    // The identity (the profile) from the same panel: its Verify button, by keyboard.
    const identity = page.getByRole('region', { name: 'Profile' });
    await identity.getByText('Jo Journey').waitFor();
    await identity.getByRole('button', { name: 'Verify identity' }).focus();
    await page.keyboard.press('Enter');
    await steps.toast('Profile verified successfully').waitFor();
    await identity.getByText('verified').waitFor();
    await page.screenshot({ path: '.tmp/e2e-journey-kyc.png' }).catch(() => undefined);
    // a: verify the application (held for u, then sent); Barong's level follows the document label.
    await page.keyboard.press('a');
    await page.getByText(new RegExp(`#${uid} — u to undo`)).waitFor();
    // Moving on sends a held decision at once (rather than at the end of its 5 s window).
    await steps.visit('/dashboard');
    await until('level 3 after the verification', async () => (await staffGet(`/barong/admin/users/${uid}`)).level === 3);
    expect(await me.ok(200, 'GET', '/barong/resource/users/me')).toMatchObject({ level: 3, state: 'active' });
    expect(await kycLabels()).toEqual(expect.arrayContaining(['document:verified', 'profile:verified']));
  });

  it('3. the customer gets a deposit address, the demo node pays it, staff scan the block and accept the deposit', async () => {
    const { address, currencies } = await me.ok(200, 'GET', '/peatio/account/deposit_address/btc');
    expect(currencies).toEqual(['btc']);
    await steps.signIn('admin@steward.demo');
    // The demo node, driven as a regtest node is: pay the address, mine the block.
    const txid = await node<string>('sendtoaddress', [address, '1.2']);
    await node('generatetoaddress', [1, address]);
    const height = await node<number>('getblockcount', []);
    // Staff scan the block from the palette; the deposit is recorded, submitted, for staff to accept.
    await steps.palette('Scan block', `${height} bitcoin`);
    await page.getByRole('dialog', { name: /Scan block/ }).waitFor();
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value), SLOW).toBe(String(height));
    await page.keyboard.press('Enter');
    await steps.toast(`Block ${height.toLocaleString('en-US')} scanned`).waitFor();
    const [deposit] = await staffGet<{ id: number; amount: string; state: string }[]>(`/peatio/admin/deposits?uid=${uid}&txid=${txid}`);
    expect(deposit).toMatchObject({ amount: '1.2', state: 'submitted' });
    await byPalette('Accept deposit', deposit!.id, 'Submitted → Accepted', 'Accept', 'Deposit accepted');
    expect(await me.ok(200, 'GET', '/peatio/account/balances/btc')).toMatchObject({ currency: 'btc', balance: '1.2', locked: '0' });
    expect(await me.ok(200, 'GET', '/peatio/account/deposits?currency=btc')).toEqual(
      expect.arrayContaining([expect.objectContaining({ txid, amount: '1.2', state: 'accepted' })]));
  });

  it('4. places and cancels orders, and trades against the demo market; balances move', async () => {
    expect((await me.ok(200, 'GET', '/peatio/public/markets')).map((m: { id: string }) => m.id)).toContain('btcusdt');
    const depth = await me.ok<{ bids: [string, string][] }>(200, 'GET', '/peatio/public/markets/btcusdt/depth');
    const [bid] = depth.bids[0]!;
    // A sell far above the book rests, locking its volume; cancelled, it gives it back.
    const resting = await me.ok(201, 'POST', '/peatio/market/orders', { market: 'btcusdt', side: 'sell', volume: '0.05', ord_type: 'limit', price: '490000' });
    expect(resting).toMatchObject({ state: 'wait', side: 'sell', remaining_volume: '0.05' });
    expect(await me.ok(200, 'GET', '/peatio/account/balances/btc')).toMatchObject({ balance: '1.15', locked: '0.05' });
    expect(await me.ok(201, 'POST', `/peatio/market/orders/${resting.id}/cancel`)).toMatchObject({ id: resting.id });
    expect(await until('the cancel', async () => ((await me.ok(200, 'GET', `/peatio/market/orders/${resting.id}`)).state === 'cancel'))).toBe(true);
    // A sell at the best bid trades with the demo market's resting buy.
    const sold = await me.ok(201, 'POST', '/peatio/market/orders', { market: 'btcusdt', side: 'sell', volume: '0.01', ord_type: 'limit', price: bid });
    // It matched at once (the engine runs in the request): its trades are there when the answer is.
    const trades = await me.ok<{ order_id: number; side: string; price: string; amount: string; total: string; fee_amount: string }[]>(
      200, 'GET', '/peatio/market/trades?market=btcusdt');
    expect(trades.length).toBeGreaterThan(0);
    for (const t of trades) expect(t).toMatchObject({ order_id: sold.id, side: 'sell', price: bid });
    expect((await me.ok(200, 'GET', '/peatio/market/orders?market=btcusdt&state=cancel')).map((o: { id: number }) => o.id)).toContain(resting.id);
    // What rests of it (the bid may have been smaller) goes with "cancel all".
    await me.ok(201, 'POST', '/peatio/market/orders/cancel', { market: 'btcusdt' });
    // Exact decimals: 1.2 less what was sold; the quote received less its fee.
    const units = (d: string, places = 18) => { const [i, f = ''] = d.split('.'); return BigInt(i! + f.padEnd(places, '0')); };
    const sum = (pick: (t: (typeof trades)[number]) => bigint) => trades.reduce((n, t) => n + pick(t), 0n);
    const btc = await me.ok(200, 'GET', '/peatio/account/balances/btc');
    const usdt = await me.ok(200, 'GET', '/peatio/account/balances/usdt');
    expect([units(btc.balance), btc.locked]).toEqual([units('1.2') - sum((t) => units(t.amount)), '0']);
    expect(units(usdt.balance)).toBe(sum((t) => units(t.total) - units(t.fee_amount)));
    expect(units(usdt.balance) > 0n).toBe(true);
  });

  it('5. enables 2FA, activates a beneficiary by the e-mailed pin, asks for a withdrawal above the review amount; it shows live in the queue and two staff members approve it', async () => {
    const { data } = await me.ok(200, 'POST', '/barong/resource/otp/generate_qrcode');
    const secret = new URL(data.url).searchParams.get('secret')!;
    const otp = (stepsAhead = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * stepsAhead });
    await me.ok(200, 'POST', '/barong/resource/otp/enable', { code: await otp() });
    expect(await me.ok(200, 'GET', '/barong/resource/users/me')).toMatchObject({ otp: true });

    const mails = smtp.received.filter((m) => m.to.includes(EMAIL)).length;
    const ben = await me.ok(201, 'POST', '/peatio/account/beneficiaries', {
      currency: 'btc', name: 'My cold wallet', data: JSON.stringify({ address: segwitAddress('bcrt', Buffer.alloc(20, 7)) }),
    });
    expect(ben).toMatchObject({ state: 'pending' });
    const pin = /: (\d{6})\b/.exec(await mailTo(mails + 1))![1]!;
    expect(await me.ok(200, 'PATCH', `/peatio/account/beneficiaries/${ben.id}/activate`, { pin })).toMatchObject({ state: 'active' });

    // The first approver (the admin, still signed in) watches the queue, this customer's rows, before the request exists.
    await steps.visit(`/withdrawl-pending?uid=${uid}`);
    await page.getByText('No Record Found').waitFor();
    await page.evaluate(() => { (window as { journeyMark?: number }).journeyMark = 1; });
    // 0.6 BTC: above btc's review amount (0.5, WITHDRAW_REVIEW_AMOUNTS' default), so two staff members must accept it.
    const w = await me.ok(201, 'POST', '/peatio/account/withdraws', { currency: 'btc', amount: '0.6', beneficiary_id: ben.id, otp: await otp(1) });
    expect(w).toMatchObject({ state: 'submitted' });
    expect(await me.ok(200, 'GET', '/peatio/account/balances/btc')).toMatchObject({ locked: '0.6' });
    const id = String(w.id);
    await page.locator('.ag-cell[col-id="id"]').getByText(id, { exact: true }).waitFor();
    expect(await page.evaluate(() => (window as { journeyMark?: number }).journeyMark)).toBe(1);
    const stateOf = async () => (await staffGet<{ state: string }>(`/peatio/admin/withdraws/${id}`)).state;
    const approve = async () => {
      await page.keyboard.press('j');
      await expect.poll(focusedRow, SLOW).toBe(id);
      await page.keyboard.press('a');
      await page.getByText(`Accepted #${id} — u to undo`).waitFor();
      await steps.visit('/dashboard');
    };
    await approve();
    await expect.poll(stateOf, SLOW).toBe('under_review');

    await steps.signIn('compliance@steward.demo');
    await steps.visit(`/withdrawl-pending?uid=${uid}`);
    await page.locator('.ag-cell[col-id="id"]').getByText(id, { exact: true }).waitFor();
    await approve();
    await expect.poll(stateOf, SLOW).toBe('accepted');
    await page.screenshot({ path: '.tmp/e2e-journey-withdrawal.png' }).catch(() => undefined);
    // The wallet side's steps, by the second approver: handed to the hot wallet, then sent — the spec's Succeed.
    await byPalette('Process withdrawal', id, 'Accepted → Processing', 'Process', 'Withdrawal sent to the wallet');
    await byPalette('Succeeded withdrawal', id, 'Processing → Succeed', 'Succeeded', 'Withdrawal succeeded');
    expect(await me.ok(200, 'GET', '/peatio/account/withdraws')).toEqual([expect.objectContaining({ id: w.id, state: 'succeed' })]);
    expect(await me.ok(200, 'GET', '/peatio/account/balances/btc')).toMatchObject({ locked: '0' });
  });

  it('6. the ledger balances: what `npm run ledger:check` checks, on the database the journey leaves', async () => {
    const { problems, totals } = await j!.ledgerAfterStop();
    expect(problems).toEqual([]);
    expect(totals.map((t) => t.currency)).toEqual(expect.arrayContaining(['btc', 'usdt']));
  });
});
