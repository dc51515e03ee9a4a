/**
 * The demo's deposits and withdrawals, moved through the same state machines the API runs
 * (money/deposits.ts, money/withdraws.ts), so they balance by construction: deposits in every state —
 * credited and collected, a queue still to accept, rejected, cancelled, held for AML — and withdrawals
 * from request to success, with a queue awaiting approval (some above the review amount, one with its
 * first approval given), rejections with their reasons, cancellations and failures; and three wallet
 * transfers (completed, pending, under review). Deterministic.
 */
import type { SeedContext } from './context.js';
import { staffByRole } from './staff.js';
import { actOnDeposit, type DepositAction } from '../../money/deposits.js';
import { actOnWithdraw, submitWithdraw, type WithdrawAction } from '../../money/withdraws.js';
import { actOnTransfer } from '../../money/wallet-transfers.js';
import { DEFAULT_WITHDRAW_REVIEW_AMOUNTS } from '../../config.js';
import { toUnits } from '../../../shared/decimal.js';
import type { CurrencyType } from '../../ledger/chart.js';

const HOUR = 3_600_000;
const REVIEW = Object.fromEntries(DEFAULT_WITHDRAW_REVIEW_AMOUNTS.split(',').map((p) => p.split('=') as [string, string]));

/** currency, type, chain, typical amount, network fee. */
const ASSETS: ReadonlyArray<readonly [string, CurrencyType, string | null, number, string]> = [
  ['btc', 'coin', 'bitcoin', 0.08, '0.0005'], ['eth', 'coin', 'ethereum', 1.6, '0.004'], ['usdt', 'coin', 'ethereum', 900, '5'],
  ['usd', 'fiat', null, 2_500, '25'], ['eur', 'fiat', null, 1_800, '20'],
];

/** The steps each seeded deposit takes after it is found, by the index of the deposit. */
const DEPOSIT_PATHS: ReadonlyArray<readonly DepositAction[]> = [
  ['accept', 'process', 'dispatch'], ['accept'], [], ['reject'], ['accept', 'skip'], ['accept', 'process', 'dispatch'], [], ['accept', 'fee_process', 'dispatch'],
];
/** The steps of each seeded withdrawal, by index; the reason goes with a reject. */
const WITHDRAW_PATHS: ReadonlyArray<readonly WithdrawAction[]> = [
  ['accept', 'process', 'dispatch', 'success'], [], ['accept', 'process', 'dispatch'], ['reject'], ['accept', 'process', 'dispatch', 'success'],
  ['cancel'], ['accept', 'process'], [], ['accept', 'process', 'fail'], ['accept'],
];
const REJECT_REASONS = ['Destination address on a sanctions list', 'Beneficiary name does not match the account holder',
  'Unusual withdrawal pattern: customer asked to confirm by phone', 'Source of funds not documented'];

const fixed = (n: number, places: number) => n.toFixed(places).replace(/\.?0+$/, '') || '0';

/** Transfers between the seeded bitcoin wallets: one completed, one pending, one above the review amount under review. */
async function walletTransfers(ctx: SeedContext): Promise<void> {
  const db = ctx.db;
  const named = async (kind: string) => (await db.selectFrom('wallets').select('id').where('kind', '=', kind).where('status', '=', 'active')
    .where('blockchain_key', '=', 'bitcoin').orderBy('id').executeTakeFirst())?.id;
  const [hot, cold] = [await named('hot'), await named('cold')];
  if (!hot || !cold) return;
  const admin = staffByRole('admin').id, superadmin = staffByRole('superadmin').id;
  const rows: Array<[number, number, string, string, 'approve' | null]> = [
    [hot, cold, '0.4', 'Hot wallet above its ceiling', 'approve'], [cold, hot, '0.25', 'Refill the hot wallet for withdrawals', null],
    [hot, cold, '3', 'Quarterly sweep to cold storage', 'approve'],
  ];
  for (const [i, [from, to, amount, reason, act]] of rows.entries()) {
    const at = new Date(ctx.now.getTime() - (3 - i) * 20 * HOUR);
    const { id } = await db.insertInto('wallet_transfers').values({
      from_wallet_id: from, to_wallet_id: to, currency_id: 'btc', amount, reason, creator_id: superadmin, created_at: at, updated_at: at,
    }).returning('id').executeTakeFirstOrThrow();
    if (act) await actOnTransfer(db, id, act, { staff: admin, at: new Date(at.getTime() + HOUR), reviewAmounts: REVIEW });
  }
}

export async function insertMoneyMovements(ctx: SeedContext): Promise<void> {
  await walletTransfers(ctx);
  const db = ctx.db;
  const admin = staffByRole('admin').id, compliance = staffByRole('compliance').id, accountant = staffByRole('accountant').id;
  const review = { staff: admin, at: ctx.now, reviewAmounts: REVIEW };
  let n = 0;
  for (const [currency, type, chain, typical, fee] of ASSETS) {
    const precision = (await db.selectFrom('currencies').select('precision').where('code', '=', currency).executeTakeFirst())?.precision;
    if (precision === undefined) continue;
    const holders = (await db.selectFrom('accounts').select(['user_id', 'balance']).where('currency_id', '=', currency)
      .where('user_id', '>=', 100).where('balance', '>', '0').orderBy('balance', 'desc').orderBy('user_id').limit(24).execute());
    for (let i = 0; i < holders.length; i++) {
      n += 1;
      const member = holders[i]!.user_id;
      const at = new Date(ctx.now.getTime() - (holders.length - i) * 11 * HOUR - n * 60_000);
      // A deposit found on chain (or wired, for fiat), then the path its index gives it.
      const amount = fixed(typical * (0.3 + ((i * 37) % 100) / 60), Math.min(precision, 8));
      const { id: depositId } = await db.insertInto('deposits').values({
        user_id: member, currency_id: currency, blockchain_key: chain, amount, fee: type === 'fiat' ? '0' : fee,
        address: chain ? `demo-${chain}-${member}` : null, txid: chain ? `0x${(BigInt(n) * 7919n + 1000003n).toString(16).padStart(64, 'a')}` : null,
        txout: chain ? 0 : null, type, tid: `TIDD${String(n).padStart(8, '0')}`,
        state: i % 11 === 10 ? 'aml_suspicious' : 'submitted', created_at: at, updated_at: at,
      }).returning('id').executeTakeFirstOrThrow();
      let step = 0;
      for (const action of i % 11 === 10 ? [] : DEPOSIT_PATHS[i % DEPOSIT_PATHS.length]!) {
        await actOnDeposit(db, depositId, action, type === 'fiat' ? accountant : admin, new Date(at.getTime() + (++step) * HOUR));
      }
      // A withdrawal of part of the balance, when it covers the sum.
      const big = i % 7 === 1 && REVIEW[currency] !== undefined;
      const want = big ? Number(REVIEW[currency]) * 1.5 : typical * (0.1 + ((i * 53) % 100) / 200);
      const sent = fixed(want, Math.min(precision, 8));
      const sum = toUnits(sent) + toUnits(fee);
      const balance = (await db.selectFrom('accounts').select('balance').where('user_id', '=', member).where('currency_id', '=', currency).executeTakeFirst())?.balance ?? '0';
      if (toUnits(balance) < sum || toUnits(sent) <= 0n) continue;
      const wAt = new Date(at.getTime() + 6 * HOUR);
      const withdrawId = await submitWithdraw(db, {
        member, currency, type, amount: sent, fee, blockchainKey: chain, at: wAt,
        rid: chain ? `demo-external-${chain}-${n}` : `DE89 3704 0044 0532 0130 ${String(n).padStart(2, '0')}`,
      });
      const path = big ? (i % 2 ? ['accept'] as const : []) : WITHDRAW_PATHS[i % WITHDRAW_PATHS.length]!;
      step = 0;
      for (const action of path) {
        const by = action === 'reject' ? compliance : admin;
        await actOnWithdraw(db, withdrawId, action, {
          ...review, staff: by, at: new Date(wAt.getTime() + (++step) * HOUR),
          reason: action === 'reject' ? REJECT_REASONS[n % REJECT_REASONS.length] : undefined,
          txid: action === 'dispatch' ? `0x${(BigInt(n) * 104729n).toString(16).padStart(64, 'b')}` : undefined,
        });
      }
    }
  }
}
