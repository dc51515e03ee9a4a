/**
 * Deposits and withdrawals as Peatio's admin API lists them: their money-list declarations (money-list.ts),
 * members joined to the page only. A withdrawal `state=pending` is the approval queue: submitted and under review.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema.js';
import { decimalSql, isoSql } from './user-json.js';
import { defineMoneyList, lower, moneyRow } from './money-list.js';
import { deposits, DEPOSIT_REFUNDABLE_STATES } from '../../../shared/resources/deposits.js';
import { withdraws } from '../../../shared/resources/withdraws.js';
import { beneficiaryEntity } from './beneficiaries.js';

/** The approval queue's states. */
export const PENDING_WITHDRAW_STATES = ['submitted', 'under_review'] as const;

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
    // Peatio's collection spread: the legs a deposit was moved on to the platform's wallets in. Steward does not
    // collect deposits across wallets, so a deposit has none (Peatio leaves the field out while it is empty).
    spread: [],
    created_at: d.created_at, updated_at: d.updated_at, completed_at: d.completed_at,
    refund_address: d.refund_address ?? null, refund_state: d.refund_state ?? null, refund_txid: d.refund_txid ?? null,
    refundable: d.type === 'coin' && (DEPOSIT_REFUNDABLE_STATES as readonly string[]).includes(d.state),
  };
}

interface WithdrawRow {
  id: number; member_id: number; currency_id: string; blockchain_key: string | null; type: string; amount: string; fee: string; sum: string;
  rid: string; tid: string; txid: string | null; block_number: number | null; confirmations: number; note: string | null;
  reject_reason: string | null; error: unknown; metadata: unknown; state: string; created_at: string; updated_at: string; done_at: string | null;
  uid: string; email: string; approved_by_uid: string | null; decided_by_uid: string | null; account: number | null; over_limits: boolean;
  bn_id: number | null; bn_currency: string; bn_name: string; bn_description: string | null; bn_data: unknown; bn_state: string;
  bn_sent_at: Date | null; bn_created_at: Date; bn_updated_at: Date;
}

/** The beneficiary a member's request named (Peatio's admin Withdraw `beneficiary`), or null (staff-entered, older rows). */
const withdrawBeneficiary = (w: WithdrawRow) => (w.bn_id === null ? null : beneficiaryEntity({
  id: w.bn_id, uid: w.uid, currency: w.bn_currency, name: w.bn_name, description: w.bn_description, data: w.bn_data, state: w.bn_state,
  sent_at: w.bn_sent_at, created_at: w.bn_created_at, updated_at: w.bn_updated_at,
}));

export function withdrawEntity(w: WithdrawRow) {
  return {
    id: w.id, currency: w.currency_id, blockchain_key: w.blockchain_key, type: w.type, amount: w.amount, fee: w.fee,
    sum: w.sum, rid: w.rid, tid: w.tid, blockchain_txid: w.txid, block_number: w.block_number, confirmations: w.confirmations,
    note: w.note, reject_reason: w.reject_reason, error: w.error ?? null, metadata: w.metadata ?? {}, state: w.state,
    transfer_type: w.type === 'fiat' ? 'fiat' : 'crypto', member: w.member_id, uid: w.uid, email: w.email,
    // Peatio's `account` is the id of the member's account in the withdrawal's currency (`w.account.id`).
    account: w.account, beneficiary: withdrawBeneficiary(w),
    approved_by_uid: w.approved_by_uid, decided_by_uid: w.decided_by_uid,
    // Why a first acceptance leaves it under review, besides an amount above the review amount (money/withdraws.ts).
    over_limits: w.over_limits,
    created_at: w.created_at, updated_at: w.updated_at, done_at: w.done_at,
  };
}

/** Deposits: a member by uid or e-mail walks (user_id, id); with the deposit's refund that has not failed (at most one). */
export const DEPOSIT_LIST = defineMoneyList({
  resource: deposits, table: 'deposits', alias: 'd',
  filters: [
    { member: { uid: 'uid', email: 'email' }, column: 'd.user_id' }, { param: 'id', column: 'd.id' }, { param: 'state', column: 'd.state' },
    { param: 'currency', column: 'd.currency_id', value: lower }, { param: 'type', column: 'd.type' }, { param: 'txid', column: 'd.txid' },
    { param: 'tid', column: 'd.tid' },
  ],
  join: (q) => q.innerJoin('users as u', 'u.id', 'd.user_id')
    .leftJoin('refunds as rf', (j: any) => j.onRef('rf.deposit_id', '=', 'd.id').on('rf.state', '<>', 'failed')),
  select: [...DEPOSIT_WIRE, 'rf.address as refund_address', 'rf.state as refund_state', 'rf.txid as refund_txid'],
  wire: (d: DepositRow) => depositEntity(d),
});

export const getDeposit = (db: Kysely<DB>, id: number) => moneyRow(db, DEPOSIT_LIST, id);

/** A withdrawal's columns as withdrawEntity reads them (isoSql, decimalSql), over `w` with its member (`u`) and deciders (`a`, `k`). */
const WITHDRAW_WIRE = ['w.id', 'w.member_id', 'w.currency_id', 'w.blockchain_key', 'w.type', decimalSql('w.amount').as('amount'), decimalSql('w.fee').as('fee'),
  decimalSql('w.sum').as('sum'), 'w.rid', 'w.tid', 'w.txid', 'w.block_number', 'w.confirmations', 'w.note', 'w.reject_reason', 'w.error',
  'w.metadata', 'w.state', 'w.over_limits', isoSql('w.created_at').as('created_at'), isoSql('w.updated_at').as('updated_at'), isoSql('w.done_at').as('done_at'),
  'u.uid', 'u.email', 'a.uid as approved_by_uid', 'k.uid as decided_by_uid', 'ac.id as account', 'bn.id as bn_id', 'bn.currency_id as bn_currency',
  'bn.name as bn_name', 'bn.description as bn_description', 'bn.data as bn_data', 'bn.state as bn_state', 'bn.sent_at as bn_sent_at',
  'bn.created_at as bn_created_at', 'bn.updated_at as bn_updated_at'] as const;

/** Withdrawals: `state=pending` is the approval queue's states; Peatio's `blockchain_txid` is the txid column. */
export const WITHDRAW_LIST = defineMoneyList({
  resource: withdraws, table: 'withdraws', alias: 'w',
  filters: [
    { member: { uid: 'uid', email: 'email' }, column: 'w.member_id' }, { param: 'id', column: 'w.id' },
    { param: 'state', column: 'w.state', value: (v: string) => (v === 'pending' ? [...PENDING_WITHDRAW_STATES] : v) },
    { param: 'currency', column: 'w.currency_id', value: lower }, { param: 'type', column: 'w.type' },
    { param: 'blockchain_txid', column: 'w.txid' }, { param: 'tid', column: 'w.tid' }, { param: 'rid', column: 'w.rid' },
  ],
  join: (q) => q.innerJoin('users as u', 'u.id', 'w.member_id').leftJoin('users as a', 'a.id', 'w.approved_by').leftJoin('users as k', 'k.id', 'w.decided_by')
    .leftJoin('accounts as ac', (j: any) => j.onRef('ac.user_id', '=', 'w.member_id').onRef('ac.currency_id', '=', 'w.currency_id'))
    .leftJoin('beneficiaries as bn', 'bn.id', 'w.beneficiary_id'),
  select: WITHDRAW_WIRE,
  wire: (w: WithdrawRow) => withdrawEntity(w),
});

export const getWithdraw = (db: Kysely<DB>, id: number) => moneyRow(db, WITHDRAW_LIST, id);
