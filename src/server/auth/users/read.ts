/**
 * Reads of the users area (A4, A5, P-A18): the directory with spec §3 filters, the user detail
 * (UserWithKYC plus fork fields) and a user's accredited verifications.
 */
import type { FastifyInstance } from 'fastify';
import { enums } from 'superstruct';
import { requireAbility } from '../require-ability.js';
import {
  accreditedVerifications, findUserByUid, profilesOf, userPage, USER_KEYSETS, type UserFilter, type UserPage,
} from '../../db/queries/users-admin.js';
import { setListHeaders } from '../../db/queries/count.js';
import { byUser } from '../../db/queries/users-batch.js';
import { serializedBody } from '../../plugins/json.js';
import { users } from '../../../shared/resources/users.js';
import { fieldStruct } from '../../../shared/resources/field-structs.js';
import { parseListParams, type ParseOptions } from '../logs/list-params.js';
import { profileEntity, userWithKyc } from './entity.js';
import { iso, userEntity } from '../../db/queries/user-json.js';
import { searchUsers } from '../../db/queries/users-search.js';
import { USER_SEARCH_LIMIT, UserSearch, validateForm } from '../../../shared/users.js';
import { found, validated } from './guards.js';

/** Barong's codes for paging and ordering; the resource's own for filters. */
export const LIST_CODES: Record<string, string> = {
  'page.invalid': 'admin.pagination.non_integer_page',
  'page.range': 'admin.pagination.non_positive_page',
  'limit.invalid': 'admin.pagination.non_integer_limit',
  'limit.range': 'admin.pagination.invalid_limit',
  'ordering.invalid': 'user.ordering.invalid_ordering',
  'order_by.invalid': 'user.ordering.invalid_attribute',
  'range.invalid': 'admin.user.invalid_range',
  'extended.invalid': 'admin.user.non_boolean_extended',
};

/**
 * The directory's query is the users resource's list struct (the one the console validates with) plus
 * Barong's `extended` and `range`; keyset pages by `cursor` only, in every order (listUsers). Paging codes are the
 * struct's, which are Barong's; ordering, `extended`, `range` and the date bounds answer with the users
 * list's own codes (a bad `start_date` is admin.user.invalid_start_date, as sent).
 */
const USER_LIST: ParseOptions = {
  keyset: 'cursor',
  keysets: USER_KEYSETS,
  extra: { extended: fieldStruct({ kind: 'boolean' }), range: enums(['created', 'updated']) },
  codes: {
    ordering: LIST_CODES['ordering.invalid'], order_by: LIST_CODES['order_by.invalid'],
    extended: LIST_CODES['extended.invalid'], range: LIST_CODES['range.invalid'],
    ...Object.fromEntries(['from', 'to', 'start_date', 'end_date'].map((k) => [k, `admin.user.invalid_${k}`])),
  },
};

/** The directory's filters as the users resource types them (validated by its list struct). */
interface UserListFilters {
  email?: string; uid?: string; role?: string; country?: string; level?: number; state?: string; username?: string;
  phone_number?: string; platform?: string; referral_of?: string; referral_limit?: number; id?: number;
}

const nonEmpty = (s?: string) => (s && s.trim() !== '' ? s.trim() : undefined);

export async function userReadRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.deps.db.kysely;

  app.get('/users', async (req, reply) => {
    await requireAbility(req, 'read', 'User', 'barong');
    const p = parseListParams(users, req.query, USER_LIST);
    const q = p.filters as UserListFilters;
    const filter: UserFilter = {
      email: nonEmpty(q.email), uid: nonEmpty(q.uid), role: nonEmpty(q.role), country: nonEmpty(q.country),
      level: q.level, state: nonEmpty(q.state), username: nonEmpty(q.username), phone_number: nonEmpty(q.phone_number),
      platform: nonEmpty(q.platform), referral_of: nonEmpty(q.referral_of), referral_limit: q.referral_limit, id: q.id,
      // from/to, or the console's start_date/end_date (list-params.ts), bound created_at or updated_at.
      from: p.from, to: p.to, range: (p.extra.range as UserFilter['range'] | undefined) ?? 'created',
    };
    // Users list newest first by default (spec §9): the resource's default ordering. parseListParams
    // has bounded offsets and checked that a cursor belongs to this order.
    const page: UserPage = { page: p.page, limit: p.limit, ordering: p.ordering, orderBy: p.orderBy as UserPage['orderBy'], cursor: p.cursor };
    const [total, { rows, nextCursor, prevCursor }] = await userPage(db(), filter, page);
    const profiles = p.extra.extended === true ? byUser(await profilesOf(db(), rows.map((r) => r.id))) : null;
    const json = JSON.stringify(rows.map((r) => (profiles ? { ...userEntity(r), profiles: profiles(r.id).map(profileEntity) } : userEntity(r))));
    // A cursor page has no page number (the console keeps its own).
    setListHeaders(reply, { ...total, page: p.cursor ? undefined : page.page, perPage: page.limit, nextCursor, prevCursor });
    return serializedBody(reply, json);
  });

  // Our addition (issue 29 item 5): users by the start of a name, an e-mail or a username, for the palette.
  app.get('/users/search', async (req) => {
    await requireAbility(req, 'read', 'User', 'barong');
    const v = validated(validateForm(UserSearch, req.query, { prefix: 'admin.user' }));
    return searchUsers(db(), v.q, v.limit ?? USER_SEARCH_LIMIT);
  });

  app.get<{ Params: { uid: string } }>('/users/:uid', async (req) => {
    await requireAbility(req, 'read', 'User', 'barong');
    const user = found(await findUserByUid(db(), req.params.uid));
    return userWithKyc(db(), user);
  });

  app.get<{ Params: { uid: string } }>('/users/:uid/verifications', async (req) => {
    await requireAbility(req, 'read', 'User', 'barong');
    const user = found(await findUserByUid(db(), req.params.uid));
    const rows = await accreditedVerifications(db(), user.id);
    return rows.map((r) => ({ verification_id: r.verification_id, status: r.status, created_at: iso(r.created_at) }));
  });
}
