/** Beneficiaries (Peatio GET /admin/beneficiaries): filtered, keyset-paged, newest first by default (list-page.ts). */
import type { Kysely } from 'kysely';
import type { DB } from '../schema.js';
import { COUNT_CAP } from './count.js';
import { applyPage, keyColumns, orderLikePage, TIME_KEYSET, type PageRequest } from './paging.js';
import { resolveUserId } from './activity-log.js';
import { emptyPage, listPage, type Page } from './list-page.js';
import { iso } from './user-json.js';

/** A beneficiary's columns, its owner's uid and e-mail (when read) beside them. */
export interface BeneficiaryRow {
  id: number; uid: string; email?: string; currency: string; name: string; description: string | null; data: unknown; state: string;
  sent_at: Date | string | null; created_at: Date | string; updated_at: Date | string;
}

/**
 * Peatio's admin Beneficiary (a list row, a member's, a withdrawal's): `data` the JSON itself, unmasked (the
 * admin entity overrides the user one's masking), its owner's uid and when its pin was last sent; the
 * owner's e-mail and the row's times as the console's list shows them.
 */
export const beneficiaryEntity = (b: BeneficiaryRow) => ({
  id: b.id, uid: b.uid, ...(b.email === undefined ? {} : { email: b.email }), currency: b.currency, name: b.name, description: b.description,
  data: b.data, state: b.state, sent_at: iso(b.sent_at), created_at: iso(b.created_at), updated_at: iso(b.updated_at),
});

export interface BeneficiaryFilters { uid?: string; id?: number; currency?: string; state?: string }

export async function listBeneficiaries(db: Kysely<DB>, f: BeneficiaryFilters, page: PageRequest, cap = COUNT_CAP)
  : Promise<Page<Record<string, unknown>>> {
  const userId = await resolveUserId(db, f.uid);
  if (userId === null) return emptyPage();
  let base = db.selectFrom('beneficiaries as b');
  if (userId !== undefined) base = base.where('b.user_id', '=', userId);
  if (f.id !== undefined) base = base.where('b.id', '=', f.id);
  if (f.currency !== undefined) base = base.where('b.currency_id', '=', f.currency.toLowerCase());
  if (f.state !== undefined) base = base.where('b.state', '=', f.state);
  const read = () => {
    const paged = applyPage(base.selectAll('b'), TIME_KEYSET, 'b', page, 'beneficiaries');
    const q = db.selectFrom(paged.as('p')).innerJoin('users as u', 'u.id', 'p.user_id')
      .select(['p.id', 'p.currency_id', 'p.name', 'p.description', 'p.data', 'p.state', 'p.sent_at', 'p.created_at', 'p.updated_at', 'u.uid', 'u.email'])
      .select(keyColumns(TIME_KEYSET));
    return orderLikePage(q, TIME_KEYSET, page);
  };
  return listPage(db, { filtered: base, cap, keyset: TIME_KEYSET, orderBy: 'created_at', page, read }, (r) =>
    beneficiaryEntity({ ...r, currency: r.currency_id }));
}
