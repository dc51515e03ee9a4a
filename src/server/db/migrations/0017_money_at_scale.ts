/**
 * Money at exchange scale, and staff's fiat deposits.
 *
 * Indexes for the money lists' filters at 10M orders, 20M trades and operations (npm run bench,
 * docs/benchmarks.md): every filter the console offers walks an index in id order, however its values lie in
 * the table — the planner assumes a value is spread evenly, so without one a filter whose rows all sit at one
 * end (the withdrawal queue, the trades' postings after the opening balances, a price nobody else used) reads
 * millions of rows by primary key before finding a page:
 * - orders by market, member, price and amount alone (with id), and the rare market orders; by state,
 *   one partial index of ids per state instead of (state, id): the planner prices an index by how its
 *   first column follows the table's order, so it walked the primary key past the 200,000 newest (open)
 *   orders to find filled ones rather than take (state, id), whose first column does not; a partial
 *   index's first column is the id itself;
 * - operations by kind and reference type, and by reference id (the console's `rid` filter, with or
 *   without the type: the index on (reference_type, reference_id) could not serve it alone);
 * - withdrawals by transaction id, destination and type, and the approval queue (submitted, under review).
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
DROP INDEX orders_state_idx;
CREATE INDEX orders_state_wait_idx ON orders (id) WHERE state = 'wait';
CREATE INDEX orders_state_done_idx ON orders (id) WHERE state = 'done';
CREATE INDEX orders_state_cancel_idx ON orders (id) WHERE state = 'cancel';
CREATE INDEX orders_state_pending_idx ON orders (id) WHERE state = 'pending';
CREATE INDEX orders_state_reject_idx ON orders (id) WHERE state = 'reject';
CREATE INDEX orders_market_idx ON orders (market_id, id);
CREATE INDEX orders_member_idx ON orders (member_id, id);
CREATE INDEX orders_price_idx ON orders (price, id);
CREATE INDEX orders_volume_idx ON orders (origin_volume, id);
CREATE INDEX orders_market_type_idx ON orders (id) WHERE ord_type = 'market';
CREATE INDEX operations_kind_reference_idx ON operations (kind, reference_type, id);
DROP INDEX operations_reference_idx;
CREATE INDEX operations_reference_idx ON operations (reference_id, reference_type);
CREATE INDEX withdraws_txid_idx ON withdraws (txid) WHERE txid IS NOT NULL;
CREATE INDEX withdraws_rid_idx ON withdraws (rid, id);
CREATE INDEX withdraws_type_idx ON withdraws (type, id);
CREATE INDEX withdraws_queue_idx ON withdraws (id) WHERE state IN ('submitted', 'under_review');
`;
