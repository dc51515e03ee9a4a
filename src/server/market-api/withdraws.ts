/**
 * A member's withdrawals (Peatio 2.6's account/withdraws.rb), mounted at /api/v2/peatio:
 * - `POST /account/withdraws {currency, amount, beneficiary_id, otp, note?}`: Peatio's checks (the
 *   parameters; the currency's withdrawal switch and the amount; the member's own pending-or-active
 *   beneficiary, which must be active and of the currency; the 2FA code), with Peatio's amounts: `amount` is what leaves the balance, the
 *   currency's withdraw fee comes out of it, and what is sent must reach `min_withdraw_amount` and keep
 *   to the currency's precision (`account.withdraw.invalid_amount`). The request is the same row staff
 *   work: `submitWithdraw` (money/withdraws.ts) locks the sum through the ledger in the transaction that
 *   records it, the 2FA step is claimed in that transaction too, and it waits `submitted` in the approval
 *   queue — accepted by staff, by two different staff members above the currency's review amount. A
 *   balance that does not cover it is `account.withdraw.insufficient_balance` (the ledger's refusal under
 *   the account's row lock, so concurrent requests lock at most what the balance holds). Over the member's
 *   withdraw limits (withdraw-limits.ts) it is not refused, as in Peatio: it waits for two staff members.
 * - `GET /account/withdraws` (currency, state, rid, time_from, time_to, limit ≤ 100, page): the member's own.
 */
import type { FastifyInstance } from 'fastify';
import { WITHDRAW_STATES } from '../../shared/resources/withdraws.js';
import { amountRefusal, fromUnits, toUnits } from '../../shared/decimal.js';
import { withAudit } from '../plugins/audit.js';
import { ApiError, fail } from '../plugins/errors.js';
import { ownWrite } from '../auth/customer/common.js';
import { charge, customerBrake } from '../auth/customer/limits.js';
import { checkOtpCode } from '../auth/otp-secrets.js';
import { claimOtpStep } from '../db/queries/users-auth.js';
import { lockUser } from '../db/queries/customer.js';
import { getWithdraw, WITHDRAW_LIST, type withdrawEntity } from '../db/queries/money-movements.js';
import { lockBeneficiary } from '../db/queries/member-money.js';
import { LedgerRefusal } from '../ledger/post.js';
import type { CurrencyType } from '../ledger/chart.js';
import { submitWithdraw } from '../money/withdraws.js';
import { overWithdrawLimits } from './withdraw-limits.js';
import { member, memberMovements, namedCurrency } from './member.js';
import { decimal, int, paramsOf, refuse, type Params } from './params.js';

const P = 'account.withdraw';
const MAX_NOTE = 256;

/** Peatio's user Withdraw. */
const userWithdraw = (w: ReturnType<typeof withdrawEntity>) => ({
  id: w.id, currency: w.currency, type: w.type, amount: w.amount, fee: w.fee, blockchain_txid: w.blockchain_txid, rid: w.rid,
  state: w.state, confirmations: w.confirmations, note: w.note, transfer_type: w.transfer_type,
  created_at: w.created_at, updated_at: w.updated_at, done_at: w.done_at,
});

/** A required integer parameter: `missing_<name>` when absent, `non_integer_<name>` unless digits. */
const required = (p: Params, name: string) => (p[name] === undefined || p[name] === '' ? refuse(`${P}.missing_${name}`, name) : int(p, name, P)!);

export function memberWithdrawRoutes(app: FastifyInstance): void {
  const db = () => app.deps.db.kysely;
  const brake = customerBrake(app);

  app.post('/account/withdraws', (req, reply) => ownWrite(req, { topic: 'withdraws', action: 'create', data: {} }, async () => {
    const me = member(app, req, 'withdraw');
    const p = paramsOf(req);
    const otp = String(required(p, 'otp')).padStart(6, '0');
    const beneficiaryId = required(p, 'beneficiary_id');
    const c = (await namedCurrency(app, p, `${P}.missing_currency`))!;
    const total = decimal(p, 'amount', P, true)!;
    if (p.note !== undefined && p.note !== null && (typeof p.note !== 'string' || p.note.length > MAX_NOTE)) refuse(`${P}.too_long_note`, 'note');
    const note = typeof p.note === 'string' && p.note !== '' ? p.note : undefined;
    const data = { currency: c.code, amount: total, beneficiary_id: beneficiaryId, ...(note ? { note } : {}) };

    // What needs no row of the member's is refused first (Peatio checks these after the beneficiary and
    // the code; answering them before keeps a typo from costing one of the member's code tries).
    if (!c.withdrawal_enabled) fail(422, 'account.currency.withdrawal_disabled');
    const sent = toUnits(total) - toUnits(c.withdraw_fee);
    if (sent <= 0n || amountRefusal(total, c.precision) !== null || sent < toUnits(c.min_withdraw_amount)) fail(422, `${P}.invalid_amount`);
    // Every request that gets this far may be a guess at the 2FA code: 5 in 15 minutes per member.
    await brake(req, reply, `${P}.too_many_attempts`, [charge('confirm_account', `withdraw:${me.uid}`)]);
    const id = await withAudit(req, { topic: 'withdraws', action: 'create', category: 'user', data }, async (trx, noted) => {
      const b = await lockBeneficiary(trx, me.id, beneficiaryId);
      if (!b) fail(422, 'account.beneficiary.doesnt_exist');
      if (b.state !== 'active') fail(422, 'account.beneficiary.invalid_state_for_withdrawal');
      if (b.currency_id !== c.code) fail(422, 'account.beneficiary.invalid_currency');
      // The code is checked against the secret under the user's row lock and its step claimed here: a
      // refused withdrawal leaves it unspent, and a code works for one withdrawal.
      const u = await lockUser(trx, me.id);
      const step = u?.otp ? await checkOtpCode(app.deps.config.secretsKey, u, otp, app.deps.now(), req.log) : null;
      if (typeof step !== 'number' || !(await claimOtpStep(trx, me.id, step))) fail(422, `${P}.invalid_otp`);
      // Still under the member's row lock: of two requests at once, the second counts the first.
      const overLimits = await overWithdrawLimits(trx, { member: me.id, group: u!.fee_group, level: u!.level, currency: c.code, sum: total, now: app.deps.now() });
      const rid = typeof (b.data as { address?: unknown })?.address === 'string' ? (b.data as { address: string }).address : JSON.stringify(b.data);
      const made = await submitWithdraw(trx, {
        member: me.id, currency: c.code, type: c.type as CurrencyType, amount: fromUnits(sent), fee: fromUnits(toUnits(c.withdraw_fee)),
        rid, blockchainKey: c.blockchain_key, at: app.deps.now(), note, beneficiary: beneficiaryId, overLimits: overLimits !== null,
      }).catch((e: unknown) => { throw e instanceof LedgerRefusal ? new ApiError(422, [`${P}.insufficient_balance`]) : e; });
      noted(overLimits ? { id: made, over_limits: overLimits } : { id: made });
      return made;
    });
    return reply.status(201).send(userWithdraw((await getWithdraw(db(), id))!));
  }));

  memberMovements(app, '/account/withdraws', { need: 'withdraw', prefix: P, states: WITHDRAW_STATES, idParam: 'rid', list: WITHDRAW_LIST, wire: userWithdraw });
}
