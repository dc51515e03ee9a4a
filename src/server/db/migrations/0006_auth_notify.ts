/**
 * Invalidations for the per-node session cache (auth/session-cache.ts): whatever removes a session or
 * changes what the session gate reads of a user — by any node, any code path, a trigger label or a
 * hand-run UPDATE — sends NOTIFY steward_auth at commit:
 *   's:<id_hash>'  a session is gone or rebound;
 *   'u:<user id>'  a user's uid, email, username, role, level, state or otp changed, or the user is gone;
 *   '*'            more than 100 at once, or a TRUNCATE: drop everything.
 * Statement-level with transition tables, so a bulk statement costs one trigger call, not one per row.
 */
export const up = `
-- One notification per key, or '*' past 100 of them (the callers read at most 101).
CREATE FUNCTION steward_auth_notify(prefix text, keys text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF keys IS NULL THEN RETURN; END IF;
  IF cardinality(keys) > 100 THEN PERFORM pg_notify('steward_auth', '*');
  ELSE PERFORM pg_notify('steward_auth', prefix || k) FROM unnest(keys) k;
  END IF;
END $$;

CREATE FUNCTION steward_auth_sessions_gone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN PERFORM pg_notify('steward_auth', '*'); RETURN NULL; END IF;
  PERFORM steward_auth_notify('s:', (SELECT array_agg(id_hash) FROM (SELECT id_hash FROM gone LIMIT 101) g));
  RETURN NULL;
END $$;

CREATE FUNCTION steward_auth_session_rebound() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('steward_auth', 's:' || OLD.id_hash);
  RETURN NULL;
END $$;

CREATE TRIGGER sessions_auth_deleted AFTER DELETE ON sessions REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION steward_auth_sessions_gone();
CREATE TRIGGER sessions_auth_truncated AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION steward_auth_sessions_gone();
-- last_seen_at (touched every few seconds) is not in the list: the cache keeps its own copy current.
CREATE TRIGGER sessions_auth_rebound AFTER UPDATE OF id_hash, user_id, user_agent, csrf_token, expires_at ON sessions
  FOR EACH ROW EXECUTE FUNCTION steward_auth_session_rebound();

CREATE FUNCTION steward_auth_users_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids text[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN PERFORM pg_notify('steward_auth', '*'); RETURN NULL; END IF;
  IF TG_OP = 'DELETE' THEN
    SELECT array_agg(id::text) INTO ids FROM (SELECT id FROM gone LIMIT 101) g;
  ELSE
    SELECT array_agg(id::text) INTO ids FROM (
      SELECT o.id FROM gone o JOIN fresh n ON n.id = o.id
      WHERE (o.uid, o.email, o.username, o.role, o.level, o.state, o.otp)
        IS DISTINCT FROM (n.uid, n.email, n.username, n.role, n.level, n.state, n.otp)
      LIMIT 101) g;
  END IF;
  PERFORM steward_auth_notify('u:', ids);
  RETURN NULL;
END $$;

CREATE TRIGGER users_auth_updated AFTER UPDATE ON users REFERENCING OLD TABLE AS gone NEW TABLE AS fresh
  FOR EACH STATEMENT EXECUTE FUNCTION steward_auth_users_changed();
CREATE TRIGGER users_auth_deleted AFTER DELETE ON users REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION steward_auth_users_changed();
CREATE TRIGGER users_auth_truncated AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION steward_auth_users_changed();
`;
