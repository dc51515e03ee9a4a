/**
 * A user's comments and profiles are read newest first, a bounded number at a time (issue 10 item 12:
 * the user detail carried all 813 comments of one user). (user_id, created_at DESC, id DESC) is that
 * order with its unique tie-break, so the detail's first page, the page after a given comment
 * (`before_id`) and the per-user count are each one index range, with no sort. They replace the
 * (user_id, created_at) indexes of 0001, whose order lacked the id and so needed a sort for every page.
 * (Numbered 0010: 0009 went to the permission rows' unique key.)
 */
export const up = `
CREATE INDEX comments_user_newest_idx ON comments (user_id, created_at DESC, id DESC);
DROP INDEX comments_user_idx;
CREATE INDEX profiles_user_newest_idx ON profiles (user_id, created_at DESC, id DESC);
DROP INDEX profiles_user_idx;
`;
