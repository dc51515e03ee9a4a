/**
 * The demo's referral rules and rewards (src/server/applogic/README.md, Reward history), made by the code the
 * API runs: the rules (one active per tier and fee currency, one inactive), four weekly settlements of the
 * demo's trade fees over the last 28 whole UTC days (money/reward-settlement.ts), the two older weeks paid and
 * one reward of the third canceled (money/rewards.ts), and campaign rewards — some paid, one pending.
 * Deterministic: rows follow from the trading history and `now`.
 */
import type { SeedContext } from './context.js';
import { staffByRole } from './staff.js';
import { settleRewards } from '../../money/reward-settlement.js';
import { actOnReward, addCampaignReward } from '../../money/rewards.js';

const DAY = 86_400_000, HOUR = 3_600_000;

/** [name, tier, reward share, fee currency (null: any), minimum 30-day volume, state]. */
const RULES: ReadonlyArray<readonly [string, number, string, string | null, string, string]> = [
  ['Direct referrals', 1, '0.2', null, '0', 'active'],
  ['Direct referrals, USDT fees', 1, '0.25', 'usdt', '100', 'active'],
  ['Second tier', 2, '0.05', null, '0', 'active'],
  ['Launch promotion (ended)', 1, '0.4', null, '0', 'inactive'],
];

/** [campaign, reason, currency, amount, paid]. */
const CAMPAIGNS: ReadonlyArray<readonly [string, string, string, string, boolean]> = [
  ['trading-cup-nov', 'Trading cup: top 10 by volume', 'usdt', '150', true],
  ['trading-cup-nov', 'Trading cup: top 10 by volume', 'usdt', '100', true],
  ['ambassador-2026', 'Ambassador programme: monthly reward', 'usdt', '300', false],
  ['bug-bounty', 'Responsible disclosure: low severity', 'btc', '0.001', true],
];

const day = (t: number) => new Date(t).toISOString().slice(0, 10);

export async function insertReferralRewards(ctx: SeedContext): Promise<void> {
  const db = ctx.db;
  const have = new Set((await db.selectFrom('currencies').select('code').execute()).map((c) => c.code));
  const at = new Date(ctx.now.getTime() - 40 * DAY);
  await db.insertInto('referral_rules').values(RULES.filter(([, , , c]) => c === null || have.has(c)).map(([name, tier, reward_share, currency, min_volume, state]) => ({
    name, tier, reward_share, currency, min_volume, state, created_at: at, updated_at: at,
  }))).execute();

  const [superadmin, admin] = [staffByRole('superadmin').id, staffByRole('admin').id];
  const today = Date.UTC(ctx.now.getUTCFullYear(), ctx.now.getUTCMonth(), ctx.now.getUTCDate());
  for (let week = 0; week < 4; week++) {
    const from = today - (28 - week * 7) * DAY, to = from + 6 * DAY;
    const ranAt = new Date(Math.min(to + DAY + 9 * HOUR, ctx.now.getTime()));
    const done = await settleRewards(db, { from: day(from), to: day(to), creator: superadmin, at: ranAt });
    if (typeof done === 'string') throw new Error(`seed settlement refused: ${done}`);
    if (week > 2) continue;
    const made = await db.selectFrom('rewards').select('id').where('settlement_id', '=', done.settlement_id).orderBy('id').execute();
    for (const [i, r] of made.entries()) {
      // The two older weeks are paid; in the third, the first reward is canceled and the rest wait.
      const action = week < 2 ? 'pay' : i === 0 ? 'cancel' : null;
      if (action) await actOnReward(db, Number(r.id), action, admin, new Date(ranAt.getTime() + 2 * HOUR + i * 60_000));
    }
  }

  const members = await db.selectFrom('users').select(['id', 'uid']).where('id', '>=', 100).where('role', '=', 'member').where('state', '=', 'active')
    .orderBy('id').limit(30).execute();
  for (const [i, [campaign, reason, currency, amount, paid]] of CAMPAIGNS.entries()) {
    const m = members[(i * 11) % Math.max(members.length, 1)];
    if (!m || !have.has(currency)) continue;
    const madeAt = new Date(ctx.now.getTime() - (6 - i) * DAY);
    const made = await addCampaignReward(db, { member: { id: Number(m.id), uid: m.uid }, currency, amount, campaign, reason, creator: admin, at: madeAt });
    if (typeof made === 'string') throw new Error(`seed campaign reward refused: ${made}`);
    if (paid) await actOnReward(db, made.id, 'pay', superadmin, new Date(madeAt.getTime() + 4 * HOUR));
  }
}
