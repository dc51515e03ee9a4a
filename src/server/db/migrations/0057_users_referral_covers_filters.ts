/**
 * The user directory filtered by a referrer and anything else (issue 31 item 1): a referrer's referrals lie
 * scattered over the table (the bench's busiest referrer at 1M users: 507 referrals in 495 heap blocks), and
 * the referral index (0007) held only the key, so the count and the page fetched every referral's row to test
 * the other filter — 106–522 ms on a cold cache for role, country, level, state, platform or referral count ×
 * referrer, and the referrer's referrals sorted by e-mail. The index now carries every column the directory
 * filters and sorts by, so a referrer's matches are counted and their page's keys found from the index alone
 * (an index-only scan of the referrer's range), and only the page's rows are fetched (users-admin.ts
 * coveredUsers). Partial: only referred users are in it (a referrer filter implies referral_uid IS NOT NULL).
 */
export const up = `
DROP INDEX users_referral_idx;
CREATE INDEX users_referral_idx ON users (referral_uid, created_at, id)
  INCLUDE (role, level, state, country, platform, referrals, fee_group, updated_at, uid, email, username, phone_number)
  WHERE referral_uid IS NOT NULL;
`;
