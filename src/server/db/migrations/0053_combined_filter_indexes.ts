/**
 * Combined filters at scale (issue 31 item 1; the bench's `combo` rows, docs/benchmarks.md): what staff look
 * up together that no index held, each found at the 10M-order seed.
 * - A deposit by its transaction id: the chain's key leads (blockchain_key, txid, …), so the console's txid
 *   filter read the deposits one by one — 0.3–0.6 s a page at 2M deposits, with any other filter.
 * - A member's trades on one market, each side (Peatio's GET /market/trades?market=, the console's trades of a
 *   user and a market): with (maker_id, id) and (taker_id, id) the page's capped count read the heap of every
 *   trade of a market maker's to test its market — 180–230 ms warm, 10,000 matches out of ~30,000 rows.
 * - A member's postings of one kind in one currency (the console's ledger list of a user and a currency, the
 *   issue's "liabilities of a market maker in usdc", 14.9 s cold): (member_id, kind, id) read every posting
 *   of the member's to test its currency.
 */
export const up = `
CREATE INDEX deposits_txid_idx ON deposits (txid) WHERE txid IS NOT NULL;
CREATE INDEX trades_maker_market_idx ON trades (maker_id, market_id, id);
CREATE INDEX trades_taker_market_idx ON trades (taker_id, market_id, id);
CREATE INDEX operations_member_currency_idx ON operations (member_id, kind, currency_id, id) WHERE member_id IS NOT NULL;
`;
