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
import { moneyListPage, type MoneyList } from '../db/queries/money-list.js';
import { sendPage } from '../auth/logs/reply.js';
import { memberPage } from './orders.js';
import { epoch, int, oneOf, refuse, text, type Params } from './params.js';

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

/**
 * A member's own movements, as Peatio lists them (`GET /account/deposits`, `GET /account/withdraws`): currency,
 * state, the movement's text id (`txid`, `rid`), time_from/time_to, limit ≤ 100 and page, read through the
 * admin list's declaration with the member fixed, each row in the member's shape.
 */
export function memberMovements<T>(app: FastifyInstance, path: string, o: {
  need: 'deposit' | 'withdraw'; prefix: string; states: readonly string[]; idParam: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  list: MoneyList<any, T, any>; wire: (row: T) => unknown;
}): void {
  app.get(path, async (req, reply) => {
    const me = member(app, req, o.need);
    const p = req.query as Params;
    const currency = (await namedCurrency(app, p))?.code;
    const state = oneOf(p, 'state', o.prefix, o.states);
    const id = text(p, o.idParam, o.prefix);
    const from = epoch(p, 'time_from', o.prefix), to = epoch(p, 'time_to', o.prefix);
    const page = memberPage(p, o.prefix, 100);
    const rows = await moneyListPage(app.deps.db.kysely, o.list, { uid: me.uid, currency, state, [o.idParam]: id, from, to }, page);
    return sendPage(reply, page, rows).map(o.wire);
  });
}
