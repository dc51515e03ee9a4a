/**
 * A permission row is its (role, verb, path, action, topic): two identical rows grant or audit nothing
 * more than one, but 50 identical POSTs made 50 of them (issue 10 item 12). Duplicates already stored
 * are removed, the oldest of each kept, and a unique index refuses the next one atomically on any number
 * of nodes; the handler turns its violation into 422 admin.permission.already_exists. A missing topic is
 * one value (NULLS NOT DISTINCT, PostgreSQL 15+).
 */
export const up = `
DELETE FROM permissions p USING permissions older
 WHERE older.role = p.role AND older.verb = p.verb AND older.path = p.path AND older.action = p.action
   AND older.topic IS NOT DISTINCT FROM p.topic AND older.id < p.id;

CREATE UNIQUE INDEX permissions_row_key ON permissions (role, verb, path, action, topic) NULLS NOT DISTINCT;
`;
