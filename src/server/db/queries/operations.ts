/**
 * The ledger's operations as Peatio lists them (assets, liabilities, revenues, expenses): filtered by
 * kind(s), currency, code, member, reference and dates (money-list.ts). The member filter is
 * resolved to an id first and walks (member_id, kind, id); the rest walk (kind, …, id).
 */
import { operations } from '../../../shared/resources/operations.js';
import { defineMoneyList, lower } from './money-list.js';
import { decimalSql, isoSql } from './user-json.js';
import { accountColumn, KINDS } from '../../ledger/chart.js';

/** An account code's kind number: its hundreds (chart.ts). */
const kindNumberOf = (code: number) => Math.floor(code / 100);

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

/**
 * Operations: `kind` is the kind numbers the caller may read (the route's scope: one asked for, or every
 * kind its abilities allow; none, an empty page); a member by uid walks (member_id, kind, id).
 */
export const OPERATION_LIST = defineMoneyList({
  resource: operations, table: 'operations', alias: 'o',
  filters: [
    { param: 'kind', column: 'o.kind' }, { member: { uid: 'uid' }, column: 'o.member_id' }, { param: 'id', column: 'o.id' },
    { param: 'currency', column: 'o.currency_id', value: lower }, { param: 'code', column: 'o.code', value: Number, implies: { column: 'o.kind', value: kindNumberOf } },
    { param: 'reference_type', column: 'o.reference_type' }, { param: 'rid', column: 'o.reference_id' },
  ],
  join: (q) => q.leftJoin('users as u', 'u.id', 'o.member_id'), select: OPERATION_WIRE,
  wire: operationEntity,
});
