/**
 * Deposits and withdrawals as Peatio's admin API lists them: filtered, keyset paged by id, members
 * joined to the page only. A withdrawal `state=pending` is the approval queue: submitted and under review.
 */
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { DB } from '../schema.js';
import { COUNT_CAP } from './count.js';
import type { PageRequest } from './paging.js';
import { emptyPage, timedListPage, type Page } from './list-page.js';
import { Filters } from './filters.js';
import { resolveUserId } from './activity-log.js';
import { decimalSql, isoSql } from './user-json.js';
import { DEPOSIT_REFUNDABLE_STATES } from '../../../shared/resources/deposits.js';

/** The approval queue's states. */
export const PENDING_WITHDRAW_STATES = ['submitted', 'under_review'] as const;

export interface MovementFilters {
  id?: number; state?: string; currency?: string; type?: string; txid?: string; tid?: string; uid?: string; email?: string;
  rid?: string; from?: Date; to?: Date;
}

interface DepositRow {
  id: number; user_id: number; currency_id: string; amount: string; fee: string; txid: string | null; txout: number | null;
  block_number: number | null; address: string | null; type: string; state: string; tid: string | null; confirmations: number;
  created_at: string; updated_at: string; completed_at: string | null; uid: string; email: string; refund_address?: string | null;
  refund_state?: string | null; refund_txid?: string | null;
}

/**
 * Peatio's deposit confirmations: the chain's scanned height past the deposit's block (0 without a block, or
 * when the height is behind it), on the chain the deposit came in on.
 */
const confirmationsSql = sql<number>`coalesce((select greatest(b.height - d.block_number, 0)::integer from blockchains b
  where b.key = d.blockchain_key), 0)`.as('confirmations');

/** A deposit's columns as depositEntity reads them (isoSql, decimalSql), over `d` joined to its member as `u`. */
const DEPOSIT_WIRE = [confirmationsSql, 'd.id', 'd.user_id', 'd.currency_id', decimalSql('d.amount').as('amount'), decimalSql('d.fee').as('fee'), 'd.txid',
  'd.txout', 'd.block_number', 'd.address', 'd.type', 'd.state', 'd.tid', isoSql('d.created_at').as('created_at'),
  isoSql('d.updated_at').as('updated_at'), isoSql('d.completed_at').as('completed_at'), 'u.uid', 'u.email'] as const;

export function depositEntity(d: DepositRow) {
  return {
    id: d.id, currency: d.currency_id, amount: d.amount, fee: d.fee, txid: d.txid, txout: d.txout,
    block_number: d.block_number, confirmations: d.confirmations, address: d.address, state: d.state, type: d.type,
    transfer_type: d.type === 'fiat' ? 'fiat' : 'crypto',
    tid: d.tid ?? `TID${String(d.id).padStart(10, '0')}`, member: d.user_id, uid: d.uid, email: d.email,
    created_at: d.created_at, updated_at: d.updated_at, completed_at: d.completed_at,
    refund_address: d.refund_address ?? null, refund_state: d.refund_state ?? null, refund_txid: d.refund_txid ?? null,
    refundable: d.type === 'coin' && (DEPOSIT_REFUNDABLE_STATES as readonly string[]).includes(d.state),
  };
}

interface WithdrawRow {
  id: number; member_id: number; currency_id: string; blockchain_key: string | null; type: string; amount: string; fee: string; sum: string;
  rid: string; tid: string; txid: string | null; block_number: number | null; confirmations: number; note: string | null;
  reject_reason: string | null; error: unknown; metadata: unknown; state: string; created_at: string; updated_at: string; done_at: string | null;
  uid: string; email: string; approved_by_uid: string | null; decided_by_uid: string | null;
}

export function withdrawEntity(w: WithdrawRow) {
  return {
    id: w.id, currency: w.currency_id, blockchain_key: w.blockchain_key, type: w.type, amount: w.amount, fee: w.fee,
    sum: w.sum, rid: w.rid, tid: w.tid, blockchain_txid: w.txid, block_number: w.block_number, confirmations: w.confirmations,
    note: w.note, reject_reason: w.reject_reason, error: w.error ?? null, metadata: w.metadata ?? {}, state: w.state,
    transfer_type: w.type === 'fiat' ? 'fiat' : 'crypto', member: w.member_id, uid: w.uid, email: w.email,
    approved_by_uid: w.approved_by_uid, decided_by_uid: w.decided_by_uid,
    created_at: w.created_at, updated_at: w.updated_at, done_at: w.done_at,
  };
}

/** The deposit's refund (migration 0025) that has not failed, if it has one (at most one): its address, state and transaction id. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const withRefund = <Q extends SelectQueryBuilder<any, any, any>>(q: Q): Q => q
  .leftJoin('refunds as rf', (j: any) => j.onRef('rf.deposit_id', '=', 'd.id').on('rf.state', '<>', 'failed'))
  .select(['rf.address as refund_address', 'rf.state as refund_state', 'rf.txid as refund_txid']) as unknown as Q;

export async function listDeposits(db: Kysely<DB>, f: MovementFilters, page: PageRequest, cap = COUNT_CAP): Promise<Page<ReturnType<typeof depositEntity>>> {
  const member = await resolveUserId(db, f.uid, f.email);
  if (member === null) return emptyPage();
  const base = new Filters(db, 'deposits as d').where('d.user_id', '=', member).where('d.id', '=', f.id).where('d.state', '=', f.state)
    .where('d.currency_id', '=', f.currency?.toLowerCase()).where('d.type', '=', f.type).where('d.txid', '=', f.txid)
    .where('d.tid', '=', f.tid).where('d.created_at', '>=', f.from).where('d.created_at', '<=', f.to);
  return timedListPage(db, {
    filtered: base, alias: 'd', page, cap, dated: !!(f.from || f.to),
    decorate: (q) => withRefund(q.innerJoin('users as u', 'u.id', 'd.user_id').select(DEPOSIT_WIRE)),
  }, (r) => depositEntity(r as DepositRow));
}

export async function getDeposit(db: Kysely<DB>, id: number) {
  const d = await withRefund(db.selectFrom('deposits as d').innerJoin('users as u', 'u.id', 'd.user_id').select(DEPOSIT_WIRE))
    .where('d.id', '=', id).executeTakeFirst();
  return d && depositEntity(d as unknown as DepositRow);
}

/** A withdrawal's columns as withdrawEntity reads them (isoSql, decimalSql), over `w` with its member and deciders. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const withdrawMembers = (q: any) => q.innerJoin('users as u', 'u.id', 'w.member_id')
  .leftJoin('users as a', 'a.id', 'w.approved_by').leftJoin('users as k', 'k.id', 'w.decided_by')
  .select(['w.id', 'w.member_id', 'w.currency_id', 'w.blockchain_key', 'w.type', decimalSql('w.amount').as('amount'), decimalSql('w.fee').as('fee'),
    decimalSql('w.sum').as('sum'), 'w.rid', 'w.tid', 'w.txid', 'w.block_number', 'w.confirmations', 'w.note', 'w.reject_reason', 'w.error',
    'w.metadata', 'w.state', isoSql('w.created_at').as('created_at'), isoSql('w.updated_at').as('updated_at'), isoSql('w.done_at').as('done_at'),
    'u.uid', 'u.email', 'a.uid as approved_by_uid', 'k.uid as decided_by_uid']);

export async function listWithdraws(db: Kysely<DB>, f: MovementFilters, page: PageRequest, cap = COUNT_CAP): Promise<Page<ReturnType<typeof withdrawEntity>>> {
  const member = await resolveUserId(db, f.uid, f.email);
  if (member === null) return emptyPage();
  const base = new Filters(db, 'withdraws as w').where('w.member_id', '=', member).where('w.id', '=', f.id)
    .where('w.state', f.state === 'pending' ? 'in' : '=', f.state === 'pending' ? [...PENDING_WITHDRAW_STATES] : f.state)
    .where('w.currency_id', '=', f.currency?.toLowerCase()).where('w.type', '=', f.type).where('w.txid', '=', f.txid)
    .where('w.tid', '=', f.tid).where('w.rid', '=', f.rid).where('w.created_at', '>=', f.from).where('w.created_at', '<=', f.to);
  return timedListPage(db, { filtered: base, alias: 'w', page, cap, dated: !!(f.from || f.to), decorate: withdrawMembers },
    (r) => withdrawEntity(r as WithdrawRow));
}

export async function getWithdraw(db: Kysely<DB>, id: number) {
  const w = await withdrawMembers(db.selectFrom('withdraws as w')).where('w.id', '=', id).executeTakeFirst() as WithdrawRow | undefined;
  return w && withdrawEntity(w);
}
