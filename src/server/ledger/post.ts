/**
 * Posting to the ledger: every money movement is one call of `post`, inside the caller's transaction,
 * so the operations, the accounts they change and the caller's own state change (an adjustment
 * accepted, an order cancelled) commit together or not at all.
 *
 * A posting is refused before anything is written unless, per currency, its entries keep
 * assets + expenses − liabilities − revenues = 0 (chart.ts), every code fits its currency's type, and
 * every liability names a member (and no asset does). Then the operations are inserted and the members'
 * accounts changed by the liabilities' net amounts, in (member, currency) order so that two postings
 * never wait on each other's rows in opposite orders. An account may not go below zero: the UPDATE
 * carries that condition, and a refusal (`LedgerRefusal`) leaves the caller to roll back.
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

/** Net change of each member account a posting touches, in lock order. */
function accountDeltas(entries: readonly Entry[]) {
  const deltas = new Map<string, { member: number; currency: string; column: 'balance' | 'locked'; units: bigint }>();
  for (const e of entries) {
    if (kindOf(e.code) !== 'liability') continue;
    const column = accountColumn(e.code);
    const k = `${e.member}\u0000${e.currency}\u0000${column}`;
    const d = deltas.get(k) ?? { member: e.member!, currency: e.currency, column, units: 0n };
    d.units += amountOf(e);
    deltas.set(k, d);
  }
  return [...deltas.values()].filter((d) => d.units !== 0n)
    .sort((a, b) => a.member - b.member || (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0));
}

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

export async function post(trx: Kysely<DB>, p: Posting): Promise<void> {
  const currencies = [...new Set(p.entries.map((e) => e.currency))];
  const rows = await trx.selectFrom('currencies').select(['code', 'type']).where('code', 'in', currencies).execute();
  check(p, new Map(rows.map((r) => [r.code, r.type])));
  await trx.insertInto('operations').values(p.entries.map((e) => ({
    code: e.code, currency_id: e.currency, member_id: e.member ?? null,
    reference_type: p.reference.type, reference_id: p.reference.id,
    debit: e.debit ?? '0', credit: e.credit ?? '0', created_at: p.at,
  }))).execute();
  await addTotals(trx, p.entries);
  for (const d of accountDeltas(p.entries)) {
    const amount = fromUnits(d.units);
    const col = sql.ref(d.column);
    const changed = await trx.updateTable('accounts')
      .set({ [d.column]: sql`${col} + ${amount}::numeric`, updated_at: p.at } as never)
      .where('user_id', '=', d.member).where('currency_id', '=', d.currency)
      .where(sql<boolean>`${col} + ${amount}::numeric >= 0`)
      .returning('id').executeTakeFirst();
    if (changed) continue;
    const exists = await trx.selectFrom('accounts').select('id').where('user_id', '=', d.member).where('currency_id', '=', d.currency).executeTakeFirst();
    if (exists || d.units < 0n) throw new LedgerRefusal('insufficient_balance', d.member, d.currency, d.column);
    // A first credit opens the account; a concurrent posting may open it first, so add to that one.
    await trx.insertInto('accounts').values({
      user_id: d.member, currency_id: d.currency, balance: d.column === 'balance' ? amount : '0',
      locked: d.column === 'locked' ? amount : '0', created_at: p.at, updated_at: p.at,
    }).onConflict((oc) => oc.columns(['user_id', 'currency_id'])
      .doUpdateSet({ [d.column]: sql`accounts.${col} + ${amount}::numeric`, updated_at: p.at } as never)).execute();
  }
}
