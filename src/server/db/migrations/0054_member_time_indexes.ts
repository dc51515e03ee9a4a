/**
 * A member's rows in a date window (issue 31 item 1, the bench's `combo` rows): under a date filter the money
 * lists walk (created_at, id), and a member's rows there were found by intersecting the member's index with
 * the window's (a market maker's month: ~450,000 and ~820,000 index entries to count 10,000 matches, 70–180 ms
 * warm, 300–700 ms cold). With the member first and the time second the page and its capped count read the
 * member's window alone: orders, each side of a trade, a member's postings of one kind.
 */
export const up = `
CREATE INDEX orders_member_created_idx ON orders (member_id, created_at, id);
CREATE INDEX trades_maker_created_idx ON trades (maker_id, created_at, id);
CREATE INDEX trades_taker_created_idx ON trades (taker_id, created_at, id);
CREATE INDEX operations_member_created_idx ON operations (member_id, kind, created_at, id) WHERE member_id IS NOT NULL;
`;
