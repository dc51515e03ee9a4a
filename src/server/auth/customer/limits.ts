/**
 * The brakes of the customer identity calls, on the sign-in's GCRA budgets (auth/throttle.ts: rows in
 * auth_attempts, so they hold across API nodes, and a refused call is charged nowhere):
 * - sign-up: per client address (after the captcha, as the sign-in: a refused captcha is charged nothing);
 * - sending a code (e-mail confirmation, password reset, SMS): per address and per account — the
 *   account's budget keeps anyone from flooding one person's inbox or phone from many addresses;
 * - confirming a code: per address, and per account and call where the account is known before the
 *   secret is checked (the SMS code, 6 digits: the per-account budget is what makes guessing it
 *   hopeless; a 2FA code; the old password of a change) — each call its own key, so failing one does
 *   not lock the others.
 * Refusals are 429 with the call's own code and Retry-After.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Throttle, type Charge, type Limit } from '../throttle.js';
import { fail } from '../../plugins/errors.js';

const MINUTE = 60_000;
export type CustomerBudget = 'signup_ip' | 'send_ip' | 'send_account' | 'confirm_ip' | 'confirm_account';

export const CUSTOMER_LIMITS: Record<CustomerBudget, Limit> = {
  signup_ip: { max: 10, windowMs: 60 * MINUTE },
  send_ip: { max: 10, windowMs: 15 * MINUTE },
  send_account: { max: 3, windowMs: 15 * MINUTE },
  confirm_ip: { max: 20, windowMs: 15 * MINUTE },
  confirm_account: { max: 5, windowMs: 15 * MINUTE },
};

export type Brake = (req: FastifyRequest, reply: FastifyReply, code: string, charges: Charge<CustomerBudget>[]) => Promise<void>;

/** One key per budget and subject (an address, or an account by its lower-cased e-mail or uid). */
export const charge = (budget: CustomerBudget, who: string): Charge<CustomerBudget> =>
  ({ budget, key: `${budget}:${who.trim().toLowerCase()}` });

/** Takes one from each budget or answers 429 `code` (nothing taken then). */
export function customerBrake(app: FastifyInstance): Brake {
  const throttle = new Throttle<CustomerBudget>(app.deps.db.kysely, () => app.deps.now(), CUSTOMER_LIMITS);
  return async (_req, reply, code, charges) => {
    if (await throttle.take(charges)) return;
    reply.header('retry-after', '60');
    fail(429, code);
  };
}
