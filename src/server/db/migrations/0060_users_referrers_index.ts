/**
 * "Referrals at least N" newest first, with the counts true (0059): referrers are mostly early users (a
 * referrer signed up before those they referred), so a walk of the creation order from the newest user
 * passed 557,285 users at 1M before it met 26 with 3 referrals or more (476 ms warm, 1.8 s cold). Only the
 * users with referrals are in this index, newest first, with every column the directory filters by: a page
 * of referrers with at least N referrals, and any other filter, is found among them from the index alone,
 * and only its rows are fetched (users-admin.ts COVERS).
 */
export const up = `
CREATE INDEX users_referrers_idx ON users (created_at, id)
  INCLUDE (referrals, role, level, state, country, platform, fee_group, updated_at, uid, email, username, phone_number)
  WHERE referrals > 0;
`;
