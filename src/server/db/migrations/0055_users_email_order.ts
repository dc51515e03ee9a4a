/**
 * The user directory filtered by an e-mail prefix and sorted by e-mail (issue 31 item 1's first row): the
 * prefix used `lower(email) text_pattern_ops` and the order `users_email_key` (the database's collation),
 * so PostgreSQL walked the e-mail order from 'a' filtering for the prefix — at 1M users 875,000 index entries
 * for page 1 of prefix "s" (1.2–1.6 s). Both now use `lower(email) COLLATE "C"`: a prefix is a range of it
 * (PostgreSQL derives the range from LIKE for the C collation) and the page is its first entries in order.
 * users_email_key stays: it is the uniqueness.
 */
export const up = `
CREATE INDEX users_email_c_idx ON users ((lower(email) COLLATE "C"));
`;
