/**
 * Dashboard rollups, kept on write so the metrics endpoints never scan the activity log.
 *
 * metric_rollups holds the five dashboard counts per UTC bucket at three grains (15 min, 1 h, 1 day),
 * per country and for all countries ('*'). Every real time-zone offset is a multiple of 15 minutes, so
 * any zone's hour, day, month or year is an exact union of these buckets; the coarser grains only make
 * long windows cheap. Buckets come from epoch arithmetic, never date_trunc, so the session TimeZone
 * cannot shift them.
 *
 * Statement-level AFTER triggers with transition tables aggregate a whole INSERT ... SELECT in one
 * upsert (a bulk load costs one GROUP BY, not a row-by-row update), and they fire whoever writes the
 * row. DELETE subtracts, UPDATE subtracts the old rows and adds the new ones, TRUNCATE empties.
 * The counting rule lives once, in metric_rollups_sql(), shared by the triggers and the rebuild.
 *
 * What counts (category 'user' only; country = upper(user_ip_country), '' when unknown):
 * - signup: topic 'account', action 'signup', result 'succeed'; by phone when data.method = 'phone',
 *   otherwise by email (Barong signs up with an email; phone sign-ups must say so in data.method);
 * - successful login: topic 'session', action 'login' or 'login::2fa', result 'succeed';
 * - failed login: the same actions with result 'failed', except a missing OTP code, which is the
 *   second step of a normal 2FA sign-in rather than a failure (data.reason).
 */
export const up = `
CREATE TABLE metric_rollups (
  grain smallint NOT NULL,
  country text NOT NULL,
  bucket timestamptz NOT NULL,
  signups bigint NOT NULL DEFAULT 0,
  signups_email bigint NOT NULL DEFAULT 0,
  signups_phone bigint NOT NULL DEFAULT 0,
  successful_logins bigint NOT NULL DEFAULT 0,
  failed_logins bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (grain, country, bucket),
  CONSTRAINT metric_rollups_grain_check CHECK (grain IN (15, 60, 1440))
);

-- The upsert that folds a set of activity rows (a transition table or the activities table itself)
-- into the rollups, multiplied by sign (+1 add, -1 subtract). Aggregating to 15-minute buckets first
-- keeps the fan-out to three grains and two country keys small for a multi-million-row load. ORDER BY
-- makes every writer lock rollup rows in the same order, so concurrent inserts queue rather than deadlock.
CREATE FUNCTION metric_rollups_sql(src text, sign integer) RETURNS text LANGUAGE sql IMMUTABLE AS $fn$
SELECT format($q$
WITH a AS (
  SELECT to_timestamp(floor(extract(epoch FROM created_at) / 900) * 900) AS bucket,
    upper(coalesce(user_ip_country, '')) AS country,
    (topic = 'account' AND action = 'signup' AND result = 'succeed')::int AS s,
    (topic = 'account' AND action = 'signup' AND result = 'succeed'
      AND coalesce(data->>'method', 'email') = 'phone')::int AS sp,
    (topic = 'session' AND action IN ('login', 'login::2fa') AND result = 'succeed')::int AS ok,
    (topic = 'session' AND action IN ('login', 'login::2fa') AND result = 'failed'
      AND coalesce(data->>'reason', '') <> 'identity.session.missing_otp')::int AS ko
  FROM %1$I WHERE category = 'user' AND topic IN ('account', 'session')
), q AS (
  SELECT bucket, country, sum(s) AS s, sum(sp) AS sp, sum(ok) AS ok, sum(ko) AS ko
  FROM a WHERE s + ok + ko > 0 GROUP BY 1, 2
)
INSERT INTO metric_rollups AS m
  (grain, country, bucket, signups, signups_email, signups_phone, successful_logins, failed_logins)
SELECT g.grain, c.country,
  to_timestamp(floor(extract(epoch FROM q.bucket) / (g.grain * 60)) * (g.grain * 60)) AS b,
  %2$s * sum(q.s), %2$s * sum(q.s - q.sp), %2$s * sum(q.sp), %2$s * sum(q.ok), %2$s * sum(q.ko)
FROM q
CROSS JOIN (VALUES (15), (60), (1440)) AS g(grain)
CROSS JOIN LATERAL (VALUES (q.country), ('*')) AS c(country)
GROUP BY 1, 2, 3
ORDER BY 1, 2, 3
ON CONFLICT (grain, country, bucket) DO UPDATE SET
  signups = m.signups + EXCLUDED.signups,
  signups_email = m.signups_email + EXCLUDED.signups_email,
  signups_phone = m.signups_phone + EXCLUDED.signups_phone,
  successful_logins = m.successful_logins + EXCLUDED.successful_logins,
  failed_logins = m.failed_logins + EXCLUDED.failed_logins
$q$, src, sign)
$fn$;

CREATE FUNCTION metric_rollups_trigger() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    TRUNCATE metric_rollups;
    RETURN NULL;
  END IF;
  -- Most activity rows (admin actions, logouts) count for nothing: a cached static probe skips the
  -- dynamic upsert for them, which would otherwise be parsed and planned on every statement.
  -- (Nested IFs: a transition table that this event lacks must not even be parsed.)
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    IF EXISTS (SELECT 1 FROM old_rows WHERE category = 'user' AND action IN ('signup', 'login', 'login::2fa')) THEN
      EXECUTE metric_rollups_sql('old_rows', -1);
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    IF EXISTS (SELECT 1 FROM new_rows WHERE category = 'user' AND action IN ('signup', 'login', 'login::2fa')) THEN
      EXECUTE metric_rollups_sql('new_rows', 1);
    END IF;
  END IF;
  RETURN NULL;
END
$fn$;

-- PostgreSQL allows transition tables on single-event triggers only, hence one trigger per event.
CREATE TRIGGER metric_rollups_ins AFTER INSERT ON activities
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION metric_rollups_trigger();
CREATE TRIGGER metric_rollups_del AFTER DELETE ON activities
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION metric_rollups_trigger();
CREATE TRIGGER metric_rollups_upd AFTER UPDATE ON activities
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION metric_rollups_trigger();
CREATE TRIGGER metric_rollups_trunc AFTER TRUNCATE ON activities
  FOR EACH STATEMENT EXECUTE FUNCTION metric_rollups_trigger();

-- Recomputes everything from the activity log (after a bulk load with the triggers disabled).
CREATE FUNCTION metric_rollups_rebuild() RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  TRUNCATE metric_rollups;
  EXECUTE metric_rollups_sql('activities', 1);
END
$fn$;
`;
