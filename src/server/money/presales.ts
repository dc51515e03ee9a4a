/**
 * The presale escrow (src/server/applogic/README.md, Investments): investing moves the paid amount from the
 * member's balance (20x) to locked (21x) in the price currency; closing a presale that met its soft cap
 * allots — the locked amount to revenue (30x), the tokens minted into the platform's wallet (asset 10x)
 * and owed to the member (20x) — and otherwise refunds (21x back to 20x); cancelling refunds. Each is one
 * balanced posting per investment (reference Investment), in the caller's transaction, under the
 * presale's row lock with its state in the guard, so a step happens once however many ask at once.
 * An allotment also appends the token's history (token-history.ts) in the same transaction.
 * The API (applogic/) and the demo seed both run these, so the seeded ledger balances by construction.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { amountRefusal, compareDecimal, fromUnits, SCALE, toUnits, type AmountRefusal } from '../../shared/decimal.js';
import { code, type CurrencyType } from '../ledger/chart.js';
import { LedgerRefusal, post, postMany, type Posting } from '../ledger/post.js';
import { insertOnce, requestHash } from '../plugins/idempotency.js';
import { recordAllotment } from './token-history.js';
import { presaleClosed } from '../../shared/resources/presales.js';

export type InvestRefusal =
  | 'presale_doesnt_exist' | 'not_running' | 'hard_cap_reached' | 'amount_below_minimum' | 'amount_above_maximum'
  | 'zero_tokens' | 'insufficient_balance' | 'idempotency_key_reused' | AmountRefusal;

export interface InvestInput {
  presale: number;
  member: { id: number; uid: string };
  amount: string;
  /** The staff member recording it (the idempotency key is theirs). */
  creator: number;
  key?: string;
  at: Date;
}

/** Paid amount / price in token units, truncated to the token currency's precision. */
export function tokensFor(amount: string, price: string, precision: number): string {
  const raw = (toUnits(amount) * 10n ** BigInt(SCALE)) / toUnits(price);
  const step = 10n ** BigInt(SCALE - Math.min(precision, SCALE));
  return fromUnits(raw - (raw % step));
}

const typeOfCurrency = async (db: Kysely<DB>, currency: string) =>
  (await db.selectFrom('currencies').select(['type', 'precision']).where('code', '=', currency).executeTakeFirstOrThrow());

/** Locks the presale's row for the rest of the transaction. */
const lockPresale = (trx: Kysely<DB>, id: number) => trx.selectFrom('presales').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

/**
 * Records one investment and escrows its amount; answers its id (`replayed` when the key had already
 * made it) or why not. The presale's lock makes investments into one presale take turns, so two cannot
 * pass the hard cap together, and a retry under the same key waits for the first and answers its row.
 * Every refusal but `insufficient_balance` comes before anything is written; that one comes after the
 * insert and a partial posting, so the caller must roll the transaction back (the API's withAudit does).
 */
export async function invest(trx: Kysely<DB>, i: InvestInput): Promise<{ id: number; replayed: boolean } | InvestRefusal> {
  const p = await lockPresale(trx, i.presale);
  if (!p) return 'presale_doesnt_exist';
  const request = { presale_id: p.id, uid: i.member.uid, amount: i.amount };
  if (i.key) {
    const first = await trx.selectFrom('investments').select(['id', 'request_hash'])
      .where('creator_id', '=', i.creator).where('idempotency_key', '=', i.key).executeTakeFirst();
    if (first) return first.request_hash === requestHash(request) ? { id: Number(first.id), replayed: true } : 'idempotency_key_reused';
  }
  const closed = presaleClosed(p, i.at);
  if (closed) return closed;
  const price = await typeOfCurrency(trx, p.price_currency);
  const token = await typeOfCurrency(trx, p.token_currency);
  const amount = amountRefusal(i.amount, price.precision);
  if (amount) return amount;
  if (compareDecimal(i.amount, p.min_investment) < 0) return 'amount_below_minimum';
  if (compareDecimal(p.max_investment, '0') > 0 && compareDecimal(i.amount, p.max_investment) > 0) return 'amount_above_maximum';
  if (toUnits(p.raised) + toUnits(i.amount) > toUnits(p.hard_cap)) return 'hard_cap_reached';
  const tokens = tokensFor(i.amount, p.price, token.precision);
  if (toUnits(tokens) === 0n) return 'zero_tokens';
  const row = {
    presale_id: p.id, member_id: i.member.id, uid: i.member.uid, amount: i.amount, currency: p.price_currency, tokens,
    token_currency: p.token_currency,
  };
  // The hash is the request's (what a retry repeats), not the row's.
  const made = await insertOnce(trx, 'investments', row, { creator: i.creator, key: i.key, at: i.at, prefix: 'admin.investment', hash: requestHash(request) });
  if (made.replayed) return made;
  const type = price.type as CurrencyType;
  try {
    await post(trx, {
      reference: { type: 'Investment', id: made.id }, at: i.at, entries: [
        { code: code('liability', type), currency: p.price_currency, member: i.member.id, debit: i.amount },
        { code: code('liability', type, true), currency: p.price_currency, member: i.member.id, credit: i.amount },
      ],
    });
  } catch (e) {
    if (e instanceof LedgerRefusal) return 'insufficient_balance';
    throw e;
  }
  const raised = fromUnits(toUnits(p.raised) + toUnits(i.amount));
  await trx.updateTable('presales').set({
    raised, tokens_sold: fromUnits(toUnits(p.tokens_sold) + toUnits(tokens)), updated_at: i.at,
  }).where('id', '=', p.id).execute();
  await completeReached(trx, p.id, raised, i.at);
  return made;
}

/** Completes the presale's active milestones whose value the raised amount has reached. */
export async function completeReached(trx: Kysely<DB>, presale: number, raised: string, at: Date): Promise<number> {
  const done = await trx.updateTable('milestones').set({ state: 'completed', completed_at: at, updated_at: at })
    .where('presale_id', '=', presale).where('state', '=', 'active').where('value', '<=', raised).executeTakeFirst();
  return Number(done.numUpdatedRows);
}

export type PresaleAction = 'start' | 'close' | 'cancel';
export const PRESALE_ACTION_FROM: Record<PresaleAction, readonly string[]> = {
  start: ['upcoming'], close: ['running'], cancel: ['upcoming', 'running'],
};

/**
 * Starts, closes or cancels a presale under its row lock, only from the states the action allows.
 * Closing allots every pending investment when the raised amount met the soft cap, else refunds them;
 * cancelling refunds them. Answers the new state and how the investments were settled.
 */
export async function actOnPresale(
  trx: Kysely<DB>, id: number, action: PresaleAction, at: Date,
): Promise<{ from: string; state: string; allotted: number; refunded: number } | 'not_found' | 'invalid_state'> {
  const p = await lockPresale(trx, id);
  if (!p) return 'not_found';
  if (!PRESALE_ACTION_FROM[action].includes(p.state)) return 'invalid_state';
  const state = action === 'start' ? 'running' : action === 'close' ? 'closed' : 'canceled';
  let allotted = 0, refunded = 0;
  if (action !== 'start') {
    const allot = action === 'close' && compareDecimal(p.raised, p.soft_cap) >= 0;
    const settled = await settle(trx, p, allot ? 'allotted' : 'refunded', at);
    if (allot) allotted = settled; else refunded = settled;
    // The allotment mints the token: its history gets the presale's price and the new circulation.
    if (allotted > 0) await recordAllotment(trx, p, at);
  }
  await trx.updateTable('presales').set({ state, updated_at: at }).where('id', '=', id).execute();
  return { from: p.state, state, allotted, refunded };
}

/** Settles every pending investment of a presale one way, in one batch of postings. */
async function settle(trx: Kysely<DB>, p: { id: number; price_currency: string; token_currency: string }, to: 'allotted' | 'refunded', at: Date): Promise<number> {
  const pending = await trx.selectFrom('investments').select(['id', 'member_id', 'amount', 'tokens'])
    .where('presale_id', '=', p.id).where('state', '=', 'pending').orderBy('id').execute();
  if (!pending.length) return 0;
  const priceType = (await typeOfCurrency(trx, p.price_currency)).type as CurrencyType;
  const tokenType = (await typeOfCurrency(trx, p.token_currency)).type as CurrencyType;
  const postings: Posting[] = pending.map((inv) => {
    const member = Number(inv.member_id);
    const locked = { code: code('liability', priceType, true), currency: p.price_currency, member, debit: inv.amount };
    const entries = to === 'refunded'
      ? [locked, { code: code('liability', priceType), currency: p.price_currency, member, credit: inv.amount }]
      : [
        locked, { code: code('revenue', priceType), currency: p.price_currency, credit: inv.amount },
        { code: code('asset', tokenType), currency: p.token_currency, credit: inv.tokens },
        { code: code('liability', tokenType), currency: p.token_currency, member, credit: inv.tokens },
      ];
    return { reference: { type: 'Investment', id: Number(inv.id) }, at, entries };
  });
  await postMany(trx, postings);
  await trx.updateTable('investments').set({ state: to, updated_at: at })
    .where('id', 'in', pending.map((x) => Number(x.id))).where('state', '=', 'pending').execute();
  return pending.length;
}

/** Completes one milestone by hand, only while active (of concurrent completes one wins). */
export async function completeMilestone(trx: Kysely<DB>, id: number, at: Date): Promise<'done' | 'not_found' | 'invalid_state'> {
  const done = await trx.updateTable('milestones').set({ state: 'completed', completed_at: at, updated_at: at })
    .where('id', '=', id).where('state', '=', 'active').returning('id').executeTakeFirst();
  if (done) return 'done';
  const exists = await trx.selectFrom('milestones').select('id').where('id', '=', id).executeTakeFirst();
  return exists ? 'invalid_state' : 'not_found';
}
