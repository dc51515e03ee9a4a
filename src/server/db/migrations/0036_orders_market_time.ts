/**
 * Orders of one market in a date range (the console's market and date filters together): the capped
 * count walked (created_at, id) and read each row from the heap to test its market — 33,000 rows for
 * a week of the busiest market's orders, 10–19 ms warm and 53 ms on a cold cache. (market_id,
 * created_at, id) holds both, so the count is an index-only read of 10,001 entries and the page's ids
 * (list-page.ts `late`) come from the same index.
 */
export const up = `
CREATE INDEX orders_market_created_idx ON orders (market_id, created_at, id);
`;
