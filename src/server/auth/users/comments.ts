/**
 * Staff comments on a user: the paged list (our addition: GET /admin/users/{uid}/comments) and Barong's
 * writes (A13–A15).
 *
 * Who may write them (issue 10 item 12): a comment is part of the user (spec §3 lists comments among a
 * user's related records; Barong has no Comment subject), so writing one is `update User` on the
 * `comments` attribute. A role whose User update is limited to some fields (compliance: state, otp,
 * phone_number; support: otp) may not, unless its list names `comments`; `manage User` may. Stock Barong
 * checks no ability here at all, so any role its permission rows let through could comment. The
 * console's rules (client/screens/users/rules.ts) ask the same question. Being a user edit, it keeps the
 * superadmin rule: a superadmin's comments are written by a superadmin only (guards.ts).
 *
 * The writes answer Barong's UserWithKYC, as the detail does: the newest page of comments and
 * `comments_total` (entity.ts), no longer every comment. That keeps Barong's shape for any client, and it
 * is what the console needs: the new comment is on that page, and the total moves with it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CommentCreate, CommentId, CommentUpdate, validateForm } from '../../../shared/users.js';
import { LIMITS } from '../../../shared/list-query.js';
import { idStruct } from '../../../shared/resources/field-structs.js';
import { withAudit } from '../../plugins/audit.js';
import { fail } from '../../plugins/errors.js';
import { requireAbility } from '../require-ability.js';
import { findUserById } from '../../db/queries/users-auth.js';
import { findUserByUid } from '../../db/queries/users-admin.js';
import { setListHeaders } from '../../db/queries/count.js';
import { MAX_OFFSET } from '../../db/queries/paging.js';
import * as rq from '../../db/queries/users-records.js';
import { bodyOf, caller, found, guardNamedUser, inputOf, validated } from './guards.js';
import { COMMENTS_SHOWN, commentEntity, userWithKyc } from './entity.js';

const COMMENT = {
  prefix: 'admin.comment',
  codes: { 'title.too_long': 'admin.comments.title_too_long', 'data.too_long': 'admin.comments.data_too_long' },
};

/** What writing a comment needs (see above). */
const requireCommentWrite = (req: FastifyRequest) => requireAbility(req, 'update', 'User', 'barong', ['comments']);

/** The comment's user as UserWithKYC, read after the write committed. */
async function commentedUser(req: FastifyRequest, userId: number) {
  const db = req.server.deps.db.kysely;
  return userWithKyc(db, found(await findUserById(db, userId)));
}

const ID = idStruct();

/**
 * Barong's paging codes: `limit` 1..100 (default: the detail's page), `page` ≥ 1 within the offset
 * bound, or `before_id`, the last comment the caller shows (the logs' keyset, which `page` then yields to).
 */
function commentPaging(query: unknown): rq.CommentPageRequest {
  const q = (query && typeof query === 'object' ? query : {}) as Record<string, unknown>;
  const int = (raw: unknown, dflt: number, nonInt: string, invalid: string, ok: (n: number) => boolean) => {
    if (raw === undefined || raw === '') return dflt;
    if (typeof raw !== 'string' || !/^-?\d{1,9}$/.test(raw)) fail(422, nonInt);
    const n = Number(raw);
    return ok(n) ? n : fail(422, invalid);
  };
  const page = int(q.page, 1, 'admin.pagination.non_integer_page', 'admin.pagination.non_positive_page', (n) => n >= 1);
  const limit = int(q.limit, COMMENTS_SHOWN, 'admin.pagination.non_integer_limit', 'admin.pagination.invalid_limit',
    (n) => n >= 1 && n <= LIMITS.barong.max);
  let beforeId: number | null = null;
  if (q.before_id !== undefined && q.before_id !== '') {
    const [err, id] = ID.validate(q.before_id, { coerce: true });
    if (err) fail(422, 'admin.pagination.invalid_before_id');
    beforeId = id;
  } else if ((page - 1) * limit > MAX_OFFSET) {
    fail(422, 'admin.pagination.page_too_deep');
  }
  return { page, limit, beforeId };
}

export async function commentRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.deps.db.kysely;

  app.get<{ Params: { uid: string } }>('/users/:uid/comments', async (req, reply) => {
    await requireAbility(req, 'read', 'User', 'barong');
    const p = commentPaging(req.query);
    const user = found(await findUserByUid(db(), req.params.uid));
    // A comment deleted since the caller saw it, or someone else's, would page from nowhere: say so.
    if (p.beforeId && !(await rq.isCommentOf(db(), p.beforeId, user.id))) fail(404, 'admin.comment.doesnt_exist');
    const [total, page] = await Promise.all([rq.countOf(db(), 'comments', user.id), rq.commentsPage(db(), user.id, p)]);
    setListHeaders(reply, { total, page: p.beforeId ? undefined : p.page, perPage: p.limit });
    return page.map(commentEntity);
  });

  app.post('/users/comments', async (req, reply) => {
    await requireCommentWrite(req);
    const v = validated(validateForm(CommentCreate, bodyOf(req), COMMENT));
    const user = found(await findUserByUid(db(), v.uid));
    const by = caller(req);
    await withAudit(req, { topic: 'comments', targetUid: v.uid, data: { uid: v.uid, title: v.title } }, async (trx) => {
      await guardNamedUser(trx, by, { id: user.id });
      return rq.insertComment(trx, { userId: user.id, authorUid: by.uid, title: v.title, data: v.data }, app.deps.now());
    });
    return reply.status(201).send(await commentedUser(req, user.id));
  });

  app.put('/users/comments', async (req) => {
    await requireCommentWrite(req);
    const v = validated(validateForm(CommentUpdate, bodyOf(req), COMMENT));
    const uid = await rq.commentUserUid(db(), v.id);
    const comment = await withAudit(req, { topic: 'comments', targetUid: uid, data: { id: v.id, uid, title: v.title } }, async (trx) => {
      const c = found(await rq.lockComment(trx, v.id), 'admin.comment.doesnt_exist');
      await guardNamedUser(trx, caller(req), { id: c.user_id });
      const patch = { ...(v.title !== undefined ? { title: v.title } : {}), ...(v.data !== undefined ? { data: v.data } : {}) };
      return Object.keys(patch).length ? rq.updateComment(trx, c.id, patch, app.deps.now()) : c;
    });
    return commentedUser(req, comment.user_id);
  });

  app.delete('/users/comments', async (req) => {
    await requireCommentWrite(req);
    const v = validated(validateForm(CommentId, inputOf(req), COMMENT));
    const uid = await rq.commentUserUid(db(), v.id);
    const comment = await withAudit(req, { topic: 'comments', targetUid: uid, data: { id: v.id, uid } }, async (trx) => {
      const c = found(await rq.lockComment(trx, v.id), 'admin.comment.doesnt_exist');
      await guardNamedUser(trx, caller(req), { id: c.user_id });
      await rq.deleteComment(trx, c.id);
      return c;
    });
    return commentedUser(req, comment.user_id);
  });
}
