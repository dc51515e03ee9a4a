/**
 * Users by the start of a name, an e-mail or a username (the palette's record search, issue 29 item 5):
 * four index range scans — a profile's full name and its last name (migration 0044), lower(email) and
 * lower(username) (0007) — each stopped after `limit` rows, so the cost does not grow with the table
 * (1M users: see src/server/auth/users/README.md for the plan). A user found twice counts once, by its
 * best match; each comes with the name of its newest profile.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../schema.js';
import { escapeLike } from './resources.js';

export interface FoundUser {
  uid: string; email: string; username: string | null; role: string; state: string;
  first_name: string | null; last_name: string | null;
}

/** The statement (exported so a test can check its plan); `text` is already lower-case with single spaces (shared/users.ts userSearchText). */
export function searchQuery(text: string, limit: number): RawBuilder<FoundUser> {
  const like = `${escapeLike(text)}%`;
  // The expressions are spelled exactly as their indexes, or the planner cannot use them; each branch is
  // ordered as its text_pattern_ops index (USING ~<~), so the walk stops after `limit` rows. Ordered by the
  // collation instead, PostgreSQL walked the whole unique username index to filter it (0.4–0.6 s at 1M users).
  return sql<FoundUser>`
    WITH hits AS (
      (SELECT user_id, 1 AS rank, lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) AS hit FROM profiles
        WHERE lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) LIKE ${like}
        ORDER BY lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) USING ~<~ LIMIT ${limit})
      UNION ALL
      (SELECT user_id, 2, lower(last_name) FROM profiles
        WHERE last_name IS NOT NULL AND lower(last_name) LIKE ${like} ORDER BY lower(last_name) USING ~<~ LIMIT ${limit})
      UNION ALL
      (SELECT id, 3, lower(email) FROM users WHERE lower(email) LIKE ${like} ORDER BY lower(email) USING ~<~ LIMIT ${limit})
      UNION ALL
      (SELECT id, 4, lower(username) FROM users
        WHERE username IS NOT NULL AND lower(username) LIKE ${like} ORDER BY lower(username) USING ~<~ LIMIT ${limit})
    ), best AS (SELECT user_id, min(rank) AS rank, min(hit) AS hit FROM hits GROUP BY user_id)
    SELECT u.uid, u.email, u.username, u.role, u.state, p.first_name, p.last_name
    FROM best b JOIN users u ON u.id = b.user_id
    LEFT JOIN LATERAL (SELECT first_name, last_name FROM profiles WHERE user_id = u.id ORDER BY created_at DESC, id DESC LIMIT 1) p ON true
    ORDER BY b.rank, b.hit, u.uid
    LIMIT ${limit}`;
}

export async function searchUsers(db: Kysely<DB>, text: string, limit: number): Promise<FoundUser[]> {
  return (await searchQuery(text, limit).execute(db)).rows;
}
