/**
 * Service-log graph rollups (P-A33), kept on write the way 0003 keeps the dashboard's: the four counts
 * per UTC bucket at 15 min, 1 h and 1 day, per country (upper(user_country), '' unknown) and for all
 * countries ('*'). Any zone's hour, day, month or year is a union of 15-minute buckets, so the
 * endpoint never scans service_logs beyond the sub-15-minute ends of a span.
 *
 * The result → group rule lives once in SQL, service_log_group(), used by the triggers, the rebuild
 * and the raw edge counts; a test holds it equal to shared/service-log-metrics.ts for every result.
 * Groups follow spec §4's colours: success (green: success, delivered), in_progress (warning:
 * pending, submitted, accepted, approved, in_transit), suspicious (the danger results that say the
 * traffic itself is wrong: spam_detected, rate_limited), failed (every other danger result). Unknown
 * results count in no group.
 */
export const up = `
CREATE TABLE service_log_rollups (
  grain smallint NOT NULL,
  country text NOT NULL,
  bucket timestamptz NOT NULL,
  success bigint NOT NULL DEFAULT 0,
  failed bigint NOT NULL DEFAULT 0,
  in_progress bigint NOT NULL DEFAULT 0,
  suspicious bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (grain, country, bucket),
  CONSTRAINT service_log_rollups_grain_check CHECK (grain IN (15, 60, 1440))
);

CREATE FUNCTION service_log_group(result text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
SELECT CASE
  WHEN result IN ('success', 'delivered') THEN 'success'
  WHEN result IN ('pending', 'submitted', 'accepted', 'approved', 'in_transit') THEN 'in_progress'
  WHEN result IN ('spam_detected', 'rate_limited') THEN 'suspicious'
  WHEN result IN ('failed', 'not_delivered', 'undelivered', 'undeliverable', 'unknown', 'expired_auth', 'expired', 'rejected')
    THEN 'failed'
END
$fn$;

-- Folds a set of service-log rows (a transition table or service_logs itself) into the rollups,
-- multiplied by sign; the same shape as metric_rollups_sql() (0003), ordered upserts included.
CREATE FUNCTION service_log_rollups_sql(src text, sign integer) RETURNS text LANGUAGE sql IMMUTABLE AS $fn$
SELECT format($q$
WITH a AS (
  SELECT to_timestamp(floor(extract(epoch FROM created_at) / 900) * 900) AS bucket,
    upper(coalesce(user_country, '')) AS country, service_log_group(result) AS g
  FROM %1$I
), q AS (
  SELECT bucket, country, count(*) FILTER (WHERE g = 'success') AS ok, count(*) FILTER (WHERE g = 'failed') AS ko,
    count(*) FILTER (WHERE g = 'in_progress') AS ip, count(*) FILTER (WHERE g = 'suspicious') AS sus
  FROM a WHERE g IS NOT NULL GROUP BY 1, 2
)
INSERT INTO service_log_rollups AS m (grain, country, bucket, success, failed, in_progress, suspicious)
SELECT g.grain, c.country,
  to_timestamp(floor(extract(epoch FROM q.bucket) / (g.grain * 60)) * (g.grain * 60)) AS b,
  %2$s * sum(q.ok), %2$s * sum(q.ko), %2$s * sum(q.ip), %2$s * sum(q.sus)
FROM q
CROSS JOIN (VALUES (15), (60), (1440)) AS g(grain)
CROSS JOIN LATERAL (VALUES (q.country), ('*')) AS c(country)
GROUP BY 1, 2, 3
ORDER BY 1, 2, 3
ON CONFLICT (grain, country, bucket) DO UPDATE SET
  success = m.success + EXCLUDED.success,
  failed = m.failed + EXCLUDED.failed,
  in_progress = m.in_progress + EXCLUDED.in_progress,
  suspicious = m.suspicious + EXCLUDED.suspicious
$q$, src, sign)
$fn$;

CREATE FUNCTION service_log_rollups_trigger() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    TRUNCATE service_log_rollups;
    RETURN NULL;
  END IF;
  -- Nested IFs: a transition table that this event lacks must not even be parsed.
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    EXECUTE service_log_rollups_sql('old_rows', -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    EXECUTE service_log_rollups_sql('new_rows', 1);
  END IF;
  RETURN NULL;
END
$fn$;

CREATE TRIGGER service_log_rollups_ins AFTER INSERT ON service_logs
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION service_log_rollups_trigger();
CREATE TRIGGER service_log_rollups_del AFTER DELETE ON service_logs
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION service_log_rollups_trigger();
CREATE TRIGGER service_log_rollups_upd AFTER UPDATE ON service_logs
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION service_log_rollups_trigger();
CREATE TRIGGER service_log_rollups_trunc AFTER TRUNCATE ON service_logs
  FOR EACH STATEMENT EXECUTE FUNCTION service_log_rollups_trigger();

CREATE FUNCTION service_log_rollups_rebuild() RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  TRUNCATE service_log_rollups;
  EXECUTE service_log_rollups_sql('service_logs', 1);
END
$fn$;

-- Backfill from the rows already logged.
SELECT service_log_rollups_rebuild();
`;
