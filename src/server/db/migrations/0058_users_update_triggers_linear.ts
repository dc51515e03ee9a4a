/**
 * The statement-level triggers on an UPDATE of users (0006: the session cache's invalidations; 0008: a user
 * banned or deactivated loses their sessions) found the changed rows by joining the statement's old and new
 * rows on id. PostgreSQL plans a join of two transition tables without their sizes, as a nested loop: one
 * statement updating 10,000 users took 10.8 s, 20,000 took 35 s, 570,000 (a one-time count, 0059) ran for
 * more than ten minutes — against 0.6 s for 10,000 with neither trigger. The changed rows are now what the
 * new rows have that the old ones lack (EXCEPT: one pass over each, hashed, and NULLs compare equal, as IS
 * DISTINCT FROM did), so a statement costs time in proportion to its rows; what is notified or ended is the same.
 */
export const up = `
CREATE OR REPLACE FUNCTION steward_auth_users_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids text[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN PERFORM pg_notify('steward_auth', '*'); RETURN NULL; END IF;
  IF TG_OP = 'DELETE' THEN
    SELECT array_agg(id::text) INTO ids FROM (SELECT id FROM gone LIMIT 101) g;
  ELSE
    SELECT array_agg(id::text) INTO ids FROM (SELECT DISTINCT id FROM (
      SELECT id, uid, email, username, role, level, state, otp FROM fresh
      EXCEPT SELECT id, uid, email, username, role, level, state, otp FROM gone) c LIMIT 101) g;
  END IF;
  PERFORM steward_auth_notify('u:', ids);
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION steward_end_sessions_of_gone_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM sessions WHERE user_id IN (
    SELECT id FROM (SELECT id, state FROM fresh WHERE state NOT IN ('active', 'pending')
      EXCEPT SELECT id, state FROM gone) c);
  RETURN NULL;
END $$;
`;
