/**
 * When a periodic maintenance task last ran, kept across restarts (db/statistics.ts): the embedded database
 * analyzed at every start because nothing remembered the last ANALYZE (PGlite keeps no last_analyze), and a
 * warm start waited 1.3–4 s for it.
 */
export const up = `
CREATE TABLE maintenance_runs (
  task text PRIMARY KEY,
  last_run timestamptz NOT NULL
);
`;
