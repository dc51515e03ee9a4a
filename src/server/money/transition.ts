/**
 * One staff action on a money row's state machine (deposits, withdrawals, wallet transfers): the row read
 * under its lock (SELECT … FOR UPDATE), the action allowed only from the states listed, the action's own
 * checks, then one UPDATE (the new state, who decided, when, and the action's columns) and its posting,
 * all in the caller's transaction — so of concurrent actions on one row the first acts and the rest find
 * the state it left (`invalid_state`). The realtime feed needs nothing from here: the tables' triggers
 * NOTIFY on commit (src/server/realtime/README.md). The routes' side is action-route.ts.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { post, type Entry } from '../ledger/post.js';

/** The tables whose rows move through staff actions here, with the reference their postings carry. */
const REFERENCES = { deposits: 'Deposit', withdraws: 'Withdraw', wallet_transfers: 'Transfer' } as const;
export type TransitionTable = keyof typeof REFERENCES;

/** Who acts, and when. */
export interface Actor { staff: number; at: Date }

/** An action's own verdict on the locked row: why not, or the state to go to instead of `to`, or nothing to say. */
export type Check<Refusal extends string> = { refused: Refusal } | { to: string } | undefined;

export interface Transition<R extends { state: string }, Refusal extends string> {
  table: TransitionTable;
  /** The row read under its lock (the caller's query: what its checks and posting need), or undefined. */
  lock: (trx: Kysely<DB>, id: number) => Promise<R | undefined>;
  /** The states the action is allowed from; any other is `invalid_state`. */
  from: readonly string[];
  /** The state it goes to. */
  to: string;
  /** The action's own checks, after the state's. */
  check?: (row: R) => Check<Refusal>;
  /** The action's columns besides state, decided_by and updated_at. */
  columns?: (row: R, to: string) => Record<string, unknown>;
  /** What the change posts on the ledger (nothing: no posting). */
  entries?: (row: R, to: string) => Entry[] | undefined;
}

/** What an action did: the state the row left and the one it is in. */
export interface Moved { from: string; state: string }

/** Takes one action on row `id`: the state it left and the one it is in, or why nothing changed. */
export async function transition<R extends { state: string }, Refusal extends string>(
  trx: Kysely<DB>, id: number, t: Transition<R, Refusal>, by: Actor,
): Promise<Moved | 'not_found' | 'invalid_state' | Refusal> {
  const row = await t.lock(trx, id);
  if (!row) return 'not_found';
  if (!t.from.includes(row.state)) return 'invalid_state';
  const checked = t.check?.(row);
  if (checked && 'refused' in checked) return checked.refused;
  const to = checked?.to ?? t.to;
  await trx.updateTable(t.table)
    .set({ state: to, decided_by: by.staff, updated_at: by.at, ...t.columns?.(row, to) } as never)
    .where('id', '=', id).execute();
  const entries = t.entries?.(row, to);
  if (entries) await post(trx, { reference: { type: REFERENCES[t.table], id }, at: by.at, entries });
  return { from: row.state, state: to };
}
