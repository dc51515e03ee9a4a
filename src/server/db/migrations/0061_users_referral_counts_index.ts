/**
 * "Referrals at least N" for N ≥ 2, with any other filter or order (issue 31 item 1). The referrers' index
 * (0060) is in creation order only, so every such count read all of it (151,023 referrers at 1M users) and a
 * page newest first walked most of it: referrers with several referrals are mostly early users. Cold, that
 * read ~20 MB: 53–161 ms for role, country, level, state, platform, a prefix × at least 3, and at least 3 by
 * e-mail. Keyed by the count, the users with at least N are one range of this index (12,595 for at least 3),
 * holding every column the directory filters and sorts by: the count and the page's keys come from that range
 * alone (users-admin.ts COVERS), and only the page's rows are fetched by id. "At least 1" is every referrer,
 * the whole range: it keeps the creation-order walk of 0060, where every entry matches.
 */
export const up = `
CREATE INDEX users_referral_counts_idx ON users (referrals, created_at, id)
  INCLUDE (role, level, state, country, platform, fee_group, updated_at, uid, email, username, phone_number)
  WHERE referrals > 0;
`;
