/**
 * Who may call a member's money routes (deposits, deposit addresses, beneficiaries, withdrawals): a
 * signed-in customer — a staff session is refused 403 `resource.user.not_customer` (auth/customer/common.ts),
 * so staff and customer sessions cannot be confused on calls that move a member's money — whose level
 * reaches Peatio's MINIMUM_MEMBER_LEVEL_FOR_DEPOSIT / _WITHDRAW (403 `account.deposit.not_permitted` /
 * `account.withdraw.not_permitted`, Peatio's deposits_must_be_permitted! / withdraws_must_be_permitted!).
 * The member is the session's; no request names one.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionUser } from '../auth/context.js';
import { customer } from '../auth/customer/common.js';
import { fail } from '../plugins/errors.js';
import { moneyCurrency } from '../db/queries/member-money.js';
import { int, refuse, type Params } from './params.js';

export function member(app: FastifyInstance, req: FastifyRequest, need: 'deposit' | 'withdraw'): SessionUser {
  const me = customer(app, req);
  if (me.level < app.deps.config.memberLevels[need]) fail(403, `account.${need}.not_permitted`);
  return me;
}

/** A row id in the path (Peatio's `<prefix>.non_integer_id`); one no row has is simply not found. */
export function pathId(raw: string, prefix: string): number {
  return int({ id: raw } as Params, 'id', prefix)!;
}

/**
 * The visible currency a `currency` parameter names (any case), as Peatio's `values:` check answers:
 * `account.currency.doesnt_exist` for any other; undefined when not sent, or `missing` when required.
 */
export async function namedCurrency(app: FastifyInstance, p: Params, missing?: string) {
  const v = p.currency;
  if (v === undefined || v === '') return missing ? refuse(missing, 'currency') : undefined;
  const c = typeof v === 'string' && v.length <= 255 ? await moneyCurrency(app.deps.db.kysely, v) : undefined;
  return c ?? refuse('account.currency.doesnt_exist', 'currency');
}
