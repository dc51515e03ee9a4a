/**
 * users.referrals — what the directory shows as a user's referrals and filters by ("Referrals at least",
 * referral_limit) — is the number of users whose referral_uid is this user's uid, kept by the database
 * whoever writes: a customer signing up with a refid, staff changing or clearing a referrer, a bulk seed.
 * Nothing kept it before (the seed drew it at random: the demo showed a referrer with 20 referrals whose 23
 * referred users the directory listed).
 *
 * An insert counts its referred rows in one statement-level update of their referrers (a bulk load groups
 * them first); a change of referrer and a delete are row triggers that fire only when referral_uid is the
 * column that changed, so the counting update itself (which sets only `referrals`) fires nothing further.
 * Existing counts are made true once, here.
 */
export const up = `
CREATE FUNCTION users_referrals_inserted() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE users u SET referrals = u.referrals + d.n
  FROM (SELECT referral_uid, count(*)::int AS n FROM new_rows WHERE referral_uid IS NOT NULL GROUP BY 1) d
  WHERE u.uid = d.referral_uid;
  RETURN NULL;
END
$fn$;

CREATE FUNCTION users_referrals_moved() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.referral_uid IS NOT NULL THEN
    UPDATE users SET referrals = referrals - 1 WHERE uid = OLD.referral_uid;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.referral_uid IS NOT NULL THEN
    UPDATE users SET referrals = referrals + 1 WHERE uid = NEW.referral_uid;
  END IF;
  RETURN NULL;
END
$fn$;

CREATE TRIGGER users_referrals_ins AFTER INSERT ON users
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION users_referrals_inserted();
CREATE TRIGGER users_referrals_upd AFTER UPDATE OF referral_uid ON users
  FOR EACH ROW WHEN (OLD.referral_uid IS DISTINCT FROM NEW.referral_uid) EXECUTE FUNCTION users_referrals_moved();
CREATE TRIGGER users_referrals_del AFTER DELETE ON users
  FOR EACH ROW WHEN (OLD.referral_uid IS NOT NULL) EXECUTE FUNCTION users_referrals_moved();

UPDATE users u SET referrals = c.n
FROM (SELECT r.id, count(x.id)::int AS n FROM users r LEFT JOIN users x ON x.referral_uid = r.uid GROUP BY r.id) c
WHERE c.id = u.id AND u.referrals <> c.n;
`;
