/**
 * Token deposits (ERC-20 Transfer logs, exchange/README.md "block scan"): a token transfer is recorded with
 * its log's index as `txout` (as Peatio does), so two transfers in one transaction are two deposits. A log
 * index counts a block's logs and an output index a transaction's outputs: a transaction paying the chain's
 * coin to a member (its output 0) and holding the block's first log would take one key twice. The key adds
 * the currency (Peatio's is (currency_id, txid, txout)): a coin output and a token transfer are never of one
 * currency. The chain and txid lead, as before, so lookups by them keep their index.
 */
export const up = `
ALTER TABLE deposits DROP CONSTRAINT deposits_chain_key,
  ADD CONSTRAINT deposits_chain_key UNIQUE (blockchain_key, txid, txout, currency_id);
`;
