/**
 * Restrictions enforced (src/server/auth/restrictions/): every change to the rules — by the API on any
 * node, the way-back CLI or hand-run SQL — sends NOTIFY steward_restrictions at commit, and every node
 * reloads its rules at once. Whitelink tokens (POST /admin/restrictions/whitelink) are kept as the
 * SHA-256 of the token, with their expiry and, once redeemed, when and by which address: one use each.
 */
export const up = `
CREATE FUNCTION steward_restrictions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('steward_restrictions', '*');
  RETURN NULL;
END $$;
CREATE TRIGGER restrictions_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON restrictions
  FOR EACH STATEMENT EXECUTE FUNCTION steward_restrictions_changed();

CREATE TABLE whitelink_tokens (
  token_hash text PRIMARY KEY,
  created_by bigint REFERENCES users(id),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  used_ip text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX whitelink_tokens_expires_idx ON whitelink_tokens (expires_at);
CREATE INDEX restrictions_updated_idx ON restrictions (updated_at, id);
`;
