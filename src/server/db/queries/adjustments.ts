/**
 * Adjustments (Peatio E20): the list's declaration (money-list.ts: filters dates, currency, state, category),
 * one by id with its operations once accepted, and the wire entity. Members are joined by id for their uids.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../schema.js';
import { adjustments } from '../../../shared/resources/adjustments.js';
import { defineMoneyList, lower, moneyRow } from './money-list.js';
import { decimalSql, isoSql } from './user-json.js';
import { kindOf } from '../../ledger/chart.js';
import { OPERATION_WIRE, operationEntity } from './operations.js';

/** An adjustment's own columns as adjustmentEntity reads them (isoSql, decimalSql), over `a`. */
const COLUMNS = ['a.id', 'a.reason', 'a.description', 'a.category', decimalSql('a.amount').as('amount'), 'a.currency_id', 'a.asset_account_code',
  'a.receiving_account_code', 'a.state', isoSql('a.created_at').as('created_at'), isoSql('a.updated_at').as('updated_at'), 'a.creator_id'] as const;

/** An adjustments row as read, with its members' uids. */
export interface AdjustmentRow {
  id: number; reason: string; description: string; category: string; amount: string; currency_id: string;
  asset_account_code: number; receiving_account_code: number; state: string; created_at: string; updated_at: string; creator_id: number;
  creator_uid: string | null; validator_uid: string | null; receiving_member_uid: string | null;
}

export type OperationWire = ReturnType<typeof operationEntity>;

/** The wire Adjustment: Peatio's fields, the console's counterpart_code, and its operations once accepted. */
export function adjustmentEntity(a: AdjustmentRow, ops: OperationWire[] = []) {
  const op = (kind: string) => ops.find((o) => kindOf(o.code) === kind);
  return {
    id: a.id, reason: a.reason, description: a.description, category: a.category, amount: a.amount,
    currency: a.currency_id, asset_account_code: a.asset_account_code, receiving_account_code: String(a.receiving_account_code),
    counterpart_code: a.receiving_account_code, receiving_member_uid: a.receiving_member_uid, creator_uid: a.creator_uid,
    validator_uid: a.validator_uid, state: a.state,
    ...(a.state === 'accepted' ? { asset: op('asset'), liability: op('liability'), revenue: op('revenue'), expense: op('expense') } : {}),
    created_at: a.created_at, updated_at: a.updated_at,
  };
}

/** The operations of references of one type, by reference id, in one query (a page's accepted adjustments). */
export async function operationsOfMany(db: Kysely<DB>, type: string, ids: readonly number[]): Promise<Map<number, OperationWire[]>> {
  const out = new Map<number, OperationWire[]>();
  if (!ids.length) return out;
  const rows = await db.selectFrom('operations as o').leftJoin('users as u', 'u.id', 'o.member_id')
    .select(OPERATION_WIRE)
    .where('o.reference_type', '=', type).where('o.reference_id', 'in', [...ids]).orderBy('o.id').execute();
  for (const o of rows) {
    const list = out.get(o.reference_id) ?? [];
    list.push(operationEntity(o));
    out.set(o.reference_id, list);
  }
  return out;
}

/** Adjustments, with their creator, validator and receiving member's uids; an accepted one with its operations (read once per page). */
export const ADJUSTMENT_LIST = defineMoneyList({
  resource: adjustments, table: 'adjustments', alias: 'a',
  filters: [
    { param: 'id', column: 'a.id' }, { param: 'currency', column: 'a.currency_id', value: lower }, { param: 'state', column: 'a.state' },
    { param: 'category', column: 'a.category' },
  ],
  join: (q) => q.leftJoin('users as c', 'c.id', 'a.creator_id').leftJoin('users as v', 'v.id', 'a.validator_id')
    .leftJoin('users as m', 'm.id', 'a.receiving_member_id'),
  select: [...COLUMNS, 'c.uid as creator_uid', 'v.uid as validator_uid', 'm.uid as receiving_member_uid'],
  extra: (db, rows: AdjustmentRow[]) => operationsOfMany(db, 'Adjustment', rows.filter((r) => r.state === 'accepted').map((r) => r.id)),
  wire: (a: AdjustmentRow, ops: Map<number, OperationWire[]>) => adjustmentEntity(a, ops.get(a.id) ?? []),
});

export const getAdjustment = (db: Kysely<DB>, id: number) => moneyRow(db, ADJUSTMENT_LIST, id);
