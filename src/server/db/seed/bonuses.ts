/**
 * The demo's bonuses and provider histories (src/server/applogic/README.md,
 * Bonuses and Provider transactions). Bonuses are
 * made by the code the API runs (money/bonuses.ts): welcome and campaign bonuses credited at once, some
 * above the review amount waiting for a second approver, one approved, one rejected. The Simplex, Banxa
 * and Stripe purchases arrive as webhooks signed with the demo secrets and go through the ingest path
 * (signature, body, events in order, the credit once): some delivered twice, some out of order, some
 * failed, so the histories look like a provider's. Deterministic: amounts and members follow from row
 * order, times from `now`.
 */
import type { SeedContext } from './context.js';
import { staffByRole } from './staff.js';
import { actOnBonus, giveBonus } from '../../money/bonuses.js';
import { DEFAULT_BONUS_REVIEW_AMOUNTS, DEMO_WEBHOOK_SECRETS } from '../../config.js';
import { applyDelivery, checkDelivery } from '../../applogic/webhooks.js';
import { signatureHeader } from '../../applogic/webhook-signature.js';
import type { Provider } from '../../../shared/resources/provider-transactions.js';

const DAY = 86_400_000, MINUTE = 60_000;
const REVIEW = Object.fromEntries(DEFAULT_BONUS_REVIEW_AMOUNTS.split(',').map((p) => p.split('=') as [string, string]));

/** [reason, campaign, currency, amount, days ago, then]: `then` approves or rejects a pending one. */
const BONUSES: ReadonlyArray<readonly [string, string | null, string, string, number, 'approve' | 'reject' | null]> = [
  ['Welcome bonus', 'welcome-2026', 'usdt', '10', 28, null], ['Welcome bonus', 'welcome-2026', 'usdt', '10', 25, null],
  ['Welcome bonus', 'welcome-2026', 'usdt', '10', 21, null], ['Welcome bonus', 'welcome-2026', 'usdt', '10', 12, null],
  ['First deposit bonus', 'first-deposit', 'usdt', '25', 18, null], ['First deposit bonus', 'first-deposit', 'btc', '0.0005', 9, null],
  ['Trading competition: 1st place', 'trading-cup-nov', 'usdt', '2500', 6, 'approve'],
  ['Trading competition: 2nd place', 'trading-cup-nov', 'usdt', '1000', 5, null],
  ['Trading competition: 3rd place', 'trading-cup-nov', 'usdt', '750', 5, 'reject'],
  ['Goodwill: delayed withdrawal', null, 'usdt', '15', 3, null], ['TRST holder airdrop', 'trst-airdrop', 'trst', '50000', 2, null],
  ['Referral week', 'referral-week', 'eth', '0.05', 1, null],
];

/** Per provider: [reference prefix, statuses in time order, whether to redeliver / reorder]. */
const FLOWS: Record<Provider, { prefix: string; paths: readonly (readonly string[])[] }> = {
  simplex: { prefix: 'smx_demo_', paths: [
    ['pending_simplex_approval', 'approved', 'completed'], ['pending_simplex_approval', 'declined'], ['pending_simplex_approval', 'approved'],
    ['pending_simplex_approval', 'approved', 'completed', 'refunded'], ['pending_simplex_approval'],
  ] },
  banxa: { prefix: 'bnx_demo_', paths: [
    ['pendingPayment', 'paymentReceived', 'inProgress', 'coinTransferred', 'complete'], ['pendingPayment', 'expired'],
    ['waitingPayment', 'paymentReceived', 'inProgress'], ['pendingPayment', 'paymentReceived', 'complete'], ['pendingPayment', 'cancelled'],
  ] },
  stripe: { prefix: 'pi_demo_', paths: [
    ['requires_payment_method', 'processing', 'succeeded'], ['requires_payment_method', 'payment_failed'], ['processing', 'succeeded'],
    ['requires_payment_method', 'processing'], ['requires_payment_method', 'canceled'],
  ] },
};
const COINS = [['btc', '0.0015', '96.50'], ['eth', '0.042', '150.00'], ['usdt', '250', '252.80']] as const;

export async function insertBonusesAndPurchases(ctx: SeedContext): Promise<void> {
  const db = ctx.db;
  const have = new Set((await db.selectFrom('currencies').select('code').execute()).map((c) => c.code));
  const members = await db.selectFrom('users').select(['id', 'uid']).where('id', '>=', 100).where('role', '=', 'member')
    .orderBy('id').limit(40).execute();
  if (!members.length) return;
  const [admin, superadmin, accountant] = [staffByRole('admin').id, staffByRole('superadmin').id, staffByRole('accountant').id];
  for (const [i, [reason, campaign, currency, amount, ago, then]] of BONUSES.entries()) {
    if (!have.has(currency)) continue;
    const m = members[(i * 7) % members.length]!;
    const at = new Date(ctx.now.getTime() - ago * DAY + i * 17 * MINUTE);
    const made = await giveBonus(db, {
      member: { id: Number(m.id), uid: m.uid }, currency, amount, reason, campaign, creator: i % 3 === 0 ? accountant : admin, at, reviewAmounts: REVIEW,
    });
    if (typeof made === 'string') throw new Error(`seed bonus refused: ${made}`);
    if (then && made.state === 'pending_approval') await actOnBonus(db, made.id, then, superadmin, new Date(at.getTime() + 3 * 3_600_000));
  }

  let n = 0;
  for (const provider of ['simplex', 'banxa', 'stripe'] as const) {
    const secret = DEMO_WEBHOOK_SECRETS[provider];
    for (const [k, path] of FLOWS[provider].paths.entries()) {
      n += 1;
      const [coin, crypto, fiat] = COINS[(k + n) % COINS.length]!;
      if (!have.has(coin)) continue;
      const m = members[(n * 5) % members.length]!;
      const start = ctx.now.getTime() - (30 - n) * DAY;
      const reference = `${FLOWS[provider].prefix}${String(1000 + n)}`;
      const events = path.map((status, s) => ({
        event_id: `${provider}_evt_${n}_${s}`, reference, status, occurred_at: new Date(start + s * 7 * MINUTE).toISOString(), uid: m.uid,
        fiat_amount: fiat, fiat_currency: 'usd', crypto_amount: crypto, crypto_currency: coin, fee: coin === 'usdt' ? '2.5' : '0',
      }));
      // Every third purchase's last two statuses arrive swapped (the older one late); every second is redelivered once.
      const order = n % 3 === 0 && events.length > 1 ? [...events.slice(0, -2), events.at(-1)!, events.at(-2)!] : events;
      const deliveries = n % 2 === 0 ? [...order, order.at(-1)!] : order;
      for (const [d, e] of deliveries.entries()) {
        const now = new Date(start + (d + 1) * 7 * MINUTE + 30_000);
        const raw = Buffer.from(JSON.stringify(e));
        const event = checkDelivery({ provider, raw, signature: signatureHeader(secret, raw, now), secret, toleranceSeconds: 300, now });
        await applyDelivery(db, provider, event, now);
      }
    }
  }
}
