/**
 * The dashboard's ragged edges (the part of a span no 15-minute rollup bucket fits: the current
 * minutes, the start of the last-24-hours tile) are counted from the activity log (queries/metrics.ts).
 * Counting them needed each row's `data` (sign-up method, failure reason), so every counted row was a
 * heap read: after a sign-in flood the current edge held 4,132 rows on as many pages, 174-194 ms on a
 * cold cache. These partial indexes hold exactly the rows the rollup rule (metric_rollups_sql) counts,
 * with what tells them apart as key columns, so an edge is an index-only scan of a few pages. The
 * `data` conditions live in the predicates, which PostgreSQL does not need to re-check for an
 * index-only scan of a partial index; the query repeats each predicate word for word (the constants
 * below), or the planner cannot prove the index applies.
 */
export const COUNTED_LOGINS_AND_SIGNUPS = `category = 'user' AND (
    (topic = 'account' AND action = 'signup' AND result = 'succeed')
    OR (topic = 'session' AND action IN ('login', 'login::2fa') AND result = 'succeed')
    OR (topic = 'session' AND action IN ('login', 'login::2fa') AND result = 'failed'
      AND coalesce(data->>'reason', '') <> 'identity.session.missing_otp'))`;

export const PHONE_SIGNUPS = `category = 'user' AND topic = 'account' AND action = 'signup' AND result = 'succeed'
    AND coalesce(data->>'method', 'email') = 'phone'`;

export const up = `
CREATE INDEX activities_metric_edge_idx ON activities (created_at, topic, result, user_ip_country)
  WHERE ${COUNTED_LOGINS_AND_SIGNUPS};
CREATE INDEX activities_metric_phone_idx ON activities (created_at, user_ip_country)
  WHERE ${PHONE_SIGNUPS};
`;
