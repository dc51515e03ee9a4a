/**
 * Lists at 1M users / 10M activities (issue 9): every filter and sort the console offers answers its first
 * page from an index walk of about one page, and its capped count from an index alone.
 *
 * - Users: each equality filter and low-cardinality sort gets one (column, created_at, id) index, which
 *   serves "column = x, newest first", "ordered by column" (the directory's keyset is (column,
 *   created_at, id), paging.ts) and a count that reads only the index. The (column, created_at) indexes
 *   they replace could do neither without a sort. Active + country (the dashboard's and the directory's
 *   commonest pair) has its own.
 * - E-mail and username prefixes: the text_pattern_ops indexes also carry the raw column, so a count of
 *   lower(email) LIKE 'jo%' is an index-only scan (PostgreSQL can recompute an expression from an
 *   INCLUDEd column, not from the expression's own key), and their statistics keep a 1000-value histogram
 *   so a prefix's estimate follows the data.
 * - Labels: (key, value, user_id) walks the users carrying a label in user id order (the users-with-label
 *   page); (key, value, scope, updated_at, id) counts the pending-applications queue from the index.
 * - Activities: the action filter alone walks (category, action, created_at DESC, id DESC); an actor's
 *   activities walk (user_id, category, created_at DESC, id DESC), which no longer has to be ANDed with
 *   the category (a staff account's 386,000 admin activities were counted through a 470,000-row bitmap).
 * - Extended statistics on the correlated columns, so estimated totals past the exact cap stay close:
 *   action and topic determine each other and the category; state and country are not independent;
 *   label key, value and scope travel together.
 *
 * Bulk seeding drops and rebuilds secondary indexes from their own definitions (seed/bulk.ts), which also
 * restores their per-column statistics targets.
 */
export const up = `
DROP INDEX users_role_idx;
CREATE INDEX users_role_idx ON users (role, created_at, id);
DROP INDEX users_state_idx;
CREATE INDEX users_state_idx ON users (state, created_at, id);
DROP INDEX users_level_idx;
CREATE INDEX users_level_idx ON users (level, created_at, id);
DROP INDEX users_country_idx;
CREATE INDEX users_country_idx ON users (country, created_at, id);
CREATE INDEX users_country_state_idx ON users (country, state, created_at, id);
DROP INDEX users_platform_idx;
CREATE INDEX users_platform_idx ON users (platform, created_at, id);
DROP INDEX users_referral_idx;
CREATE INDEX users_referral_idx ON users (referral_uid, created_at, id);

DROP INDEX users_email_pattern_idx;
CREATE INDEX users_email_pattern_idx ON users (lower(email) text_pattern_ops) INCLUDE (email);
ALTER INDEX users_email_pattern_idx ALTER COLUMN 1 SET STATISTICS 1000;
ALTER INDEX users_email_key ALTER COLUMN 1 SET STATISTICS 1000;
DROP INDEX users_username_pattern_idx;
CREATE INDEX users_username_pattern_idx ON users (lower(username) text_pattern_ops) INCLUDE (username) WHERE username IS NOT NULL;
ALTER INDEX users_username_pattern_idx ALTER COLUMN 1 SET STATISTICS 1000;
ALTER INDEX users_username_key ALTER COLUMN 1 SET STATISTICS 1000;
ALTER TABLE users ALTER COLUMN phone_number SET STATISTICS 1000;

DROP INDEX labels_key_value_idx;
CREATE INDEX labels_key_value_idx ON labels (key, value, scope, updated_at, id);
CREATE INDEX labels_key_value_user_idx ON labels (key, value, user_id);

CREATE INDEX activities_action_idx ON activities (category, action, created_at DESC, id DESC);
DROP INDEX activities_user_idx;
CREATE INDEX activities_user_idx ON activities (user_id, category, created_at DESC, id DESC);

CREATE STATISTICS users_state_country_stats (dependencies, mcv) ON state, country FROM users;
CREATE STATISTICS users_role_state_level_stats (dependencies, mcv) ON role, state, level FROM users;
CREATE STATISTICS labels_key_value_stats (dependencies, mcv) ON key, value, scope FROM labels;
CREATE STATISTICS activities_kind_stats (dependencies, mcv) ON category, topic, action, result FROM activities;
`;
