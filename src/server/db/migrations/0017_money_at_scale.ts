/**
 * Money at exchange scale, and staff's fiat deposits.
 *
 * deposits: a fiat deposit staff record (POST /admin/deposits/new: a bank transfer that arrived) names
 * its creator, who may not also accept it (four-eyes), and carries the creator's idempotency key, so a
 * retried submit records one deposit; a Peatio transfer id (tid) is one deposit's.
 */
export const up = `
ALTER TABLE deposits ADD COLUMN creator_id bigint REFERENCES users(id);
ALTER TABLE deposits ADD COLUMN idempotency_key text;
ALTER TABLE deposits ADD COLUMN request_hash text;
ALTER TABLE deposits ADD CONSTRAINT deposits_creator_idempotency_key UNIQUE (creator_id, idempotency_key);
CREATE UNIQUE INDEX deposits_tid_key ON deposits (tid) WHERE tid IS NOT NULL;
`;
