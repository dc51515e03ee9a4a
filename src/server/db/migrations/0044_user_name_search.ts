/**
 * Finding users by the start of a name (issue 29 item 5; db/queries/users-search.ts): a profile's full
 * name ("pedro lind…") and its last name alone ("lindqvist"), lower-case, as text_pattern_ops so a
 * LIKE 'prefix%' is an index range whatever the database's collation. The e-mail and username prefixes
 * already have theirs (0007_lists_at_scale).
 */
export const up = `
CREATE INDEX profiles_full_name_idx ON profiles ((lower(coalesce(first_name, '') || ' ' || coalesce(last_name, ''))) text_pattern_ops);
CREATE INDEX profiles_last_name_idx ON profiles (lower(last_name) text_pattern_ops) WHERE last_name IS NOT NULL;
`;
