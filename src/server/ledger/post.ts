/**
 * Posting to the ledger: every money movement is one call of `post` (or `postMany` for a batch, such as
 * a bulk cancel's releases), inside the caller's transaction,
 * so the operations, the accounts they change and the caller's own state change (an adjustment
 * accepted, an order cancelled) commit together or not at all.
 *
 * A posting is refused before anything is written unless, per currency, its entries keep
 * assets + expenses − liabilities − revenues = 0 (chart.ts), every code fits its currency's type, and
 * every liability names a member (and no asset does). Then the operations are inserted and the members'
 * accounts changed by the liabilities' net amounts — the rows locked in (member, currency) order first,
 * so two postings never wait on each other's rows in opposite orders, then changed by one UPDATE. An
 * account may not go below zero: the UPDATE carries that condition, and a refusal (`LedgerRefusal`)
 * leaves the caller to roll back.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { fromUnits, toUnits } from '../../shared/decimal.js';
import { accountColumn, isCode, kindOf, SIGN, typeOf, type Code } from './chart.js';

export interface Entry {
  code: Code;
  currency: string;
  /** The member of a liability (their account), of a revenue or expense when one is theirs (a fee). */
  member?: number | null;
  /** One of debit and credit, a positive decimal string. */
  debit?: string;
  credit?: string;
}

export interface Posting {
  /** What the money moved for, as Peatio names it: Adjustment, Order, Trade, Deposit, Withdraw, Transfer. */
  reference: { type: string; id: number };
  entries: readonly Entry[];
  at: Date;
}

/** Why a posting was refused because of the accounts it would change (the caller answers with its own code). */
export class LedgerRefusal extends Error {
  constructor(readonly reason: 'insufficient_balance', readonly member: number, readonly currency: string, readonly column: 'balance' | 'locked') {
    super(`${reason}: member ${member} ${currency} ${column}`);
  }
}

const amountOf = (e: Entry): bigint => {
  const d = e.debit ? toUnits(e.debit) : 0n, c = e.credit ? toUnits(e.credit) : 0n;
  if (d < 0n || c < 0n || (d > 0n) === (c > 0n)) throw new Error(`ledger: an entry needs exactly one positive side (${JSON.stringify(e)})`);
  return c - d;
};

/** Checks the entries' shape and balance; a failure here is a programming error, never user input. */
function check(p: Posting, types: ReadonlyMap<string, string>): void {
  if (!p.entries.length) throw new Error('ledger: an empty posting');
  const sums = new Map<string, bigint>();
  for (const e of p.entries) {
    if (!isCode(e.code)) throw new Error(`ledger: unknown account code ${e.code}`);
    const type = types.get(e.currency);
    if (!type) throw new Error(`ledger: unknown currency ${e.currency}`);
    if (typeOf(e.code) !== type) throw new Error(`ledger: code ${e.code} is not for a ${type} currency (${e.currency})`);
    const kind = kindOf(e.code);
    if (kind === 'liability' && !e.member) throw new Error(`ledger: liability ${e.code} without a member`);
    if (kind === 'asset' && e.member) throw new Error('ledger: an asset names no member');
    sums.set(e.currency, (sums.get(e.currency) ?? 0n) + SIGN[kind] * amountOf(e));
  }
  for (const [currency, sum] of sums) {
    if (sum !== 0n) throw new Error(`ledger: posting ${p.reference.type} ${p.reference.id} does not balance in ${currency} (${fromUnits(sum)})`);
  }
}

/**
 * Net change of each member account the postings touch (balance and locked together) and when it last
 * changed, in lock order.
 */
export function accountDeltas(postings: readonly Posting[]): AccountDelta[] {
  const deltas = new Map<string, AccountDelta>();
  for (const p of postings) {
    const own = new Map<string, AccountDelta>();
    for (const e of p.entries) {
      if (kindOf(e.code) !== 'liability') continue;
      const k = `${e.member}\u0000${e.currency}`;
      const d = own.get(k) ?? { member: e.member!, currency: e.currency, balance: 0n, locked: 0n, at: p.at };
      d[accountColumn(e.code)] += amountOf(e);
      own.set(k, d);
    }
    // An account a posting changes is changed then, even when a later posting of the batch undoes it.
    for (const [k, d] of own) {
      if (d.balance === 0n && d.locked === 0n) continue;
      const sum = deltas.get(k);
      if (!sum) deltas.set(k, d);
      else Object.assign(sum, { balance: sum.balance + d.balance, locked: sum.locked + d.locked, at: d.at > sum.at ? d.at : sum.at });
    }
  }
  return [...deltas.values()]
    .sort((a, b) => a.member - b.member || (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0));
}

/** What postings do to one member's account of a currency, in units of 10⁻¹⁸; `at` its latest posting. */
export interface AccountDelta { member: number; currency: string; balance: bigint; locked: bigint; at: Date }

/** Shards of ledger_totals per currency and kind. */
export const TOTAL_SHARDS = 16;

/** Adds the posting's net credit − debit per currency and kind to one shard of the running totals. */
async function addTotals(trx: Kysely<DB>, entries: readonly Entry[]): Promise<void> {
  const sums = new Map<string, { currency: string; kind: number; units: bigint }>();
  for (const e of entries) {
    const kind = Math.floor(e.code / 100);
    const k = `${e.currency}\u0000${kind}`;
    const s = sums.get(k) ?? { currency: e.currency, kind, units: 0n };
    s.units += amountOf(e);
    sums.set(k, s);
  }
  const rows = [...sums.values()].filter((s) => s.units !== 0n)
    .sort((a, b) => (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : a.kind - b.kind));
  if (!rows.length) return;
  const shard = Math.floor(Math.random() * TOTAL_SHARDS);
  await trx.insertInto('ledger_totals')
    .values(rows.map((r) => ({ currency_id: r.currency, kind: r.kind, shard, amount: fromUnits(r.units) })))
    .onConflict((oc) => oc.columns(['currency_id', 'kind', 'shard']).doUpdateSet({ amount: sql`ledger_totals.amount + excluded.amount` }))
    .execute();
}

/** Rows per INSERT of operations (8 parameters each, well inside the protocol's 65,535). */
const INSERT_ROWS = 2000;

export const post = (trx: Kysely<DB>, p: Posting): Promise<void> => postMany(trx, [p]);

/**
 * Several postings in one go (a bulk cancel's releases): each is checked on its own, then the
 * operations are inserted together and every account changed once by its net amount — a few
 * statements however many postings, where one by one would be five each.
 */
export async function postMany(trx: Kysely<DB>, postings: readonly Posting[]): Promise<void> {
  if (!postings.length) return;
  const currencies = [...new Set(postings.flatMap((p) => p.entries.map((e) => e.currency)))];
  const types = new Map((await trx.selectFrom('currencies').select(['code', 'type']).where('code', 'in', currencies).execute()).map((r) => [r.code, r.type]));
  for (const p of postings) check(p, types);
  const rows = postings.flatMap((p) => p.entries.map((e) => ({
    code: e.code, currency_id: e.currency, member_id: e.member ?? null, reference_type: p.reference.type, reference_id: p.reference.id,
    debit: e.debit ?? '0', credit: e.credit ?? '0', created_at: p.at,
  })));
  for (let i = 0; i < rows.length; i += INSERT_ROWS) await trx.insertInto('operations').values(rows.slice(i, i + INSERT_ROWS)).execute();
  const entries = postings.flatMap((p) => p.entries);
  await addTotals(trx, entries);
  await changeAccounts(trx, accountDeltas(postings));
}

/**
 * Adds the deltas to the members' accounts: the rows locked in (member, currency) order first, so two
 * postings never wait on each other's rows in opposite orders, then one UPDATE that refuses to take an
 * account below zero. An account it did not change is missing (a first credit opens it) or short
 * (LedgerRefusal, and the caller rolls back).
 */
async function changeAccounts(trx: Kysely<DB>, deltas: readonly AccountDelta[]): Promise<void> {
  if (!deltas.length) return;
  // The deltas go as five arrays (unnest), not as a VALUES list of five parameters per account: one
  // statement text whatever the batch's size.
  const members = deltas.map((d) => d.member), currencies = deltas.map((d) => d.currency);
  await sql`SELECT a.id FROM accounts a JOIN unnest(${members}::bigint[], ${currencies}::text[]) AS k(member, currency)
    ON a.user_id = k.member AND a.currency_id = k.currency ORDER BY a.user_id, a.currency_id FOR UPDATE OF a`.execute(trx);
  // Each account is stamped with its own latest posting's time (a batch spans many).
  const changed = (await sql<{ user_id: string | number; currency_id: string }>`
    UPDATE accounts a SET balance = a.balance + v.balance, locked = a.locked + v.locked, updated_at = v.at
    FROM unnest(${members}::bigint[], ${currencies}::text[], ${deltas.map((d) => fromUnits(d.balance))}::numeric[],
      ${deltas.map((d) => fromUnits(d.locked))}::numeric[], ${deltas.map((d) => d.at.toISOString())}::timestamptz[]) AS v(member, currency, balance, locked, at)
    WHERE a.user_id = v.member AND a.currency_id = v.currency AND a.balance + v.balance >= 0 AND a.locked + v.locked >= 0
    RETURNING a.user_id, a.currency_id`.execute(trx)).rows;
  if (changed.length === deltas.length) return;
  const done = new Set(changed.map((r) => `${Number(r.user_id)}\u0000${r.currency_id}`));
  for (const d of deltas.filter((x) => !done.has(`${x.member}\u0000${x.currency}`))) {
    // Only a debit can be short. A credit the UPDATE missed found no account in its snapshot: it opens
    // it, or — when a concurrent first credit opened it meanwhile — adds to that one (it cannot go below
    // zero), rather than being refused as short.
    const short = d.balance < 0n ? 'balance' : d.locked < 0n ? 'locked' : null;
    if (short) throw new LedgerRefusal('insufficient_balance', d.member, d.currency, short);
    const [balance, locked] = [fromUnits(d.balance), fromUnits(d.locked)];
    await trx.insertInto('accounts').values({ user_id: d.member, currency_id: d.currency, balance, locked, created_at: d.at, updated_at: d.at })
      .onConflict((oc) => oc.columns(['user_id', 'currency_id']).doUpdateSet({
        balance: sql`accounts.balance + ${balance}::numeric`, locked: sql`accounts.locked + ${locked}::numeric`, updated_at: d.at,
      } as never)).execute();
  }
}
