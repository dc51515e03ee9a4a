/**
 * The ledger's operations as Peatio lists them (assets, liabilities, revenues, expenses): filtered by
 * kind(s), currency, code, member, reference and dates, keyset paged by id. The member filter is
 * resolved to an id first and walks (member_id, kind, id); the rest walk (kind, …, id).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../schema.js';
import { COUNT_CAP } from './count.js';
import type { PageRequest } from './paging.js';
import { emptyPage, timedListPage, type Page } from './list-page.js';
import { Filters } from './filters.js';
import { resolveUserId } from './activity-log.js';
import { decimalSql, isoSql } from './user-json.js';
import { accountColumn, KINDS } from '../../ledger/chart.js';

export interface OperationFilters {
  kinds: readonly number[]; id?: number; currency?: string; code?: string; uid?: string; reference_type?: string; rid?: number;
  from?: Date; to?: Date;
}

/** An operation's columns as operationEntity reads them (isoSql, decimalSql), over `o` joined to its member as `u`. */
export const OPERATION_WIRE = ['o.id', 'o.code', 'o.kind', 'o.currency_id', 'u.uid', decimalSql('o.debit').as('debit'),
  decimalSql('o.credit').as('credit'), 'o.reference_type', 'o.reference_id', isoSql('o.created_at').as('created_at')] as const;

export function operationEntity(o: {
  id: number; code: number; kind: number; currency_id: string; uid: string | null; debit: string; credit: string;
  reference_type: string; reference_id: number; created_at: string;
}) {
  return {
    id: o.id, code: o.code, kind: KINDS[o.kind as 1 | 2 | 3 | 4], currency: o.currency_id, uid: o.uid,
    account_kind: o.kind === 2 ? (accountColumn(o.code) === 'locked' ? 'locked' : 'main') : null,
    debit: o.debit, credit: o.credit, reference_type: o.reference_type, rid: o.reference_id, created_at: o.created_at,
  };
}

export async function listOperations(db: Kysely<DB>, f: OperationFilters, page: PageRequest, cap = COUNT_CAP)
  : Promise<Page<ReturnType<typeof operationEntity>>> {
  const member = await resolveUserId(db, f.uid);
  if (member === null || !f.kinds.length) return emptyPage();
  const base = new Filters(db, 'operations as o').where('o.kind', 'in', [...f.kinds]).where('o.member_id', '=', member)
    .where('o.id', '=', f.id).where('o.currency_id', '=', f.currency?.toLowerCase())
    .where('o.code', '=', f.code === undefined ? undefined : Number(f.code)).where('o.reference_type', '=', f.reference_type)
    .where('o.reference_id', '=', f.rid).where('o.created_at', '>=', f.from).where('o.created_at', '<=', f.to);
  return timedListPage(db, {
    filtered: base, alias: 'o', page, cap, dated: !!(f.from || f.to),
    decorate: (q) => q.leftJoin('users as u', 'u.id', 'o.member_id').select(OPERATION_WIRE),
  }, operationEntity);
}
