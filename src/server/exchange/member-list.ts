/**
 * Peatio 2.6's `GET /admin/members` (issue 27 item 4): the members with their accounts, filtered by
 * state, role, group, email, uid and a created/updated range (`from`/`to`: epoch seconds or ISO-8601), paged
 * by limit (≤ 1000) and page, ordered by `order_by`/`ordering` (default id ascending, as Peatio). The
 * rows are the users directory's (userPage: the same filters, indexes and capped count as
 * Barong's /admin/users), each page's accounts, beneficiaries and deposit addresses read together; Total/Page/Per-Page as every admin list.
 */
import type { FastifyInstance } from 'fastify';
import { isCalendarDay, isIsoDateTime } from '../../shared/calendar.js';
import { STORED_USER_STATES } from '../../shared/users.js';
import { requireAbility } from '../auth/require-ability.js';
import { setListHeaders } from '../db/queries/count.js';
import { memberHoldings, type MemberHoldings } from '../db/queries/members.js';
import { MAX_OFFSET } from '../db/queries/paging.js';
import { userPage, type UserFilter, type UserListRow, type UserOrder } from '../db/queries/users-admin.js';
import { KNOWN_ROLES } from '../auth/permissions-seed.js';
import { oneOf, paging, refuse, text, type Params } from '../market-api/params.js';

/** Peatio orders by id; users' ids follow their creation, so `id` walks the (created_at, id) keyset. */
const ORDERS: Readonly<Record<string, UserOrder>> = {
  id: 'created_at', created_at: 'created_at', updated_at: 'updated_at', uid: 'uid', email: 'email', role: 'role', level: 'level', state: 'state',
};

/** `from`/`to`: epoch seconds, a day or an ISO-8601 time, else admin.filter.range_<name>_invalid. */
function bound(p: Params, name: 'from' | 'to'): Date | undefined {
  const v = p[name];
  if (v === undefined || v === '') return undefined;
  const code = `admin.filter.range_${name}_invalid`;
  if (typeof v === 'string' && /^\d{1,11}$/.test(v)) return new Date(Number(v) * 1000);
  if (isIsoDateTime(v) || isCalendarDay(v)) return new Date(v);
  return refuse(code, name);
}

export function memberListRoute(app: FastifyInstance, wire: (u: UserListRow, h: MemberHoldings) => unknown): void {
  app.get('/members', async (req, reply) => {
    await requireAbility(req, 'read', 'Member', 'peatio');
    const db = app.deps.db.kysely;
    const p = req.query as Params;
    const pg = paging(p, 'admin.pagination');
    if ((pg.page - 1) * pg.limit > MAX_OFFSET) refuse('admin.pagination.page_too_deep', 'page');
    const ordering = oneOf(p, 'ordering', 'admin.pagination', ['asc', 'desc'] as const, 'asc')!;
    const orderBy = ORDERS[oneOf(p, 'order_by', 'admin.pagination', Object.keys(ORDERS), 'id', 'admin.pagination.invalid_order_by')!]!;
    const filter: UserFilter = {
      state: oneOf(p, 'state', 'admin.member', STORED_USER_STATES), role: oneOf(p, 'role', 'admin.member', KNOWN_ROLES),
      group: text(p, 'group', 'admin.member')?.trim().toLowerCase(), email: text(p, 'email', 'admin.member'), uid: text(p, 'uid', 'admin.member'),
      range: oneOf(p, 'range', 'admin.filter', ['created', 'updated'] as const, 'created')!, from: bound(p, 'from'), to: bound(p, 'to'),
    };
    const page = { ...pg, ordering, orderBy };
    const [total, { rows }] = await userPage(db, filter, page);
    const holdings = await memberHoldings(db, rows.map((r) => r.id));
    setListHeaders(reply, { ...total, page: pg.page, perPage: pg.limit });
    return rows.map((r) => wire(r, holdings));
  });
}
