/**
 * Sign-in and session lifecycle (issue 10):
 * - auth_attempts replaces auth_failures: one row per throttle key holding GCRA's "theoretical arrival
 *   time" (auth/throttle.ts). A single upsert admits or refuses an attempt under the row's lock, so
 *   parallel attempts on any number of nodes can never pass the limit (the old count-then-insert could).
 *   A row whose time has passed carries no information and is swept.
 * - sign_in_origins: the addresses each user signed in from, the way through the per-account brake.
 * - users.otp_last_step: the last TOTP time step accepted, so a code is never accepted twice
 *   (RFC 6238 §5.2).
 * - A user leaving the states that may hold a session (active, pending) loses every session in the same
 *   transaction, whatever made the change (an admin action, a trigger label, hand-run SQL): unbanning
 *   can no longer revive an old session. The sessions' own delete trigger (0006) tells every node.
 */
export const up = `
DROP TABLE auth_failures;

CREATE TABLE auth_attempts (
  key text PRIMARY KEY,
  tat timestamptz NOT NULL
);
CREATE INDEX auth_attempts_tat_idx ON auth_attempts (tat);

CREATE TABLE sign_in_origins (
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  ip text NOT NULL,
  last_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, ip)
);
CREATE INDEX sign_in_origins_last_idx ON sign_in_origins (last_at);

ALTER TABLE users ADD COLUMN otp_last_step bigint;

CREATE FUNCTION steward_end_sessions_of_gone_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM sessions s USING fresh n JOIN gone o ON o.id = n.id
  WHERE s.user_id = n.id AND n.state NOT IN ('active', 'pending') AND o.state IS DISTINCT FROM n.state;
  RETURN NULL;
END $$;

CREATE TRIGGER users_state_ends_sessions AFTER UPDATE ON users REFERENCING OLD TABLE AS gone NEW TABLE AS fresh
  FOR EACH STATEMENT EXECUTE FUNCTION steward_end_sessions_of_gone_users();
`;
