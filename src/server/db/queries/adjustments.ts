/**
 * Adjustments (Peatio E20): the list (filters dates, currency, state, category; keyset by id), one by
 * id with its operations once accepted, and the wire entity. Members are joined by id for their uids.
 */
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { DB } from '../schema.js';
import { COUNT_CAP } from './count.js';
import type { PageRequest } from './paging.js';
import { timedListPage, type Page } from './list-page.js';
import { decimalSql, isoSql } from './user-json.js';
import { kindOf } from '../../ledger/chart.js';
import { OPERATION_WIRE, operationEntity } from './operations.js';

export interface AdjustmentFilters { id?: number; currency?: string; state?: string; category?: string; from?: Date; to?: Date }

/** An adjustment's own columns as adjustmentEntity reads them (isoSql, decimalSql), over `a`. */
const COLUMNS = ['a.id', 'a.reason', 'a.description', 'a.category', decimalSql('a.amount').as('amount'), 'a.currency_id', 'a.asset_account_code',
  'a.receiving_account_code', 'a.state', isoSql('a.created_at').as('created_at'), isoSql('a.updated_at').as('updated_at'), 'a.creator_id'] as const;

/** An adjustments row as read, with its members' uids. */
export interface AdjustmentRow {
  id: number; reason: string; description: string; category: string; amount: string; currency_id: string;
  asset_account_code: number; receiving_account_code: number; state: string; created_at: string; updated_at: string; creator_id: number;
  creator_uid: string | null; validator_uid: string | null; receiving_member_uid: string | null;
}

/** Joins the creator, validator and receiving member to adjustments (or a page of them) aliased `a`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function withUids(q: SelectQueryBuilder<any, any, any>) {
  return q.leftJoin('users as c', 'c.id', 'a.creator_id').leftJoin('users as v', 'v.id', 'a.validator_id')
    .leftJoin('users as m', 'm.id', 'a.receiving_member_id')
    .select([...COLUMNS, 'c.uid as creator_uid', 'v.uid as validator_uid', 'm.uid as receiving_member_uid']);
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

export const operationsOf = async (db: Kysely<DB>, type: string, id: number) => (await operationsOfMany(db, type, [id])).get(id) ?? [];

export async function getAdjustment(db: Kysely<DB>, id: number) {
  const a = await withUids(db.selectFrom('adjustments as a')).where('a.id', '=', id).executeTakeFirst() as AdjustmentRow | undefined;
  return a && adjustmentEntity(a, a.state === 'accepted' ? await operationsOf(db, 'Adjustment', id) : []);
}

export async function listAdjustments(db: Kysely<DB>, f: AdjustmentFilters, page: PageRequest, cap = COUNT_CAP)
  : Promise<Page<ReturnType<typeof adjustmentEntity>>> {
  let base = db.selectFrom('adjustments as a');
  if (f.id !== undefined) base = base.where('a.id', '=', f.id);
  if (f.currency !== undefined) base = base.where('a.currency_id', '=', f.currency.toLowerCase());
  if (f.state !== undefined) base = base.where('a.state', '=', f.state);
  if (f.category !== undefined) base = base.where('a.category', '=', f.category);
  if (f.from) base = base.where('a.created_at', '>=', f.from);
  if (f.to) base = base.where('a.created_at', '<=', f.to);
  const rows: AdjustmentRow[] = [];
  const page1 = await timedListPage(db, { filtered: base, alias: 'a', page, cap, dated: !!(f.from || f.to), decorate: withUids },
    (r: AdjustmentRow) => { rows.push(r); return r; });
  // As Peatio's entity: an accepted adjustment with its operations (one query for the page).
  const ops = await operationsOfMany(db, 'Adjustment', rows.filter((r) => r.state === 'accepted').map((r) => r.id));
  return { ...page1, rows: page1.rows.map((r) => adjustmentEntity(r, ops.get(r.id) ?? [])) };
}
