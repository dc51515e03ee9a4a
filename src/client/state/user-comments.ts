/**
 * The comments of the open user as the Comments panel shows them: the detail's newest page plus the
 * older pages staff loaded with "Load older comments" (GET /admin/users/{uid}/comments, `before_id` =
 * the oldest comment shown), and the user's total.
 *
 * Every detail the screen receives (a reload, or the answer of a comment write) is the truth for its
 * page, from its newest comment down to its oldest one; comments loaded below that page stay. So adding,
 * editing or deleting a comment updates the panel from the write's answer, without reading the detail
 * or the older pages again, and no comment between the page and the older ones goes missing when the
 * page shifts.
 */
import { proxy } from 'valtio';
import { subscribeKey } from 'valtio/utils';
import * as api from '../api/users';
import type { UserComment, UserDetail } from '../api/users';
import { showUser, userDetail } from './user-detail';
import { notifyFailure, notifySuccess } from './toasts';

/** Comments per "Load older comments" (the detail's own page is the server's). */
export const OLDER_PAGE = 20;

interface CommentsState {
  uid: string | null;
  /** Newest first. */
  list: UserComment[];
  /** The user's comments in all; more than `list.length` while older ones are left to load. */
  total: number;
  loading: boolean;
}

export const userComments = proxy<CommentsState>({ uid: null, list: [], total: 0, loading: false });

/** The server's order: created_at, then id, both descending (ISO texts of one format compare as text). */
const olderThan = (a: UserComment, b: UserComment) => a.created_at < b.created_at || (a.created_at === b.created_at && a.id < b.id);

function takeDetail(user: UserDetail | null): void {
  if (!user) {
    Object.assign(userComments, { uid: null, list: [], total: 0, loading: false });
    return;
  }
  const page = user.comments;
  // Stock Barong sends every comment and no total.
  const total = user.comments_total ?? page.length;
  const last = page[page.length - 1];
  const below = user.uid === userComments.uid && last && page.length < total
    ? userComments.list.filter((c) => olderThan(c, last))
    : [];
  if (user.uid !== userComments.uid) userComments.loading = false;
  Object.assign(userComments, { uid: user.uid, list: [...page, ...below], total });
}

takeDetail(userDetail.user);
// In sync, so the panel never renders a new detail with the previous detail's comments.
subscribeKey(userDetail, 'user', takeDetail, true);

/** Reads the next older page; a failure (the oldest comment shown was deleted meanwhile) is toasted. */
export async function loadOlderComments(): Promise<void> {
  const { uid, list, loading } = userComments;
  const oldest = list[list.length - 1];
  if (!uid || !oldest || loading) return;
  userComments.loading = true;
  try {
    const res = await api.fetchComments(uid, oldest.id, OLDER_PAGE);
    if (userComments.uid !== uid) return;
    const shown = new Set(userComments.list.map((c) => c.id));
    userComments.list.push(...res.rows.filter((c) => !shown.has(c.id)));
    if (res.total !== null) userComments.total = res.total;
  } catch (err) {
    notifyFailure(err);
  } finally {
    if (userComments.uid === uid) userComments.loading = false;
  }
}

/**
 * One comment write: its answer becomes the detail (takeDetail folds its page in); `after` then fixes
 * what lies below that page, which the answer does not cover.
 */
async function commentWrite(call: (uid: string) => Promise<UserDetail>, after?: () => void): Promise<boolean> {
  const uid = userDetail.uid;
  if (!uid) return false;
  let user: UserDetail;
  try {
    user = await call(uid);
  } catch (err) {
    notifyFailure(err);
    return false;
  }
  notifySuccess('Updated Successfully');
  if (showUser(user)) after?.();
  return true;
}

export const createComment = (title: string, data: string) => commentWrite((uid) => api.addComment(uid, title, data));

/** The server stores the title and data as sent, so an older comment outside the answer's page is patched with them. */
export const updateComment = (id: number, title: string, data: string) =>
  commentWrite(() => api.editComment(id, title, data), () => {
    const c = userComments.list.find((x) => x.id === id);
    if (c) Object.assign(c, { title, data });
  });

export const removeComment = (id: number) =>
  commentWrite(() => api.deleteComment(id), () => {
    userComments.list = userComments.list.filter((c) => c.id !== id);
  });
