/**
 * Reads of the users area (A4, A5, P-A18): the directory with spec §3 filters, the user detail
 * (UserWithKYC plus fork fields) and a user's accredited verifications.
 */
import type { FastifyInstance } from 'fastify';
import { UserListQuery, validateForm } from '../../../shared/users.js';
import { requireAbility } from '../require-ability.js';
import {
  accreditedVerifications, countUsers, findUserByUid, listUsers, profilesOf, type UserFilter, type UserPage,
} from '../../db/queries/users-admin.js';
import { setListHeaders } from '../../db/queries/count.js';
import { decodeCursor, MAX_OFFSET } from '../../db/queries/paging.js';
import { fail } from '../../plugins/errors.js';
import { found, validated } from './guards.js';
import { iso, profileEntity, userEntity, userWithKyc } from './entity.js';

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

const later = (a?: Date, b?: Date) => (a && b ? (a > b ? a : b) : a ?? b);
const earlier = (a?: Date, b?: Date) => (a && b ? (a < b ? a : b) : a ?? b);
const nonEmpty = (s?: string) => (s && s.trim() !== '' ? s.trim() : undefined);

export async function userReadRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.deps.db.kysely;

  app.get('/users', async (req, reply) => {
    await requireAbility(req, 'read', 'User', 'barong');
    const q = validated(validateForm(UserListQuery, req.query ?? {}, { prefix: 'admin.user', codes: LIST_CODES }));
    const filter: UserFilter = {
      email: nonEmpty(q.email), uid: nonEmpty(q.uid), role: nonEmpty(q.role), country: nonEmpty(q.country),
      level: q.level, state: nonEmpty(q.state), username: nonEmpty(q.username), phone_number: nonEmpty(q.phone_number),
      platform: nonEmpty(q.platform), referral_of: nonEmpty(q.referral_of), referral_limit: q.referral_limit,
      // The console sends start_date/end_date; Barong clients send from/to. Both narrow the same range.
      from: later(q.from, q.start_date), to: earlier(q.to, q.end_date), range: q.range ?? 'created',
    };
    // Users list newest first by default (spec §9).
    const page: UserPage = { page: q.page ?? 1, limit: q.limit ?? 100, ordering: q.ordering ?? 'desc', orderBy: q.order_by ?? 'created_at' };
    const cursor = q.cursor ? decodeCursor(q.cursor) : null;
    if (q.cursor && (!cursor || page.orderBy !== 'created_at')) fail(422, 'admin.pagination.invalid_cursor');
    // Offsets past what the paginator reaches would scan; the keyset cursor goes anywhere.
    if (!cursor && (page.page - 1) * page.limit > MAX_OFFSET) fail(422, 'admin.pagination.page_too_deep');
    const [{ rows, nextCursor }, count] = await Promise.all([listUsers(db(), filter, { ...page, cursor }), countUsers(db(), filter)]);
    setListHeaders(reply, { ...count, page: page.page, perPage: page.limit, nextCursor });
    if (!q.extended) return rows.map(userEntity);
    const profiles = await profilesOf(db(), rows.map((r) => r.id));
    return rows.map((r) => ({ ...userEntity(r), profiles: profiles.filter((p) => p.user_id === r.id).map(profileEntity) }));
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
